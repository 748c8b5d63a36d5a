import type { Logger } from 'pino';
import { MOMENTARY_ITEMS, buttonEventInMode, defaultSwitchMode } from '@herdgate/shared/deconz';
import type { DeviceDescription, Subdevice } from '@herdgate/shared/mqtt';
import type { BridgeLink, LinkEvent } from '../../services/bridge-link';
import type { Store } from '../../store/types';
import { adoptedRows } from '../adopted-rows';
import { ownState, pick } from './device-state';
import { newEtag, type SensorsCore } from './model';
import type { Items, SensorRecord } from './types';

/** Items that describe a moment (a press), pushed once per press even when the value repeats. */
const MOMENTARY: readonly string[] = [...MOMENTARY_ITEMS];

export interface DeviceSyncDeps {
  core: SensorsCore;
  store: Store;
  link: BridgeLink;
  logger: Logger;
}

/** `2026-01-15T12:00:01.123` → `2026-01-15T12:00Z` (lastseen has minute resolution). */
const minuteOf = (stamp: string) => `${stamp.slice(0, 16)}Z`;

/**
 * Keeps device sensors in step with the bridge link: a sensor per `sensors` sub-device (its id
 * allocated once and kept for its uniqueid forever, or a stored row it takes over, see
 * adopted-rows.ts), state and config from the retained endpoint state, presses from the event
 * topic. Link events are handled one at a time, in arrival order.
 */
export class DeviceSensorSync {
  private chain: Promise<void> = Promise.resolve();
  /**
   * Per sensor uniqueid (the record's, which a sensor taken over from deCONZ keeps though the
   * bridge names its sub-device otherwise): the sub-device it presents.
   */
  private readonly subdevices = new Map<string, Subdevice>();
  /** Per sensor uniqueid: the converters' model of its device (picks a switch's modes). */
  private readonly products = new Map<string, string | undefined>();
  /** Per sensor id: the `lastupdated` of the last press already pushed (state and event carry the same). */
  private readonly pressStamps = new Map<string, string>();
  /** Devices that left or (re)joined: their next description brings deleted sensors back. */
  private readonly returning = new Set<string>();
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly deps: DeviceSyncDeps) {}

  async start(): Promise<void> {
    this.unsubscribe = this.deps.link.subscribe((event) => this.enqueue(event));
    for (const device of this.deps.link.devices().values()) this.enqueue({ kind: 'device', device });
    await this.idle();
  }

  stop(): void {
    this.unsubscribe?.();
  }

  /** Resolves when every link event received so far has been applied. */
  idle(): Promise<void> {
    return this.chain;
  }

  /** The sub-device a sensor presents, as the bridge last described it. */
  subdevice(uniqueid: string): Subdevice | undefined {
    return this.subdevices.get(uniqueid);
  }

  /** The converters' model of the device a sensor belongs to, as the bridge last described it. */
  product(uniqueid: string): string | undefined {
    return this.products.get(uniqueid);
  }

  private enqueue(event: LinkEvent): void {
    this.chain = this.chain.then(() => this.handle(event)).catch((err: unknown) => this.deps.logger.error({ err, event: event.kind }, 'sensor sync failed'));
  }

  private async handle(event: LinkEvent): Promise<void> {
    switch (event.kind) {
      case 'device':
        return this.describe(event.device);
      case 'device-removed':
        return this.removed(event.ieee);
      case 'bridge-event':
        if (event.event.type === 'join') this.returning.add(event.event.ieee);
        return;
      case 'state':
        return this.values(event.ieee, event.endpoint, event.state.state, event.state.config);
      case 'event':
        return this.values(event.ieee, event.endpoint, event.state, undefined);
      default:
        return;
    }
  }

  private async describe(device: DeviceDescription): Promise<void> {
    // A rejoining device is first described mid-interview, without sub-devices: the return counts
    // only once its sensors are described.
    const returning = this.returning.has(device.ieee);
    if (device.subdevices.some((sub) => sub.resource === 'sensors')) this.returning.delete(device.ieee);
    const subs = device.subdevices.filter((sub) => sub.resource === 'sensors');
    const rows = [...this.deps.core.all()].filter((record) => record.kind === 'device' && record.ieee === device.ieee);
    const adopted = adoptedRows(subs, rows, (sub, row) => row.type === sub.type);
    for (const sub of subs) {
      const existing = this.deps.core.byUniqueid(sub.uniqueid, true) ?? adopted.get(sub.uniqueid);
      this.subdevices.set(existing?.uniqueid ?? sub.uniqueid, sub);
      this.products.set(existing?.uniqueid ?? sub.uniqueid, device.productid);
      const mirror = this.deps.link.endpointState(device.ieee, sub.endpoint);
      const base: SensorRecord =
        existing ??
        ({
          id: await this.deps.store.allocateId('sensors'),
          kind: 'device',
          uniqueid: sub.uniqueid,
          name: device.name,
          localConfig: {},
          etag: newEtag(),
          deleted: false,
        } as SensorRecord);
      const next: SensorRecord = {
        ...base,
        type: sub.type,
        modelid: device.modelid,
        manufacturername: device.manufacturername,
        swversion: device.swversion,
        ieee: device.ieee,
        endpoint: sub.endpoint,
        // Every switch has a sensor mode, as in deCONZ; only some models may be set to another.
        ...(sub.type === 'ZHASwitch' ? { mode: base.mode ?? defaultSwitchMode(device.productid) } : {}),
        state: ownState(sub, existing?.state ?? { lastupdated: 'none' }, mirror?.state ?? {}, false),
        config: this.configOf(sub, mirror?.config, device),
        lastseen: device.lastseen,
        deleted: base.deleted && !returning,
      };
      if (mirror?.state.lastupdated) this.pressStamps.set(next.id, String(mirror.state.lastupdated));
      if (!existing) await this.deps.core.insert(next);
      else if (stored(existing) !== stored(next)) {
        await this.deps.core.modify(next.id, (current) => describedOver(current, next, returning), { includeDeleted: true });
        // modify keeps the values the record had in memory; the description's items are newer (a
        // sensor taken over from deCONZ gets its type's keys here, from its first description).
        this.deps.core.applyVolatile(next);
      } else this.deps.core.applyVolatile(next);
    }
  }

  private configOf(sub: Subdevice, config: Items | undefined, device: DeviceDescription): Items {
    const out = withCommandGroup(sub, device, pick(config, sub.config));
    if (out.reachable === undefined) out.reachable = device.availability === 'online';
    return out;
  }

  private async removed(ieee: string): Promise<void> {
    this.returning.add(ieee);
    for (const record of [...this.deps.core.all()]) {
      if (record.kind === 'device' && record.ieee === ieee && !record.deleted) {
        await this.deps.core.modify(record.id, (current) => ({ ...current, deleted: true }));
      }
    }
  }

  /**
   * Values from the retained endpoint state (`config` given) or the event topic. A press is the
   * event topic's, once per stamp. The retained state repeats the last press with every other
   * change of the endpoint (a keypad's panel status, a tamper report), so its momentary items are
   * the record's own: taking them from there pushed the last keypad action again as a new press.
   */
  private values(ieee: string, endpoint: number, state: Items, config: Items | undefined): void {
    const stamp = typeof state.lastupdated === 'string' ? state.lastupdated : 'none';
    for (const record of [...this.deps.core.all()]) {
      if (record.kind !== 'device' || record.ieee !== ieee || record.endpoint !== endpoint) continue;
      const sub = this.subdevices.get(record.uniqueid);
      if (!sub) continue;
      const momentary = MOMENTARY.filter((item) => sub.state.includes(item));
      const lastseen = stamp !== 'none' && stamp !== record.state.lastupdated ? minuteOf(stamp) : record.lastseen;
      if (config === undefined) {
        const pressed = momentary.filter((item) => state[item] !== undefined);
        if (pressed.length === 0 || stamp === 'none' || this.pressStamps.get(record.id) === stamp) continue;
        this.pressStamps.set(record.id, stamp);
        const press = this.inMode(record, pick(state, [...pressed, 'lastupdated']));
        if (!press) continue;
        const next = { ...record, state: { ...record.state, ...press }, lastseen };
        this.deps.core.applyVolatile(
          next,
          pressed.map((item) => `state/${item}`),
        );
        continue;
      }
      const incoming: Items = { ...state };
      for (const item of momentary) incoming[item] = record.state[item];
      const next: SensorRecord = {
        ...record,
        state: ownState(sub, record.state, incoming, false),
        config: {
          ...withCommandGroup(sub, this.deps.link.devices().get(ieee), pick(config, sub.config)),
          reachable: config.reachable ?? record.config.reachable,
        },
        lastseen,
      };
      this.deps.core.applyVolatile(next, []);
    }
  }

  /** A press as the switch's sensor mode numbers it; undefined when that mode has no event for it. */
  private inMode(record: SensorRecord, press: Items): Items | undefined {
    if (typeof press.buttonevent !== 'number') return press;
    const buttonevent = buttonEventInMode(this.products.get(record.uniqueid), record.mode, press.buttonevent);
    return buttonevent === null ? undefined : { ...press, buttonevent };
  }
}

