import { useEffect, useState } from 'preact/hooks';
import { followEvents, type EventStream, type LinkStatus } from '../api/events';
import type { Gateway } from '../api/client';
import { applyEvent } from './apply-event';
import type { AlarmSystem, Device, GatewayState } from './types';

export const EMPTY_STATE: GatewayState = { config: {}, lights: {}, groups: {}, sensors: {}, rules: {}, schedules: {}, alarmsystems: {}, devices: {}, joins: {} };

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

  constructor(readonly gateway: Gateway) {}

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

  async load(): Promise<void> {
    const [full, alarmsystems, macs] = await Promise.all([
      this.gateway.get<Partial<GatewayState>>(''),
      this.gateway.get<Record<string, AlarmSystem>>('/alarmsystems').catch(() => ({})),
      this.gateway.get<string[]>('/devices').catch(() => [] as string[]),
    ]);
    const devices: Record<string, Device> = {};
    await Promise.all(macs.map(async (mac) => {
      devices[mac] = await this.gateway.get<Device>(`/devices/${mac}`).catch(() => ({ uniqueid: mac }));
    }));
    this.loaded = true;
    this.set({ ...EMPTY_STATE, ...full, alarmsystems, devices, joins: this.state.joins } as GatewayState);
  }

  /** Reloads one collection after a write the WebSocket does not announce (rules, schedules, whitelist). */
  async reload(what: 'rules' | 'schedules' | 'config'): Promise<void> {
    const value = await this.gateway.get<Record<string, unknown>>(`/${what}`);
    this.update((state) => ({ ...state, [what]: value }));
  }

  start(): void {
    const port = Number(this.state.config.websocketport) || Number(location.port) || 80;
    this.stream = followEvents(port, this.gateway.key, {
      onEvent: (event) => this.set(applyEvent(this.state, event)),
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
    this.stream?.close();
  }
}

/** Re-renders the calling component on every store change. */
export function useGateway(store: GatewayStore): GatewayState {
  const [, setTick] = useState(0);
  useEffect(() => store.subscribe(() => setTick((n) => n + 1)), [store]);
  return store.state;
}
