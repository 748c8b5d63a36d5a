import { collectionRoutes } from '../collection/collection-routes';
import { listScenes } from './list';

/** Mounted at `/api/<key>/scenes`. */
export const scenesRoutes = collectionRoutes(listScenes);
