import { beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BRIDGE, examples, type BridgeInfo } from '@herdgate/shared/mqtt';
import { awaitJson, setBridgeOnline } from './helpers/bridge-devices';
import { jsonInit } from './helpers/gateway';
import { describeOnRuntimesWithBridge } from './helpers/runtimes';

type Json = Record<string, unknown>;
type Whitelist = Record<string, { 'last use date': string }>;

/**
 * `GET /config`, `GET /api/config` and `GET /api/<key>` serve cached bodies; every input of those
 * bodies must still show at once. Each test changes one input and reads all three routes.
 */
describeOnRuntimesWithBridge('config body cache', (gw, bridge) => {
  let key: string;
  const read = async (path: string): Promise<Json> => (await gw().request(path)).json() as Promise<Json>;
  const config = (as = key) => read(`/api/${as}/config`);
  const stateConfig = async (as = key) => (await read(`/api/${as}`)).config as Json;
  /** The schedules' ETag is the store revision alone: unchanged means nothing was written. */
  const storeTag = async () => (await gw().request(`/api/${key}/schedules`)).headers.get('etag');
  /** Waits until `/config` shows `fields`, then checks the full state's config shows them at once. */
  const shows = async (fields: Json) => {
    await awaitJson(gw(), key, '/config', (config: Json) => Object.entries(fields).every(([name, value]) => config[name] === value));
    expect((await read(`/api/${key}`)).config).toMatchObject(fields);
  };

  beforeAll(async () => {
    key = await gw().createKey('cache-a');
  });

  it('should advance UTC and localtime with the clock and keep them within a second', async () => {
    expect((await gw().request(`/api/${key}/config`, jsonInit('PUT', { timezone: 'Asia/Tokyo' }))).status).toBe(200);
    await gw().clock.set(Date.UTC(2026, 0, 15, 12, 0, 0, 100));
    const first = await config();
    expect(first).toMatchObject({ UTC: '2026-01-15T12:00:00', localtime: '2026-01-15T21:00:00' });
    await gw().clock.advance(800);
    expect(await config()).toMatchObject({ UTC: '2026-01-15T12:00:00', localtime: '2026-01-15T21:00:00' });
    await gw().clock.advance(200);
    expect(await config()).toMatchObject({ UTC: '2026-01-15T12:00:01', localtime: '2026-01-15T21:00:01' });
    expect(await stateConfig()).toMatchObject({ UTC: '2026-01-15T12:00:01', localtime: '2026-01-15T21:00:01' });
    await gw().clock.advance(3_600_000);
    expect(await stateConfig()).toMatchObject({ UTC: '2026-01-15T13:00:01', localtime: '2026-01-15T22:00:01' });
    expect(await config()).toMatchObject({ UTC: '2026-01-15T13:00:01', localtime: '2026-01-15T22:00:01' });
  });

  it('should show a settings change in the full, public and full-state config at once', async () => {
    await config();
    await read('/api/config');
    await stateConfig();
    expect((await gw().request(`/api/${key}/config`, jsonInit('PUT', { name: 'renamed', timeformat: '12h' }))).status).toBe(200);
    expect(await config()).toMatchObject({ name: 'renamed', timeformat: '12h' });
    expect(await read('/api/config')).toMatchObject({ name: 'renamed' });
    expect(await read('/api/not-a-key/config')).toMatchObject({ name: 'renamed' });
    expect(await stateConfig()).toMatchObject({ name: 'renamed', timeformat: '12h' });
  });

  it("should show another key's use in the same second", async () => {
    const other = await gw().createKey('cache-b');
    await gw().clock.advance(5_000);
    const shown = (await config()).whitelist as Whitelist;
    const now = shown[key]!['last use date'];
    expect(shown[other]!['last use date']).not.toBe(now);
    // `other` is used in the same second: only the key-use counter tells the cache.
    expect(((await config(other)).whitelist as Whitelist)[other]!['last use date']).toBe(now);
    expect(((await stateConfig()).whitelist as Whitelist)[other]!['last use date']).toBe(now);
    expect(((await config()).whitelist as Whitelist)[other]!['last use date']).toBe(now);
  });

  it('should show a new and a deleted key', async () => {
    const added = await gw().createKey('cache-c');
    expect((await config()).whitelist).toHaveProperty(added);
    expect(await stateConfig()).toHaveProperty(['whitelist', added]);
    expect((await gw().request(`/api/${key}/config/whitelist/${added}`, { method: 'DELETE' })).status).toBe(200);
    expect((await config()).whitelist).not.toHaveProperty(added);
    expect((await stateConfig()).whitelist).not.toHaveProperty(added);
  });

  it('should follow the unlock window, which is no store write', async () => {
    expect(await config()).toMatchObject({ linkbutton: false });
    const before = await storeTag();
    expect((await gw().request(`/api/${key}/config`, jsonInit('PUT', { unlock: 60 }))).status).toBe(200);
    expect(await config()).toMatchObject({ linkbutton: true });
    expect(await stateConfig()).toMatchObject({ linkbutton: true });
    await gw().clock.advance(61_000);
    expect(await config()).toMatchObject({ linkbutton: false });
    expect(await stateConfig()).toMatchObject({ linkbutton: false });
    expect(await storeTag()).toBe(before);
  });

  it('should show a resource change in the full state', async () => {
    const before = await read(`/api/${key}`);
    const res = await gw().request(
      `/api/${key}/sensors`,
      jsonInit('POST', {
        name: 'cached',
        type: 'CLIPPresence',
        modelid: 'm',
        swversion: '1',
        manufacturername: 'herdgate tests',
        uniqueid: 'config-cache-1',
      }),
    );
    const [{ success }] = (await res.json()) as [{ success: { id: string } }];
    const after = await read(`/api/${key}`);
    expect(before.sensors).not.toHaveProperty(success.id);
    expect(after.sensors).toHaveProperty([success.id, 'name'], 'cached');
  });

  // Radio facts come from the bridge, not the database.
  it('should show radio facts the bridge reports within the same second, without a store write', async () => {
    await setBridgeOnline(gw(), bridge(), key, false);
    const before = await read(`/api/${key}/config`);
    expect(before).toMatchObject({ rfconnected: false });
    expect((await read('/api/config')).bridgeid).toBe(before.bridgeid);
    await bridge().publishInfo(examples.bridgeInfo);
    await bridge().setOnline(true);
    const online = { bridgeid: EXAMPLE_BRIDGE, rfconnected: true, fwversion: '0x26720700', permitjoin: 57 };
    await shows(online);
    expect(await read('/api/config')).toMatchObject({ bridgeid: EXAMPLE_BRIDGE });

    // Identity facts are remembered in the database; link state and the join window are not.
    const tag = await storeTag();
    const info = examples.bridgeInfo;
    await bridge().publishInfo({ ...info, permit_join: { open: false, remaining: 0 }, rfconnected: false });
    await shows({ permitjoin: 0, rfconnected: false });
    expect(await storeTag()).toBe(tag);

    await bridge().publishInfo({ ...info, coordinator: { ...info.coordinator, firmware: '0x26780700' } });
    await shows({ fwversion: '0x26780700', rfconnected: true });
  });

  it('should count permitjoin down with the clock', async () => {
    await bridge().publishInfo(examples.bridgeInfo);
    await shows({ permitjoin: 57 });
    await gw().clock.advance(2_000);
    expect(await read(`/api/${key}/config`)).toMatchObject({ permitjoin: 55 });
    expect((await read(`/api/${key}`)).config).toMatchObject({ permitjoin: 55 });
  });

  /**
   * The config ETag (on `GET /config`, `GET /api/config` and the full state) is deCONZ's "something
   * the config shows changed" marker: every source of a change moves it, a stale `If-None-Match`
   * gets 200 with the new body, and only the clock fields (`UTC`, `localtime`) move without it.
   */
  describe('config ETag', () => {
    type Tags = { config: string; full: string };
    const get = (path: string, tag?: string) => gw().request(`/api/${key}${path}`, tag ? { headers: { 'If-None-Match': tag } } : {});
    const tags = async (): Promise<Tags> => ({ config: (await get('/config')).headers.get('etag')!, full: (await get('')).headers.get('etag')! });
    /** Both stale tags get 200 with `fields` in the (full state's) config and a new tag, which then gets 304. */
    const expectMoved = async (stale: Tags, fields: Json): Promise<Tags> => {
      const moved = { config: '', full: '' };
      for (const [path, name] of [
        ['/config', 'config'],
        ['', 'full'],
      ] as const) {
        const res = await get(path, stale[name]);
        expect(res.status, `${name} after a change`).toBe(200);
        const body = (await res.json()) as Json;
        expect(path === '' ? body.config : body).toMatchObject(fields);
        moved[name] = res.headers.get('etag')!;
        expect(moved[name], name).not.toBe(stale[name]);
        expect((await get(path, moved[name])).status, `${name} unchanged since`).toBe(304);
      }
      return moved;
    };
    const expectKept = async (current: Tags) => {
      expect((await get('/config', current.config)).status).toBe(304);
      expect((await get('', current.full)).status).toBe(304);
    };
    /** Publishes the bridge's info with `patch` and waits until `/config` shows `fields`. */
    const publish = async (patch: Partial<BridgeInfo>, fields: Json) => {
      await bridge().publishInfo({ ...examples.bridgeInfo, ...patch });
      await awaitJson(gw(), key, '/config', (config: Json) => Object.entries(fields).every(([name, value]) => config[name] === value));
    };

    beforeAll(async () => {
      await publish({ permit_join: { open: false, remaining: 0 } }, { permitjoin: 0, rfconnected: true });
    });

    it("should keep the tag while only the clock fields and the keys' last use change, and answer 304", async () => {
      const before = await tags();
      const publicTag = (await gw().request('/api/config')).headers.get('etag')!;
      const shown = async () => {
        const body = (await (await get('/config')).json()) as Json;
        return [body.UTC, (body.whitelist as Whitelist)[key]!['last use date']];
      };
      const [utc, used] = await shown();
      await gw().clock.advance(5_000);
      const [utcAfter, usedAfter] = await shown();
      expect(utcAfter).not.toBe(utc);
      expect(usedAfter).not.toBe(used);
      await expectKept(before);
      expect((await gw().request('/api/config', { headers: { 'If-None-Match': publicTag } })).status).toBe(304);
    });

    it('should move the tag when the bridge goes away and comes back (rfconnected)', async () => {
      let current = await tags();
      await setBridgeOnline(gw(), bridge(), key, false);
      current = await expectMoved(current, { rfconnected: false });
      await setBridgeOnline(gw(), bridge(), key, true);
      await expectMoved(current, { rfconnected: true });
    });

    it('should move the tag when a join window opens, every second it counts down, and when it closes', async () => {
      let current = await tags();
      await publish({ permit_join: { open: true, remaining: 3 } }, { permitjoin: 3 });
      current = await expectMoved(current, { permitjoin: 3, permitjoinfull: 3 });
      await gw().clock.advance(1_000);
      current = await expectMoved(current, { permitjoin: 2 });
      await gw().clock.advance(2_000);
      current = await expectMoved(current, { permitjoin: 0 });
      await gw().clock.advance(2_000);
      await expectKept(current);
    });

    it('should move the tag when the link button unlocks and locks again', async () => {
      let current = await tags();
      expect((await gw().request(`/api/${key}/config`, jsonInit('PUT', { unlock: 10 }))).status).toBe(200);
      current = await expectMoved(current, { linkbutton: true });
      await gw().clock.advance(11_000);
      await expectMoved(current, { linkbutton: false });
    });

    it('should move the tag when the radio reports another channel, PAN id or firmware', async () => {
      const info = examples.bridgeInfo;
      let current = await tags();
      await publish({ permit_join: { open: false, remaining: 0 }, network: { ...info.network, channel: 20, panid: 4321 } }, { zigbeechannel: 20, panid: 4321 });
      current = await expectMoved(current, { zigbeechannel: 20, panid: 4321 });
      await publish({ permit_join: { open: false, remaining: 0 }, coordinator: { ...info.coordinator, firmware: '0x26780700' } }, { fwversion: '0x26780700' });
      await expectMoved(current, { fwversion: '0x26780700' });
    });
  });
});
