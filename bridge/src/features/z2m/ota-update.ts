import * as v from 'valibot';
import type { OtaState } from '@herdgate/shared/mqtt';
import { RadioError } from '../../zigbee/radio-error';
import type { FeatureDeps } from '../types';

/**
 * Zigbee2MQTT's firmware updates over MQTT (`bridge/request/device/ota_update/<op>`) on the
 * bridge's one OTA tracker, so an update started here shows on REST and the other way round; and
 * the `update` block of a device's state message. Images come from herdgate's own sources
 * (`OTA_DIR`, `OTA_INDEX`): a request's `url` or `hex` is refused, as are downgrades.
 */
const id = v.union([v.pipe(v.string(), v.minLength(1)), v.pipe(v.number(), v.integer())], 'expected a friendly name or IEEE address');
const otaRequest = v.object({ id, url: v.optional(v.unknown()), hex: v.optional(v.unknown()) });

/** The operations, lower-cased as Zigbee2MQTT matches them; the response goes out under the name without `/downgrade`. */
export const OTA_OPS = ['check', 'check/downgrade', 'update', 'update/downgrade', 'update/abort', 'schedule', 'schedule/downgrade', 'unschedule'] as const;
const PREFIX = 'device/ota_update/';

/** `device/ota_update/<op>` in any letter case → the op, or undefined. */
export function otaOp(name: string): (typeof OTA_OPS)[number] | undefined {
  if (!name.toLowerCase().startsWith(PREFIX)) return undefined;
  const op = name.slice(PREFIX.length).toLowerCase();
  return (OTA_OPS as readonly string[]).includes(op) ? (op as (typeof OTA_OPS)[number]) : undefined;
}

/** The response topic's name for a request name (`…/check/downgrade` answers on `…/check`). */
export function otaResponseName(name: string): string {
  const op = otaOp(name);
  return op ? `${PREFIX}${op.replace(/\/downgrade$/, '')}` : name;
}

/**
 * The `update` block Zigbee2MQTT keeps in a device's state: versions as numbers (-1 until known,
 * which Home Assistant's update entity needs), progress and rounded seconds left while updating.
 */
export function updateBlock(ota: OtaState): Record<string, unknown> {
  return {
    state: ota.state,
    installed_version: ota.installed ?? -1,
    latest_version: ota.available ?? ota.installed ?? -1,
    latest_source: null,
    latest_release_notes: null,
    ...(ota.state === 'updating' ? { progress: Math.round((ota.progress ?? 0) * 100) / 100, remaining: Math.round(ota.remaining ?? 0) } : {}),
  };
}

interface OtaContext {
  deps: FeatureDeps;
  /** A friendly name or IEEE address → the device's IEEE address, or the request is refused. */
  device(id: string | number): string;
  nameOf(ieee: string): string;
  refuse(message: string): Error;
  parse<T extends v.GenericSchema>(schema: T, payload: unknown): v.InferOutput<T>;
}

/** One handler per op: Zigbee2MQTT's payloads and answers, Zigbee2MQTT's error words. */
export function createOtaUpdateHandlers(c: OtaContext): (name: string, payload: unknown) => Promise<Record<string, unknown>> {
  const { deps } = c;
  const identity = (ieee: string, fileVersion: number | null) => {
    const device = deps.radio.device(ieee);
    return { file_version: fileVersion, software_build_id: device?.swBuildId ?? null, date_code: device?.dateCode ?? null };
  };
  /** The tracker's outcome, in the words Zigbee2MQTT's clients match. */
  const run = async <T>(ieee: string, what: string, work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (err) {
      if (!(err instanceof RadioError)) throw err;
      const name = c.nameOf(ieee);
      if (err.reason === 'unsupported' && !deps.radio.ota.supports(ieee)) throw c.refuse(`Device '${name}' does not support OTA updates`);
      if (err.reason === 'busy') throw c.refuse(`Update or check for update already in progress for '${name}'`);
      if (err.reason === 'no_image') throw c.refuse(`Update of '${name}' failed (No image currently available)`);
      throw c.refuse(`${what} of '${name}' failed (${err.message})`);
    }
  };

  return async (name, payload) => {
    const op = otaOp(name)!;
    // Zigbee2MQTT's deprecated bare form: the id alone.
    const p = c.parse(otaRequest, typeof payload === 'string' ? { id: payload } : payload);
    if (op.endsWith('/downgrade')) throw c.refuse('not supported: herdgate updates to the newest image its sources hold, never down');
    if (p.url !== undefined || p.hex !== undefined) {
      throw c.refuse("not supported: 'url' and 'hex'; herdgate takes images from its own sources (drop the file in OTA_DIR, or name an index in OTA_INDEX)");
    }
    const ieee = c.device(p.id);
    if (!deps.radio.ota.supports(ieee)) throw c.refuse(`Device '${c.nameOf(ieee)}' does not support OTA updates`);
    switch (op) {
      case 'check': {
        const ota = await run(ieee, 'Failed to check if update available', () => deps.ota.act(ieee, 'check'));
        const available = ota.available !== null && ota.installed !== null && ota.available > ota.installed;
        return { id: p.id, update_available: available, downgrade: false, source: null, release_notes: null };
      }
      case 'update': {
        const before = identity(ieee, deps.ota.state(ieee)?.installed ?? null);
        const { from, to } = await run(ieee, 'Update', () => deps.ota.updateToEnd(ieee));
        return { id: p.id, from: { ...before, file_version: from }, to: identity(ieee, to) };
      }
      case 'update/abort':
        await run(ieee, 'Abort', () => deps.ota.act(ieee, 'abort'));
        return { id: p.id };
      case 'schedule':
        await run(ieee, 'Schedule', () => deps.ota.act(ieee, 'schedule'));
        return { id: p.id, url: null };
      default:
        await run(ieee, 'Unschedule', () => deps.ota.act(ieee, 'unschedule'));
        return { id: p.id };
    }
  };
}
