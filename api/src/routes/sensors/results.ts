import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import { DeconzError, renderResultItems, type ResultItem } from '@herdgate/shared/errors';
import type { ConfigOutcome } from '../../resources/sensors';
import { sendJson } from '../../lib/respond';

/**
 * A per-item answer (`PUT /sensors/<id>/config`): successes and errors in body order. Like deCONZ
 * it is 200 when anything succeeded; when nothing did, it carries the first error's status, so a
 * request that changed nothing never looks like a success.
 */
export function sendItemResults(c: Context, base: string, outcomes: readonly ConfigOutcome[]): Response {
  const items: ResultItem[] = [];
  let firstError: DeconzError | undefined;
  for (const outcome of outcomes) {
    if (outcome.ok) {
      items.push({ success: { [`${base}/${outcome.item}`]: outcome.value } });
    } else {
      const error = new DeconzError(outcome.error);
      firstError ??= error;
      items.push(...error.items);
    }
  }
  const anySuccess = outcomes.some((outcome) => outcome.ok);
  const status = (anySuccess || !firstError ? 200 : firstError.status) as ContentfulStatusCode;
  return sendJson(c, renderResultItems(items), status);
}
