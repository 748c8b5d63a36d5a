/**
 * The Worker the workerd half of the test suite runs (`wrangler.test.toml`): the production entry
 * with a manual clock and `/__test/…` routes that move it and run what it made due, as the Node
 * test gateway's `ManualClock` and `settle()` do in process; `/__test/logs` hands out the log
 * records so far (the Node test gateway captures its logger the same way), and the test routes of
 * helpers/test-routes.ts. This file is bundled only by the test config; the production build
 * (`wrangler.toml`) never contains these routes.
 */
import type { DurableObjectNamespace, DurableObjectState } from '@cloudflare/workers-types';
import { GatewayObject as ProductionGatewayObject, type ObjectStart, type WorkerVars } from '../../src/runtime/worker/gateway';
import { ManualClock } from '../../src/services/clock';
import { TEST_CLOCK_START } from '../helpers/test-clock';
import { addTestRoutes } from '../helpers/test-routes';
import { OBJECT_PATH, VARS_HEADER, parseObjectPath } from '../helpers/edge-objects';

/** Log records kept for `/__test/logs`; the oldest go first past this many. */
const KEPT_LOG_RECORDS = 2_000;
/** Where an object keeps the settings it was first given, for a start no request carries them to (an alarm). */
const STORED_VARS = 'herdgate-test-vars';

/**
 * One Worker serves the whole suite: each test gateway is its own object (its own storage, models
 * and MQTT link), named with its settings in the path (`/__gw/<name>.<settings>/…`, see
 * helpers/edge-objects.ts). `HERDGATE_TEST_CLOCK=manual` (what the conformance harness passes):
 * the manual clock and its routes; otherwise the system clock, for tests of what real time does.
 * `/__test/restart` resets the object as the runtime does when it evicts one (the next request
 * starts it again from its storage); `/__test/close` also deletes its storage and alarm.
 */
export class GatewayObject extends ProductionGatewayObject {
  private clock: ManualClock | undefined;
  private readonly logs: object[] = [];
  private given: ((vars: WorkerVars) => void) | undefined;
  private readonly givenVars: Promise<WorkerVars>;

  constructor(ctx: DurableObjectState, env: WorkerVars) {
    super(ctx, env);
    this.givenVars = new Promise((resolve) => (this.given = resolve));
  }

  protected override async startWith(): Promise<ObjectStart> {
    // A request brought the settings (always, through the Worker below), or an alarm woke the object.
    const own = this.given ? ((await this.ctx.storage.get<WorkerVars>(STORED_VARS)) ?? (await this.givenVars)) : await this.givenVars;
    const vars = { ...this.env, ...own };
    this.clock = vars.HERDGATE_TEST_CLOCK === 'manual' ? new ManualClock(TEST_CLOCK_START) : undefined;
    const logWrite = (record: object) => {
      console.log(JSON.stringify(record));
      if (this.logs.push(record) > KEPT_LOG_RECORDS) this.logs.shift();
    };
    return { vars, options: { clock: this.clock, logWrite, extraRoutes: addTestRoutes } };
  }

  override async fetch(request: Request): Promise<Response> {
    const header = request.headers.get(VARS_HEADER);
    if (header !== null && this.given) {
      const vars = JSON.parse(header) as WorkerVars;
      await this.ctx.storage.put(STORED_VARS, vars);
      this.given(vars);
      this.given = undefined;
    }
    const url = new URL(request.url);
    if (url.pathname === '/__test/restart' || url.pathname === '/__test/close') {
      await request.arrayBuffer();
      if (url.pathname === '/__test/close') {
        await this.ctx.storage.deleteAlarm();
        await this.ctx.storage.deleteAll();
      }
      // An evicted object's connections end with it; ctx.abort leaves this instance's MQTT
      // WebSocket open until it is collected, beside the new instance's, on a loaded machine for
      // longer than a test waits. Closed first, as the runtime's eviction would.
      const started = await this.gateway().catch(() => undefined);
      await started?.bridge.close().catch(() => undefined);
      // Throws: this request fails, the next one meets a new instance of the object.
      this.ctx.abort(url.pathname);
    }
    if (url.pathname === '/__test/logs') {
      await this.gateway().catch(() => undefined);
      return Response.json(this.logs);
    }
    if (!['/__test/clock', '/__test/settle', '/__test/idle'].includes(url.pathname)) return super.fetch(request);
    const { services } = await this.gateway();
    if (!this.clock) return super.fetch(request);
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

interface TestWorkerEnv {
  GATEWAY: DurableObjectNamespace;
}

/** Routes `/__gw/<name>.<settings>/<path>` to that object with its settings; anything else to the production object's name. */
export default {
  fetch(request: Request, env: TestWorkerEnv): Promise<Response> {
    const url = new URL(request.url);
    const object = parseObjectPath(url.pathname);
    if (object) url.pathname = object.path;
    const headers = new Headers(request.headers);
    headers.set(VARS_HEADER, JSON.stringify(object?.vars ?? {}));
    const forwarded = new Request(url.href, { method: request.method, headers, body: request.body, redirect: 'manual' });
    const stub = env.GATEWAY.get(env.GATEWAY.idFromName(object?.name ?? OBJECT_PATH.defaultName));
    return stub.fetch(forwarded as never) as unknown as Promise<Response>;
  },
};
