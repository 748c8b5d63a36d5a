import { DeconzError } from '@herdgate/shared/errors';

/** Largest request body accepted; deCONZ bodies are a few hundred bytes, rule bodies a few KiB. */
export const MAX_BODY_BYTES = 64 * 1024;

function tooLarge(address: string, limit: number): DeconzError {
  return new DeconzError({ type: 2, address, description: `body too large, the limit is ${limit} bytes` }, { status: 413 });
}

/**
 * Read the body as UTF-8 text whatever the Content-Type says (clients do not always send a JSON
 * one), refusing more than `limit` bytes without buffering them.
 */
export async function readBodyText(request: Request, address: string, limit = MAX_BODY_BYTES): Promise<string> {
  return new TextDecoder().decode(await readBodyBytes(request, limit, () => tooLarge(address, limit)));
}

/**
 * How much of a refused body is read and thrown away before giving up on it. A body left half read
 * leaves the connection out of step on workerd (the next request on it never gets an answer, where
 * Node drains the rest itself); reading on to the end keeps it usable. A client sending more than
 * this is cut off instead.
 */
const DISCARD_BYTES = 1024 * 1024;

/** Reads `reader` to its end without keeping anything, or cancels it after `DISCARD_BYTES`. */
async function discard(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return;
    size += value.byteLength;
    if (size > DISCARD_BYTES) {
      await reader.cancel().catch(() => undefined);
      return;
    }
  }
}

/** The body's bytes, refusing more than `limit` without buffering them (`refuse` makes the error). */
export async function readBodyBytes(request: Request, limit: number, refuse: () => Error): Promise<Uint8Array<ArrayBuffer>> {
  const declared = Number(request.headers.get('Content-Length') ?? '0');
  if (declared > limit) throw refuse();
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await discard(reader).catch(() => undefined);
      throw refuse();
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}
