import type { Logger } from 'pino';
import { DeconzError } from '@herdgate/shared/errors';
import type { EventHub } from '../../events';
import type { BridgeLink } from '../../services/bridge-link';
import type { Clock } from '../../services/clock';
import type { Store } from '../../store/types';
import { createClipSensor, setClipState, setOwnedConfig, type ClipSensorInput } from './clip';
import { planDeviceConfig, sendDeviceConfig, type ConfigOutcome } from './device-config';
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
  /** Name and (where the sensor has one) mode, committed together. */
  rename(record: SensorRecord, name: string, mode?: number): Promise<void>;
  setState(record: SensorRecord, values: Items): Promise<void>;
  /** Config the gateway keeps (CLIP, Daylight, a device sensor's `on`); Daylight is recomputed. */
  setOwnedConfig(record: SensorRecord, values: Items): Promise<void>;
  /** A device sensor's config write: local items stored, the rest sent to the device; per-item results in body order. */
  setDeviceConfig(record: SensorRecord, base: string, patch: Items): Promise<ConfigOutcome[]>;
  /** The config items a device sensor has (from the bridge's description). */
  deviceConfigItems(record: SensorRecord): ReadonlySet<string>;
  /** Delete: CLIP rows go, device rows are marked deleted; `reset` asks the device to leave first. */
  remove(record: SensorRecord, reset: boolean): Promise<void>;
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
    rename: (record, name, mode) => core.persist({ ...record, name, mode }),
    async setState(record, values) {
      if (record.kind === 'clip') return setClipState(clipDeps, record, values);
      // deCONZ lets clients write `buttonevent` of a device switch (e.g. to test rules): memory only.
      const state = { ...record.state, ...values };
      core.applyVolatile({ ...record, state }, Object.keys(values).map((item) => `state/${item}`));
    },
    async setOwnedConfig(record, values) {
      await setOwnedConfig(clipDeps, record, values);
      if (record.kind === 'daylight') daylight.tick();
    },
    async setDeviceConfig(record, base, patch) {
      const plan = planDeviceConfig(base, patch, model.deviceConfigItems(record));
      if (Object.keys(plan.local).length > 0) {
        await setOwnedConfig(clipDeps, record, plan.local);
        for (const [item, value] of Object.entries(plan.local)) plan.results.set(item, { item, ok: true, value });
      }
      for (const outcome of await sendDeviceConfig(deps.bridge, record, base, plan.command)) plan.results.set(outcome.item, outcome);
      return Object.keys(patch).map((item) => plan.results.get(item)!);
    },
    deviceConfigItems(record) {
      const sub = sync.subdevice(record.uniqueid);
      return new Set(sub ? sub.config : Object.keys(record.config));
    },
    async remove(record, reset) {
      if (record.kind === 'clip') return core.remove(record.id);
      if (reset && record.ieee) {
        const outcome = await deps.bridge.request('device/remove', { ieee: record.ieee, leave: true, force: false });
        if (outcome.status === 'error') {
          const type = BRIDGE_ERRORS[outcome.code] ?? 901;
          throw new DeconzError({ type, address: `/sensors/${record.id}/reset`, params: { reason: outcome.message, path: `/sensors/${record.id}` } });
        }
      }
      await core.persist({ ...record, deleted: true });
    },
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
