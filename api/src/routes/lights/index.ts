import { collectionRoutes } from '../collection/collection-routes';
import { listLights } from './list';

/** Mounted at `/api/<key>/lights`. */
export const lightsRoutes = collectionRoutes(listLights);
