/**
 * Running a rule's actions (deconz-behavior.md §7 "Execution"): in order, each as an internal REST
 * call under the rule owner's key through the gateway's own app, or as a webhook for `http(s)`
 * addresses. A failed action stops the ones after it, as in deCONZ.
 */
import type { Logger } from 'pino';
import type { InternalRequests } from '../internal-requests';
import type { RuleAction, RuleRecord } from './repository';
import { refuseWebhookTarget, type ResolveHost } from '../../security/webhook-target';
import { platformTimers, type Timers } from '../../services/timers';

export interface ActionRunnerDeps {
  internal: InternalRequests;
  logger: Logger;
  /** Platform `fetch`; injectable for runtimes without one. */
  fetch: typeof fetch;
  webhookTimeoutMs: number;
  /** What ends a webhook's wait after `webhookTimeoutMs` (default: platform timers; tests fire it). */
  timers?: Timers;
  /** `WEBHOOK_ALLOW_LOCAL`: let webhooks reach loopback and link-local addresses. */
  webhookAllowLocal?: boolean;
  /** Name resolution for the webhook check (Node); without it only literal addresses are checked. */
  resolveHost?: ResolveHost;
}

export interface ActionsOutcome {
  /** Actions that completed; fewer than the rule has means one failed and stopped the rest. */
  completed: number;
  failure?: string;
}

export const isWebhook = (address: string): boolean => /^https?:\/\//i.test(address);

export async function runActions(rule: RuleRecord, deps: ActionRunnerDeps, requestId: string): Promise<ActionsOutcome> {
  let completed = 0;
  for (const [index, action] of rule.actions.entries()) {
    const failure = await runAction(rule, action, deps, `${requestId}-a${index}`);
    if (failure) {
      deps.logger.warn({ rule: rule.id, action: index, address: action.address, failure }, 'rule action failed; later actions skipped');
      return { completed, failure };
    }
    completed += 1;
  }
  return { completed };
}

async function runAction(rule: RuleRecord, action: RuleAction, deps: ActionRunnerDeps, requestId: string): Promise<string | undefined> {
  try {
    if (isWebhook(action.address)) return await callWebhook(action, deps);
    // A GET has no effect worth running; deCONZ accepts it and does nothing.
    if (action.method === 'GET') return undefined;
    const result = await deps.internal.send(action.method, `/api/${rule.owner}${action.address}`, action.body, requestId);
    return result.status === 200 ? undefined : `answered ${result.status} ${JSON.stringify(result.body).slice(0, 300)}`;
  } catch (error) {
    return describeError(error);
  }
}

/** The message with its causes: `fetch` says only "fetch failed" and keeps the reason in `cause`. */
function describeError(error: unknown): string {
  if (!(error instanceof Error)) return String(error);
  return error.cause === undefined ? error.message : `${error.message}: ${describeError(error.cause)}`;
}

async function callWebhook(action: RuleAction, deps: ActionRunnerDeps): Promise<string | undefined> {
  if (!deps.webhookAllowLocal) {
    const refused = await refuseWebhookTarget(action.address, deps.resolveHost);
    if (refused) return `webhook refused: ${refused} (WEBHOOK_ALLOW_LOCAL=1 allows it)`;
  }
  const timers = deps.timers ?? platformTimers;
  const deadline = new AbortController();
  const timer = timers.set(() => deadline.abort(new DOMException(`webhook timeout after ${deps.webhookTimeoutMs} ms`, 'TimeoutError')), deps.webhookTimeoutMs);
  // Redirects are not followed: the next hop is a target the check above never saw.
  const init: RequestInit = { method: action.method, headers: { 'Content-Type': 'application/json' }, signal: deadline.signal, redirect: 'manual' };
  if (action.method !== 'GET') init.body = JSON.stringify(action.body);
  try {
    const response = await deps.fetch(action.address, init);
    // Drain the body so the connection can be reused.
    await response.arrayBuffer().catch(() => undefined);
    if (response.status >= 300 && response.status < 400) return `webhook answered ${response.status}; redirects are not followed`;
    return response.ok ? undefined : `webhook answered ${response.status}`;
  } finally {
    timers.clear(timer);
  }
}
