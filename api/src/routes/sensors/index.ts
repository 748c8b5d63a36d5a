import { collectionRoutes } from '../collection/collection-routes';
import { listSensors } from './list';

/** Mounted at `/api/<key>/sensors`. */
export const sensorsRoutes = collectionRoutes(listSensors);
