import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { readBodyBytes } from '../../lib/read-body';
import { sendJson } from '../../lib/respond';
import { BundleFormatError } from '../../resources/ddf/riff-reader';

/** Request sizes deCONZ accepts for an upload (its Content-Length window). */
export const MIN_UPLOAD_BYTES = 32;
export const MAX_UPLOAD_BYTES = 512_000;
const ADDRESS = '/ddf/bundles';

const invalid = (reason: string) => new DeconzError({ type: 12, address: ADDRESS, description: `body contains invalid DDF bundle(s) data: ${reason}` });

/** The one file part named `ddfbundle` of a multipart/form-data body. */
async function bundlePart(c: Context<AppEnv>): Promise<Uint8Array> {
  const type = c.req.header('Content-Type') ?? '';
  if (!/^multipart\/form-data;.*boundary=/i.test(type)) throw invalid('expected multipart/form-data with a boundary');
  const body = await readBodyBytes(c.req.raw, MAX_UPLOAD_BYTES, () => invalid(`more than ${MAX_UPLOAD_BYTES} bytes`));
  if (body.length < MIN_UPLOAD_BYTES) throw invalid(`${body.length} bytes is too short`);
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'Content-Type': type } }).formData();
  } catch {
    throw invalid('the multipart body cannot be parsed');
  }
  const parts = form.getAll('ddfbundle');
  if (parts.length !== 1 || typeof parts[0] === 'string') throw invalid('expected exactly one file part named ddfbundle');
  const others = [...form.keys()].filter((key) => key !== 'ddfbundle');
  if (others.length > 0) throw invalid('one bundle per request, and nothing else');
  return new Uint8Array(await (parts[0] as Blob).arrayBuffer());
}

/**
 * `POST /ddf/bundles`: a bundle is checked completely (structure, descriptor, main DDF, every
 * signature) before it is stored; a bad one is 400 type 12 and stores nothing. Stored bundles are
 * immutable: the same bundle again answers the same id. Devices the bundle now applies to (by
 * their policy) are reloaded through the bridge, and their `ddf_hash` change is pushed.
 */
export async function uploadBundle(c: Context<AppEnv>): Promise<Response> {
  const services = c.get('services');
  const bytes = await bundlePart(c);
  const before = services.devices.snapshot();
  let added: Awaited<ReturnType<typeof services.ddf.add>>;
  try {
    added = await services.ddf.add(bytes, services.clock.now());
  } catch (err) {
    if (err instanceof BundleFormatError) {
      c.get('logger').info({ reason: err.message }, 'refused a DDF bundle');
      throw invalid(err.message);
    }
    throw err;
  }
  const { bundle } = added;
  const reloaded = services.devices.bundleAdded(before);
  for (const mac of reloaded) {
    const ieee = services.devices.entry(mac)?.description.ieee;
    // The answer does not wait for sleepy devices; a failure is only logged.
    if (ieee)
      void services.bridge.request('device/refresh', { ieee }).then((outcome) => {
        if (outcome.status === 'error') c.get('logger').info({ mac, code: outcome.code }, 'reload after a bundle upload failed');
      });
  }
  return sendJson(c, [{ success: { id: bundle.hash, signatures: bundle.signatures } }]);
}
