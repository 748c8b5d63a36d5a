import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXAMPLE_BRIDGE, examples } from '@herdgate/shared/mqtt';
import type { MemoryTransport } from '../src/bridge-link';
import { jsonInit, startTestGateway, startGatewayWithMemoryBridge, type TestGateway } from './helpers/gateway';

type Json = Record<string, unknown>;
type Whitelist = Record<string, { 'last use date': string }>;

/**
 * `GET /config`, `GET /api/config` and `GET /api/<key>` serve cached bodies; every input of those
 * bodies must still show at once. Each test changes one input and reads all three routes.
 */
describe('config body cache', () => {
  let gw: TestGateway;
  let key: string;
  const read = async (path: string): Promise<Json> => (await gw.request(path)).json() as Promise<Json>;
  const config = (as = key) => read(`/api/${as}/config`);
  const stateConfig = async (as = key) => (await read(`/api/${as}`)).config as Json;

  beforeAll(async () => {
    gw = await startTestGateway();
    key = await gw.createKey('cache-a');
  });
  afterAll(async () => {
    await gw.close();
  });

  it('should advance UTC and localtime with the clock and keep them within a second', async () => {
    expect((await gw.request(`/api/${key}/config`, jsonInit('PUT', { timezone: 'Asia/Tokyo' }))).status).toBe(200);
    gw.clock.set(Date.UTC(2026, 0, 15, 12, 0, 0, 100));
    const first = await config();
    expect(first).toMatchObject({ UTC: '2026-01-15T12:00:00', localtime: '2026-01-15T21:00:00' });
    gw.clock.advance(800);
    expect(await config()).toMatchObject({ UTC: '2026-01-15T12:00:00', localtime: '2026-01-15T21:00:00' });
    gw.clock.advance(200);
    expect(await config()).toMatchObject({ UTC: '2026-01-15T12:00:01', localtime: '2026-01-15T21:00:01' });
    expect(await stateConfig()).toMatchObject({ UTC: '2026-01-15T12:00:01', localtime: '2026-01-15T21:00:01' });
    gw.clock.advance(3_600_000);
    expect(await stateConfig()).toMatchObject({ UTC: '2026-01-15T13:00:01', localtime: '2026-01-15T22:00:01' });
    expect(await config()).toMatchObject({ UTC: '2026-01-15T13:00:01', localtime: '2026-01-15T22:00:01' });
  });

  it('should show a settings change in the full, public and full-state config at once', async () => {
    await config();
    await read('/api/config');
    await stateConfig();
    expect((await gw.request(`/api/${key}/config`, jsonInit('PUT', { name: 'renamed', timeformat: '12h' }))).status).toBe(200);
    expect(await config()).toMatchObject({ name: 'renamed', timeformat: '12h' });
    expect(await read('/api/config')).toMatchObject({ name: 'renamed' });
    expect(await read('/api/not-a-key/config')).toMatchObject({ name: 'renamed' });
    expect(await stateConfig()).toMatchObject({ name: 'renamed', timeformat: '12h' });
  });

  it("should show another key's use in the same second", async () => {
    const other = await gw.createKey('cache-b');
    gw.clock.advance(5_000);
    const shown = (await config()).whitelist as Whitelist;
    const now = shown[key]!['last use date'];
    expect(shown[other]!['last use date']).not.toBe(now);
    // `other` is used in the same second: only the key-use counter tells the cache.
    expect(((await config(other)).whitelist as Whitelist)[other]!['last use date']).toBe(now);
    expect(((await stateConfig()).whitelist as Whitelist)[other]!['last use date']).toBe(now);
    expect(((await config()).whitelist as Whitelist)[other]!['last use date']).toBe(now);
  });

  it('should show a new and a deleted key', async () => {
    const added = await gw.createKey('cache-c');
    expect((await config()).whitelist).toHaveProperty(added);
    expect(await stateConfig()).toHaveProperty(['whitelist', added]);
    expect((await gw.request(`/api/${key}/config/whitelist/${added}`, { method: 'DELETE' })).status).toBe(200);
    expect((await config()).whitelist).not.toHaveProperty(added);
    expect((await stateConfig()).whitelist).not.toHaveProperty(added);
  });

  it('should follow the unlock window, which is no store write', async () => {
    expect(await config()).toMatchObject({ linkbutton: false });
    const revision = gw.gateway.services.store.revision();
    expect((await gw.request(`/api/${key}/config`, jsonInit('PUT', { unlock: 60 }))).status).toBe(200);
    expect(gw.gateway.services.store.revision()).toBe(revision);
    expect(await config()).toMatchObject({ linkbutton: true });
    expect(await stateConfig()).toMatchObject({ linkbutton: true });
    gw.clock.advance(61_000);
    expect(await config()).toMatchObject({ linkbutton: false });
    expect(await stateConfig()).toMatchObject({ linkbutton: false });
  });

  it('should show a resource change in the full state', async () => {
    const before = await read(`/api/${key}`);
    const res = await gw.request(`/api/${key}/sensors`, jsonInit('POST', {
      name: 'cached', type: 'CLIPPresence', modelid: 'm', swversion: '1', manufacturername: 'herdgate tests', uniqueid: 'config-cache-1',
    }));
    const [{ success }] = (await res.json()) as [{ success: { id: string } }];
    const after = await read(`/api/${key}`);
    expect(before.sensors).not.toHaveProperty(success.id);
    expect(after.sensors).toHaveProperty([success.id, 'name'], 'cached');
  });
});

