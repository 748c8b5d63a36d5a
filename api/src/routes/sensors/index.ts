import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { createSensor } from './create';
import { deleteSensor } from './delete';
import { getSensor, getSensors } from './get';
import { setSensorConfig } from './set-config';
import { setSensorState } from './set-state';
import { updateSensor } from './update';

/** Mounted at `/api/<key>/sensors`. PUT routes also answer PATCH, as in deCONZ. */
export const sensorsRoutes = new Hono<AppEnv>()
  .get('/', getSensors)
  .post('/', createSensor)
  .get('/:id', getSensor)
  .on(['PUT', 'PATCH'], '/:id', updateSensor)
  .on(['PUT', 'PATCH'], '/:id/config', setSensorConfig)
  .on(['PUT', 'PATCH'], '/:id/state', setSensorState)
  .delete('/:id', deleteSensor);
