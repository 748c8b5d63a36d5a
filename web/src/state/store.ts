import { useEffect, useState } from 'preact/hooks';
import { followEvents, type EventStream, type GatewayEvent, type LinkStatus } from '../api/events';
import type { Gateway } from '../api/client';
import { applyEvent } from './apply-event';
import type { AlarmSystem, Device, GatewayState } from './types';

export const EMPTY_STATE: GatewayState = {
  config: {},
  lights: {},
  groups: {},
  sensors: {},
  rules: {},
  schedules: {},
  alarmsystems: {},
  devices: {},
  joins: {},
};

/**
 * Everything the pages show: loaded once from the REST API (`GET /api/<key>`, alarm systems,
 * devices), then kept current by WebSocket events. After a reconnect it loads again, so nothing
 * missed while away stays stale.
 */
export class GatewayStore {
  state: GatewayState = EMPTY_STATE;
  link: LinkStatus = 'connecting';
  loaded = false;
  private listeners = new Set<() => void>();
  private stream: EventStream | undefined;
  private reconnected = false;
  private stopped = false;
  private eventListeners = new Set<(event: GatewayEvent) => void>();

  constructor(readonly gateway: Gateway) {}

  /** Every WebSocket event, for pages that follow what has no event of its own (rule triggers). */
  onEvent(listener: (event: GatewayEvent) => void): () => void {
    this.eventListeners.add(listener);
    return () => this.eventListeners.delete(listener);
  }

  subscribe(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private set(state: GatewayState): void {
    this.state = state;
    for (const listener of this.listeners) listener();
  }

  update(change: (state: GatewayState) => GatewayState): void {
    this.set(change(this.state));
  }

  /**
   * The full state and alarm systems first (every page but Devices can show then), the Device
   * objects after, so the first page does not wait for one request per device.
   */
  async load(): Promise<void> {
    const [full, alarmsystems] = await Promise.all([
      this.gateway.get<Partial<GatewayState>>(''),
      this.gateway.get<Record<string, AlarmSystem>>('/alarmsystems').catch(() => ({})),
    ]);
    this.loaded = true;
    this.set({ ...EMPTY_STATE, ...full, alarmsystems, devices: this.state.devices, joins: this.state.joins } as GatewayState);
    void this.loadDevices();
  }

  private async loadDevices(): Promise<void> {
    const macs = await this.gateway.get<string[]>('/devices').catch(() => [] as string[]);
    const devices: Record<string, Device> = {};
    await Promise.all(
      macs.map(async (mac) => {
        devices[mac] = await this.gateway.get<Device>(`/devices/${mac}`).catch(() => ({ uniqueid: mac }));
      }),
    );
    this.update((state) => ({ ...state, devices }));
  }

  /** Reads one resource again (after a write whose event may not carry every field). */
  async refresh(collection: 'groups' | 'lights' | 'sensors', id: string): Promise<void> {
    const value = await this.gateway.get<unknown>(`/${collection}/${id}`);
    this.update((state) => ({ ...state, [collection]: { ...state[collection], [id]: value } }));
  }

  /** Reads one Device object again (after a rename, whose event may come after the answer). */
  async refreshDevice(mac: string): Promise<void> {
    const device = await this.gateway.get<Device>(`/devices/${mac}`);
    this.update((state) => ({ ...state, devices: { ...state.devices, [mac]: device } }));
  }

  /** Reloads one collection after a write the WebSocket does not announce (rules, schedules, whitelist). */
  async reload(what: 'rules' | 'schedules' | 'config'): Promise<void> {
    const value = await this.gateway.get<Record<string, unknown>>(`/${what}`);
    this.update((state) => ({ ...state, [what]: value }));
  }

  /**
   * Opens the event socket on the gateway's `websocketport` (from `GET /config`, asked alongside the
   * state load so the socket does not wait for it).
   */
  async start(): Promise<void> {
    const config = await this.gateway.get<{ websocketport?: number }>('/config');
    if (this.stopped) return;
    const port = Number(config.websocketport) || Number(location.port) || 80;
    this.stream = followEvents(port, this.gateway.key, {
      onEvent: (event) => {
        this.set(applyEvent(this.state, event));
        for (const listener of this.eventListeners) listener(event);
      },
      onStatus: (status) => {
        this.link = status;
        for (const listener of this.listeners) listener();
      },
      onOpen: () => {
        // The first open follows the initial load; later ones may have missed events.
        if (this.reconnected) void this.load().catch(() => undefined);
        this.reconnected = true;
      },
    });
  }

  stop(): void {
    this.stopped = true;
    this.stream?.close();
  }
}

/** Re-renders the calling component on every store change. */
export function useGateway(store: GatewayStore): GatewayState {
  const [, setTick] = useState(0);
  useEffect(() => store.subscribe(() => setTick((n) => n + 1)), [store]);
  return store.state;
}
