import type { Logger } from 'pino';
import {
  bridgeEventSchema,
  bridgeInfoSchema,
  bridgeStateSchema,
  decodePayload,
  deviceSchema,
  endpointEventSchema,
  endpointStateSchema,
  networkMapProgressSchema,
  bridgeLogSchema,
  networkMapSchema,
  otaStateSchema,
  type OtaState,
  parseTopic,
  removedDevicesSchema,
  matterStatusSchema,
  type MatterStatus,
  type BridgeInfo,
  type DeviceDescription,
  type EndpointState,
  type GatewayRequestName,
  type ParsedTopic,
  type RemovedDevice,
} from '@herdgate/shared/mqtt';
import type * as v from 'valibot';
import type { LinkEvent } from '../services/bridge-link';

/** A response or set result addressed to the selected bridge, for the correlator. */
export interface Reply {
  topic: ParsedTopic;
  payload: Uint8Array;
}

export interface MirrorOptions {
  base: string;
  /** `BRIDGE_ID`: only this bridge is followed. Otherwise the first online bridge is chosen. */
  preferredBridge?: string;
  logger: Logger;
}

interface BridgeEntry {
  online: boolean;
  info?: BridgeInfo;
}

const stateKey = (ieee: string, endpoint: number) => `${ieee}/${endpoint}`;

/**
 * The api's copy of what the bridges publish, fed one MQTT message at a time. Pure: no I/O, no
 * timers. Every payload is validated with the contract's schema; a bad one is logged and dropped.
 * An empty payload on a retained topic is the bridge clearing it (a removed device).
 */
export class LinkMirror {
  readonly devices = new Map<string, DeviceDescription>();
  private readonly states = new Map<string, EndpointState>();
  private readonly otas = new Map<string, OtaState>();
  private readonly bridges = new Map<string, BridgeEntry>();
  private selectedId: string | undefined;
  private removed: RemovedDevice[] = [];
  private matterStatus: MatterStatus | undefined;

  constructor(private readonly options: MirrorOptions) {}

  /** The bridge the api follows, if one has been seen. */
  selected(): string | undefined {
    return this.selectedId;
  }

  /** True when the followed bridge said it is online. */
  online(): boolean {
    return this.selectedId !== undefined && this.bridges.get(this.selectedId)?.online === true;
  }

  info(): BridgeInfo | undefined {
    return this.selectedId === undefined ? undefined : this.bridges.get(this.selectedId)?.info;
  }

  /** The followed bridge's last record of the devices it no longer has. */
  removedDevices(): readonly RemovedDevice[] {
    return this.removed;
  }

  deviceOta(ieee: string): OtaState | undefined {
    return this.otas.get(ieee);
  }

  /** The Matter bridge's last retained status. */
  matter(): MatterStatus | undefined {
    return this.matterStatus;
  }

  endpointState(ieee: string, endpoint: number): EndpointState | undefined {
    return this.states.get(stateKey(ieee, endpoint));
  }

  /**
   * The broker connection dropped: every bridge is unknown until its retained state comes back.
   * Returns the event for the followed bridge if it was online.
   */
  disconnected(): LinkEvent[] {
    const wasOnline = this.online();
    for (const entry of this.bridges.values()) entry.online = false;
    return wasOnline && this.selectedId ? [{ kind: 'bridge-offline', bridge: this.selectedId }] : [];
  }

