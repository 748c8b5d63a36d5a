/**
 * The control API's one error type, one renderer and one validation wrapper (valibot issues become a
 * 400 naming the field).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import * as v from 'valibot';

export class ControlError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export function sendJson(res: ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

export function renderError(res: ServerResponse, error: unknown): void {
  if (error instanceof ControlError) return sendJson(res, error.status, { error: error.message });
  sendJson(res, 500, { error: `internal error: ${error instanceof Error ? error.message : String(error)}` });
}

const MAX_BODY = 64 * 1024;

/** Reads a JSON body (any content type); empty = `{}`. */
export async function readJson(req: IncomingMessage): Promise<unknown> {
  let size = 0;
  const chunks: Buffer[] = [];
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY) throw new ControlError(413, `body larger than ${MAX_BODY} bytes`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8').trim();
  if (text === '') return {};
  try {
    return JSON.parse(text);
  } catch {
    throw new ControlError(400, 'body is not valid JSON');
  }
}

export function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  const issue = result.issues[0];
  const path = issue.path?.map((p) => String(p.key)).join('.') || 'body';
  throw new ControlError(400, `${path}: ${issue.message}`);
}

export const ieeeSchema = v.pipe(
  v.string(),
  v.regex(/^(0x)?[0-9a-fA-F]{16}$/, 'expected 16 hex digits'),
  v.transform((s) => s.replace(/^0x/, '').toLowerCase()),
);
