import { beforeAll, expect, it } from 'vitest';
import { expectDeconzError } from './helpers/conformance';
import { BASIC_DEFAULT, jsonInit } from './helpers/gateway';
import { describeOnRuntimes } from './helpers/runtimes';

describeOnRuntimes('bad input', (gw) => {
  let key: string;
  beforeAll(async () => {
    key = await gw().createKey();
  });

  /**
   * Stored state a bad request must not touch (time fields excluded: the clock may move). The
   * config's ETag carries the store revision, which every committed write moves.
   */
  async function snapshot() {
    const res = await gw().request(`/api/${key}/config`);
    const config = (await res.json()) as Record<string, unknown>;
    return { config: { ...config, UTC: 0, localtime: 0 }, etag: res.headers.get('etag') };
  }

  it('should refuse a body over 64 KiB with 413 and a clear message', async () => {
    const before = await snapshot();
    const huge = JSON.stringify({ name: 'x'.repeat(70 * 1024) });
    const body = await expectDeconzError(await gw().request(`/api/${key}/config`, jsonInit('PUT', huge)), 413, 2);
    expect(body[0]?.error.description).toMatch(/too large/);
    expect(await snapshot()).toEqual(before);
  });

  it('should refuse a large streamed body without a Content-Length', async () => {
    const chunk = new TextEncoder().encode(`{"name":"${'y'.repeat(16 * 1024)}`);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 8) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const res = await gw().request(`/api/${key}/config`, { method: 'PUT', body: stream, duplex: 'half' } as RequestInit);
    await expectDeconzError(res, 413, 2);
    // The refused body is read to its end: the next request on the same connection is answered.
    expect((await gw().request(`/api/${key}/config`)).status).toBe(200);
  });

  it('should reject oversized strings, wrong types and nesting with 400 and keep the data', async () => {
    const before = await snapshot();
    const cases: unknown[] = [
      { name: 'z'.repeat(10_000) },
      { name: ['list'] },
      { name: { nested: { deeper: true } } },
      { permitjoin: 1e308 },
      { groupdelay: '100' },
      { timezone: 'Europe/'.padEnd(200, 'x') },
    ];
    for (const body of cases) {
      const res = await gw().request(`/api/${key}/config`, jsonInit('PUT', body));
      expect(res.status, JSON.stringify(body).slice(0, 60)).toBe(400);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('should treat broken or non-object JSON as type 2', async () => {
    const before = await snapshot();
    for (const text of ['{', '}{', 'null', '123', '[{"name":"a"}]', '{"name":"a",}', '\u0000']) {
      await expectDeconzError(await gw().request(`/api/${key}/config`, jsonInit('PUT', text)), 400, 2);
    }
    expect(await snapshot()).toEqual(before);
  });

  it('should read JSON bodies whatever the Content-Type says', async () => {
    const res = await gw().request(`/api/${key}/config`, { method: 'PUT', headers: { 'Content-Type': 'text/plain' }, body: '{"name":"plain"}' });
    expect(await res.json()).toEqual([{ success: { '/config/name': 'plain' } }]);
  });

  it('should survive a key creation flood of bad bodies without storing anything', async () => {
    const before = await snapshot();
    const bodies = ['', '{', '{"devicetype":null}', '{"devicetype":"a","username":1}', JSON.stringify({ devicetype: 'a'.repeat(5000) })];
    const answers = await Promise.all(bodies.map((body) => gw().request('/api', jsonInit('POST', body, { Authorization: BASIC_DEFAULT }))));
    expect(answers.map((res) => res.status)).toEqual([400, 400, 400, 400, 400]);
    expect(await snapshot()).toEqual(before);
  });
});
