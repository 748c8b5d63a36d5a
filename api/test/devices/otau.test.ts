import { beforeAll, expect, it } from 'vitest';
import type { OtaState } from '@herdgate/shared/mqtt';
import { addDevice, awaitJson } from '../helpers/bridge-devices';
import { expectDeconzError } from '../helpers/conformance';
import { colorLamp, LAMP_STATE } from '../helpers/devices';
import { listenEvents } from '../helpers/events';
import { jsonInit } from '../helpers/gateway';
import { describeOnRuntimesWithBridge } from '../helpers/runtimes';

/**
 * Device firmware updates over REST (a herdgate extension) on a scripted bridge: `otau` in the
 * Device object from the bridge's retained ota topic, `POST /devices/<mac>/otau` turned into the
 * `device/ota` request with each outcome as its deCONZ error, progress as `changed` events for
 * clients that asked for device events, and `config.otaustate`. The real-stack test
 * (test/ota-stack.test.ts) runs an update end to end.
 */
const LAMP = colorLamp('0x0017880102a3b4c5', 'Desk lamp');
const MAC = '00:17:88:01:02:a3:b4:c5';
const PLAIN = colorLamp('0x0017880102a3b4c6', 'Old lamp');
const PLAIN_MAC = '00:17:88:01:02:a3:b4:c6';
const body = async (res: Response): Promise<any> => res.json();
const IDLE: OtaState = { state: 'available', installed: 100, available: 200, sleepy: false };

describeOnRuntimesWithBridge('device otau', (gw, bridge) => {
  let key: string;
  const api = (path: string, init?: RequestInit) => gw().request(`/api/${key}${path}`, init);
  const post = (mac: string, body: unknown) => api(`/devices/${mac}/otau`, jsonInit('POST', body));

  beforeAll(async () => {
    key = await gw().createKey();
    await addDevice(gw(), bridge(), key, LAMP, 11, LAMP_STATE);
    await addDevice(gw(), bridge(), key, PLAIN, 11, LAMP_STATE);
    await bridge().publishOta(LAMP.ieee, IDLE);
    await awaitJson(gw(), key, `/devices/${MAC}`, (d) => d.otau !== undefined);
  });

  it('should carry otau in the Device object only for a device with an OTA client', async () => {
    expect((await body(await api(`/devices/${MAC}`))).otau).toEqual({
      state: 'available',
      installed: 100,
      available: 200,
      progress: 0,
      remaining: 0,
      sleepy: false,
      lastresult: null,
    });
    expect((await body(await api(`/devices/${PLAIN_MAC}`))).otau).toBeUndefined();
  });

  it('should start an update through the bridge and push its progress to clients that asked for device events', async () => {
    const ws = await listenEvents(gw(), (event) => event.r === 'devices' && (event.attr as Record<string, unknown> | undefined)?.otau !== undefined, {
      extensions: true,
    });
    const plain = await listenEvents(gw(), () => true);
    bridge().requestScript.push({
      status: 'ok',
      data: { ieee: LAMP.ieee, action: 'update', ota: { ...IDLE, state: 'updating', progress: 0, size: 4000, sent: 0 } },
    });
    const res = await post(MAC, { action: 'update' });
    expect(res.status).toBe(200);
    expect(await body(res)).toEqual([{ success: { [`/devices/${MAC}/otau/action`]: 'update' } }, { success: { [`/devices/${MAC}/otau/state`]: 'updating' } }]);
    expect(bridge().requests.at(-1)).toEqual({ name: 'device/ota', data: { ieee: LAMP.ieee, action: 'update' } });
    await bridge().publishOta(LAMP.ieee, { ...IDLE, state: 'updating', progress: 42.5, remaining: 30, size: 4000, sent: 1700 });
    await ws.until((events) => events.some((e) => (e.attr as { otau: { progress: number } }).otau.progress === 42.5));
    expect(ws.events.at(-1)).toMatchObject({
      e: 'changed',
      r: 'devices',
      id: MAC,
      attr: { otau: { state: 'updating', progress: 42.5, remaining: 30, installed: 100, available: 200 } },
    });
    const config = await body(await api('/config'));
    expect(config.otaustate).toBe('busy');
    await bridge().publishOta(LAMP.ieee, { ...IDLE, state: 'idle', installed: 200, result: { ok: true, at: '2026-10-01T08:12:33.000Z', from: 100, to: 200 } });
    const done = await awaitJson(gw(), key, `/devices/${MAC}`, (d) => d.otau.state === 'idle');
    expect(done.otau).toMatchObject({ installed: 200, progress: 0, lastresult: { ok: true, from: 100, to: 200 } });
    expect((await body(await api('/config'))).otaustate).toBe(config.otauactive ? 'idle' : 'off');
    expect(plain.events.some((e) => e.r === 'devices')).toBe(false);
    ws.close();
    plain.close();
  });

  it('should answer each outcome of the bridge with its deCONZ error, and send nothing for bad input', async () => {
    const address = `/devices/${MAC}/otau`;
    const cases: Array<[string, number, number]> = [
      ['no_image', 404, 3],
      ['busy', 503, 951],
      ['no_ack', 200, 202],
      ['refused', 503, 901],
      ['transfer_failed', 503, 901],
      ['not_connected', 503, 950],
    ];
    for (const [code, status, type] of cases) {
      bridge().requestScript.push({ status: 'error', code, message: `${code} from the bridge` });
      const res = await post(MAC, { action: 'update' });
      expect(res.status, code).toBe(status);
      expect((await body(res))[0].error.type, code).toBe(type);
    }
    const sent = bridge().requests.length;
    await expectDeconzError(await api(`/devices/${MAC}/otau`, { method: 'POST', body: '{"action":' }), 400, 2);
    await expectDeconzError(await post(MAC, {}), 400, 5, `${address}/action`);
    await expectDeconzError(await post(MAC, { action: 'flash' }), 400, 7, `${address}/action`);
    await expectDeconzError(await post(MAC, { action: 'check', force: true }), 400, 6, `${address}/force`);
    await expectDeconzError(await post(PLAIN_MAC, { action: 'check' }), 404, 3, `/devices/${PLAIN_MAC}/otau`);
    await expectDeconzError(await post('00:00:00:00:00:00:00:01', { action: 'check' }), 404, 3);
    expect(bridge().requests.length).toBe(sent);
  });
});
