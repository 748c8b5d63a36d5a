import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { etagWithCounters } from '../../lib/etag';
import { sendTagged } from '../../lib/respond';
import { armRoute } from './arm';
import { createAlarmSystem } from './create';
import { getAlarmSystem } from './get';
import { listAlarmsystems } from './list';
import { renameAlarmSystem } from './rename';
import { setAlarmConfig } from './set-config';
import { removeAlarmDevice, setAlarmDevice } from './set-device';

/** Mounted at `/api/<key>/alarmsystems`. */
export const alarmsystemsRoutes = new Hono<AppEnv>()
  .get('/', (c) => {
    const services = c.get('services');
    return sendTagged(c, etagWithCounters(services, [services.alarms.version]), () => listAlarmsystems(services));
  })
  .post('/', createAlarmSystem)
  .get('/:id', getAlarmSystem)
  .on(['PUT', 'PATCH'], '/:id', renameAlarmSystem)
  .on(['PUT', 'PATCH'], '/:id/config', setAlarmConfig)
  .on(['PUT', 'PATCH'], '/:id/device/:uniqueid', setAlarmDevice)
  .delete('/:id/device/:uniqueid', removeAlarmDevice)
  .put('/:id/arm_away', armRoute('armed_away'))
  .put('/:id/arm_stay', armRoute('armed_stay'))
  .put('/:id/arm_night', armRoute('armed_night'))
  .put('/:id/disarm', armRoute('disarmed'));

/** The other spelling of the get path the spec mentions (`/alarmsystem/<id>`): read only. */
export const alarmsystemRoutes = new Hono<AppEnv>().get('/:id', getAlarmSystem);
