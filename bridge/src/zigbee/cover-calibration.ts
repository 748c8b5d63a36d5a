import type { Definition, Tz } from 'zigbee-herdsman-converters';
import type { Logger } from 'pino';
import { RadioError } from './radio-error';
import { converterOf } from './input-setup';
import type { ExposeJson } from './types';

/**
 * A covering controller whose definition calibrates it (`configure_j1`, ubisys' J1): deCONZ's
 * `windowcoveringtype` writes the covering type (ubisys' writable twin of the standard attribute, with
 * their manufacturer code) and then calibrates the motor. The bridge names the type `window_covering_type`
 * (exposed 0-9, read from the standard attribute), answers the write with the device's answer to it,
 * and runs the calibration after, in the background: the definition moves the covering up, down a
 * little, up to find the top, down and up again counting the motor steps each way, waiting for the
 * motor to stop between moves (it polls every 2 s and pauses 2 s around each step), so it takes about
 * half a minute plus three full travels. Progress is logged (the converters' own lines too); one
 * calibration per device at a time, a second write meanwhile answers busy.
 */
type FzConverter = Definition['fromZigbee'][number];

export const COVERING_TYPE = 'window_covering_type';
const CALIBRATE_KEY = 'configure_j1';
const COVERING_CLUSTER = 0x0102;

export function coveringTypeExposes(definition: Definition): ExposeJson[] {
  if (!converterOf(definition, CALIBRATE_KEY)) return [];
  return [{ type: 'numeric', name: COVERING_TYPE, property: COVERING_TYPE, access: 7, value_min: 0, value_max: 9 }];
}

export const coveringTypeFromZigbee: FzConverter = {
  cluster: 'closuresWindowCovering',
  type: ['attributeReport', 'readResponse'],
  convert: (_model, msg) => {
    const data = msg.data as Record<string, unknown>;
    const type = data.windowCoveringType ?? data.ubisysWindowCoveringType;
    return typeof type === 'number' ? { [COVERING_TYPE]: type } : undefined;
  },
};

/** The converter for `window_covering_type`, with the calibrations it has running. */
export function coveringTypeConverter(log: Pick<Logger, 'info' | 'warn'>): Tz.Converter {
  const running = new Set<string>();
  return {
    key: [COVERING_TYPE],
    async convertSet(_entity, _key, value, meta) {
      const device = meta.device;
      const definition = Array.isArray(meta.mapped) ? undefined : (meta.mapped as Definition);
      const calibrate = definition && converterOf(definition, CALIBRATE_KEY);
      const covering = device?.endpoints.find((ep) => ep.inputClusters.includes(COVERING_CLUSTER));
      if (!device || !calibrate || !covering) throw new RadioError('window covering type: this device cannot be calibrated by its converters', 'unsupported');
      const ieee = device.ieeeAddr;
      if (running.has(ieee)) throw new RadioError(`window covering type: ${ieee} is still calibrating; try again when it is done`, 'busy');
      // Leaves a calibration mode a previous run left set, then writes the type (refusals throw).
      await calibrate.convertSet!(covering, CALIBRATE_KEY, { windowCoveringType: value }, meta);
      // Read back: the answer is what the device now holds, not what was sent.
      const held = ((await covering.read('closuresWindowCovering', ['windowCoveringType'] as never)) as Record<string, unknown>).windowCoveringType;
      if (held !== value) throw new RadioError(`window covering type: the device kept ${String(held)} instead of ${String(value)}`, 'error');
      running.add(ieee);
      const started = Date.now();
      log.info({ ieee, windowcoveringtype: value }, 'covering type written; calibration started (about half a minute plus three full travels)');
      const message = { [CALIBRATE_KEY]: { calibrate: true } };
      void Promise.resolve(calibrate.convertSet!(covering, CALIBRATE_KEY, message[CALIBRATE_KEY], { ...meta, message }))
        .then(() => log.info({ ieee, seconds: Math.round((Date.now() - started) / 1000) }, 'covering calibration done'))
        .catch((err: unknown) => log.warn({ err, ieee }, 'covering calibration failed; write the covering type again to calibrate'))
        .finally(() => running.delete(ieee));
      return { state: { [COVERING_TYPE]: value } };
    },
  };
}
