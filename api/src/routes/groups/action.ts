import type { Context } from 'hono';
import { DeconzError, errorItem, renderResultItems } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { readJsonObject } from '../../lib/validate';
import { mapBridgeFailure } from '../../resources/bridge-outcome';
import { nextAction, planGroupAction } from '../../resources/groups/plan-action';
import { COVER_TYPES } from '../../resources/lights/traits';
import { requireGroup } from './lookup';

/** A groupcast is confirmed by the coordinator, not by each lamp, so it settles quickly. */
export const GROUP_ACTION_TIMEOUT_MS = 10_000;

/**
 * `PUT|PATCH /groups/<id>/action`: ONE groupcast to the group's Zigbee address, whatever the
 * number of lamps, so they switch together. The `action` shown afterwards is what was sent.
 */
export async function groupAction(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const entry = requireGroup(c, '/action');
  const base = `/groups/${c.req.param('id')}/action`;
  const body = await readJsonObject(c.req.raw, base);
  const plan = planGroupAction(c.req.param('id') ?? entry.record.id, entry.state.any_on, body);
  if (plan.error) throw new DeconzError(plan.error, { successes: plan.successes });
  if (Object.keys(plan.command).length === 0) {
    if (plan.successes.length > 0)
      return sendJson(
        c,
        plan.successes.map((success) => ({ success })),
      );
    throw new DeconzError({ type: 5, address: base });
  }
  if (!services.bridge.connected()) throw new DeconzError({ type: 950, address: base });
  const outcome = await services.bridge.setGroup(Number(entry.record.id), plan.command, GROUP_ACTION_TIMEOUT_MS);
  if (outcome.status === 'error') {
    const failure = mapBridgeFailure(outcome.code, outcome.message, base, base, outcome.field);
    c.get('logger').warn({ group: entry.record.id, failure: failure.error }, 'group action failed');
    const status = failure.error.type === 6 ? 400 : failure.status === 200 ? 503 : failure.status;
    return sendJson(
      c,
      renderResultItems([{ error: errorItem(failure.error.type === 202 ? { type: 901, address: base, params: { reason: outcome.message } } : failure.error) }]),
      status,
    );
  }
  // The coordinator confirmed the groupcast; members show what the bridge says at once (their
  // reports correct it), each the items it has.
  const members = entry === services.groups.all ? services.lights.live() : entry.record.lights.map((id) => services.lights.get(id));
  for (const light of members) {
    if (light && light.state.reachable !== false && !COVER_TYPES.has(light.subdevice?.type ?? '')) services.lights.show(light, outcome.data.state ?? {});
  }
  await services.groups.modify(entry, (current) => ({ ...current, action: nextAction(current.action, plan.command) }));
  c.header('ETag', `"${entry.etag}"`);
  return sendJson(
    c,
    plan.successes.map((success) => ({ success })),
  );
}
