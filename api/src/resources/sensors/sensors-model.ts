import type { Logger } from 'pino';
import { switchModes } from '@herdgate/shared/deconz';
import { DeconzError } from '@herdgate/shared/errors';
import type { EventHub } from '../../events';
import type { BridgeLink } from '../../services/bridge-link';
import type { Clock } from '../../services/clock';
import type { Store } from '../../store/types';
import { createClipSensor, setClipState, setOwnedConfig, type ClipSensorInput } from './clip';
import { ONE_SHOT_ITEMS, PARTIAL_ITEMS, planDeviceConfig, sendDeviceConfig, type ConfigOutcome } from './device-config';
import { DeviceSensorSync } from './device-sync';
import { platformTimers, type Timers } from '../../services/timers';
import { DaylightSensor } from './daylight/daylight-sensor';
import { SensorsCore } from './model';
import { loadSensorRecords } from './repository';
import type { Items, SensorRecord, SensorsReader } from './types';

export interface SensorsModelDeps {
  store: Store;
  events: EventHub;
  clock: Clock;
  logger: Logger;
  bridge: BridgeLink;
  timers?: Timers;
}

/** Everything routes (and the runtime) do with sensors; `SensorsReader` is the part others read. */
export interface SensorsModel extends SensorsReader {
  /** A record including its kind (deleted ones are absent); for routes. */
  find(id: string): SensorRecord | undefined;
  /** The sensor owned by this uniqueid, if any (duplicate check of `POST /sensors`). */
  hasUniqueid(uniqueid: string): boolean;
  count(): number;
  createClip(input: ClipSensorInput): Promise<string>;
  /**
   * Writes resolve false when the sensor was deleted meanwhile (nothing written); each one is a
   * read-modify-write of the committed row, so concurrent writes of other fields are kept.
   * Name and (where the sensor has one) mode, committed together.
   */
  rename(record: SensorRecord, patch: { name?: string; mode?: number }): Promise<boolean>;
  setState(record: SensorRecord, values: Items): Promise<boolean>;
  /** Config the gateway keeps (CLIP, Daylight, a device sensor's `on`); Daylight is recomputed. */
  setOwnedConfig(record: SensorRecord, values: Items): Promise<boolean>;
  /** A device sensor's config write: local items stored, the rest sent to the device; per-item results in body order. */
  setDeviceConfig(record: SensorRecord, base: string, patch: Items): Promise<ConfigOutcome[]>;
  /** The config items a device sensor has (from the bridge's description). */
  deviceConfigItems(record: SensorRecord): ReadonlySet<string>;
  /** The bridge's uniqueid of the sub-device a device sensor presents (another one where a takeover kept deCONZ's). */
  describedUniqueid(uniqueid: string): string | undefined;
  /** The sensor modes a switch may be set to (empty: its mode, if any, is fixed). */
  switchModes(record: SensorRecord): readonly number[];
  /** Delete: CLIP rows go, device rows are marked deleted; `reset` asks the device to leave first. False: already gone. */
  remove(record: SensorRecord, reset: boolean): Promise<boolean>;
  /** Device sensors whose rows a cross-model transaction marked deleted (their device left). */
  forgetCommitted(ids: readonly string[]): void;
  /** Every live device sensor with its device's IEEE address. */
  deviceSensors(): { id: string; ieee: string }[];
  /** Re-evaluate time-driven sensors now (the Daylight timer does this by itself). */
  tick(): void;
  /** Resolves once every bridge event received so far is applied (tests, shutdown). */
  idle(): Promise<void>;
  close(): void;
}

const BRIDGE_ERRORS: Readonly<Record<string, 950 | 951 | 3>> = { not_connected: 950, busy: 951, not_found: 3 };

