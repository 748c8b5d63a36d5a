import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { getDdf, reloadDdf } from './ddf';
import { getDevice, listDevices } from './get';
import { setInstallCode } from './install-code';
import { otauAction } from './otau';
import { introspectDevice, introspectItemRoute } from './introspect';
import { setPolicy } from './policy';
import { renameDevice } from './rename';

/** Mounted at `/api/<key>/devices`. PUT routes also answer PATCH, as in deCONZ. */
export const devicesRoutes = new Hono<AppEnv>()
  .get('/', listDevices)
  .get('/:mac', getDevice)
  .on(['PUT', 'PATCH'], '/:mac', renameDevice)
  .get('/:mac/ddf', getDdf)
  .get('/:mac/ddffull', getDdf)
  .get('/:mac/introspect', introspectDevice)
  .get('/:uniqueid/:prefix/:item/introspect', introspectItemRoute)
  .on(['PUT', 'PATCH'], '/:mac/ddf/reload', reloadDdf)
  .on(['PUT', 'PATCH'], '/:mac/ddf/policy', setPolicy)
  .on(['PUT', 'PATCH'], '/:mac/installcode', setInstallCode)
  .post('/:mac/otau', otauAction);
