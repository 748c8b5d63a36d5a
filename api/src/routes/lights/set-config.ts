import type { Context } from 'hono';
import { DeconzError, errorItem, renderResultItems } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { mapBridgeFailure } from '../../resources/bridge-outcome';
import { requireLight } from './lookup';
import { lightConfigSchema } from './schemas';
import { SET_STATE_TIMEOUT_MS } from './set-state';

/**
 * `PUT|PATCH /lights/<id>/config`: what the light does when power returns, written to the device
 * (ZCL StartUpOnOff / StartUpColorTemperature through the bridge's `powerup` items). Each item is
 * checked against the capabilities the bridge read from the device's definition first; success is
 * answered only once the device acknowledged.
 */
export async function setLightConfig(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const entry = requireLight(c, '/config');
  const base = `/lights/${entry.row.id}/config`;
  const input = await parseBody(c.req.raw, lightConfigSchema, { base });
  const capabilities = entry.subdevice?.capabilities;
  const command: Record<string, unknown> = {};
  const successes: Record<string, unknown>[] = [];
  if (input.on) {
    const powerup = input.on.startup === 'previous' ? 'previous' : input.on.startup ? 'on' : 'off';
    if (!capabilities?.powerup.includes(powerup)) throw notAvailable(`${base}/on/startup`, 'on/startup');
    command.powerup = powerup;
    successes.push({ [`${base}/on/startup`]: input.on.startup });
  }
  if (input.color) {
    if (!capabilities?.ctstartup) throw notAvailable(`${base}/color/ct/startup`, 'color/ct/startup');
    command.powerup_ct = input.color.ct.startup;
    successes.push({ [`${base}/color/ct/startup`]: input.color.ct.startup });
  }
  if (entry.state.reachable === false) throw new DeconzError({ type: 202, address: base, params: { path: base } }, { status: 200 });
  if (!services.bridge.connected()) throw new DeconzError({ type: 950, address: base });
  const outcome = await services.bridge.setDevice(entry.row.ieee, entry.row.endpoint, command, SET_STATE_TIMEOUT_MS);
  if (outcome.status === 'ok' && outcome.data.acknowledged)
    return sendJson(
      c,
      successes.map((success) => ({ success })),
    );
  const failure =
    outcome.status === 'ok'
      ? mapBridgeFailure('no_ack', 'the device did not acknowledge', base)
      : // The bridge names the item it refused; a device refusing the attribute names none: blame the first asked for.
        mapBridgeFailure(
          outcome.code,
          outcome.message,
          base,
          base,
          outcome.code === 'not_supported' ? (itemPath(outcome.field) ?? firstItem(command)) : undefined,
        );
  c.get('logger').warn({ light: entry.row.id, failure: failure.error }, 'light config change failed');
  return sendJson(c, renderResultItems([{ error: errorItem(failure.error) }]), failure.error.type === 6 ? 400 : failure.status === 200 ? 200 : failure.status);
}

const ITEM_PATHS: Readonly<Record<string, string>> = { powerup: 'on/startup', powerup_ct: 'color/ct/startup' };
const itemPath = (item: string | undefined) => (item === undefined ? undefined : ITEM_PATHS[item]);
const firstItem = (command: Record<string, unknown>) => itemPath(Object.keys(command)[0]);

const notAvailable = (address: string, name: string) => new DeconzError({ type: 6, address, params: { name } }, { status: 400 });
