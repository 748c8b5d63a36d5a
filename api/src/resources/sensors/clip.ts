import type { Clock } from '../../services/clock';
import type { Store } from '../../store/types';
import { CLIP_TYPES, CONFIG_ALIASES } from './clip-types';
import { newEtag, type SensorsCore } from './model';
import { lastUpdated } from './timestamps';
import type { Items, SensorRecord } from './types';

export interface ClipSensorInput {
  name: string;
  modelid: string;
  swversion: string;
  type: string;
  uniqueid: string;
  manufacturername: string;
  /** Already checked against the type's tables. */
  state?: Items;
  config?: Items;
}

export interface ClipDeps {
  core: SensorsCore;
  store: Store;
  clock: Clock;
}

/** Resolve spelling aliases (`tholddarkoffset` → `tholdoffset`) before storing config. */
export function canonicalConfig(config: Items): Items {
  return Object.fromEntries(Object.entries(config).map(([key, value]) => [CONFIG_ALIASES[key] ?? key, value]));
}

/** Create a CLIP sensor with a never-reused id; resolves with that id once committed. */
export async function createClipSensor(deps: ClipDeps, input: ClipSensorInput): Promise<string> {
  const table = CLIP_TYPES[input.type];
  if (!table) throw new Error(`not a CLIP type: ${input.type}`);
  const id = await deps.store.allocateId('sensors');
  const given = input.state ?? {};
  const record: SensorRecord = {
    id,
    kind: 'clip',
    uniqueid: input.uniqueid,
    type: input.type,
    name: input.name,
    modelid: input.modelid,
    manufacturername: input.manufacturername,
    swversion: input.swversion,
    state: { ...table.defaultState, ...given, lastupdated: Object.keys(given).length > 0 ? lastUpdated(deps.clock.now()) : 'none' },
    config: { ...table.defaultConfig, ...canonicalConfig(input.config ?? {}) },
    localConfig: {},
    etag: newEtag(),
    deleted: false,
  };
  await deps.core.insert(record);
  return id;
}

/**
 * Write state items of a CLIP sensor (values already checked); `lastupdated` moves to now.
 * False when the sensor was deleted meanwhile.
 */
export async function setClipState(deps: ClipDeps, id: string, values: Items): Promise<boolean> {
  const written = Object.keys(values).map((item) => `state/${item}`);
  const stamp = lastUpdated(deps.clock.now());
  const next = await deps.core.modify(id, (current) => ({ ...current, state: { ...current.state, ...values, lastupdated: stamp } }), { written });
  return next !== undefined;
}

/** Write config items the gateway keeps itself (CLIP and Daylight config, a device sensor's `on`). */
export async function setOwnedConfig(deps: ClipDeps, id: string, values: Items): Promise<boolean> {
  const canonical = canonicalConfig(values);
  const next = await deps.core.modify(id, (current) =>
    current.kind === 'device'
      ? { ...current, localConfig: { ...current.localConfig, ...canonical } }
      : { ...current, config: { ...current.config, ...canonical } },
  );
  return next !== undefined;
}
