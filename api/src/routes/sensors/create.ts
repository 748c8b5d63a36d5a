import type { Context } from 'hono';
import * as v from 'valibot';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { CLIP_TYPES, CONFIG_ALIASES, checkItems, type ClipSensorInput } from '../../resources/sensors';
import { readBodyText } from '../../lib/read-body';
import { sendJson } from '../../lib/respond';
import { invalidJson, issueToError } from '../../lib/validate';
import { OPTIONAL_FIELDS, REQUIRED_FIELDS, createSensorSchema } from './schemas';
import { searchSensors } from './search';

const MAX_SENSORS = 1000;

/**
 * `POST /sensors`: with a body, create a CLIP sensor, checked in deCONZ's order (§13): JSON,
 * capacity, required fields, unknown fields, CLIP prefix, duplicate uniqueid, known type, items.
 * An empty body starts a device search, as in deCONZ.
 */
export async function createSensor(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const text = await readBodyText(c.req.raw, '/sensors');
  if (text.trim() === '') return searchSensors(c);
  const body = parseObject(text);
  if (services.sensors.count() >= MAX_SENSORS) throw new DeconzError({ type: 502, address: '/sensors' });
  if (REQUIRED_FIELDS.some((field) => body[field] === undefined)) {
    throw new DeconzError({ type: 5, address: '/sensors', description: 'invalid/missing parameters in body' });
  }
  const unknown = Object.keys(body).find(
    (key) => !(REQUIRED_FIELDS as readonly string[]).includes(key) && !(OPTIONAL_FIELDS as readonly string[]).includes(key),
  );
  if (unknown) throw new DeconzError({ type: 6, address: `/sensors/${unknown}`, params: { name: unknown } });
  const parsed = v.safeParse(createSensorSchema, body, { abortEarly: true });
  if (!parsed.success) throw new DeconzError(issueToError(parsed.issues[0], { base: '/sensors' }));
  const input = parsed.output;
  if (!input.type.startsWith('CLIP')) throw new DeconzError({ type: 501, address: '/sensors' });
  if (services.sensors.hasUniqueid(input.uniqueid)) {
    throw new DeconzError({ type: 100, address: '/sensors', description: `sensor with uniqueid, ${input.uniqueid}, already exists` });
  }
  const table = CLIP_TYPES[input.type];
  if (!table) throw new DeconzError({ type: 7, address: '/sensors/type', params: { name: 'type', value: input.type } });
  const sensor: ClipSensorInput = {
    ...input,
    state: checked(table.state, input.state, '/sensors/state'),
    config: checked(table.config, input.config, '/sensors/config'),
  };
  const id = await services.sensors.createClip(sensor);
  c.get('logger').info({ sensor: id, type: input.type }, 'CLIP sensor created');
  return sendJson(c, [{ success: { id } }]);
}

function parseObject(text: string): Record<string, unknown> {
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw invalidJson('/sensors');
  }
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalidJson('/sensors');
  return body as Record<string, unknown>;
}

/** The items of a `state`/`config` object, or the first item error (400). */
function checked(table: Parameters<typeof checkItems>[0], items: Record<string, unknown> | undefined, base: string) {
  if (!items) return undefined;
  const results = checkItems(table, items, base, CONFIG_ALIASES);
  const failed = results.find((result) => !result.ok);
  if (failed && !failed.ok) throw new DeconzError(failed.error);
  return Object.fromEntries(results.map((result) => [result.item, result.ok ? result.value : undefined]));
}
