import { DEFAULT_THRESHOLDS, lightLevelFlags, withItemDefaults } from '@herdgate/shared/deconz';
import type { ResourceView } from '../../events';
import type { SensorRecord, SensorResource } from './types';

/** Write-only config items (Daylight `lat`/`long`): stored, never shown. */
const HIDDEN_CONFIG: ReadonlySet<string> = new Set(['lat', 'long']);

function visibleConfig(record: SensorRecord): Record<string, unknown> {
  // `on` is the gateway's enable flag of a device sensor: true until a client turns it off.
  const merged = record.kind === 'device' ? { on: true, ...record.config, ...record.localConfig } : record.config;
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(merged)) if (!HIDDEN_CONFIG.has(key)) out[key] = value;
  return out;
}

/**
 * A sensor's state as shown: a device sensor's items not reported yet at deCONZ's defaults
 * (temperature 0, presence false; only here, the record keeps them unset, so the first real
 * value is a change and stamps `lastupdated`). CLIP and Daylight sensors are not DDF resources.
 */
function shownState(record: SensorRecord): Record<string, unknown> {
  const state = measuredState(record);
  return record.kind === 'device' ? withItemDefaults(state) : state;
}

/**
 * A device sensor's state; a light-level sensor's `dark`/`daylight` follow the thresholds the
 * gateway keeps for it (the bridge computes them against the defaults).
 */
function measuredState(record: SensorRecord): Record<string, unknown> {
  const { lightlevel } = record.state;
  const kept = record.localConfig;
  if (record.kind === 'device' && typeof kept.offset === 'number') {
    // The measured value with the kept offset added, as deCONZ sends it (the spec: "values sent by the API already include it").
    for (const item of ['temperature', 'humidity']) {
      const value = record.state[item];
      if (typeof value === 'number') return { ...record.state, [item]: value + kept.offset };
    }
  }
  if (record.kind !== 'device' || typeof lightlevel !== 'number' || (kept.tholddark === undefined && kept.tholdoffset === undefined))
    return { ...record.state };
  const thresholds = {
    tholddark: Number(kept.tholddark ?? record.config.tholddark ?? DEFAULT_THRESHOLDS.tholddark),
    tholdoffset: Number(kept.tholdoffset ?? record.config.tholdoffset ?? DEFAULT_THRESHOLDS.tholdoffset),
  };
  return { ...record.state, ...lightLevelFlags(lightlevel, thresholds) };
}

/** The REST object of a sensor (deCONZ omits `id` inside it). */
export function toResource(record: SensorRecord): SensorResource {
  const view: SensorResource = {
    config: visibleConfig(record),
    etag: record.etag,
    manufacturername: record.manufacturername,
    modelid: record.modelid,
    name: record.name,
    state: shownState(record),
    swversion: record.swversion,
    type: record.type,
    uniqueid: record.uniqueid,
  };
  if (record.endpoint !== undefined) view.ep = record.endpoint;
  if (record.kind === 'device') view.lastseen = record.lastseen ?? null;
  if (record.mode !== undefined) view.mode = record.mode;
  return view;
}

/** The event-bearing parts of a sensor for `changedEvents`: state, config and public attributes. */
export function eventView(resource: SensorResource): ResourceView {
  const attr: Record<string, unknown> = {
    manufacturername: resource.manufacturername,
    modelid: resource.modelid,
    name: resource.name,
    swversion: resource.swversion,
    type: resource.type,
    uniqueid: resource.uniqueid,
  };
  if (resource.lastseen !== undefined) attr.lastseen = resource.lastseen;
  if (resource.mode !== undefined) attr.mode = resource.mode;
  return { state: resource.state, config: resource.config, attr };
}
