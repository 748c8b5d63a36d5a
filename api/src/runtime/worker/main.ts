/**
 * The api as a Cloudflare Worker (workerd): `wrangler dev` runs it locally (`npm run start:edge`),
 * `wrangler deploy` puts it in an account (infra/cloudflare.md). Every request, WebSocket upgrades
 * included, goes to the one gateway Durable Object, which holds the model Node keeps in memory.
 */
import type { DurableObjectNamespace } from '@cloudflare/workers-types';

export { GatewayObject } from './gateway';

interface WorkerEnv {
  GATEWAY: DurableObjectNamespace;
}

/** The one object every request goes to: a single writer, as the Node process is. */
const GATEWAY_OBJECT_NAME = 'gateway';

export default {
  fetch(request: Request, env: WorkerEnv): Promise<Response> {
    const gateway = env.GATEWAY.get(env.GATEWAY.idFromName(GATEWAY_OBJECT_NAME));
    return gateway.fetch(request as never) as unknown as Promise<Response>;
  },
};
