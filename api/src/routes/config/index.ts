import { Hono } from 'hono';
import type { AppEnv } from '../../context';
import { changePassword } from './change-password';
import { deleteWhitelistEntry } from './delete-whitelist';
import { getConfig, getPublicConfig } from './get';
import { modifyConfig } from './modify';
import { resetPassword } from './reset-password';
import { checkForUpdate, updateFirmware } from './update';
import { resetGateway } from './reset';
import { getExport, postExport } from './export';
import { importConfig } from './import';

/** Mounted at `/api/<key>/config`, behind the key check. */
export const configRoutes = new Hono<AppEnv>()
  .on(['PUT', 'PATCH'], '/', modifyConfig)
  .on(['PUT', 'PATCH'], '/password', changePassword)
  .post('/update', checkForUpdate)
  .post('/updatefirmware', updateFirmware)
  .post('/reset', resetGateway)
  .post('/export', postExport)
  .get('/export', getExport)
  .post('/import', importConfig)
  // The older form of the password reset, with a key.
  .delete('/password', resetPassword)
  .delete('/whitelist/:key2', deleteWhitelistEntry);

/** Mounted at `/api`, before the key check: the config routes that work without a valid key. */
export const publicConfigRoutes = new Hono<AppEnv>().get('/config', getPublicConfig).delete('/config/password', resetPassword).get('/:key/config', getConfig);
