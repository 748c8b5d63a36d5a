import type { Context } from 'hono';
import { DeconzError, errorItem, renderResultItems, type ErrorItemInput, type ResultItem } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { readJsonObject } from '../../lib/validate';
import { mapBridgeFailure } from '../../resources/bridge-outcome';
import { isEmptyCommand, planLightState } from '../../resources/lights/plan-state';
import { withoutRefused } from '../../resources/lights/refused-items';
import { COVER_TYPES } from '../../resources/lights/traits';
import type { LightEntry } from '../../resources/lights/types';
import { requireLight } from './lookup';

/** How long a state change may wait for the device's acknowledgement (bridge retries included). */
export const SET_STATE_TIMEOUT_MS = 10_000;

/** The bridge no longer has the device (a new network was formed, or it left): a command cannot reach it. */
const GONE = "is not on the gateway's Zigbee network any more (it left, or a new network was formed); pair it again";

const unreachable = (entry: LightEntry, gone = false) => {
  const path = `/lights/${entry.row.id}/state`;
  const error = { type: 202, address: path, params: { path } } as const;
  if (!gone) return new DeconzError(error, { status: 200 });
  return new DeconzError({ ...error, description: `resource, ${path}, is not modifiable. Device ${entry.row.ieee} ${GONE}.` }, { status: 200 });
};

/**
 * `PUT|PATCH /lights/<id>/state`: each parameter checked on its own, the good ones sent as one
 * command, and successes reported only for what the device acknowledged (deconz-behavior §10, §1.3).
 */
export async function setLightState(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const entry = requireLight(c, '/state');
  const base = `/lights/${entry.row.id}/state`;
  const gone = () => services.bridge.connected() && !services.bridge.devices().has(entry.row.ieee);
  if (entry.state.reachable === false) throw unreachable(entry, gone());
  const body = await readJsonObject(c.req.raw, base);
  if (!services.bridge.connected()) throw new DeconzError({ type: 950, address: base });
  const plan = planLightState(entry.row.id, entry.subdevice?.type ?? 'On/Off light', entry.state, body, entry.subdevice?.capabilities);
  if (isEmptyCommand(plan)) {
    if (plan.errors.length > 0) return answer(c, plan.errors, [], 200);
    throw new DeconzError({ type: 5, address: base, description: 'missing parameter to set light state' });
  }
  const release = services.lights.gate.hold(entry.row.id);
  try {
    const sent = services.bridge.setDevice(entry.row.ieee, entry.row.endpoint, plan.command, SET_STATE_TIMEOUT_MS);
    const seq = services.lights.writes.track(entry.row.id, sent);
    let outcome = await sent;
    let replaced = false;
    if (outcome.status === 'error' && outcome.code === 'superseded') {
      // A newer write replaced every item of this one before it went out: answer as it did.
      replaced = true;
      outcome = (await services.lights.writes.settle(entry.row.id, seq)) ?? { status: 'ok', data: { acknowledged: true, sent: [] } };
    }
    if (outcome.status === 'ok' && outcome.data.acknowledged) {
      // Items the device cannot take were not sent: 6 for each, successes for what it acknowledged.
      const took = withoutRefused(plan, base, outcome.data.unsupported);
      // What the bridge says the light shows now; a replaced write must not overwrite the newest.
      if (!replaced && !COVER_TYPES.has(entry.subdevice?.type ?? '')) services.lights.show(entry, outcome.data.state ?? {});
      c.header('ETag', `"${entry.etag}"`);
      return answer(c, took.errors, took.successes, 200);
    }
    // The bridge forgot the device between our last look and the command.
    if (outcome.status === 'error' && outcome.code === 'not_found') throw unreachable(entry, true);
    const failure =
      outcome.status === 'ok'
        ? mapBridgeFailure('no_ack', 'the device did not acknowledge', base)
        : mapBridgeFailure(outcome.code, outcome.message, base, base, outcome.field && (plan.sentFrom?.[outcome.field] ?? outcome.field));
    c.get('logger').warn({ light: entry.row.id, failure: failure.error }, 'light state change failed');
    if (failure.error.type === 202) return answer(c, [failure.error], [], 200);
    return answer(c, [...plan.errors, failure.error], [], failure.status);
  } finally {
    release();
  }
}

/** deCONZ lists the errors first, then the successes, in one array. */
function answer(c: Context<AppEnv>, errors: ErrorItemInput[], successes: Record<string, unknown>[], status: 200 | 400 | 404 | 503): Response {
  const items: ResultItem[] = [...errors.map((e) => ({ error: errorItem(e) })), ...successes.map((success) => ({ success }))];
  return sendJson(c, renderResultItems(items), status);
}
