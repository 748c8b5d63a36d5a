/**
 * The Worker the workerd half of the test suite runs (`wrangler.test.toml`): the production entry
 * with one addition, a manual clock and `/__test/…` routes that move it and run what it made due,
 * as the Node test gateway's `ManualClock` and `settle()` do in process. This file is bundled only
 * by the test config; the production build (`wrangler.toml`) never contains these routes.
 */
import type { DurableObjectState } from '@cloudflare/workers-types';
import worker from '../../src/runtime/worker';
import { GatewayObject as ProductionGatewayObject, type WorkerVars } from '../../src/runtime/worker-gateway';
import { ManualClock } from '../../src/services/clock';
import { TEST_CLOCK_START } from '../helpers/test-clock';

/**
 * `HERDGATE_TEST_CLOCK=manual` (what the conformance harness passes): the manual clock and its
 * routes. Otherwise the system clock, for tests of what real time does (timers on alarms).
 */
export class GatewayObject extends ProductionGatewayObject {
  private readonly clock: ManualClock | undefined;

  constructor(ctx: DurableObjectState, env: WorkerVars) {
    const clock = env.HERDGATE_TEST_CLOCK === 'manual' ? new ManualClock(TEST_CLOCK_START) : undefined;
    super(ctx, env, { clock });
    this.clock = clock;
  }

  override async fetch(request: Request): Promise<Response> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith('/__test/') || !this.clock) return super.fetch(request);
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
    } else if (url.pathname === '/__test/idle' && request.method === 'POST') {
      // Wait for the rule actions and alarm transitions already started.
      await services.automation.idle();
      await services.alarms.idle();
    } else if (url.pathname !== '/__test/clock') {
      return new Response('unknown test route', { status: 404 });
    }
    return Response.json({ now: this.clock.now() });
  }
}

export default worker;
