/**
 * The `datapoint` action: a Tuya device's MCU changes one of its data points by itself (the room
 * warms, the battery drains, someone turns the valve's knob) and reports it to the coordinator.
 */
import type { Action } from './action';
import type { DeviceHost } from './device-host';

export function datapointAction(host: DeviceHost): Action | undefined {
  if (!host.tuya) return undefined;
  const names = Object.entries(host.tuya.spec.datapoints).map(([dp, s]) => `${dp} ${s.name}`);
  return {
    name: 'datapoint',
    description: 'the MCU changes a data point by itself and reports it ({dp: id or name, value})',
    params: { dp: names.join(', '), value: "of the data point's type (bool, integer, string, byte list)" },
    run: (h, params) => {
      if (typeof params.dp !== 'number' && typeof params.dp !== 'string') return { ok: false, error: "dp: give the data point's id or name" };
      const changed = h.tuya!.change(params.dp, params.value);
      return changed.ok ? { ok: true, detail: { dp: changed.dp, value: changed.value } } : changed;
    },
  };
}
