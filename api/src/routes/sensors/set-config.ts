import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv, Services } from '../../context';
import { CLIP_TYPES, CONFIG_ALIASES, checkItems, notModifiable, type ConfigOutcome, type SensorRecord } from '../../resources/sensors';
import { readJsonObject } from '../../lib/validate';
import { findSensor } from './lookup';
import { sendItemResults } from './results';
import { DAYLIGHT_CONFIG } from './schemas';

/**
 * `PUT|PATCH /sensors/<id>/config`: every item is answered (deconz-behavior.md §1.3). Items the
 * gateway keeps are committed together; device items go to the device in one command and are
 * answered from the bridge's real outcome.
 */
export async function setSensorConfig(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const record = findSensor(services, c.req.param('id') ?? '');
  const base = `/sensors/${record.id}/config`;
  const body = await readJsonObject(c.req.raw, base);
  if (Object.keys(body).length === 0) throw new DeconzError({ type: 5, address: base });
  const outcomes = await configure(services, record, base, body);
  // Clients that poll with If-None-Match take the sensor's ETag from the write's answer (as deCONZ sends it).
  const sensor = services.sensors.get(record.id);
  if (sensor) c.header('ETag', `"${sensor.etag}"`);
  return sendItemResults(c, base, outcomes);
}

/** Apply a config patch to any kind of sensor; per-item outcomes in body order. */
export async function configure(services: Services, record: SensorRecord, base: string, body: Record<string, unknown>): Promise<ConfigOutcome[]> {
  if (record.kind === 'device') return services.sensors.setDeviceConfig(record, base, body);
  const table = record.kind === 'daylight' ? DAYLIGHT_CONFIG : (CLIP_TYPES[record.type]?.config ?? {});
  const results: ConfigOutcome[] = checkItems(table, body, base, CONFIG_ALIASES).map((check) => {
    // Known but read-only items (`configured`, `pending`…) are 8, not "unknown" 6.
    if (!check.ok && check.error.type === 6 && check.item in record.config) {
      return { item: check.item, ok: false, error: notModifiable(`${base}/${check.item}`, check.item) };
    }
    return check;
  });
  const values = Object.fromEntries(results.filter((r) => r.ok).map((r) => [r.item, r.ok ? r.value : undefined]));
  if (record.kind === 'daylight') {
    const lat = values.lat ?? record.config.lat;
    const long = values.long ?? record.config.long;
    if (typeof lat === 'number' && typeof long === 'number') values.configured = true;
  }
  if (Object.keys(values).length > 0) await services.sensors.setOwnedConfig(record, values);
  return results;
}
