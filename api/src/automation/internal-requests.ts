/**
 * Requests the gateway makes to itself (rule actions, schedule commands): they go through the same
 * Hono app as a client's, key check, validation and all, so an action can do exactly what its owner
 * could do over HTTP and nothing more. The app factory binds the app; no module global involved.
 */
export type AppFetch = (request: Request) => Response | Promise<Response>;

export interface InternalResult {
  status: number;
  body: unknown;
}

/** The origin of the gateway's own requests, so a route can tell them from a client's. */
export const INTERNAL_ORIGIN = 'http://gateway.internal';

export function isInternalRequest(request: Request): boolean {
  return new URL(request.url).origin === INTERNAL_ORIGIN;
}

export class InternalRequests {
  private fetcher: AppFetch | undefined;

  bind(fetcher: AppFetch): void {
    this.fetcher = fetcher;
  }

  /** `path` is the full path (`/api/<key>/groups/1/action`); the body is sent as JSON. */
  async send(method: string, path: string, body: unknown, requestId: string): Promise<InternalResult> {
    if (!this.fetcher) throw new Error('internal requests are not bound to an app');
    const init: RequestInit = { method, headers: { 'Content-Type': 'application/json', 'X-Request-Id': requestId } };
    if (method !== 'GET' && method !== 'DELETE') init.body = JSON.stringify(body ?? {});
    const response = await this.fetcher(new Request(`${INTERNAL_ORIGIN}${path}`, init));
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // Not JSON: keep the text for the log.
    }
    return { status: response.status, body: parsed };
  }
}
