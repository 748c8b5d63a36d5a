import { createClient } from '@libsql/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDeconzError } from '../helpers/conformance';
import { jsonInit, startTestGateway, type TestGateway } from '../helpers/gateway';
import { clipBody } from '../sensors/helpers';

/**
 * The database file locked by another process: writes answer busy, reads go on, and it recovers.
 * Node only: a Durable Object's storage has no file another process could lock.
 */
describe('database faults', () => {
  let gw: TestGateway;
  let key: string;
  let sensor: string;

  beforeAll(async () => {
    gw = await startTestGateway();
    key = await gw.createKey();
    const res = await gw.request(`/api/${key}/sensors`, jsonInit('POST', clipBody('CLIPGenericStatus', { name: 'before' })));
    sensor = ((await res.json()) as [{ success: { id: string } }])[0].success.id;
  });
  afterAll(async () => {
    await gw?.close();
  });
  const api = (path: string, init?: RequestInit) => gw.request(`/api/${key}${path}`, init);

  it('should answer writes 503 busy while another process holds the lock, keep serving reads, and carry on after', async () => {
    const other = createClient({ url: gw.databaseUrl });
    const lock = await other.transaction('write');
    await lock.execute("UPDATE settings SET value = value WHERE key = '@revision'");
    try {
      const refused = await api(`/sensors/${sensor}`, jsonInit('PUT', { name: 'during lock' }));
      await expectDeconzError(refused, 503, 951);
      const created = await api('/groups', jsonInit('POST', { name: 'during lock' }));
      await expectDeconzError(created, 503, 951);
      const read = await api(`/sensors/${sensor}`);
      expect(read.status).toBe(200);
      expect(((await read.json()) as { name: string }).name).toBe('before');
    } finally {
      await lock.rollback();
      other.close();
    }
    const after = await api(`/sensors/${sensor}`, jsonInit('PUT', { name: 'after lock' }));
    expect(after.status, await after.clone().text()).toBe(200);
    expect((await api('/groups', jsonInit('POST', { name: 'after lock' }))).status).toBe(200);
    gw = await gw.restart();
    expect(((await (await api(`/sensors/${sensor}`)).json()) as { name: string }).name).toBe('after lock');
    expect(Object.values((await (await api('/groups')).json()) as Record<string, { name: string }>).map((g) => g.name)).toEqual(['after lock']);
  });
});
