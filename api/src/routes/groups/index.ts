import { collectionRoutes } from '../collection/collection-routes';
import { listGroups } from './list';

/** Mounted at `/api/<key>/groups`. */
export const groupsRoutes = collectionRoutes(listGroups);
