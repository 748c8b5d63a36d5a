/**
 * The Worker the workerd half of the test suite runs (`wrangler.test.toml`): the production entry
 * with a manual clock and `/__test/…` routes that move it and run what it made due, as the Node
 * test gateway's `ManualClock` and `settle()` do in process; `/__test/logs` hands out the log
 * records so far (the Node test gateway captures its logger the same way), and the test routes of
 * helpers/test-routes.ts. This file is bundled only by the test config; the production build
 * (`wrangler.toml`) never contains these routes.
 */
import type { DurableObjectState } from '@cloudflare/workers-types';
import worker from '../../src/runtime/worker';
import { GatewayObject as ProductionGatewayObject, type WorkerVars } from '../../src/runtime/worker-gateway';
import { ManualClock } from '../../src/services/clock';
import { TEST_CLOCK_START } from '../helpers/test-clock';
import { addTestRoutes } from '../helpers/test-routes';

/** Log records kept for `/__test/logs`; the oldest go first past this many. */
const KEPT_LOG_RECORDS = 2_000;

/**
 * `HERDGATE_TEST_CLOCK=manual` (what the conformance harness passes): the manual clock and its
 * routes. Otherwise the system clock, for tests of what real time does (timers on alarms).
 */
export class GatewayObject extends ProductionGatewayObject {
  private readonly clock: ManualClock | undefined;
  private readonly logs: object[];

  constructor(ctx: DurableObjectState, env: WorkerVars) {
    const clock = env.HERDGATE_TEST_CLOCK === 'manual' ? new ManualClock(TEST_CLOCK_START) : undefined;
    const logs: object[] = [];
    const logWrite = (record: object) => {
      console.log(JSON.stringify(record));
      if (logs.push(record) > KEPT_LOG_RECORDS) logs.shift();
    };
    super(ctx, env, { clock, logWrite, extraRoutes: addTestRoutes });
    this.clock = clock;
    this.logs = logs;
  }

  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (url.pathname === '/__test/logs') {
      await this.gateway().catch(() => undefined);
      return Response.json(this.logs);
    }
    if (!['/__test/clock', '/__test/settle', '/__test/idle'].includes(url.pathname) || !this.clock) return super.fetch(request);
    const { services } = await this.gateway();
    // Always read the body: one left unread stalls the next request on the connection.
    const move = (await request.json().catch(() => ({}))) as { set?: number; advance?: number };
    if (url.pathname === '/__test/clock' && request.method === 'POST') {
      if (typeof move.set === 'number') this.clock.set(move.set);
      if (typeof move.advance === 'number') this.clock.advance(move.advance);
    } else if (url.pathname === '/__test/settle' && request.method === 'POST') {
      // What the Node tests call in process: run what the clock made due and wait for its actions.
      await services.automation.tick();
      await services.automation.idle();
      await services.alarms.tick();
      services.sensors.tick();
    } else if (url.pathname === '/__test/idle' && request.method === 'POST') {
      // Wait for the rule actions and alarm transitions already started.
      await services.automation.idle();
      await services.alarms.idle();
    }
    return Response.json({ now: this.clock.now() });
  }
}

export default worker;
