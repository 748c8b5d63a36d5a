import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { introspectItem } from '../../resources/devices/introspect';
import { findDevice, notAvailable } from './lookup';

/** `GET /devices/<mac>/introspect`: deCONZ answers exactly this. */
export function introspectDevice(c: Context<AppEnv>): Response {
  findDevice(c.get('services'), c.req.param('mac') ?? '', '/introspect');
  return sendJson(c, { introspect: false });
}

/**
 * `GET /devices/<uniqueid>/<config|state|attr>/<item>/introspect`: the item's type and range, and
 * for `state/buttonevent` the device's real buttons and event codes. `<uniqueid>` is a sub-device
 * uniqueid or the device MAC (deCONZ resolves only sensor uniqueids).
 */
export function introspectItemRoute(c: Context<AppEnv>): Response {
  const services = c.get('services');
  const uniqueid = (c.req.param('uniqueid') ?? '').toLowerCase();
  const prefix = c.req.param('prefix') ?? '';
  const name = c.req.param('item') ?? '';
  const address = `/devices/${c.req.param('uniqueid')}/${prefix}/${name}/introspect`;
  const found = services.devices.byUniqueid(uniqueid);
  if (!found || !['config', 'state', 'attr'].includes(prefix)) throw notAvailable(address);
  const subs = found.entry.description.subdevices.filter((s) => found.subdevice === undefined || s.uniqueid === found.subdevice);
  const result = introspectItem(`${prefix}/${name}`, subs);
  if (!result) throw notAvailable(address);
  return sendJson(c, result);
}
