import { PassThrough } from 'node:stream';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Supervisor } from '../../scripts/lib/supervisor';
import { bareBroker, type BareBroker } from './support/bare-broker';
import { tempDataDir } from './support/bridge-process';
import { startLinkProxy, type LinkProxy } from './support/link-proxy';
import { connectMqtt, type MqttProbe } from '../../test/helpers/clients';
import { startRadioProcess, type RadioProcess } from './support/radio-process';
import { waitFor } from '../../test/helpers/wait';

/**
 * Faults a gateway meets at home, and that nobody is there to fix: the broker restarts (empty, no
 * persistence), the bridge is killed, the radio's link drops. The bridge runs under the supervisor
 * `npm start` uses, on an external broker and a radio behind a cuttable TCP relay; after each
 * fault commands work again and device events flow again, with no human in the loop.
 */
const OUTLET = '0x000b57fffe8a500c';
const DOOR = '0x00124b0022a1100a';
const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

describe('bridge under faults', () => {
  let radio: RadioProcess;
  let proxy: LinkProxy;
  let broker: BareBroker;
  let supervisor: Supervisor;
  let probe: MqttProbe;
  let bridgeId = '';
  let output = '';
  let sequence = 0;
  const bt = (leaf: string) => `herdgate/bridge/${bridgeId}/${leaf}`;
  const dt = (ieee: string, rest?: string) => `herdgate/devices/${ieee}${rest ? `/${rest}` : ''}`;
  const readyCount = () => output.split('"event":"ready"').length - 1;
  const bridgePid = () => Number([...output.matchAll(/"pid":(\d+)/g)].at(-1)![1]);
  const until = (check: () => boolean, what: string, timeoutMs = 30_000) => waitFor(check, () => `${what}; output:\n${output.slice(-3000)}`, timeoutMs, 100);
  const request = async (name: string, body: Record<string, unknown>) => {
    const transaction = `f${(sequence += 1)}`;
    await probe.publish(bt(`request/${name}`), { ...body, transaction });
    return (await probe.waitFor((m) => m.topic === bt(`response/${name}`) && m.json().transaction === transaction, 15_000, name)).json();
  };
  const real = async (ieee: string) => ((await (await fetch(`${radio.control}/devices/${ieee.slice(2)}`)).json()) as { state: any }).state;

  /** A command reaches the outlet (at the radio) and an event from the door reaches MQTT. */
  async function gatewayWorks(on: boolean) {
    const transaction = `set${(sequence += 1)}`;
    await probe.publish(dt(OUTLET, '1/set'), { on, transaction });
    const result = await probe.waitFor((m) => m.topic === dt(OUTLET, '1/set/result') && m.json().transaction === transaction, 20_000, 'set result');
    expect(result.json()).toMatchObject({ status: 'ok', data: { acknowledged: true } });
    expect((await real(OUTLET)).endpoints['1'].genOnOff.onOff).toBe(on ? 1 : 0);
    const from = probe.messages.length;
    await fetch(`${radio.control}/devices/${DOOR.slice(2)}/actions/${on ? 'open' : 'close'}`, { method: 'POST', body: '{}' });
    await probe.waitFor((m) => probe.messages.indexOf(m) >= from && m.topic === dt(DOOR, '1/state') && m.json().state.open === on, 15_000, 'door event');
  }

  beforeAll(async () => {
    const dataDir = tempDataDir();
    radio = await startRadioProcess(dataDir, [
      { model: 'TRADFRI-control-outlet', ieee: OUTLET.slice(2) },
      { model: 'DS01', ieee: DOOR.slice(2) },
    ]);
    proxy = await startLinkProxy({ host: '127.0.0.1', port: Number(new URL(radio.path.replace('tcp:', 'http:')).port) });
    broker = await bareBroker();
    probe = await connectMqtt(broker.url, ['herdgate/#']);
    const out = new PassThrough();
    out.on('data', (chunk: Buffer) => (output += chunk.toString()));
    supervisor = new Supervisor(out);
    await supervisor.start([
      {
        name: 'bridge',
        command: process.execPath,
        args: ['--import', 'tsx', MAIN],
        env: {
          DATA_DIR: dataDir,
          ZIGBEE_ADAPTER: 'deconz',
          ZIGBEE_PATH: proxy.path,
          MQTT_URL: broker.url,
          PERMIT_JOIN_ON_START: '0',
          LOG_LEVEL: 'info',
          QUEUE_MAX_GROUP_WAITING: '2',
          GROUP_DELAY_MS: '300',
        },
        ready: (line) => line.includes('"event":"ready"'),
      },
    ]);
    bridgeId = /"bridge":"([0-9A-F]{16})"/.exec(output)![1];
    await request('permit_join', { time: 120 });
    for (const ieee of [OUTLET, DOOR]) {
      await probe.waitFor((m) => m.topic === dt(ieee) && m.json().interview === 'successful' && m.json().subdevices.length > 0, 60_000, `interview of ${ieee}`);
    }
    await request('permit_join', { time: 0 });
    await gatewayWorks(true);
  }, 120_000);

  afterAll(async () => {
    await probe?.close().catch(() => {});
    await supervisor?.stop();
    await broker?.close();
    await proxy?.close();
    await radio?.stop();
  });

  it('should republish every retained topic and carry on when the broker restarts empty', async () => {
    await probe.close();
    const port = broker.port;
    const lost = output.split('mqtt connection lost, reconnecting').length;
    await broker.close();
    // The bridge has seen the broker go before an empty one takes its place.
    await until(() => output.split('mqtt connection lost, reconnecting').length > lost, 'the bridge noticing the broker gone', 10_000);
    broker = await bareBroker(port);
    probe = await connectMqtt(broker.url, ['herdgate/#']);
    // Nothing is retained on a fresh broker: these came from the bridge after it reconnected.
    expect((await probe.waitFor((m) => m.topic === bt('state'), 20_000, 'online')).json()).toEqual({ state: 'online' });
    await probe.waitFor((m) => m.topic === dt(OUTLET), 10_000, 'outlet description');
    const state = await probe.waitFor((m) => m.topic === dt(OUTLET, '1/state'), 10_000, 'outlet state');
    expect(state.json().state).toMatchObject({ on: true });
    await gatewayWorks(false);
  }, 60_000);

  it('should come back by itself when the bridge is killed', async () => {
    const before = readyCount();
    process.kill(bridgePid(), 'SIGKILL');
    await until(() => readyCount() > before, 'bridge restarted by the supervisor');
    await gatewayWorks(true);
  }, 60_000);

  it('should come back by itself when the radio link drops', async () => {
    const before = readyCount();
    proxy.cut();
    await until(() => readyCount() > before, 'bridge restarted after the radio link dropped', 45_000);
    expect(output).toContain('radio adapter disconnected');
    await gatewayWorks(false);
  }, 90_000);

  it('should not execute a command that arrives after its expiry', async () => {
    const before = (await real(OUTLET)).endpoints['1'].genOnOff.onOff;
    await probe.publish(dt(OUTLET, '1/set'), { on: before === 0, transaction: 'stale', expires: Date.now() - 60_000 });
    const result = (await probe.waitFor((m) => m.topic === dt(OUTLET, '1/set/result') && m.json().transaction === 'stale', 10_000, 'stale result')).json();
    expect(result).toMatchObject({ status: 'error', error: { code: 'expired' } });
    await probe.publish(bt('request/permit_join'), { time: 60, transaction: 'stale-pj', expires: Date.now() - 60_000 });
    expect((await probe.waitFor((m) => m.topic === bt('response/permit_join') && m.json().transaction === 'stale-pj')).json()).toMatchObject({
      status: 'error',
      error: { code: 'expired' },
    });
    expect((await real(OUTLET)).endpoints['1'].genOnOff.onOff).toBe(before);
  });

  it('should answer busy once the group lane holds its limit, and still serve afterwards', async () => {
    // Distinct groups: a newer command to the same group would replace the waiting one instead.
    const groups = [7, 8, 9, 10, 11, 12];
    for (const group of groups) await probe.publish(bt(`groups/${group}/set`), { on: true, transaction: `g${group}` });
    const results = await Promise.all(
      groups.map((group) => probe.waitFor((m) => m.topic === bt(`groups/${group}/set/result`) && m.json().transaction === `g${group}`, 15_000, `g${group}`)),
    );
    const statuses = results.map((m) => (m.json().status === 'ok' ? 'ok' : m.json().error.code));
    expect(statuses.filter((s) => s === 'busy').length, statuses.join(' ')).toBeGreaterThan(0);
    expect(statuses.filter((s) => s === 'ok').length).toBeGreaterThanOrEqual(3);
    expect(statuses.every((s) => s === 'ok' || s === 'busy')).toBe(true);
    await gatewayWorks(true);
  }, 30_000);
});
