import { macOf } from '../../state/apply-event';
import type { Device, GatewayState, Light, Sensor } from '../../state/types';

/** The network map as `GET /networkmap` answers it (the parts a device page reads). */
export interface MapNode {
  ieee: string;
  type: string;
  name?: string;
}
export interface MapLink {
  source: string;
  target: string;
  lqi: number;
  depth: number;
  relationship: string;
}
export interface NetworkMapView {
  nodes: MapNode[];
  links: MapLink[];
}

export const ieeeOf = (mac: string) => `0x${mac.replace(/:/g, '')}`;

/** A device's lights and sensors, by id, in id order. */
export function membersOf(state: GatewayState, mac: string): { lights: [string, Light][]; sensors: [string, Sensor][] } {
  const byId = (a: [string, unknown], b: [string, unknown]) => Number(a[0]) - Number(b[0]);
  return {
    lights: Object.entries(state.lights)
      .filter(([, l]) => macOf(l.uniqueid) === mac)
      .sort(byId),
    sensors: Object.entries(state.sensors)
      .filter(([, s]) => s.uniqueid !== undefined && macOf(s.uniqueid) === mac)
      .sort(byId),
  };
}

/** Reachable when any of its lights or sensors says so; undefined while it has none (still pairing). */
export function availability(state: GatewayState, mac: string): boolean | undefined {
  const { lights, sensors } = membersOf(state, mac);
  const flags = [...lights.map(([, l]) => l.state.reachable !== false), ...sensors.map(([, s]) => s.config.reachable !== false)];
  return flags.length === 0 ? undefined : flags.some(Boolean);
}

/** The room a device is in: the room of one of its lights, else one its switch is bound to. */
export function roomOf(state: GatewayState, mac: string): string | undefined {
  const { lights, sensors } = membersOf(state, mac);
  const rooms = Object.values(state.groups).filter((g) => g.type !== 'Entertainment');
  const lightIds = new Set(lights.map(([id]) => id));
  const sensorIds = new Set(sensors.map(([id]) => id));
  return (rooms.find((g) => g.lights.some((id) => lightIds.has(id))) ?? rooms.find((g) => (g.devicemembership ?? []).some((id) => sensorIds.has(id))))?.name;
}

/** What powers the device, in words, with the battery level where a sensor reports one. */
export function powerWords(device: Device, sensors: readonly [string, Sensor][]): string {
  const battery = sensors.map(([, s]) => s.config.battery).find((b): b is number => typeof b === 'number');
  if (device.powersource === 'battery' || battery !== undefined) return battery === undefined ? 'Battery' : `Battery, ${battery} %`;
  if (device.powersource === 'mains') return 'Mains';
  return 'Unknown';
}

/**
 * How the device reaches the coordinator, from the last network map: the best link quality a
 * neighbour heard it with, its hop count, and its parent's (or best neighbour's) name. A link's
 * `relationship` is what the device is to the neighbour whose table lists it: `child` names its parent.
 */
export function linkOf(map: NetworkMapView | undefined, mac: string): { lqi: number; depth: number; via: string } | undefined {
  const ieee = ieeeOf(mac);
  const heard = (map?.links ?? [])
    .filter((l) => l.source === ieee)
    .sort((a, b) => Number(b.relationship === 'child') - Number(a.relationship === 'child') || b.lqi - a.lqi);
  const best = heard[0];
  if (!best) return undefined;
  const via = map!.nodes.find((n) => n.ieee === best.target);
  return { lqi: Math.max(...heard.map((l) => l.lqi)), depth: best.depth, via: via?.name ?? best.target };
}

/** Two devices of one name told apart: the room and model beside it. */
export function deviceLabel(state: GatewayState, mac: string): string {
  const device = state.devices[mac];
  return [device?.name ?? mac, roomOf(state, mac), device?.modelid].filter(Boolean).join(' · ');
}
