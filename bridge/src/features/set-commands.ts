import { decodePayload, deviceSetSchema, errorResponse, groupSetSchema, okResponse, topics, type ErrorResponse, type Transaction } from '@herdgate/shared/mqtt';
import type { SubdevicePlan } from '@herdgate/shared/deconz';
import type { CommandOutcome } from '../commands/index';
import { RadioError } from '../zigbee/radio-error';
import { errorCodeOf } from './error-codes';
import { leftOut } from './items-carried-by';
import { splitStartup } from './startup-items';
import type { FeatureDeps } from './types';

/**
 * `.../set` for one endpoint and `.../groups/<g>/set` for a group: validate, translate the REST
 * vocabulary to converter keys, queue, and answer on `.../set/result` with what really happened.
 */
// A group may hold lamps and blinds: a group command is read as the richest light, then a cover.
const GROUP_SUBDEVICES: SubdevicePlan[] = [
  { type: 'Extended color light', resource: 'lights', uniqueid: '00:00:00:00:00:00:00:00-01', endpoint: 1, state: [], config: [] },
  { type: 'Window covering device', resource: 'lights', uniqueid: '00:00:00:00:00:00:00:00-01', endpoint: 1, state: [], config: [] },
];

/** What a group command shows, read as a full colour light shows it; each member takes the items it has. */
const GROUP_SHOWN: SubdevicePlan = { ...GROUP_SUBDEVICES[0], state: ['on', 'bri', 'hue', 'sat', 'ct', 'xy', 'colormode', 'effect'] };

const summarise = (values: Record<string, unknown>) =>
  Object.entries(values)
    .map(([k, v]) => `${k}=${JSON.stringify(v)}`)
    .join(' ');

const keysOf = (payloads: Array<Record<string, unknown>>) => [...new Set(payloads.flatMap(Object.keys))].filter((k) => k !== 'transition');

function resultOf(
  outcome: CommandOutcome,
  transaction: Transaction | undefined,
  sent: string[],
  unsupported: string[] = [],
  state: Record<string, unknown> = {},
) {
  if (outcome.status === 'failed') return errorResponse(transaction, errorCodeOf(outcome.reason), outcome.message, outcome.field);
  const data = { acknowledged: outcome.status === 'acknowledged', sent: sent.filter((item) => !unsupported.includes(item)) };
  return okResponse(transaction, {
    ...data,
    ...(unsupported.length > 0 ? { unsupported } : {}),
    ...(Object.keys(state).length > 0 ? { state } : {}),
  });
}

/** Past its `expires` (plus the allowed clock skew): answer `expired` and never execute it. */
export function expiryOf(expires: number | undefined, toleranceMs: number, now = Date.now()): { expiresAt?: number; late?: string } {
  if (expires === undefined) return {};
  const expiresAt = expires + toleranceMs;
  return now > expiresAt ? { expiresAt, late: `expired ${now - expires} ms ago (expires ${new Date(expires).toISOString()}); not executed` } : { expiresAt };
}

