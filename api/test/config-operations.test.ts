import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectDeconzError } from './helpers/conformance';
import { jsonInit } from './helpers/gateway';
import { describeOnRuntimes, describeOnRuntimesWithBridge, RUNTIMES, startRuntimeGateway } from './helpers/runtimes';

/**
 * Gateway operations and setting effects through HTTP on both runtimes, with a scripted bridge on a
 * real broker (helpers/test-bridge.ts) and a stub npm registry on loopback (workerd's fetch reaches
 * it as Node's does). The same operations against the real bridge: test/gateway-network.test.ts.
 */
let registry: Server;
let tags: Record<string, string>;
let asked = 0;
const releasesUrl = () => `http://127.0.0.1:${(registry.address() as AddressInfo).port}/-/package/herdgate/dist-tags`;

beforeAll(async () => {
  registry = createServer((_req, res) => {
    asked += 1;
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(tags));
  });
  await new Promise<void>((resolve) => registry.listen(0, '127.0.0.1', resolve));
});
afterAll(async () => {
  await new Promise((resolve) => registry.close(resolve));
});

describeOnRuntimes(
  'config update check',
  (gw) => {
    let key: string;
    const config = async () => (await gw().request(`/api/${key}/config`)).json() as Promise<Record<string, any>>;
    const post = (path: string, body?: unknown) => gw().request(`/api/${key}${path}`, jsonInit('POST', body ?? ''));
    const put = (body: unknown) => gw().request(`/api/${key}/config`, jsonInit('PUT', body));

    beforeAll(async () => {
      asked = 0;
      key = await gw().createKey();
    });

    it('should answer the running version and no update while the registry knows nothing newer', async () => {
      tags = { latest: '0.0.9' };
      const res = await post('/config/update');
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual([{ success: { '/config/update': '0.1.0' } }]);
      const { swupdate, swupdate2 } = await config();
      expect(swupdate).toMatchObject({ notify: false, updatestate: 0, devicetypes: { bridge: false } });
      expect(swupdate2).toMatchObject({ state: 'noupdates', bridge: { state: 'noupdates' }, lastchange: '2026-01-15T12:00:00' });
    });

    it('should say a newer release is ready in swupdate and swupdate2, following the update channel', async () => {
      tags = { latest: '0.2.0', beta: '0.3.0-beta.1' };
      expect(await (await post('/config/update')).json()).toEqual([{ success: { '/config/update': '0.2.0' } }]);
      const { swupdate, swupdate2 } = await config();
      expect(swupdate).toMatchObject({ notify: true, updatestate: 2, devicetypes: { bridge: true }, url: 'https://www.npmjs.com/package/herdgate' });
      expect(swupdate.text).toContain('herdgate 0.2.0 is available');
      expect(swupdate2).toMatchObject({ state: 'allreadytoinstall', bridge: { state: 'allreadytoinstall' } });
      expect((await put({ updatechannel: 'beta' })).status).toBe(200);
      expect(await (await post('/config/update')).json()).toEqual([{ success: { '/config/update': '0.3.0-beta.1' } }]);
      await put({ updatechannel: 'stable' });
    });

    it('should refuse the operations without a valid key', async () => {
      for (const path of ['/config/update', '/config/updatefirmware', '/config/reset']) {
        await expectDeconzError(await gw().request(`/api/nokey${path}`, { method: 'POST' }), 403, 1);
      }
    });

    it('should have asked the registry for every update check and nothing else', () => {
      expect(asked).toBe(3);
    });
  },
  RUNTIMES,
  () => ({ RELEASES_URL: releasesUrl() }),
);

describe.each(RUNTIMES)('config update check with the registry unreachable, on $runtime', (target) => {
  it('should answer the running version', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as AddressInfo).port;
    await new Promise((resolve) => closed.close(resolve));
    const offline = await startRuntimeGateway(target, { RELEASES_URL: `http://127.0.0.1:${port}/dist-tags` });
    try {
      const k = await offline.createKey();
      const res = await offline.request(`/api/${k}/config/update`, { method: 'POST' });
      expect(await res.json()).toEqual([{ success: { '/config/update': '0.1.0' } }]);
      const cfg = (await (await offline.request(`/api/${k}/config`)).json()) as Record<string, any>;
      expect(cfg.swupdate2.state).toBe('noupdates');
    } finally {
      await offline.close();
    }
  }, 60_000);
});

