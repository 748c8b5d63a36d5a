import { randomBytes } from 'node:crypto';
import { inject } from 'vitest';
import { objectPrefix } from './edge-objects';
import { startTestWorker, type TestWorker } from './edge-worker';

declare module 'vitest' {
  interface ProvidedContext {
    /** The origins of the test Workers the edge project's global setup started, one per test process. */
    edgeWorkers: string[];
  }
}

/** The api on workerd: one gateway object of the suite's test Worker (the same build `npm run start:edge` runs). */
export interface EdgeGateway {
  /** `http://127.0.0.1:<port>/__gw/<object>`: the object's own prefix on the shared Worker. */
  base: string;
  port: number;
  /** Reset the object as the runtime does when it evicts one; it starts again on the same storage. */
  restart(): Promise<EdgeGateway>;
  /** Stop the object and delete its storage. */
  close(): Promise<void>;
}

/** A file run outside the edge project (no global setup) starts a Worker of its own, once per process. */
let ownWorker: Promise<TestWorker> | undefined;
function workerOrigin(): Promise<string> {
  let provided: string[] | undefined;
  try {
    provided = inject('edgeWorkers');
  } catch {
    provided = undefined;
  }
  if (provided && provided.length > 0) {
    const pool = Number(process.env.VITEST_POOL_ID ?? '1');
    return Promise.resolve(provided[(Math.max(pool, 1) - 1) % provided.length]!);
  }
  ownWorker ??= startTestWorker().then((worker) => {
    process.once('beforeExit', () => void worker.dispose());
    return worker;
  });
  return ownWorker.then((worker) => worker.origin);
}

/**
 * A gateway on the suite's test Worker: a Durable Object of its own with a fresh storage and `vars` as
 * its settings (the api's vars, e.g. `{ MQTT_URL: 'none' }`). No Worker starts per gateway.
 */
export async function startEdgeGateway(vars: Record<string, string> = {}): Promise<EdgeGateway> {
  const origin = await workerOrigin();
  const name = `gw-${process.pid}-${randomBytes(6).toString('hex')}`;
  const base = `${origin}${objectPrefix(name, { MQTT_URL: 'none', RELEASES_URL: 'none', LOG_LEVEL: 'warn', ...vars })}`;
  const hook = (path: string) => fetch(`${base}/__test/${path}`, { method: 'POST', signal: AbortSignal.timeout(30_000) }).then((res) => res.arrayBuffer());
  // The object starts (migrations, models) on its first request; on a loaded machine that can
  // take several seconds, which no test's own request bound should have to absorb.
  const warm = () => fetch(`${base}/api/config`, { signal: AbortSignal.timeout(60_000) }).then((res) => res.arrayBuffer());
  await warm();
  const gateway: EdgeGateway = {
    base,
    port: Number(new URL(origin).port),
    async restart() {
      await hook('restart');
      await warm();
      return gateway;
    },
    async close() {
      await hook('close');
    },
  };
  return gateway;
}
