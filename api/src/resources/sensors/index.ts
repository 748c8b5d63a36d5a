/**
 * The sensors resource (issue #6): one in-memory model of every `/sensors/<id>` — device
 * sub-devices mirrored from the bridge link, CLIP sensors created over REST, and the Daylight
 * sensor — kept in step with libSQL. Routes change it through `SensorsModel`; other modules (the
 * rules engine, full state) read it through `SensorsReader` (`get`, `list`, `subscribe`).
 */
export type {
  Items,
  SensorChange,
  SensorKind,
  SensorListener,
  SensorRecord,
  SensorResource,
  SensorsReader,
} from './types';
export { createSensorsModel, openSensorsModel, type SensorsModel, type SensorsModelDeps } from './sensors-model';
export type { ConfigOutcome } from './device-config';
export type { ClipSensorInput } from './clip';
export { CLIP_TYPES, CONFIG_ALIASES, isClipType, type ClipType, type ItemSchema } from './clip-types';
export { checkItems, invalidItem, notModifiable, unknownItem, type ItemCheck } from './items';
