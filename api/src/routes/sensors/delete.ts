import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { readBodyText } from '../../lib/read-body';
import { sendJson } from '../../lib/respond';
import { invalidJson, validateBody } from '../../lib/validate';
import { findSensor, requireWritten } from './lookup';
import { deleteSensorSchema } from './schemas';

/**
 * `DELETE /sensors/<id>` with an optional `{"reset": bool}`. A CLIP sensor is removed; a device
 * sensor is marked deleted (its id stays taken, a rejoin brings it back). With `reset` true the
 * device is first asked to leave through the bridge, and a refusal is the answer (nothing deleted).
 */
export async function deleteSensor(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const record = findSensor(services, c.req.param('id') ?? '');
  const base = `/sensors/${record.id}`;
  const text = await readBodyText(c.req.raw, base);
  let body: unknown = {};
  if (text.trim() !== '') {
    try {
      body = JSON.parse(text);
    } catch {
      throw invalidJson(base);
    }
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw invalidJson(base);
  }
  const unknown = Object.keys(body as object).find((key) => key !== 'reset');
  if (unknown) throw new DeconzError({ type: 6, address: `${base}/${unknown}`, params: { name: unknown } });
  const { reset } = validateBody(deleteSensorSchema, body, { base });
  requireWritten(await services.sensors.remove(record, reset === true), record.id);
  c.get('logger').info({ sensor: record.id, kind: record.kind, reset: reset === true }, 'sensor deleted');
  return sendJson(c, [{ success: reset === undefined ? { id: record.id } : { [`${base}/reset`]: reset } }]);
}