  /** One inbound message: the events it causes, or a reply to correlate. */
  handle(topicName: string, payload: Uint8Array): { events: LinkEvent[]; reply?: Reply } {
    const topic = parseTopic(this.options.base, topicName);
    if (!topic) return { events: [] };
    switch (topic.kind) {
      case 'bridge/state':
        return { events: this.onBridgeState(topic.bridge, payload) };
      case 'bridge/info':
        return { events: this.onBridgeInfo(topic.bridge, payload) };
      case 'bridge/event':
        return { events: this.onBridgeEvent(topic.bridge, payload) };
      case 'device':
        return { events: this.onDevice(topic.ieee, payload) };
      case 'device/state':
        return { events: this.onState(topic.ieee, topic.endpoint, payload) };
      case 'device/ota':
        return { events: this.onOta(topic.ieee, payload) };
      case 'device/event':
        return { events: this.onEvent(topic.ieee, topic.endpoint, payload) };
      case 'bridge/networkmap':
        return { events: this.onNetworkMap(topic.bridge, payload) };
      case 'bridge/networkmap/progress':
        return { events: this.onNetworkMapProgress(topic.bridge, payload) };
      case 'bridge/removed':
        return { events: this.onRemoved(topic.bridge, payload) };
      case 'bridge/log':
        return { events: this.onLog(topic.bridge, payload) };
      case 'bridge/response':
      case 'group/set/result':
        return topic.bridge === this.selectedId ? { events: [], reply: { topic, payload } } : { events: [] };
      case 'device/set/result':
        return { events: [], reply: { topic, payload } };
      case 'gateway/request':
        return { events: topic.bridge === this.selectedId ? this.onGatewayRequest(topic.bridge, topic.name, payload) : [] };
      case 'matter/state':
        return { events: this.onMatter(payload) };
      case 'matter/response':
        return { events: [], reply: { topic, payload } };
      // Commands other clients send to the bridge: not ours to act on.
      default:
        return { events: [] };
    }
  }

  private onGatewayRequest(bridge: string, name: GatewayRequestName, payload: Uint8Array): LinkEvent[] {
    let body: unknown;
    try {
      body = JSON.parse(new TextDecoder().decode(payload));
    } catch {
      body = undefined;
    }
    return [{ kind: 'gateway-request', bridge, name, payload: body }];
  }

  private decode<S extends v.GenericSchema>(schema: S, topic: string, payload: Uint8Array): v.InferOutput<S> | undefined {
    const decoded = decodePayload(schema, payload);
    if (decoded.ok) return decoded.value;
    this.options.logger.warn({ topic, error: decoded.response.error }, 'ignored an invalid payload from the broker');
    return undefined;
  }

  private entry(bridge: string): BridgeEntry {
    let entry = this.bridges.get(bridge);
    if (!entry) this.bridges.set(bridge, (entry = { online: false }));
    return entry;
  }

  private onBridgeState(bridge: string, payload: Uint8Array): LinkEvent[] {
    const state = payload.length === 0 ? { state: 'offline' as const } : this.decode(bridgeStateSchema, `bridge ${bridge} state`, payload);
    if (!state) return [];
    const entry = this.entry(bridge);
    const wasOnline = entry.online;
    entry.online = state.state === 'online';
    if (entry.online) this.select(bridge);
    if (bridge !== this.selectedId || wasOnline === entry.online) return [];
    return entry.online ? [{ kind: 'bridge-online', bridge, info: entry.info }] : [{ kind: 'bridge-offline', bridge }];
  }

  /** BRIDGE_ID wins; otherwise the first online bridge, or another one while ours is offline. */
  private select(bridge: string): void {
    if (bridge === this.selectedId) return;
    const { preferredBridge, logger } = this.options;
    if (preferredBridge !== undefined && bridge !== preferredBridge) {
      logger.info({ bridge, following: preferredBridge }, 'ignoring a bridge other than BRIDGE_ID');
      return;
    }
    if (this.selectedId !== undefined && this.online()) return;
    const previous = this.selectedId;
    this.selectedId = bridge;
    logger.info({ bridge, previous, reason: preferredBridge ? 'named by BRIDGE_ID' : 'first online bridge' }, 'following bridge');
  }

  private onBridgeInfo(bridge: string, payload: Uint8Array): LinkEvent[] {
    if (payload.length === 0) return [];
    const info = this.decode(bridgeInfoSchema, `bridge ${bridge} info`, payload);
    if (!info) return [];
    this.entry(bridge).info = info;
    return bridge === this.selectedId ? [{ kind: 'bridge-info', bridge, info }] : [];
  }

