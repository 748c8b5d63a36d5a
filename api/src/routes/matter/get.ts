import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { matterView } from './view';

/** `GET /matter`: pairing code, QR payload, port, commissioned, fabrics; 404 type 3 when MATTER is off. */
export function getMatter(c: Context<AppEnv>): Response {
  const status = c.get('services').bridge.matter();
  if (!status) throw new DeconzError({ type: 3, address: '/matter', params: { path: '/matter' } });
  return sendJson(c, matterView(status));
}