describeOnRuntimesWithBridge('config operations', (gw, bridge) => {
  let key: string;
  const config = async () => (await gw().request(`/api/${key}/config`)).json() as Promise<Record<string, any>>;
  const post = (path: string, body?: unknown) => gw().request(`/api/${key}${path}`, jsonInit('POST', body ?? ''));
  const put = (body: unknown) => gw().request(`/api/${key}/config`, jsonInit('PUT', body));
  const lastRequest = () => bridge().requests.at(-1);

  beforeAll(async () => {
    key = await gw().createKey();
  });

  it('should hand a firmware update to the radio and report the version it runs', async () => {
    const res = await post('/config/updatefirmware');
    expect(res.status).toBe(200);
    // The firmware the bridge answers it runs after the update.
    expect(await res.json()).toEqual([{ success: { '/config/updatefirmware': '0x26790700' } }]);
    expect(lastRequest()).toEqual({ name: 'firmware/update', data: {} });
    expect(await config()).toMatchObject({ fwupdatestate: 'idle', fwversion: '0x26790700' });
  });

  it('should open searches for networkopenduration seconds (255 too), longer than one radio frame too', async () => {
    expect((await put({ networkopenduration: 90 })).status).toBe(200);
    expect(await (await post('/sensors')).json()).toEqual([{ success: { '/sensors': 'Searching for new devices', '/sensors/duration': 90 } }]);
    expect(lastRequest()).toEqual({ name: 'permit_join', data: { time: 90 } });
    expect(await (await post('/lights')).json()).toEqual([{ success: { '/lights': 'Searching for new devices', '/lights/duration': 90 } }]);
    expect(lastRequest()).toEqual({ name: 'permit_join', data: { time: 90 } });
    expect(await (await put({ permitjoin: 255 })).json()).toEqual([{ success: { '/config/permitjoin': 255 } }]);
    expect(lastRequest()).toEqual({ name: 'permit_join', data: { time: 90 } });
    // Longer than one radio frame: the bridge keeps it open for all of it.
    await put({ networkopenduration: 600 });
    await post('/lights');
    expect(lastRequest()).toEqual({ name: 'permit_join', data: { time: 600 } });
    await put({ networkopenduration: 60 });
  });

  it('should hand groupdelay and otauactive to the bridge and report OTA honestly', async () => {
    expect((await put({ groupdelay: 400, otauactive: true })).status).toBe(200);
    expect(lastRequest()).toEqual({ name: 'options', data: { group_delay_ms: 400, ota: true, light_lastseen_s: 60 } });
    expect(await config()).toMatchObject({ groupdelay: 400, otauactive: true, otaustate: 'idle' });
    await put({ otauactive: false, groupdelay: 50 });
    expect(await config()).toMatchObject({ otauactive: false, otaustate: 'off', groupdelay: 50 });
  });

  it('should report ntp, discovery and updatechannel', async () => {
    await put({ discovery: true, updatechannel: 'alpha' });
    const cfg = await config();
    expect(['synced', 'unsynced']).toContain(cfg.ntp);
    expect(cfg).toMatchObject({ discovery: true, updatechannel: 'alpha' });
    await put({ discovery: false, updatechannel: 'stable' });
  });

  it('should refuse bad values of every operational setting and keep the stored ones', async () => {
    const before = await config();
    const cases: [Record<string, unknown>, string][] = [
      [{ zigbeechannel: 12 }, 'zigbeechannel'],
      [{ rfconnected: 'off' }, 'rfconnected'],
      [{ groupdelay: 5001 }, 'groupdelay'],
      [{ networkopenduration: 0 }, 'networkopenduration'],
      [{ lightlastseeninterval: 0 }, 'lightlastseeninterval'],
      [{ otauactive: 1 }, 'otauactive'],
      [{ discovery: 'yes' }, 'discovery'],
      [{ updatechannel: 'nightly' }, 'updatechannel'],
      [{ timeformat: '25h' }, 'timeformat'],
      [{ timezone: 'Mars/Olympus' }, 'timezone'],
      [{ permitjoin: 256 }, 'permitjoin'],
    ];
    const commands = bridge().requests.length;
    for (const [body, name] of cases) {
      const res = await put(body);
      expect(res.status, name).toBe(400);
      const [entry] = (await res.json()) as [{ error: { type: number; address: string } }];
      expect(entry.error).toMatchObject({ type: 7, address: `/config/${name}` });
    }
    expect(bridge().requests.length).toBe(commands);
    const after = await config();
    for (const name of [
      'zigbeechannel',
      'rfconnected',
      'groupdelay',
      'networkopenduration',
      'lightlastseeninterval',
      'otauactive',
      'updatechannel',
      'timeformat',
      'timezone',
    ]) {
      expect(after[name], name).toEqual(before[name]);
    }
  });

  it('should form a new network on resetGW, with deleteDB too, and refuse bad bodies without doing anything', async () => {
    const res = await post('/config/reset', { resetGW: true });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual([{ success: { '/config/reset': 'success' } }]);
    expect(lastRequest()).toEqual({ name: 'network/reset', data: {} });
    const commands = bridge().requests.length;
    const both = await post('/config/reset', { resetGW: true, deleteDB: true });
    expect(await both.json()).toEqual([{ success: { '/config/reset': 'success' } }]);
    // The network first, then the options the emptied settings give the bridge (the alarm system
    // loaded again also hands the bridge its keypad key and state).
    const radio = bridge()
      .requests.slice(commands)
      .map((r) => r.name)
      .filter((name) => !name.startsWith('alarm/'));
    expect(radio).toEqual(['network/reset', 'options']);
    const after = bridge().requests.length;
    await expectDeconzError(await post('/config/reset', {}), 400, 5, '/config/reset');
    await expectDeconzError(await post('/config/reset', { resetGW: 'yes' }), 400, 7, '/config/reset/resetGW');
    await expectDeconzError(await post('/config/reset', { deleteDB: 1 }), 400, 7, '/config/reset/deleteDB');
    await expectDeconzError(await post('/config/reset', '{"resetGW":'), 400, 2);
    expect(bridge().requests.length).toBe(after);
  });
});
