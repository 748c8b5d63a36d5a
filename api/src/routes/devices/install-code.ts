import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { parseBody } from '../../lib/validate';
import { sendJson } from '../../lib/respond';
import { mapBridgeFailure } from '../../resources/bridge-outcome';
import { aesMmoHash, checkInstallCode, toHex } from '../../resources/devices/install-code';
import { installCodeSchema } from './schemas';

/**
 * `PUT /devices/<mac without colons>/installcode`: the code (6, 8, 12 or 16 bytes plus its CRC) is
 * checked, its AES-MMO hash computed, and the code handed to the coordinator through the bridge,
 * so the device can join with it at the next permit join. The device need not be known yet.
 * A 200 means the coordinator took the key; a bridge that is away is 503 type 950.
 */
export async function setInstallCode(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const raw = c.req.param('mac') ?? '';
  const mac = raw.replace(/:/g, '').toLowerCase();
  const address = `/devices/${raw}/installcode`;
  if (!/^[0-9a-f]{16}$/.test(mac)) throw new DeconzError({ type: 3, address, params: { path: address } });
  const { installcode } = await parseBody(c.req.raw, installCodeSchema, { base: `/devices/${raw}` });
  const check = checkInstallCode(installcode);
  if (!check.ok) {
    throw new DeconzError({
      type: 7,
      address: `${address}`,
      params: { name: 'installcode', value: installcode },
      description: `invalid value, ${installcode}, for parameter, installcode (${check.reason})`,
    });
  }
  const mmohash = toHex(await aesMmoHash(check.bytes));
  const outcome = await services.bridge.request('device/install_code', { ieee: `0x${mac}`, code: toHex(check.bytes) });
  if (outcome.status === 'error') {
    const failure = mapBridgeFailure(outcome.code, outcome.message, address);
    throw new DeconzError(failure.error, { status: failure.status });
  }
  return sendJson(c, { success: { installcode, mmohash } });
}
