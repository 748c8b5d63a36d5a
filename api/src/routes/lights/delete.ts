import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { readBodyText } from '../../lib/read-body';
import { invalidJson, validateBody } from '../../lib/validate';
import { leaveGroups, leaveScenes } from './membership';
import { lightNotFound, requireLight } from './lookup';
import { deleteLightSchema } from './schemas';

/** DELETE bodies are optional; an empty one means no options. */
async function optionalBody(request: Request, address: string): Promise<unknown> {
  const text = await readBodyText(request, address);
  if (text.trim() === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw invalidJson(address);
  }
}

/**
 * `DELETE /lights/<id>` (`{"reset":true}` also asks the device to leave the network). The row
 * stays, marked deleted, so the id is never reused and the device gets it back if it rejoins.
 */
export async function deleteLight(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const entry = requireLight(c);
  const address = `/lights/${entry.row.id}`;
  const input = validateBody(deleteLightSchema, await optionalBody(c.req.raw, address), { base: address });
  await leaveGroups(services, entry, services.groups.groupsOf(entry.row.id));
  await leaveScenes(services, entry);
  if (input.reset) {
    const outcome = await services.bridge.request('device/remove', { ieee: entry.row.ieee, leave: true, force: true });
    if (outcome.status === 'error') c.get('logger').warn({ light: entry.row.id, reason: outcome.message }, 'device did not take the leave request');
  }
  const release = services.lights.gate.hold(entry.row.id);
  try {
    // With reset, the bridge's record that the device is gone can delete the light before the
    // leave's own answer arrives: that deletion is this request's outcome, not a lost race.
    if (!(await services.lights.remove(entry)) && !(input.reset && entry.row.deleted)) throw lightNotFound(entry.row.id);
  } finally {
    release();
  }
  return sendJson(c, [{ success: { id: entry.row.id } }]);
}

/** `DELETE /lights/<id>/groups`: out of every group, on the device and in the gateway. */
export async function deleteLightGroups(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const entry = requireLight(c, '/groups');
  await leaveGroups(services, entry, services.groups.groupsOf(entry.row.id));
  return sendJson(c, [{ success: { id: entry.row.id } }]);
}

/** `DELETE /lights/<id>/scenes`: out of every scene, on the device and in the gateway. */
export async function deleteLightScenes(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const entry = requireLight(c, '/scenes');
  await leaveScenes(services, entry);
  return sendJson(c, [{ success: { id: entry.row.id } }]);
}
