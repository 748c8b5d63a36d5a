import { ERROR_CATALOGUE, describeError, type ErrorType } from './catalogue';

/** One element of a deCONZ error array: `{"error":{"address","description","type"}}`. */
export interface ErrorItem {
  type: ErrorType;
  address: string;
  description: string;
}

/** A success element; deCONZ puts a map or, for some deletes, a plain string in `success`. */
export type SuccessItem = Record<string, unknown> | string;

export type ResultItem = { error: ErrorItem } | { success: SuccessItem };

export interface ErrorItemInput {
  type: ErrorType;
  address: string;
  /** Values for the description template (`name`, `value`, `path`, `method`, `reason`). */
  params?: Record<string, string>;
  /** Replaces the template when an endpoint has its own wording. */
  description?: string;
}

export function errorItem(input: ErrorItemInput): ErrorItem {
  return {
    type: input.type,
    address: input.address,
    description: input.description ?? describeError(input.type, input.params),
  };
}

/**
 * The one error type route code throws. deCONZ answers per parameter and mixes success entries
 * with errors, so the error carries a list of result items plus the HTTP status to answer with.
 */
export class DeconzError extends Error {
  readonly items: ResultItem[];
  readonly status: number;

  constructor(errors: ErrorItemInput | ErrorItemInput[], options: { status?: number; successes?: SuccessItem[] } = {}) {
    const list = (Array.isArray(errors) ? errors : [errors]).map(errorItem);
    if (list.length === 0) throw new TypeError('DeconzError needs at least one error item');
    super(list.map((e) => `${e.type} ${e.address}: ${e.description}`).join('; '));
    this.name = 'DeconzError';
    const first = list[0];
    this.status = options.status ?? (first ? ERROR_CATALOGUE[first.type].status : 500);
    this.items = [...(options.successes ?? []).map((success) => ({ success })), ...list.map((error) => ({ error }))];
  }
}
