import { collectionRoutes } from '../collection/collection-routes';
import { listSchedules } from './list';

/** Mounted at `/api/<key>/schedules`. */
export const schedulesRoutes = collectionRoutes(listSchedules);
