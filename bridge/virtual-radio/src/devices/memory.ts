/** Device state that is not an attribute: bindings, group membership and scenes, all persisted. */
import type { Destination, Ieee } from '../network/types';
import type { DpValue } from '../zcl/index';

export type BindTarget = { kind: 'ieee'; ieee: Ieee; endpoint: number } | { kind: 'group'; group: number };

export interface Binding {
  endpoint: number;
  cluster: number;
  to: BindTarget;
}

export interface Scene {
  endpoint: number;
  group: number;
  scene: number;
  name?: string;
  /** Tenths of a second, as in the ZCL add-scene command. */
  transitionTime: number;
  /** cluster id → attribute name → value */
  values: Record<string, Record<string, number>>;
}

export interface MemorySnapshot {
  bindings: Binding[];
  groups: Record<string, Record<string, string>>;
  scenes: Scene[];
  clientState?: Record<string, Record<string, Record<string, number>>>;
  schedules?: WeeklySchedules;
  datapoints?: Record<string, DpValue>;
  mcuClock?: McuClock;
}

/** A Tuya MCU's clock as the host last set it (seconds) and when (radio milliseconds). */
export interface McuClock {
  utc: number;
  local: number;
  at: number;
}

/** A thermostat's weekly programme: endpoint → day (0 Sunday … 6 Saturday, 7 away) → its transitions. */
export type WeeklySchedules = Record<string, Record<string, Array<{ transitionTime: number; heatSetpoint?: number; coolSetpoint?: number }>>>;

export class DeviceMemory {
  bindings: Binding[] = [];
  /** endpoint → group id → name */
  groups = new Map<number, Map<number, string>>();
  scenes: Scene[] = [];
  /** endpoint → cluster name → what a client-side cluster shows (e.g. a keypad's panel status) */
  clientState: Record<string, Record<string, Record<string, number>>> = {};
  schedules: WeeklySchedules = {};
  /** A Tuya MCU's data points the host or the device changed (dp id → value); the rest are the catalogue's. */
  datapoints: Record<string, DpValue> = {};
  mcuClock?: McuClock;

  setClientState(endpoint: number, cluster: string, values: Record<string, number>): void {
    const ep = (this.clientState[endpoint] ??= {});
    ep[cluster] = { ...ep[cluster], ...values };
  }

  bind(b: Binding): void {
    if (!this.bindings.some((x) => sameBinding(x, b))) this.bindings.push(b);
  }

  /** Returns false when there was no such binding (ZDO status 0x88 NO_ENTRY). */
  unbind(b: Binding): boolean {
    const before = this.bindings.length;
    this.bindings = this.bindings.filter((x) => !sameBinding(x, b));
    return this.bindings.length !== before;
  }

  bindingsFor(endpoint: number, cluster: number): Binding[] {
    return this.bindings.filter((b) => b.endpoint === endpoint && b.cluster === cluster);
  }

  groupsOf(endpoint: number): Map<number, string> {
    let g = this.groups.get(endpoint);
    if (!g) this.groups.set(endpoint, (g = new Map()));
    return g;
  }

  endpointsInGroup(group: number): number[] {
    return [...this.groups].filter(([, g]) => g.has(group)).map(([ep]) => ep);
  }

  findScene(endpoint: number, group: number, scene: number): Scene | undefined {
    return this.scenes.find((s) => s.endpoint === endpoint && s.group === group && s.scene === scene);
  }

  removeScenes(pred: (s: Scene) => boolean): number {
    const before = this.scenes.length;
    this.scenes = this.scenes.filter((s) => !pred(s));
    return before - this.scenes.length;
  }

  snapshot(): MemorySnapshot {
    const groups: MemorySnapshot['groups'] = {};
    for (const [ep, g] of this.groups) if (g.size > 0) groups[ep] = Object.fromEntries(g);
    return {
      bindings: structuredClone(this.bindings),
      groups,
      scenes: structuredClone(this.scenes),
      clientState: structuredClone(this.clientState),
      schedules: structuredClone(this.schedules),
      ...(Object.keys(this.datapoints).length > 0 ? { datapoints: structuredClone(this.datapoints) } : {}),
      ...(this.mcuClock ? { mcuClock: { ...this.mcuClock } } : {}),
    };
  }

  restore(s: MemorySnapshot): void {
    this.bindings = structuredClone(s.bindings);
    this.scenes = structuredClone(s.scenes);
    this.clientState = structuredClone(s.clientState ?? {});
    this.schedules = structuredClone(s.schedules ?? {});
    this.datapoints = structuredClone(s.datapoints ?? {});
    this.mcuClock = s.mcuClock ? { ...s.mcuClock } : undefined;
    this.groups = new Map(Object.entries(s.groups).map(([ep, g]) => [Number(ep), new Map(Object.entries(g).map(([id, n]) => [Number(id), n]))]));
  }
}

function sameBinding(a: Binding, b: Binding): boolean {
  return a.endpoint === b.endpoint && a.cluster === b.cluster && JSON.stringify(a.to) === JSON.stringify(b.to);
}

/** Where a binding sends frames; bindings to other devices have no route in this simulation. */
export function destinationOf(target: BindTarget, coordinatorIeee: Ieee): Destination | undefined {
  if (target.kind === 'group') return { kind: 'group', group: target.group };
  return target.ieee === coordinatorIeee ? { kind: 'coordinator', endpoint: target.endpoint } : undefined;
}
