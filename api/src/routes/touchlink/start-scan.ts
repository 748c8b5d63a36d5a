import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { touchlinkError } from './refusal';

/** `POST /touchlink/scan`: starts a scan over every channel (about 11 s) and answers 200 with no body at once. */
export function startScan(c: Context<AppEnv>): Response {
  const outcome = c.get('services').touchlink.startScan();
  if (!outcome.ok) throw touchlinkError('/touchlink/scan', outcome);
  return c.body(null, 200);
}
