import type { Context } from 'hono';
import * as v from 'valibot';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { CLIP_TYPES, checkItems, notModifiable, type ItemSchema, type SensorRecord } from '../../resources/sensors';
import { sendJson } from '../../lib/respond';
import { readJsonObject } from '../../lib/validate';
import { findSensor, requireWritten } from './lookup';

/** deCONZ lets a client write a device switch's `buttonevent` (to test rules); nothing else of a device. */
const DEVICE_WRITABLE: Readonly<Record<string, Readonly<Record<string, ItemSchema>>>> = {
  ZHASwitch: { buttonevent: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(0xffffffff)) },
};

function writableState(record: SensorRecord): Readonly<Record<string, ItemSchema>> {
  if (record.kind === 'clip') return CLIP_TYPES[record.type]?.state ?? {};
  if (record.kind === 'device') return DEVICE_WRITABLE[record.type] ?? {};
  return {};
}

/**
 * `PUT|PATCH /sensors/<id>/state`: virtual sensors only. All items are checked first; the first bad
 * one is answered with 400 and nothing changes. Success is one object naming every item.
 */
export async function setSensorState(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const record = findSensor(services, c.req.param('id') ?? '');
  const base = `/sensors/${record.id}/state`;
  const body = await readJsonObject(c.req.raw, base);
  if (Object.keys(body).length === 0) throw new DeconzError({ type: 5, address: base });
  const checks = checkItems(writableState(record), body, base);
  for (const check of checks) {
    if (check.ok) continue;
    // A state item the sensor has but a client may not set (device and Daylight values) is 8.
    if (check.error.type === 6 && (check.item in record.state || record.kind !== 'clip')) {
      throw new DeconzError(notModifiable(`${base}/${check.item}`, check.item));
    }
    throw new DeconzError(check.error);
  }
  const values = Object.fromEntries(checks.map((check) => [check.item, check.ok ? check.value : undefined]));
  requireWritten(await services.sensors.setState(record, values), record.id);
  const success = Object.fromEntries(Object.entries(values).map(([item, value]) => [`${base}/${item}`, value]));
  return sendJson(c, [{ success }]);
}
