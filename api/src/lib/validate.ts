import * as v from 'valibot';
import { DeconzError, type ErrorItemInput } from '@herdgate/shared/errors';
import { readBodyText } from './read-body';

export interface BodyOptions {
  /** Address prefix of parameter errors, e.g. `/config` gives `/config/name`. */
  base: string;
  /** Some endpoints (POST /api) report every body error at one fixed address. */
  fixedAddress?: string;
  /** Address of the invalid-JSON error (deCONZ uses `/` or the empty string per endpoint). */
  jsonAddress?: string;
}

/** The invalid-JSON error every endpoint shares (type 2). */
export function invalidJson(address: string): DeconzError {
  return new DeconzError({ type: 2, address });
}

/** Parse a request body as a JSON object; anything else is type 2, as in deCONZ. */
export async function readJsonObject(request: Request, address: string): Promise<Record<string, unknown>> {
  return parseJsonObject(await readBodyText(request, address), address);
}

/** A body text as a JSON object; anything else is type 2. */
export function parseJsonObject(text: string, address: string): Record<string, unknown> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalidJson(address);
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) throw invalidJson(address);
  return parsed as Record<string, unknown>;
}

function showValue(value: unknown): string {
  return typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
}

/** Map the first valibot issue to the deCONZ error clients expect: missing 5, unknown 6, bad value 7. */
export function issueToError(issue: v.BaseIssue<unknown>, options: BodyOptions): ErrorItemInput {
  const keys = (issue.path ?? []).map((item) => String(item.key));
  const name = keys.join('/');
  const address = options.fixedAddress ?? (keys.length ? `${options.base}/${name}` : options.base || '/');
  const last = issue.path?.[issue.path.length - 1];
  const isObjectIssue = issue.type === 'object' || issue.type === 'strict_object' || issue.type === 'loose_object';
  if (isObjectIssue && last?.origin === 'key' && issue.received === 'undefined') return { type: 5, address };
  if (isObjectIssue && issue.expected === 'never') return { type: 6, address, params: { name } };
  const value = last ? last.value : issue.input;
  return { type: 7, address, params: { name, value: showValue(value) } };
}

/** Validate an already parsed body; the first problem (in schema order) becomes the error. */
export function validateBody<S extends v.GenericSchema>(schema: S, body: unknown, options: BodyOptions): v.InferOutput<S> {
  const result = v.safeParse(schema, body, { abortEarly: true });
  if (result.success) return result.output;
  const [issue] = result.issues;
  throw new DeconzError(issueToError(issue, options));
}

/** The one way routes read a body: read text, parse JSON, validate with the route's schema. */
export async function parseBody<S extends v.GenericSchema>(request: Request, schema: S, options: BodyOptions): Promise<v.InferOutput<S>> {
  const body = await readJsonObject(request, options.jsonAddress ?? options.fixedAddress ?? options.base);
  return validateBody(schema, body, options);
}
