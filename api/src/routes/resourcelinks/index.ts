import { collectionRoutes } from '../collection/collection-routes';
import { listResourcelinks } from './list';

/** Mounted at `/api/<key>/resourcelinks`. */
export const resourcelinksRoutes = collectionRoutes(listResourcelinks);
