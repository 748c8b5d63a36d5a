import {
  BRIDGE_ID_PATTERN,
  IEEE_PATTERN,
  MAX_ENDPOINT,
  MAX_GROUP,
  MIN_ENDPOINT,
  isMatterRequestName,
  isRequestName,
  type MatterRequestName,
  type RequestName,
} from './topics';
import { isGatewayRequestName, type GatewayRequestName } from './schemas/gateway';

/** A topic of the contract, recognised. `kind` is the key of the payload map in contract.ts. */
export type ParsedTopic =
  | { kind: 'bridge/state' | 'bridge/info' | 'bridge/event' | 'bridge/removed' | 'bridge/log'; bridge: string }
  | { kind: 'bridge/request' | 'bridge/response'; bridge: string; name: RequestName }
  | { kind: 'group/set' | 'group/set/result'; bridge: string; group: number }
  | { kind: 'bridge/alarm'; bridge: string; alarmsystem: string }
  | { kind: 'bridge/networkmap' | 'bridge/networkmap/progress'; bridge: string }
  | { kind: 'gateway/groups'; bridge: string }
  | { kind: 'gateway/request' | 'gateway/response'; bridge: string; name: GatewayRequestName }
  | { kind: 'device' | 'device/ota'; ieee: string }
  | { kind: 'matter/state' | 'matter/names' }
  | { kind: 'matter/request' | 'matter/response'; name: MatterRequestName }
  | { kind: 'device/state' | 'device/event' | 'device/set' | 'device/set/result'; ieee: string; endpoint: number };

export type TopicKind = ParsedTopic['kind'];

/** Canonical decimal only ("7", not "07" or "+7"), so a topic has exactly one spelling. */
function parseDecimal(text: string | undefined, min: number, max: number): number | undefined {
  if (text === undefined || !/^(0|[1-9][0-9]*)$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min && value <= max ? value : undefined;
}

function parseBridgeTopic(bridge: string, rest: string[]): ParsedTopic | undefined {
  if (!BRIDGE_ID_PATTERN.test(bridge)) return undefined;
  const [head, ...tail] = rest;
  if (tail.length === 0 && (head === 'state' || head === 'info' || head === 'event' || head === 'removed' || head === 'log')) {
    return { kind: `bridge/${head}`, bridge };
  }
  if (head === 'networkmap' && (tail.length === 0 || (tail.length === 1 && tail[0] === 'progress'))) {
    return { kind: tail.length === 0 ? 'bridge/networkmap' : 'bridge/networkmap/progress', bridge };
  }
  if (head === 'request' || head === 'response') {
    const name = tail.join('/');
    return isRequestName(name) ? { kind: `bridge/${head}`, bridge, name } : undefined;
  }
  if (head === 'gateway') {
    if (tail.length === 1 && tail[0] === 'groups') return { kind: 'gateway/groups', bridge };
    const name = tail.slice(1).join('/');
    if ((tail[0] === 'request' || tail[0] === 'response') && isGatewayRequestName(name)) return { kind: `gateway/${tail[0]}`, bridge, name };
    return undefined;
  }
  if (head === 'alarmsystems' && tail.length === 2 && tail[1] === 'state' && /^[1-9][0-9]{0,3}$/.test(tail[0] ?? '')) {
    return { kind: 'bridge/alarm', bridge, alarmsystem: tail[0]! };
  }
  if (head === 'groups' && tail[1] === 'set') {
    const group = parseDecimal(tail[0], 0, MAX_GROUP);
    if (group === undefined) return undefined;
    if (tail.length === 2) return { kind: 'group/set', bridge, group };
    if (tail.length === 3 && tail[2] === 'result') return { kind: 'group/set/result', bridge, group };
  }
  return undefined;
}

function parseDeviceTopic(ieee: string, rest: string[]): ParsedTopic | undefined {
  if (!IEEE_PATTERN.test(ieee)) return undefined;
  if (rest.length === 0) return { kind: 'device', ieee };
  if (rest.length === 1 && rest[0] === 'ota') return { kind: 'device/ota', ieee };
  const endpoint = parseDecimal(rest[0], MIN_ENDPOINT, MAX_ENDPOINT);
  if (endpoint === undefined) return undefined;
  const leaf = rest.slice(1).join('/');
  if (leaf === 'state' || leaf === 'event' || leaf === 'set' || leaf === 'set/result') {
    return { kind: `device/${leaf}`, ieee, endpoint };
  }
  return undefined;
}

function parseMatterTopic(head: string, rest: string[]): ParsedTopic | undefined {
  if (rest.length === 0 && (head === 'state' || head === 'names')) return { kind: `matter/${head}` };
  const name = rest.join('/');
  if ((head === 'request' || head === 'response') && isMatterRequestName(name)) return { kind: `matter/${head}`, name };
  return undefined;
}

/** Recognise a topic under `base`; anything else (including other base topics) is undefined. */
export function parseTopic(base: string, topic: string): ParsedTopic | undefined {
  if (!topic.startsWith(`${base}/`)) return undefined;
  const [scope, id, ...rest] = topic.slice(base.length + 1).split('/');
  if (id === undefined) return undefined;
  if (scope === 'bridge') return parseBridgeTopic(id, rest);
  if (scope === 'devices') return parseDeviceTopic(id, rest);
  if (scope === 'matter') return parseMatterTopic(id, rest);
  return undefined;
}
