import * as v from 'valibot';
import { errorResponse, type ErrorResponse, type Transaction } from './envelope';
import { transactionSchema } from './schemas/common';

export type Decoded<T> = { ok: true; value: T } | { ok: false; response: ErrorResponse };

const decoder = new TextDecoder('utf-8', { fatal: true });

function parseJson(raw: string | Uint8Array): { ok: true; json: unknown } | { ok: false; message: string } {
  try {
    const text = typeof raw === 'string' ? raw : decoder.decode(raw);
    return { ok: true, json: JSON.parse(text) };
  } catch (error) {
    return { ok: false, message: `payload is not valid JSON: ${(error as Error).message}` };
  }
}

/** Echo the caller's transaction even when the rest of the payload is wrong. */
function findTransaction(json: unknown): Transaction | undefined {
  if (typeof json !== 'object' || json === null || !('transaction' in json)) return undefined;
  const result = v.safeParse(transactionSchema, json.transaction);
  return result.success ? result.output : undefined;
}

const describe = (value: unknown) => {
  const text = JSON.stringify(value);
  return text === undefined ? String(value) : text.length > 40 ? `${text.slice(0, 37)}...` : text;
};

/** Turn the first valibot issue into one sentence naming the field and what was expected. */
function explain(issue: v.BaseIssue<unknown>): { message: string; field?: string } {
  const field = v.getDotPath(issue) ?? undefined;
  // strictObject reports an unknown key as a key that was expected to be `never`.
  if (issue.type === 'strict_object' && issue.expected === 'never') {
    return { field: field ?? undefined, message: `${field}: unknown parameter` };
  }
  if (issue.kind === 'schema' && issue.input === undefined && field) {
    return { field, message: `${field}: missing parameter` };
  }
  const message = `${issue.message}, got ${describe(issue.input)}`;
  return field ? { field, message: `${field}: ${message}` } : { message };
}

/**
 * Validate an inbound payload (raw MQTT bytes, a string, or already-parsed JSON when `raw` is
 * neither). Never throws: a bad payload comes back as a ready-to-publish error response.
 */
export function decodePayload<S extends v.GenericSchema>(schema: S, raw: string | Uint8Array | { json: unknown }): Decoded<v.InferOutput<S>> {
  const parsed = typeof raw === 'string' || raw instanceof Uint8Array ? parseJson(raw) : { ok: true as const, json: raw.json };
  if (!parsed.ok) return { ok: false, response: errorResponse(undefined, 'invalid_json', parsed.message) };
  // Every payload of the contract is a JSON object; valibot would let an array through as one.
  if (typeof parsed.json !== 'object' || parsed.json === null || Array.isArray(parsed.json)) {
    return { ok: false, response: errorResponse(undefined, 'invalid_payload', 'expected a JSON object') };
  }
  const transaction = findTransaction(parsed.json);
  const result = v.safeParse(schema, parsed.json);
  if (result.success) return { ok: true, value: result.output };
  const { message, field } = explain(result.issues[0]);
  return { ok: false, response: errorResponse(transaction, 'invalid_payload', message, field) };
}
