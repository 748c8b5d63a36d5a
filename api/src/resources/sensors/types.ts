/** Types of the sensors model: one record per `/sensors/<id>`, whatever its origin. */

export type Items = Record<string, unknown>;

/** Where a sensor's values come from: a device sub-device (via the bridge), a REST client, or the gateway. */
export type SensorKind = 'device' | 'clip' | 'daylight';

/** The REST object of `GET /sensors/<id>` (deCONZ field names; keys are sent sorted). */
export interface SensorResource {
  config: Items;
  ep?: number;
  etag: string;
  lastseen?: string | null;
  manufacturername: string;
  mode?: number;
  modelid: string;
  name: string;
  state: Items;
  swversion: string;
  type: string;
  uniqueid: string;
}

export interface SensorRecord {
  id: string;
  kind: SensorKind;
  uniqueid: string;
  type: string;
  name: string;
  modelid: string;
  manufacturername: string;
  swversion: string;
  /** Device sensors: the device and endpoint the sub-device lives on. */
  ieee?: string;
  endpoint?: number;
  mode?: number;
  /** CLIP and Daylight: owned here and persisted. Device: the bridge's mirror (not persisted). */
  state: Items;
  /** CLIP and Daylight: persisted. Device: the bridge's mirror plus local overrides (`on`). */
  config: Items;
  /** Device sensors only: config items kept by the gateway rather than the device (`on`). */
  localConfig: Items;
  lastseen?: string | null;
  etag: string;
  deleted: boolean;
}

/**
 * One change of a sensor, for in-process consumers (the rules engine): `before` is undefined for a
 * new sensor, `after` for a deleted one. `written` lists the `state/<item>` paths the update wrote,
 * so a repeated equal `buttonevent` is still seen as a new press.
 */
export interface SensorChange {
  id: string;
  before: Readonly<SensorResource> | undefined;
  after: Readonly<SensorResource> | undefined;
  written: readonly string[];
}

export type SensorListener = (change: SensorChange) => void;

/** The read side other modules use (rules engine, full state). */
export interface SensorsReader {
  /** A sensor by id (or by uniqueid, as deCONZ allows for ids of 26+ characters); deleted ones are absent. */
  get(id: string): Readonly<SensorResource> | undefined;
  /** Every visible sensor keyed by id, as `GET /sensors` answers. */
  list(): Record<string, Readonly<SensorResource>>;
  /** Listeners run synchronously after each committed change; a throwing listener is isolated. */
  subscribe(listener: SensorListener): () => void;
  /**
   * Grows with every change of a sensor that is not a store write (device values, Daylight state):
   * with the store revision, which counts the rest, it versions the collection. Starts at 0 per process.
   */
  version(): number;
}
