import type { GatewayEvent } from '../api/events';
import type { Device, GatewayState, JoinProgress } from './types';

type Collection = 'lights' | 'sensors' | 'groups' | 'alarmsystems';
const ADDED_KEY: Record<Collection, string> = { lights: 'light', sensors: 'sensor', groups: 'group', alarmsystems: 'alarmsystem' };

/** The device MAC (colons) a light or sensor uniqueid belongs to: `00:11:…:77-01-0006` → `00:11:…:77`. */
export const macOf = (uniqueid: string | undefined): string => (uniqueid ?? '').split('-')[0] ?? '';

function merge<T extends object>(current: T | undefined, event: GatewayEvent): T | undefined {
  if (!current) return current;
  const next: Record<string, unknown> = { ...(current as object) };
  const cur = current as unknown as Record<string, unknown>;
  if (event.state) next.state = { ...(cur.state as object), ...event.state };
  if (event.config) next.config = { ...(cur.config as object), ...event.config };
  if (event.attr) Object.assign(next, event.attr);
  if (typeof event.name === 'string') next.name = event.name;
  return next as T;
}

const ENVELOPE = new Set(['t', 'e', 'r', 'id', 'uniqueid', 'state', 'config', 'attr', 'name']);

/** Groups carry changed attributes (`lights`, `action`, `scenes`…) at the top level of the event. */
function topLevel(event: GatewayEvent): Record<string, unknown> {
  return Object.fromEntries(Object.entries(event).filter(([key]) => !ENVELOPE.has(key)));
}

function withJoin(state: GatewayState, mac: string, phase: JoinProgress['phase'], device?: Device): GatewayState['joins'] {
  const current = state.joins[mac];
  // Only devices seen joining while the page watches are tracked; ready never goes back.
  if (!current && phase !== 'joined') return state.joins;
  if (current?.phase === 'ready') return state.joins;
  return { ...state.joins, [mac]: { mac, phase, name: device?.name ?? current?.name, model: device?.modelid ?? current?.model } };
}

function applyDevice(state: GatewayState, event: GatewayEvent): GatewayState {
  const mac = event.id ?? '';
  if (event.e === 'added') {
    const device = event.device as Device;
    const described = (device.subdevices?.length ?? 0) > 0;
    const joins = withJoin(state, mac, 'joined', device);
    const next = { ...state, devices: { ...state.devices, [mac]: device }, joins };
    return described ? { ...next, joins: withJoin(next, mac, 'interviewed', device) } : next;
  }
  if (event.e === 'deleted') {
    const devices = { ...state.devices };
    delete devices[mac];
    return { ...state, devices };
  }
  const current = state.devices[mac];
  if (!current) return state;
  let device: Device = event.attr ? { ...current, ...event.attr } : current;
  if (typeof event.subdevice === 'string' && device.subdevices) {
    device = {
      ...device,
      subdevices: device.subdevices.map((sub) =>
        sub.uniqueid !== event.subdevice
          ? sub
          : {
              ...sub,
              state: { ...sub.state, ...(event.state as object) },
              config: { ...sub.config, ...(event.config as object) },
            },
      ),
    };
  }
  const interviewed = Array.isArray(event.attr?.subdevices) && (event.attr.subdevices as unknown[]).length > 0;
  return { ...state, devices: { ...state.devices, [mac]: device }, joins: interviewed ? withJoin(state, mac, 'interviewed', device) : state.joins };
}

/** The state after one WebSocket event: pure, so the app and a test apply the same rules. */
export function applyEvent(state: GatewayState, event: GatewayEvent): GatewayState {
  if (event.r === 'devices') return applyDevice(state, event);
  if (event.r === 'config') return event.config ? { ...state, config: { ...state.config, ...event.config } } : state;
  if (!(event.r in ADDED_KEY) || event.id === undefined) return state;
  const r = event.r as Collection;
  const id = event.id;
  const collection = state[r] as Record<string, unknown>;
  if (event.e === 'added') {
    const resource = event[ADDED_KEY[r]];
    if (!resource) return state;
    let joins = state.joins;
    if (r === 'lights' || r === 'sensors') {
      const mac = macOf(event.uniqueid);
      if (joins[mac]) joins = { ...joins, [mac]: { ...joins[mac], phase: 'ready', name: joins[mac].name ?? (resource as { name?: string }).name } };
    }
    return { ...state, [r]: { ...collection, [id]: resource }, joins };
  }
  if (event.e === 'deleted') {
    const next = { ...collection };
    delete next[id];
    return { ...state, [r]: next };
  }
  const merged = merge(collection[id] as object | undefined, event);
  if (!merged) return state;
  return { ...state, [r]: { ...collection, [id]: r === 'groups' ? { ...merged, ...topLevel(event) } : merged } };
}
