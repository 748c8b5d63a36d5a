import { collectionRoutes } from '../collection/collection-routes';
import { listAlarmsystems } from './list';

/** Mounted at `/api/<key>/alarmsystems`. */
export const alarmsystemsRoutes = collectionRoutes(listAlarmsystems);