  private onBridgeEvent(bridge: string, payload: Uint8Array): LinkEvent[] {
    if (bridge !== this.selectedId) return [];
    const event = this.decode(bridgeEventSchema, `bridge ${bridge} event`, payload);
    return event ? [{ kind: 'bridge-event', bridge, event }] : [];
  }

  /** The retained map may arrive before the bridge's state has selected it: one bridge is the rule. */
  private follows(bridge: string): boolean {
    return this.selectedId === undefined ? this.options.preferredBridge === undefined || bridge === this.options.preferredBridge : bridge === this.selectedId;
  }

  private onNetworkMap(bridge: string, payload: Uint8Array): LinkEvent[] {
    if (payload.length === 0 || !this.follows(bridge)) return [];
    const map = this.decode(networkMapSchema, `bridge ${bridge} network map`, payload);
    return map ? [{ kind: 'networkmap', bridge, map }] : [];
  }

  private onNetworkMapProgress(bridge: string, payload: Uint8Array): LinkEvent[] {
    if (!this.follows(bridge)) return [];
    const progress = this.decode(networkMapProgressSchema, `bridge ${bridge} network map progress`, payload);
    return progress ? [{ kind: 'networkmap-progress', bridge, progress }] : [];
  }

  private onLog(bridge: string, payload: Uint8Array): LinkEvent[] {
    if (!this.follows(bridge)) return [];
    const entry = this.decode(bridgeLogSchema, `bridge ${bridge} log`, payload);
    return entry ? [{ kind: 'bridge-log', bridge, entry }] : [];
  }

  private onRemoved(bridge: string, payload: Uint8Array): LinkEvent[] {
    if (payload.length === 0 || !this.follows(bridge)) return [];
    const record = this.decode(removedDevicesSchema, `bridge ${bridge} removed devices`, payload);
    if (!record) return [];
    this.removed = record.devices;
    return [{ kind: 'devices-removed', bridge, devices: record.devices }];
  }

  private onDevice(ieee: string, payload: Uint8Array): LinkEvent[] {
    if (payload.length === 0) {
      if (!this.devices.delete(ieee)) return [];
      for (const key of [...this.states.keys()]) if (key.startsWith(`${ieee}/`)) this.states.delete(key);
      return [{ kind: 'device-removed', ieee }];
    }
    const device = this.decode(deviceSchema, `device ${ieee}`, payload);
    if (!device) return [];
    if (device.ieee !== ieee) {
      this.options.logger.warn({ topic: ieee, payload: device.ieee }, 'ignored a device description published under another address');
      return [];
    }
    this.devices.set(ieee, device);
    return [{ kind: 'device', device }];
  }

  private onState(ieee: string, endpoint: number, payload: Uint8Array): LinkEvent[] {
    if (payload.length === 0) {
      this.states.delete(stateKey(ieee, endpoint));
      return [];
    }
    const state = this.decode(endpointStateSchema, `device ${ieee}/${endpoint} state`, payload);
    if (!state) return [];
    this.states.set(stateKey(ieee, endpoint), state);
    return [{ kind: 'state', ieee, endpoint, state }];
  }

  private onOta(ieee: string, payload: Uint8Array): LinkEvent[] {
    if (payload.length === 0) return this.otas.delete(ieee) ? [{ kind: 'device-ota', ieee, ota: undefined }] : [];
    const ota = this.decode(otaStateSchema, `device ${ieee} ota`, payload);
    if (!ota) return [];
    this.otas.set(ieee, ota);
    return [{ kind: 'device-ota', ieee, ota }];
  }

  private onMatter(payload: Uint8Array): LinkEvent[] {
    const status = payload.length === 0 ? undefined : this.decode(matterStatusSchema, 'matter state', payload);
    if (payload.length > 0 && !status) return [];
    this.matterStatus = status;
    return [{ kind: 'matter', status }];
  }

  private onEvent(ieee: string, endpoint: number, payload: Uint8Array): LinkEvent[] {
    const event = this.decode(endpointEventSchema, `device ${ieee}/${endpoint} event`, payload);
    return event ? [{ kind: 'event', ieee, endpoint, state: event.state }] : [];
  }
}
