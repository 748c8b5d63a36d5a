import { beforeAll, expect, it } from 'vitest';
import { clipBody } from './sensors/helpers';
import { jsonInit, startTestGateway } from './helpers/gateway';
import { describeOnRuntimes } from './helpers/runtimes';

/** A small deterministic PRNG, so a failure names a seed that reproduces it. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Bodies no route can take as valid: broken JSON, non-objects, wrong types, hostile keys, oversize. */
const BODIES: readonly string[] = [
  '{',
  '}',
  '{"a":',
  'null',
  '[]',
  '[1,2,3]',
  '"text"',
  '42',
  '-0',
  'true',
  '\u0000',
  'ÿþ',
  '\ud800',
  '{"name":12345}',
  '{"name":null,"on":"yes","bri":-5}',
  '{"name":[],"lights":{},"type":7}',
  '{"__proto__":{"polluted":true},"name":1}',
  '{"constructor":{"prototype":{"x":1}},"name":{}}',
  '{"transitiontime":1e309,"name":false}',
  '{"on":true,"on":"twice","name":0}',
  '{"bri":NaN}',
  '{"conditions":"all","actions":5,"name":1}',
  '{"command":[],"time":12,"name":true}',
  `{"name":${'['.repeat(3000)}${']'.repeat(3000)}}`,
  `{"name":"${'x'.repeat(70 * 1024)}"}`,
  '{"lights":["1","1","1",null],"name":{}}',
  '{"code0":1234,"name":[]}',
  '{"unlock":"60","name":1}',
  '{"devicetype":42}',
  '{"username":"short","devicetype":null}',
  '{"oldhash":1,"newhash":[]}',
];
/**
 * A failure is an unhandled error (901 "can't process request", which the renderer gives every
 * unknown throw) or any 5xx other than the deliberate ones: 503 for a radio this test runs without
 * (950, 951, touchlink's "not connected") and 501 for `POST /alarmsystems`, which deCONZ answers so.
 */
function isFailure(status: number, text: string): boolean {
  if (status < 500) return false;
  if (text.includes("can't process request")) return true;
  return status !== 501 && status !== 503;
}

/** Ids that name nothing or are not ids at all. */
const BAD_IDS = ['0x1', '-1', '99999', '18446744073709551616', 'abc', '%00', '..', 'A'.repeat(300), '1.5', '%F0%9F%92%A9'];
const METHODS = ['GET', 'PUT', 'PATCH', 'POST', 'DELETE'] as const;

/**
 * The routes to fuzz: the shared app's route table (the same code on both runtimes), read from a
 * Node gateway built for that alone.
 */
let routes: string[] = [];
beforeAll(async () => {
  const table = await startTestGateway();
  try {
    routes = [...new Set(table.gateway.app.routes.filter((r) => r.path.startsWith('/api') && r.method !== 'ALL').map((r) => `${r.method} ${r.path}`))];
  } finally {
    await table.close();
  }
});

/** Requests per runtime: the full run on Node, a lighter pass through the Worker (each request crosses two hops there). */
const REQUESTS = { node: 2000, workerd: 600 };

describeOnRuntimes('REST fuzz', (gw) => {
  let key: string;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    key = await gw().createKey();
    const post = async (path: string, body: unknown) =>
      ((await (await gw().request(`/api/${key}${path}`, jsonInit('POST', body))).json()) as [{ success: { id: string } }])[0].success.id;
    ids.sensor = await post('/sensors', clipBody('CLIPGenericStatus'));
    ids.group = await post('/groups', { name: 'fuzz' });
    ids.rule = await post('/rules', {
      name: 'fuzz',
      conditions: [{ address: `/sensors/${ids.sensor}/state/status`, operator: 'dx' }],
      actions: [{ address: `/groups/${ids.group}/action`, method: 'PUT', body: { on: true } }],
    });
    ids.schedule = await post('/schedules', {
      name: 'fuzz',
      time: 'PT01:00:00',
      command: { address: `/api/${key}/groups/${ids.group}/action`, method: 'PUT', body: { on: true } },
    });
    // The password-reset window of this fresh database is closed, so that route must refuse too.
    await gw().clock.advance(11 * 60 * 1000);
  });

  it('should answer thousands of malformed requests on every route without a 5xx, a crash or a change', async () => {
    const seed = Number(process.env.FUZZ_SEED ?? Date.now() % 1_000_000);
    const random = prng(seed);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
    expect(routes.length).toBeGreaterThan(50);
    const total = REQUESTS[gw().runtime];
    const revision = await storeTag();
    const before = await snapshot();
    const failures: string[] = [];
    const statuses = new Map<number, number>();
    let sent = 0;

    const one = async () => {
      const [routeMethod, template] = pick(routes).split(' ') as [string, string];
      const method = random() < 0.8 ? routeMethod : pick(METHODS);
      // DELETE and other body-less actions must not name a real resource: a garbage body does not make them invalid.
      const real = method !== 'DELETE' && random() < 0.7;
      const path = template.replace(/:(\w+)/g, (_, param: string) => {
        if (param === 'key') return random() < 0.9 ? key : pick(BAD_IDS);
        if (!real) return pick(BAD_IDS);
        if (param === 'id')
          return ids[
            template.includes('/sensors/') ? 'sensor' : template.includes('/rules/') ? 'rule' : template.includes('/schedules/') ? 'schedule' : 'group'
          ]!;
        return pick(BAD_IDS);
      });
      const body = method === 'GET' ? undefined : pick(BODIES);
      const init: RequestInit = { method, body, headers: random() < 0.5 ? { 'Content-Type': 'application/json' } : {} };
      // On Node through `app.request()`: thousands of loopback fetches from the shared test process
      // took 45-80 s there (7 s alone); the HTTP path itself is the parity files' to prove.
      const node = gw().node;
      const res = node ? await node.gateway.app.request(path, init) : await gw().request(path, init);
      const text = await res.text();
      sent += 1;
      statuses.set(res.status, (statuses.get(res.status) ?? 0) + 1);
      if (isFailure(res.status, text))
        failures.push(`${method} ${path.slice(0, 120)} ${JSON.stringify(body)?.slice(0, 80)} → ${res.status} ${text.slice(0, 200)}`);
    };
    const workers = Array.from({ length: 8 }, async () => {
      for (let i = 0; i < total / 8; i++) await one();
    });
    await Promise.all(workers);

    expect(failures, `seed ${seed}: ${failures.slice(0, 5).join('\n')}`).toEqual([]);
    expect(sent).toBe(total);
    expect(await storeTag(), `seed ${seed}: a malformed request changed stored state`).toBe(revision);
    expect(await snapshot(), `seed ${seed}`).toEqual(before);
  }, 120_000);

  /**
   * The schedules' ETag: the store revision alone, which every committed write moves (the config's
   * also follows the update check, which `POST /config/update` runs with any body).
   */
  async function storeTag(): Promise<string | null> {
    return (await gw().request(`/api/${key}/schedules`)).headers.get('etag');
  }

  /**
   * The full state without what moves by itself (clock, key last use) and when updates were last
   * looked for (`POST /config/update` takes no body, as in deCONZ, so any body runs the check).
   */
  async function snapshot(): Promise<unknown> {
    const state = (await (await gw().request(`/api/${key}`)).json()) as { config: Record<string, unknown> };
    const { localtime: _l, UTC: _u, whitelist: _w, swupdate: _s, swupdate2: _s2, ...config } = state.config;
    return { ...state, config };
  }
});
