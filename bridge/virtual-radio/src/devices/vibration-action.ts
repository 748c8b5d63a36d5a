/**
 * The `vibrate` action: a Lumi vibration sensor feels something. It reports by itself, without any
 * reporting configured (as the real sensor does), on the door-lock cluster: the event, then the
 * strength of a vibration or the angle of a tilt, and the accelerometer axes it rests at.
 */
import { GlobalCommand, encodeAttributeValues, resolveCluster, attributeByName } from '../zcl/index';
import type { Action } from './action';
import type { DeviceHost } from './device-host';

const C = 'closuresDoorLock';
const EVENTS = { vibration: 1, tilt: 2, drop: 3 } as const;
type Kind = keyof typeof EVENTS;

/** Three signed 16-bit axes packed little-endian into the 48-bit attribute. */
const packAxes = ([x, y, z]: number[]) => (x! & 0xffff) + (y! & 0xffff) * 2 ** 16 + (z! & 0xffff) * 2 ** 32;
const isAxes = (value: unknown): value is number[] =>
  Array.isArray(value) && value.length === 3 && value.every((v) => Number.isInteger(v) && v >= -32768 && v <= 32767);

function report(host: DeviceHost, ep: number, values: Record<string, number>): void {
  const cluster = resolveCluster(C)!;
  const records = Object.entries(values).map(([name, value]) => {
    const def = attributeByName(cluster, name)!;
    host.set(ep, C, name, value);
    return { attrId: def.id, type: def.type, value };
  });
  const header = { clusterSpecific: false, direction: 'toClient' as const, disableDefaultResponse: true, commandId: GlobalCommand.report };
  host.emit(ep, cluster.id, header, encodeAttributeValues(records), host.commandDestinations(ep, cluster.id));
}

export function vibrationAction(host: DeviceHost): Action | undefined {
  const ep = host.entry.endpoints.find((e) => host.get(e.id, C, 'lumiVibrationEvent') !== undefined)?.id;
  if (ep === undefined) return undefined;
  return {
    name: 'vibrate',
    description: 'the sensor feels a vibration, a tilt or a drop ({kind, strength?, angle?, axes?: [x,y,z]})',
    params: { kind: 'vibration | tilt | drop', strength: '0-255 (vibration)', angle: 'degrees (tilt)', axes: '[x, y, z] accelerometer (-32768..32767)' },
    run: (h, params) => {
      const kind = (params.kind ?? 'vibration') as Kind;
      if (!(kind in EVENTS)) return { ok: false, error: 'kind must be vibration, tilt or drop' };
      const strength = Number(params.strength ?? 20);
      const angle = Number(params.angle ?? 0);
      if (!Number.isInteger(strength) || strength < 0 || strength > 255) return { ok: false, error: 'strength must be an integer from 0 to 255' };
      if (!Number.isInteger(angle) || angle < 0 || angle > 360) return { ok: false, error: 'angle must be an integer from 0 to 360' };
      if (params.axes !== undefined && !isAxes(params.axes)) return { ok: false, error: 'axes must be three integers from -32768 to 32767' };
      report(h, ep, { lumiVibrationEvent: EVENTS[kind] });
      // The strength sits in the upper half of the 32-bit attribute.
      if (kind === 'vibration') report(h, ep, { lumiVibrationStrength: strength * 2 ** 16 });
      if (kind === 'tilt') report(h, ep, { lumiTiltAngle: angle });
      if (params.axes !== undefined) report(h, ep, { lumiOrientation: packAxes(params.axes as number[]) });
      return { ok: true, detail: { kind } };
    },
  };
}