export function createSetHandlers(deps: FeatureDeps) {
  const { registry, mapping, queue, radio, bus, link, config } = deps;
  /** The deCONZ state items a predicted converter state shows on one endpoint (no timestamp). */
  const shownOn = (plans: SubdevicePlan[], endpoint: number, predicted: Record<string, unknown>) =>
    mapping.items(plans, endpoint, predicted).find((items) => items.endpoint === endpoint)?.state ?? {};
  const base = config.mqtt.baseTopic;
  const log = deps.logger.child({ feature: 'set-commands' });
  const reply = (topic: string, payload: unknown) =>
    link.publish(topic, payload).catch((err: unknown) => log.error({ err, topic }, 'publishing a result failed'));

  async function deviceSet(ieee: string, endpoint: number, raw: Buffer): Promise<void> {
    const resultTopic = topics.deviceSetResult(base, ieee, endpoint);
    const decoded = decodePayload(deviceSetSchema, raw);
    if (!decoded.ok) return reply(resultTopic, decoded.response);
    const { transaction: tx, expires, ...command } = decoded.value;
    const transaction = tx as Transaction | undefined;
    const fail = (response: ErrorResponse) => reply(resultTopic, response);
    const description = registry.get(ieee);
    if (!description) {
      if (registry.forgot(ieee)) {
        log.warn({ ieee, endpoint }, 'set for a device that left this network');
        return fail(
          errorResponse(
            transaction,
            'not_found',
            `device ${ieee} is not on this bridge's network any more (it left or a new network was formed); pair it again`,
          ),
        );
      }
      // Several bridges may share a broker: a device we never had is another bridge's to answer.
      return log.debug({ ieee }, 'set for a device of another bridge ignored');
    }
    const { expiresAt, late } = expiryOf(expires as number | undefined, config.commands.clockToleranceMs);
    if (late) return fail(errorResponse(transaction, 'expired', `set ${ieee} ep ${endpoint}: ${late}`));
    const subdevices = registry.plans(ieee).filter((s) => s.endpoint === endpoint);
    if (subdevices.length === 0) return fail(errorResponse(transaction, 'not_found', `device ${ieee} presents nothing on endpoint ${endpoint}`));
    const startup = splitStartup(command, description.subdevices.find((s) => s.endpoint === endpoint && s.capabilities)?.capabilities);
    if (!startup.ok) return fail(errorResponse(transaction, 'not_supported', startup.message, startup.field));
    const mapped =
      Object.keys(startup.rest).length > 0 ? mapping.command(subdevices, startup.rest, radio.state(ieee)) : { ok: true as const, payloads: [], sent: [] };
    if (!mapped.ok) return fail(errorResponse(transaction, mapped.code ?? 'not_supported', mapped.message, mapped.field));
    const hasStartup = Object.keys(startup.payload).length > 0;
    const translated = hasStartup
      ? { payloads: [...mapped.payloads, startup.payload], sent: [...mapped.sent, ...Object.keys(command).filter((k) => k.startsWith('powerup'))] }
      : mapped;
    const what = `set ${ieee} ep ${endpoint} ${summarise(command)}`;
    let predicted: Record<string, unknown> = {};
    // Converter keys the device's converters do not take: their items are answered unsupported,
    // the rest goes out (deCONZ applies what a light can take); nothing at all to send is a refusal.
    const skipped = new Set<string>();
    let unsupported: string[] = [];
    const outcome = await queue.submit({
      lane: { kind: 'device', ieee },
      target: `${ieee}/${endpoint}`,
      keys: keysOf(translated.payloads),
      description: what,
      expiresAt,
      send: async () => {
        let delivered = false;
        for (const payload of translated.payloads) {
          const result = await radio.set(ieee, endpoint, payload);
          predicted = { ...predicted, ...result.state };
          for (const key of result.skipped) skipped.add(key);
          delivered ||= result.sent.length > 0;
        }
        const left = leftOut(skipped, delivered, translated.sent, (item) => mapping.command(subdevices, { [item]: command[item] } as never));
        unsupported = left.unsupported;
        if (left.refuse !== undefined) throw new RadioError(`${what}: no converter for ${[...skipped].join(', ')}`, 'unsupported', { field: left.refuse });
      },
    });
    bus.emit('infoChanged', {});
    if (outcome.status === 'failed') {
      log.warn({ ieee, endpoint, reason: outcome.reason }, outcome.message);
      bus.emit('commandFailed', { ieee, reason: outcome.reason });
    } else {
      // Acknowledged by the device: show the new state now instead of waiting for a report.
      for (const change of registry.apply(ieee, endpoint, predicted)) bus.emit('endpointChanged', { ieee, change });
    }
    // The result says what the light shows now, so the api shows the same and guesses nothing.
    const shown = outcome.status === 'acknowledged' ? shownOn(subdevices, endpoint, predicted) : {};
    await reply(resultTopic, resultOf(outcome, transaction, translated.sent, unsupported, shown));
  }

  async function groupSet(group: number, raw: Buffer): Promise<void> {
    const resultTopic = topics.groupSetResult(deps.topics, group);
    const decoded = decodePayload(groupSetSchema, raw);
    if (!decoded.ok) return reply(resultTopic, decoded.response);
    const { transaction: tx, expires, ...command } = decoded.value;
    const transaction = tx as Transaction | undefined;
    const { expiresAt, late } = expiryOf(expires as number | undefined, config.commands.clockToleranceMs);
    if (late) return reply(resultTopic, errorResponse(transaction, 'expired', `group ${group}: ${late}`));
    const translated = mapping.command(GROUP_SUBDEVICES, command);
    if (!translated.ok) return reply(resultTopic, errorResponse(transaction, 'not_supported', translated.message, translated.field));
    let predicted: Record<string, unknown> = {};
    const outcome = await queue.submit({
      lane: { kind: 'group' },
      target: `group/${group}`,
      keys: keysOf(translated.payloads),
      description: `groupcast to group ${group} ${summarise(command)}`,
      expiresAt,
      send: async () => {
        for (const payload of translated.payloads) predicted = { ...predicted, ...(await radio.setGroup(group, payload)).state };
      },
    });
    // Nobody acknowledges a groupcast: group sync shows the members' predicted state.
    if (outcome.status !== 'failed') bus.emit('groupCommanded', { group, command, predicted });
    const shown = outcome.status === 'failed' ? {} : shownOn([GROUP_SHOWN], 1, predicted);
    await reply(resultTopic, resultOf(outcome, transaction, translated.sent, [], shown));
  }

  return { deviceSet, groupSet };
}
