import { DeconzError } from '@herdgate/shared/errors';
import { readBodyBytes } from '../../lib/read-body';

/** Largest backup or deCONZ export accepted (a large home's archive is a few MiB). */
export const MAX_UPLOAD_BYTES = 64 * 1024 * 1024;

/**
 * The file of an upload: the body itself (`curl --data-binary @file`), or the first file of a
 * multipart form (`curl -F file=@file`, a browser form). Empty when nothing was sent.
 */
export async function uploadedBytes(request: Request, address: string): Promise<Uint8Array> {
  const tooLarge = () => new DeconzError({ type: 2, address, description: `body too large, the limit is ${MAX_UPLOAD_BYTES} bytes` }, { status: 413 });
  const type = request.headers.get('Content-Type') ?? '';
  if (!type.toLowerCase().startsWith('multipart/form-data')) return readBodyBytes(request, MAX_UPLOAD_BYTES, tooLarge);
  if (Number(request.headers.get('Content-Length') ?? '0') > MAX_UPLOAD_BYTES) throw tooLarge();
  let form: FormData;
  try {
    form = await request.formData();
  } catch {
    throw new DeconzError({ type: 2, address, description: 'the multipart body cannot be read' });
  }
  for (const value of form.values()) {
    if (typeof value !== 'string') return new Uint8Array(await value.arrayBuffer());
  }
  return new Uint8Array(0);
}
