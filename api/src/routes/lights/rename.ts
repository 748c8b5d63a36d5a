import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { parseBody } from '../../lib/validate';
import { lightNotFound, requireLight } from './lookup';
import { renameLightSchema } from './schemas';

/**
 * `PUT|PATCH /lights/<id>`: rename. The name lives in the gateway database (so it survives a
 * restart of either process); an empty name falls back to the id, as deCONZ does.
 */
export async function renameLight(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const entry = requireLight(c);
  const base = `/lights/${entry.row.id}`;
  const input = await parseBody(c.req.raw, renameLightSchema, { base });
  const name = input.name === '' ? entry.row.id : input.name;
  const release = services.lights.gate.hold(entry.row.id);
  try {
    if (!(await services.lights.rename(entry, name))) throw lightNotFound(entry.row.id);
  } finally {
    release();
  }
  c.header('ETag', `"${entry.etag}"`);
  return sendJson(c, [{ success: { [`${base}/name`]: name } }]);
}
