/**
 * Alarm systems in memory, kept in step with libSQL. Every change runs through one serial queue,
 * so each is a read-modify-write of the committed state; memory follows only after the commit.
 * Time comes from the injected clock; a timer wakes the model when a countdown second or a phase
 * ends, and tests call `tick()` after moving a ManualClock.
 */
import type { Logger } from 'pino';
import { createBus } from '@herdgate/shared/bus';
import type { EventHub } from '../../events';
import { hashSecret } from '../../lib/credentials';
import type { Clock } from '../../services/clock';
import type { Timers } from '../../services/timers';
import { SerialQueue } from '../../store/serial-queue';
import type { Store } from '../../store/types';
import { advance, requestMode, secondsRemaining, trigger, type AlarmTimings, type ArmMode } from './machine';
import { PinChecks, type PinCheck } from './pin-checks';
import type { GuardState } from './pin-guard';
import { loadPinGuards } from './pin-guard-rows';
import { deleteDevice, loadAlarms, modifySystem, saveDevice, type AlarmDevice, type AlarmSystemRecord } from './repository';
import { configEvent, nameEvent, stateEvent, systemView, type AlarmSystemView } from './view';

export interface AlarmSystemsDeps {
  store: Store;
  clock: Clock;
  /** Wakes the model at countdown seconds and phase ends (Node timers, workerd alarms, tests). */
  timers: Timers;
  events: EventHub;
  logger: Logger;
}

/** Told after every committed armstate change (keypad panels, the MQTT state topic). */
export type AlarmStateListener = (record: Readonly<AlarmSystemRecord>, members: readonly AlarmDevice[]) => void;

const sameState = (a: AlarmSystemRecord['state'], b: AlarmSystemRecord['state']) =>
  a.armstate === b.armstate && a.armmode === b.armmode && a.deadline === b.deadline;

export class AlarmSystemsModel {
  private readonly queue = new SerialQueue();
  private readonly shownSeconds = new Map<string, number>();
  private readonly changes = createBus<{ state: { record: Readonly<AlarmSystemRecord>; members: readonly AlarmDevice[] } }>((err, _event, change) =>
    this.deps.logger.error({ err, alarmsystem: (change as { record: AlarmSystemRecord }).record.id }, 'alarm state listener failed'),
  );
  private timer: unknown;
  private closed = false;
  /** Grows with every change, stored or not (countdown seconds); part of the full-state ETag. */
  version = 0;

  private constructor(
    private readonly deps: AlarmSystemsDeps,
    private readonly systems: Map<string, AlarmSystemRecord>,
    private readonly devices: Map<string, AlarmDevice>,
    guards: Map<string, GuardState>,
  ) {
    this.pins = new PinChecks(deps, guards);
    // What the database holds is what is shown: loading is no change (ETags stay as they were).
    for (const [id, record] of systems) this.shownSeconds.set(id, secondsRemaining(record.state, deps.clock.now()));
  }

  private readonly pins: PinChecks;

  /** Load, catch up with the time that passed while the gateway was down, and start the timer. */
  static async open(deps: AlarmSystemsDeps): Promise<AlarmSystemsModel> {
    const loaded = await loadAlarms(deps.store);
    const model = new AlarmSystemsModel(
      deps,
      new Map(loaded.systems.map((system) => [system.id, system])),
      new Map(loaded.devices.map((device) => [device.uniqueid, device])),
      await loadPinGuards(deps.store),
    );
    await model.tick();
    for (const system of model.systems.values()) {
      deps.logger.info(
        { alarmsystem: system.id, armstate: system.state.armstate, seconds_remaining: secondsRemaining(system.state, deps.clock.now()) },
        'alarm system restored',
      );
    }
    return model;
  }

  private now(): number {
    return this.deps.clock.now();
  }

  system(id: string): Readonly<AlarmSystemRecord> | undefined {
    return this.systems.get(id);
  }

  membersOf(id: string): AlarmDevice[] {
    return [...this.devices.values()].filter((device) => device.alarmsystem === id);
  }

  member(uniqueid: string): Readonly<AlarmDevice> | undefined {
    return this.devices.get(uniqueid);
  }

  view(id: string): AlarmSystemView | undefined {
    const record = this.systems.get(id);
    return record && systemView(record, this.membersOf(id), this.now());
  }

  list(): Record<string, AlarmSystemView> {
    const out: Record<string, AlarmSystemView> = {};
    for (const id of this.systems.keys()) out[id] = this.view(id)!;
    return out;
  }

  onStateChange(listener: AlarmStateListener): () => void {
    return this.changes.on('state', ({ record, members }) => listener(record, members));
  }

  rename(id: string, name: string): Promise<void> {
    return this.change(
      id,
      (record) => ({ ...record, name }),
      (record) => this.deps.events.publish(nameEvent(record)),
    );
  }

  /** Delays and durations, and a new PIN (hashed here; never kept, never logged). */
  async configure(id: string, timings: Partial<AlarmTimings>, code?: string): Promise<void> {
    const pin = code === undefined ? undefined : await hashSecret(code);
    await this.change(
      id,
      (record) => ({ ...record, timings: { ...record.timings, ...timings }, pin: pin ?? record.pin }),
      (record) => {
        this.deps.events.publish(configEvent(record));
      },
    );
    if (pin) await this.queue.run(() => this.pins.reset(id));
  }

