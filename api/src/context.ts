import type { Logger } from 'pino';
import type { Services } from './services/types';

/** The one Hono environment every route and middleware is typed with. */
export interface AppEnv {
  Variables: {
    services: Services;
    /** From the caller's `X-Request-Id` or generated; echoed and in every log line. */
    requestId: string;
    /** The services logger bound to this request. */
    logger: Logger;
    /** The authenticated API key (set by `requireKey` on `/api/<key>/…`). */
    apiKey: string;
    /** The peer's IP address where the runtime knows it; undefined for the gateway's own requests. */
    clientAddress: string | undefined;
  };
}
