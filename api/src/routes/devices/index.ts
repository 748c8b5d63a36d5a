import { collectionRoutes } from '../collection/collection-routes';
import { listDevices } from './list';

/** Mounted at `/api/<key>/devices`. */
export const devicesRoutes = collectionRoutes(listDevices);
