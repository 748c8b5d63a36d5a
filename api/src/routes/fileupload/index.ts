import { Hono, type Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { sendJson } from '../../lib/respond';
import { uploadedBytes } from '../config/upload-body';

const ADDRESS = '/fileupload';

/**
 * `POST /api/<key>/fileupload`: the first step of deCONZ's restore, keeping the file (multipart or
 * the body) for the next `POST /config/import` (for ten minutes). deCONZ takes it without a key
 * at `/api/fileupload`; herdgate asks for one, or anyone on the network could swap the file an
 * administrator is about to import.
 */
async function upload(c: Context<AppEnv>): Promise<Response> {
  const bytes = await uploadedBytes(c.req.raw, ADDRESS);
  if (bytes.length === 0) throw new DeconzError({ type: 5, address: ADDRESS, description: 'no file in the body' });
  c.get('services').restores.keepUpload(bytes);
  c.get('logger').info({ bytes: bytes.length }, 'restore: file uploaded, waiting for POST /config/import');
  return sendJson(c, [{ success: { [ADDRESS]: 'success' } }]);
}

export const fileuploadRoutes = new Hono<AppEnv>().post('/', upload);