/**
 * A switch's `config.group`, the group its commands go to: its group binding on the sensor's
 * endpoint (what the device is set up to use, lowest address first), else the group of the last
 * groupcast the bridge heard from it (the config as given).
 */
function withCommandGroup(sub: Subdevice, device: DeviceDescription | undefined, config: Items): Items {
  if (!sub.config.includes('group')) return config;
  const bound = (device?.bindings ?? []).filter((b) => b.endpoint === sub.endpoint && b.group !== undefined).map((b) => b.group!);
  return bound.length > 0 ? { ...config, group: Math.min(...bound) } : config;
}

/**
 * What a description changes of the committed record: the device facts and whether it is back.
 * The name stays the committed one (a client may have renamed it meanwhile).
 */
function describedOver(current: SensorRecord, described: SensorRecord, returning: boolean): SensorRecord {
  const { type, modelid, manufacturername, swversion, ieee, endpoint, state, config, lastseen } = described;
  const mode = current.mode ?? described.mode;
  return {
    ...current,
    type,
    modelid,
    manufacturername,
    swversion,
    ieee,
    endpoint,
    deleted: current.deleted && !returning,
    state,
    config,
    lastseen,
    ...(mode === undefined ? {} : { mode }),
  };
}

/** The persisted part of a device record: a change here needs a database write. */
function stored(record: SensorRecord): string {
  const { type, modelid, manufacturername, swversion, ieee, endpoint, deleted, name, mode } = record;
  return JSON.stringify({ type, modelid, manufacturername, swversion, ieee, endpoint, deleted, name, mode });
}