/** Build the model from loaded records (no I/O besides what its parts do later). */
export function createSensorsModel(deps: SensorsModelDeps, records: SensorRecord[]): { model: SensorsModel; start(): Promise<void> } {
  const logger = deps.logger.child({ module: 'sensors' });
  const core = new SensorsCore({ store: deps.store, events: deps.events, logger, records });
  const clipDeps = { core, store: deps.store, clock: deps.clock };
  const sync = new DeviceSensorSync({ core, store: deps.store, link: deps.bridge, logger });
  const daylight = new DaylightSensor({ core, store: deps.store, clock: deps.clock, logger, timers: deps.timers ?? platformTimers });
  const setPending = (id: string, items: string[]) => {
    const current = core.record(id);
    if (current && !current.deleted) core.applyVolatile({ ...current, config: { ...current.config, pending: items } }, ['config/pending']);
  };

  const model: SensorsModel = {
    get: (id) => core.get(id),
    list: () => core.list(),
    subscribe: (listener) => core.subscribe(listener),
    version: () => core.version(),
    find(id) {
      const record = core.record(id);
      return record && !record.deleted ? record : undefined;
    },
    hasUniqueid: (uniqueid) => core.byUniqueid(uniqueid) !== undefined,
    count: () => Object.keys(core.list()).length,
    createClip: (input) => createClipSensor(clipDeps, input),
    rename: async (record, { name, mode }) =>
      (await core.modify(record.id, (current) => ({ ...current, name: name ?? current.name, mode: mode ?? current.mode }))) !== undefined,
    async setState(record, values) {
      if (record.kind === 'clip') return setClipState(clipDeps, record.id, values);
      // deCONZ lets clients write `buttonevent` of a device switch (e.g. to test rules): memory only.
      const current = model.find(record.id);
      if (!current) return false;
      core.applyVolatile(
        { ...current, state: { ...current.state, ...values } },
        Object.keys(values).map((item) => `state/${item}`),
      );
      return true;
    },
    async setOwnedConfig(record, values) {
      const done = await setOwnedConfig(clipDeps, record.id, values);
      if (record.kind === 'daylight') daylight.tick();
      return done;
    },
    async setDeviceConfig(record, base, patch) {
      const plan = planDeviceConfig(base, patch, model.deviceConfigItems(record), record.type);
      if (Object.keys(plan.local).length > 0) {
        if (!(await setOwnedConfig(clipDeps, record.id, plan.local))) return [];
        for (const [item, value] of Object.entries(plan.local)) plan.results.set(item, { item, ok: true, value });
      }
      // deCONZ's `pending`: the items on their way to the device until it answered (a sleepy
      // device takes them at its next poll), on the sensors that show the list.
      const inFlight = Object.keys(plan.command);
      const showsPending = Array.isArray(record.config.pending) && inFlight.length > 0;
      if (showsPending) setPending(record.id, inFlight);
      const sent = await sendDeviceConfig(deps.bridge, record, base, plan.command).finally(() => showsPending && setPending(record.id, []));
      for (const outcome of sent) plan.results.set(outcome.item, outcome);
      // What the device acknowledged shows at once, as on a light (a GET right after the answer
      // agrees with it); the device's own report or read-back follows and corrects it if need be.
      const acknowledged = Object.fromEntries(
        sent.filter((o) => o.ok && !ONE_SHOT_ITEMS.has(o.item) && !PARTIAL_ITEMS.has(o.item)).map((o) => [o.item, o.ok ? o.value : undefined]),
      );
      const current = core.record(record.id);
      if (current && !current.deleted && Object.keys(acknowledged).length > 0) {
        core.applyVolatile(
          { ...current, config: { ...current.config, ...acknowledged } },
          Object.keys(acknowledged).map((item) => `config/${item}`),
        );
      }
      return Object.keys(patch).map((item) => plan.results.get(item)!);
    },
    deviceConfigItems(record) {
      const sub = sync.subdevice(record.uniqueid);
      return new Set(sub ? sub.config : Object.keys(record.config));
    },
    describedUniqueid: (uniqueid) => sync.subdevice(uniqueid)?.uniqueid,
    switchModes: (record) => (record.kind === 'device' ? switchModes(sync.product(record.uniqueid)) : []),
    async remove(record, reset) {
      if (record.kind === 'clip') return core.remove(record.id);
      if (reset && record.ieee) {
        const outcome = await deps.bridge.request('device/remove', { ieee: record.ieee, leave: true, force: false });
        if (outcome.status === 'error') {
          const type = BRIDGE_ERRORS[outcome.code] ?? 901;
          throw new DeconzError({ type, address: `/sensors/${record.id}/reset`, params: { reason: outcome.message, path: `/sensors/${record.id}` } });
        }
      }
      if ((await core.modify(record.id, (current) => ({ ...current, deleted: true }))) !== undefined) return true;
      // With reset, the bridge's news that the device left can mark the sensor deleted before the
      // leave's own answer arrives: that deletion is this request's outcome, not a lost race.
      return reset && core.record(record.id)?.deleted === true;
    },
    forgetCommitted: (ids) => core.forgetCommitted(ids),
    deviceSensors: () => [...core.all()].flatMap((r) => (r.kind === 'device' && r.ieee !== undefined && !r.deleted ? [{ id: r.id, ieee: r.ieee }] : [])),
    tick: () => daylight.tick(),
    idle: () => sync.idle(),
    close() {
      daylight.stop();
      sync.stop();
    },
  };
  return {
    model,
    async start() {
      await daylight.start();
      await sync.start();
    },
  };
}

/** Load the sensors from the database, create the Daylight sensor on first start, attach to the bridge. */
export async function openSensorsModel(deps: SensorsModelDeps): Promise<SensorsModel> {
  const { model, start } = createSensorsModel(deps, await loadSensorRecords(deps.store));
  await start();
  return model;
}
