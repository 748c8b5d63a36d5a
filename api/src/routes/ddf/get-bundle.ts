import type { Context } from 'hono';
import type { AppEnv } from '../../context';
import { notAvailable } from '../devices/lookup';

/** `GET /ddf/bundles/<hash>`: the stored file, as a download named `<hash>.ddb`. Bad hash: 400. */
export function getBundle(c: Context<AppEnv>): Response {
  const raw = c.req.param('hash') ?? '';
  if (!/^[0-9a-fA-F]{64}$/.test(raw)) return c.body(null, 400);
  const hash = raw.toLowerCase();
  const bundle = c.get('services').ddf.get(hash);
  if (!bundle) throw notAvailable(`/ddf/bundles/${raw}`);
  return c.body(bundle.bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': `attachment; filename="${hash}.ddb"`,
  });
}
