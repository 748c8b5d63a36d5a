import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Child } from './helpers/child-process';
import { startApiProcess } from './helpers/processes';
import { randomBetween, writeStorm } from './helpers/write-storm';

const BASIC = `Basic ${Buffer.from('delight:delight').toString('base64')}`;

/**
 * The api process killed with SIGKILL at random moments while hundreds of writes are in flight:
 * every write it acknowledged must be there after the restart (durable before acknowledged), and
 * the crash must not open the password-reset window.
 */
describe('api killed with SIGKILL', () => {
  let dir: string;
  let api: Child | undefined;
  let base = '';

  async function startApi(): Promise<void> {
    const started = await startApiProcess(`file:${join(dir, 'herdgate.db')}`);
    api = started.child;
    base = started.base;
  }
  const request = (path: string, init?: RequestInit) => fetch(base + path, { ...init, signal: AbortSignal.timeout(10_000) });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'herdgate-kill9-'));
    await startApi();
  });
  afterAll(async () => {
    await api?.stop();
    await rm(dir, { recursive: true, force: true });
  });

  it('should keep every acknowledged write across kills at random points of a write storm', async () => {
    const created = await request('/api', { method: 'POST', headers: { Authorization: BASIC }, body: JSON.stringify({ devicetype: 'kill9#test' }) });
    const key = ((await created.json()) as [{ success: { username: string } }])[0].success.username;
    /** Acknowledged state: sensor id → the name the last acknowledged write gave it. */
    const acked = new Map<string, string>();
    /** Sensors with a rename in flight when the process died: either name is right. */
    const uncertain = new Map<string, string>();
    const ackedGroups = new Set<string>();
    let writes = 0;

    for (let round = 0; round < 2; round++) {
      const storm = await writeStorm({
        workers: 16,
        killAfterAcks: randomBetween(150, 250),
        kill: () => api!.kill(),
        async write(worker, i) {
          const tag = `r${round}w${worker}i${i}`;
          if (i % 3 === 2 && acked.size > 0) {
            const ids = [...acked.keys()];
            const id = ids[(worker * 7 + i) % ids.length]!;
            uncertain.set(id, tag);
            const res = await request(`/api/${key}/sensors/${id}`, { method: 'PUT', body: JSON.stringify({ name: tag }) });
            if (res.status !== 200) return false;
            acked.set(id, tag);
            uncertain.delete(id);
            return true;
          }
          if (i % 5 === 4) {
            const res = await request(`/api/${key}/groups`, { method: 'POST', body: JSON.stringify({ name: tag }) });
            if (res.status === 200) ackedGroups.add(tag);
            return res.status === 200;
          }
          const body = { name: tag, modelid: 'kill9', swversion: '1', type: 'CLIPGenericFlag', uniqueid: `kill9-${tag}`, manufacturername: 'tests' };
          const res = await request(`/api/${key}/sensors`, { method: 'POST', body: JSON.stringify(body) });
          if (res.status !== 200) return false;
          acked.set(((await res.json()) as [{ success: { id: string } }])[0].success.id, tag);
          return true;
        },
      });
      writes += storm.writes;
      await startApi();
      const sensors = (await (await request(`/api/${key}/sensors`)).json()) as Record<string, { name: string }>;
      for (const [id, name] of acked) {
        expect(sensors[id], `sensor ${id} (${name}) after round ${round}`).toBeDefined();
        const allowed = [name, uncertain.get(id)].filter((n) => n !== undefined);
        expect(allowed, `sensor ${id} after round ${round}`).toContain(sensors[id]!.name);
        acked.set(id, sensors[id]!.name);
      }
      uncertain.clear();
      const groups = Object.values((await (await request(`/api/${key}/groups`)).json()) as Record<string, { name: string }>).map((g) => g.name);
      for (const name of ackedGroups) expect(groups, `group ${name} after round ${round}`).toContain(name);
      // A crash is not an operator's start: the reset window stays shut.
      expect((await request('/api/config/password', { method: 'DELETE' })).status).toBe(403);
    }
    expect(writes).toBeGreaterThan(300);
  }, 120_000);
});
