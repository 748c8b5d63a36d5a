import type { Context } from 'hono';
import { DeconzError, renderResultItems, type ResultItem } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { readJsonObject, validateBody } from '../../lib/validate';
import { findSensor, requireWritten, sensorNotFound } from './lookup';
import { READ_ONLY_FIELDS, updateSensorSchema } from './schemas';
import { configure } from './set-config';
import { renameDeviceOf } from '../../resources/devices/resource-renames-device';

const ALLOWED: ReadonlySet<string> = new Set(['name', 'mode', 'config']);

/**
 * `PUT|PATCH /sensors/<id>`: `name` (1-32), `mode` (only where the sensor has one) and `config`.
 * Anything else is refused before anything is applied (8 for a read-only field, else 6).
 */
export async function updateSensor(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const record = findSensor(services, c.req.param('id') ?? '');
  const base = `/sensors/${record.id}`;
  const body = await readJsonObject(c.req.raw, base);
  if (Object.keys(body).length === 0) throw new DeconzError({ type: 5, address: base });
  for (const key of Object.keys(body)) {
    if (ALLOWED.has(key)) continue;
    const address = `${base}/${key}`;
    throw new DeconzError(READ_ONLY_FIELDS.has(key) ? { type: 8, address, params: { name: key } } : { type: 6, address, params: { name: key } });
  }
  const input = validateBody(updateSensorSchema, body, { base });
  // `mode` is writable only for the switch models that take another (IKEA's SYMFONISK: 1 or 4).
  if (input.mode !== undefined) {
    const modes = services.sensors.switchModes(record);
    if (record.mode === undefined || modes.length === 0) throw new DeconzError({ type: 8, address: `${base}/mode`, params: { name: 'mode' } });
    if (!modes.includes(input.mode)) throw new DeconzError({ type: 7, address: `${base}/mode`, params: { name: `${base}/mode`, value: String(input.mode) } });
  }
  const items: ResultItem[] = [];
  if (input.name !== undefined || input.mode !== undefined) {
    const before = record.name;
    requireWritten(await services.sensors.rename(record, { name: input.name, mode: input.mode }), record.id);
    if (input.name !== undefined) await renameDeviceOf(services, c.get('logger'), { ieee: record.ieee, kind: 'sensor', before, name: input.name });
    if (input.name !== undefined) items.push({ success: { [`${base}/name`]: input.name } });
    if (input.mode !== undefined) items.push({ success: { [`${base}/mode`]: input.mode } });
  }
  if (input.config !== undefined) {
    const current = services.sensors.find(record.id);
    if (!current) throw sensorNotFound(record.id);
    for (const outcome of await configure(services, current, `${base}/config`, input.config)) {
      if (outcome.ok) items.push({ success: { [`${base}/config/${outcome.item}`]: outcome.value } });
      else items.push(...new DeconzError(outcome.error).items);
    }
  }
  const after = services.sensors.get(record.id);
  if (!after) throw sensorNotFound(record.id);
  c.header('ETag', `"${after.etag}"`);
  return sendJson(c, renderResultItems(items));
}