describe('config body cache with a bridge', () => {
  let gw: TestGateway;
  let key: string;
  let transport: MemoryTransport;
  const bridgeTopic = (leaf: string) => `herdgate/bridge/${EXAMPLE_BRIDGE}/${leaf}`;
  const read = async (path: string): Promise<Json> => (await gw.request(path)).json() as Promise<Json>;

  beforeAll(async () => {
    ({ gw, transport } = await startGatewayWithMemoryBridge());
    key = await gw.createKey();
  });
  afterAll(async () => {
    await gw.close();
  });

  it('should show radio facts the bridge reports within the same second, without a store write', async () => {
    const before = await read(`/api/${key}/config`);
    expect(before).toMatchObject({ rfconnected: false });
    expect((await read('/api/config')).bridgeid).toBe(before.bridgeid);
    transport.deliver(bridgeTopic('state'), { state: 'online' });
    transport.deliver(bridgeTopic('info'), examples.bridgeInfo);
    const online = { bridgeid: EXAMPLE_BRIDGE, rfconnected: true, fwversion: '0x26720700', permitjoin: 57 };
    expect(await read(`/api/${key}/config`)).toMatchObject(online);
    expect((await read(`/api/${key}`)).config).toMatchObject(online);
    expect(await read('/api/config')).toMatchObject({ bridgeid: EXAMPLE_BRIDGE });

    // Identity facts are remembered in the database; link state and the join window are not.
    const revision = gw.gateway.services.store.revision();
    const info = examples.bridgeInfo;
    transport.deliver(bridgeTopic('info'), { ...info, permit_join: { open: false, remaining: 0 }, rfconnected: false });
    const changed = { permitjoin: 0, rfconnected: false };
    expect(await read(`/api/${key}/config`)).toMatchObject(changed);
    expect((await read(`/api/${key}`)).config).toMatchObject(changed);
    expect(gw.gateway.services.store.revision()).toBe(revision);

    transport.deliver(bridgeTopic('info'), { ...info, coordinator: { ...info.coordinator, firmware: '0x26780700' } });
    expect(await read(`/api/${key}/config`)).toMatchObject({ fwversion: '0x26780700', rfconnected: true });
    expect((await read(`/api/${key}`)).config).toMatchObject({ fwversion: '0x26780700', rfconnected: true });
  });

  it('should count permitjoin down with the clock', async () => {
    transport.deliver(bridgeTopic('info'), examples.bridgeInfo);
    expect(await read(`/api/${key}/config`)).toMatchObject({ permitjoin: 57 });
    gw.clock.advance(2_000);
    expect(await read(`/api/${key}/config`)).toMatchObject({ permitjoin: 55 });
    expect((await read(`/api/${key}`)).config).toMatchObject({ permitjoin: 55 });
  });
});
