import { collectionRoutes } from '../collection/collection-routes';
import { listRules } from './list';

/** Mounted at `/api/<key>/rules`. */
export const rulesRoutes = collectionRoutes(listRules);
