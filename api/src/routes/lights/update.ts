import type { Context } from 'hono';
import { DeconzError, errorItem, renderResultItems } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { mapBridgeFailure } from '../../resources/bridge-outcome';
import type { LightEntry } from '../../resources/lights/types';
import { renameDeviceOf } from '../../resources/devices/resource-renames-device';
import { lightNotFound, requireLight } from './lookup';
import { updateLightSchema } from './schemas';
import { SET_STATE_TIMEOUT_MS } from './set-state';

/**
 * `PUT|PATCH /lights/<id>`: the name and the start-up brightness (`powerup`). The name lives in the
 * gateway database (an empty one falls back to the id, as deCONZ does); `powerup` is written to the
 * device (ZCL StartUpCurrentLevel: 1-254, 0 minimum, 255 previous) and answered once the device
 * acknowledged it; a light without a start-up brightness answers 6 and nothing is changed.
 */
export async function updateLight(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const entry = requireLight(c);
  const base = `/lights/${entry.row.id}`;
  const input = await parseBody(c.req.raw, updateLightSchema, { base });
  if (input.powerup !== undefined && !entry.subdevice?.config.includes('powerup')) {
    throw new DeconzError({ type: 6, address: `${base}/powerup`, params: { name: 'powerup' } }, { status: 400 });
  }
  const successes: Record<string, unknown>[] = [];
  if (input.powerup !== undefined) {
    const failure = await writePowerup(c, entry, input.powerup);
    if (failure) return failure;
  }
  if (input.name !== undefined) {
    const name = input.name === '' ? entry.row.id : input.name;
    const before = entry.row.name;
    const release = services.lights.gate.hold(entry.row.id);
    try {
      if (!(await services.lights.rename(entry, name))) throw lightNotFound(entry.row.id);
    } finally {
      release();
    }
    await renameDeviceOf(services, c.get('logger'), { ieee: entry.row.ieee, kind: 'light', before, name });
    successes.push({ [`${base}/name`]: name });
  }
  if (input.powerup !== undefined) successes.push({ [`${base}/powerup`]: input.powerup });
  c.header('ETag', `"${entry.etag}"`);
  return sendJson(
    c,
    successes.map((success) => ({ success })),
  );
}

/** The start-up brightness to the device; a Response when it did not take it. */
async function writePowerup(c: Context<AppEnv>, entry: LightEntry, powerup: number): Promise<Response | undefined> {
  const services = c.get('services');
  const base = `/lights/${entry.row.id}`;
  if (entry.state.reachable === false) throw new DeconzError({ type: 202, address: base, params: { path: base } }, { status: 200 });
  if (!services.bridge.connected()) throw new DeconzError({ type: 950, address: base });
  const release = services.lights.gate.hold(entry.row.id);
  try {
    const outcome = await services.bridge.setDevice(entry.row.ieee, entry.row.endpoint, { powerup_bri: powerup }, SET_STATE_TIMEOUT_MS);
    if (outcome.status === 'ok' && outcome.data.acknowledged) {
      services.lights.applyPowerup(entry, powerup);
      return undefined;
    }
    const failure =
      outcome.status === 'ok'
        ? mapBridgeFailure('no_ack', 'the device did not acknowledge', base)
        : mapBridgeFailure(outcome.code, outcome.message, base, base, outcome.code === 'not_supported' ? 'powerup' : undefined);
    c.get('logger').warn({ light: entry.row.id, failure: failure.error }, 'light powerup change failed');
    return sendJson(c, renderResultItems([{ error: errorItem(failure.error) }]), failure.error.type === 6 ? 400 : failure.status);
  } finally {
    release();
  }
}