  setDevice(device: AlarmDevice): Promise<void> {
    return this.queue.run(async () => {
      await saveDevice(this.deps.store, device);
      this.devices.set(device.uniqueid, device);
      this.version++;
    });
  }

  removeDevice(uniqueid: string): Promise<void> {
    return this.queue.run(async () => {
      await deleteDevice(this.deps.store, uniqueid);
      this.devices.delete(uniqueid);
      this.version++;
    });
  }

  /**
   * Check a PIN typed on a keypad or sent over REST, in turn with every other change of the system.
   * `source` is logged, the PIN never.
   */
  checkPin(id: string, code: string, source: string): Promise<PinCheck> {
    return this.queue.run(() => this.pins.check(id, this.systems.get(id)?.pin ?? null, code, source));
  }

  /** Arm or disarm (after a successful `checkPin`). */
  requestMode(id: string, mode: ArmMode): Promise<void> {
    return this.changeState(id, (record, now) => requestMode(record.state, record.timings, mode, now));
  }

  /** A member's trigger item went true; `immediate` for panic/emergency/fire. */
  async trigger(uniqueid: string, immediate = false): Promise<void> {
    const device = this.devices.get(uniqueid);
    if (!device || device.armmask === 'none') return;
    const before = this.systems.get(device.alarmsystem)?.state.armstate;
    await this.changeState(device.alarmsystem, (record, now) => trigger(record.state, record.timings, device.armmask, now, immediate));
    const after = this.systems.get(device.alarmsystem)?.state.armstate;
    if (after !== before) this.deps.logger.info({ alarmsystem: device.alarmsystem, device: uniqueid, armstate: after }, 'alarm triggered');
  }

  /** Run every phase that ran out and push countdown seconds; then re-arm the timer. */
  async tick(): Promise<void> {
    for (const id of this.systems.keys()) {
      await this.changeState(id, (record, now) => advance(record.state, record.timings, now));
    }
    this.schedule();
  }

  idle(): Promise<void> {
    return this.queue.idle();
  }

  close(): void {
    this.closed = true;
    if (this.timer !== undefined) this.deps.timers.clear(this.timer);
  }

  /** Commit a change of the committed row; `after` runs once memory holds it. */
  private change(id: string, edit: (record: AlarmSystemRecord) => AlarmSystemRecord, after: (record: AlarmSystemRecord) => void): Promise<void> {
    return this.queue.run(async () => {
      await modifySystem(this.deps.store, id, edit, (next) => {
        this.systems.set(id, next);
        this.version++;
        after(next);
      });
    });
  }

  private changeState(id: string, step: (record: AlarmSystemRecord, now: number) => AlarmSystemRecord['state']): Promise<void> {
    return this.queue.run(async () => {
      const record = this.systems.get(id);
      if (!record) return;
      const now = this.now();
      if (!sameState(step(record, now), record.state)) {
        await modifySystem(
          this.deps.store,
          id,
          (current) => ({ ...current, state: step(current, now) }),
          (next) => {
            this.systems.set(id, next);
            this.version++;
            this.announce(record, next, now);
          },
        );
        return;
      }
      // Same phase: only the countdown moves, which is shown but not stored.
      if (secondsRemaining(record.state, now) !== this.shownSeconds.get(id)) {
        this.version++;
        this.pushState(record, now);
      }
    });
  }

  /** Log, push and tell listeners about a committed state change. */
  private announce(before: AlarmSystemRecord, next: AlarmSystemRecord, now: number): void {
    const { state } = next;
    this.deps.logger.info({ alarmsystem: next.id, armstate: state.armstate, armmode: state.armmode }, 'alarm state changed');
    this.pushState(next, now);
    if (this.changes.listenerCount('state') > 0) this.changes.emit('state', { record: next, members: this.membersOf(next.id) });
    if (state.armmode !== before.state.armmode) this.deps.events.publish(configEvent(next));
    if (state.deadline !== before.state.deadline) this.schedule();
  }

  private pushState(record: AlarmSystemRecord, now: number): void {
    this.shownSeconds.set(record.id, secondsRemaining(record.state, now));
    this.deps.events.publish(stateEvent(record, now));
  }

  /** Wake at the next countdown second or phase end of any system. */
  private schedule(): void {
    if (this.closed) return;
    if (this.timer !== undefined) this.deps.timers.clear(this.timer);
    this.timer = undefined;
    const now = this.now();
    let wait = Infinity;
    for (const record of this.systems.values()) {
      if (record.state.deadline === null) continue;
      const left = record.state.deadline - now;
      wait = Math.min(wait, left <= 0 ? 0 : left % 1000 || 1000);
    }
    if (wait === Infinity) return;
    this.timer = this.deps.timers.set(() => {
      this.timer = undefined;
      this.tick().catch((err: unknown) => this.deps.logger.error({ err }, 'alarm tick failed'));
    }, wait + 5);
  }
}
