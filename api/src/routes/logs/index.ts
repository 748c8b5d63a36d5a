import { Hono, type Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import { isLogLevel, type LogQuery } from '@herdgate/shared/log';
import { IEEE_PATTERN } from '@herdgate/shared/mqtt';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';

const ADDRESS = '/logs';
const MAX_LIMIT = 500;

function invalid(name: string, value: string): DeconzError {
  return new DeconzError({ type: 7, address: `${ADDRESS}/${name}`, params: { name, value } });
}

function readQuery(c: Context<AppEnv>): LogQuery {
  const query: LogQuery = {};
  const level = c.req.query('level');
  if (level !== undefined) {
    if (!isLogLevel(level)) throw invalid('level', level);
    query.level = level;
  }
  for (const name of ['after', 'limit'] as const) {
    const raw = c.req.query(name);
    if (raw === undefined) continue;
    if (!/^[0-9]{1,9}$/.test(raw) || (name === 'limit' && (Number(raw) < 1 || Number(raw) > MAX_LIMIT))) throw invalid(name, raw);
    query[name] = Number(raw);
  }
  const device = c.req.query('device');
  if (device !== undefined) {
    // The REST form (`00:15:8d:…`) or herdsman's (`0x00158d…`).
    const ieee = /^([0-9a-f]{2}:){7}[0-9a-f]{2}$/i.test(device) ? `0x${device.replaceAll(':', '').toLowerCase()}` : device.toLowerCase();
    if (!IEEE_PATTERN.test(ieee)) throw invalid('device', device);
    query.ieee = ieee;
  }
  return query;
}

/**
 * `GET /api/<key>/logs[?level=warn|error|fatal&after=<id>&limit=<n>&device=<mac>]` (a herdgate
 * extension): the warnings and errors the api and the bridge wrote recently, newest first, from
 * memory. `after` returns only what came since the entry a client last saw.
 */
export const logsRoutes = new Hono<AppEnv>().get('/', (c) => sendJson(c, c.get('services').logs.entries(readQuery(c))));
