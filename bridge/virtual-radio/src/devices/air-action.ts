/**
 * The `air` action: the air around an air-quality monitor changes. The monitor measures the VOC
 * level (ppb, its analog input) and gives its own verdict on it (Lumi's air-quality attribute).
 */
import type { Action } from './action';
import type { DeviceHost } from './device-host';

/** The verdict the monitor gives, by the highest ppb of each level (then 5, unhealthy). */
const LEVELS: ReadonlyArray<[number, number]> = [
  [65, 1],
  [220, 2],
  [660, 3],
  [2200, 4],
];
const verdict = (ppb: number) => LEVELS.find(([limit]) => ppb <= limit)?.[1] ?? 5;

export function airAction(host: DeviceHost): Action | undefined {
  const ep = host.entry.endpoints.find((e) => host.get(e.id, 'manuSpecificLumi', 'airQuality') !== undefined && host.has(e.id, 'genAnalogInput'))?.id;
  if (ep === undefined) return undefined;
  return {
    name: 'air',
    description: 'the VOC level around the monitor changes ({voc: ppb}); it rates the air itself',
    params: { voc: 'ppb (0-65535)' },
    run: (h, params) => {
      const ppb = params.voc;
      if (typeof ppb !== 'number' || !Number.isInteger(ppb) || ppb < 0 || ppb > 65535)
        return { ok: false, error: 'voc must be an integer from 0 to 65535 (ppb)' };
      h.set(ep, 'genAnalogInput', 'presentValue', ppb);
      h.set(ep, 'manuSpecificLumi', 'airQuality', verdict(ppb));
      return { ok: true, detail: { voc: ppb, airQuality: verdict(ppb) } };
    },
  };
}
