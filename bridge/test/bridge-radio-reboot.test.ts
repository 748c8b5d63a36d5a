import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridgeProcess, type BridgeProcess } from './support/bridge-process';
import { connectMqtt, type MqttProbe } from '../../test/helpers/clients';
import { startJoinedBridge, type JoinedBridge } from './support/joined-bridge';
import { radioProtocols } from '../../test/helpers/protocols';

/**
 * Radio disconnect: the bridge does not try to revive a herdsman Controller that lost its adapter
 * (herdsman cannot restart one in-process); it stops cleanly and exits 1, and its supervisor
 * (npm start, systemd) starts it again, which resumes the same network and devices.
 */
const OUTLET = '0x000b57fffe8a500c';

describe.each(radioProtocols())('bridge radio reboot on %s', (protocol) => {
  let g: JoinedBridge;
  let again: BridgeProcess | undefined;
  let probe: MqttProbe | undefined;

  beforeAll(async () => {
    g = await startJoinedBridge([{ model: 'TRADFRI-control-outlet', ieee: OUTLET }], { RADIO_PROTOCOL: protocol });
  }, 90_000);
  afterAll(async () => {
    await probe?.close();
    await again?.stop();
    await g?.close();
  });

  it('should exit 1 with a clean offline state when the radio connection drops', async () => {
    const from = g.probe.messages.length;
    await g.radio('/radio/reboot', { method: 'POST', body: { downMs: 500 } });
    const code = await Promise.race([g.bridge.exited, new Promise((r) => setTimeout(() => r('still running'), 20_000))]);
    expect(code).toBe(1);
    expect(g.bridge.logs.join('')).toContain('radio adapter disconnected');
    expect(g.probe.messages.slice(from).some((m) => m.topic === g.bt('state') && m.json().state === 'offline')).toBe(true);
  }, 30_000);

  it('should come back with the same network and devices when started again', async () => {
    await g.probe.close().catch(() => {});
    again = await startBridgeProcess({ dataDir: g.dataDir, env: { RADIO_PROTOCOL: protocol } });
    expect(again.bridgeId).toBe(g.bridge.bridgeId);
    probe = await connectMqtt(again.mqttUrl, ['herdgate/#']);
    const description = (await probe.waitFor((m) => m.topic === g.dt(OUTLET))).json();
    expect(description.subdevices.map((s: { type: string }) => s.type)).toEqual(['On/Off plug-in unit']);
    await probe.publish(g.dt(OUTLET, '1/set'), { on: true, transaction: 'back' });
    const result = (await probe.waitFor((m) => m.topic === g.dt(OUTLET, '1/set/result') && m.json().transaction === 'back', 15_000)).json();
    expect(result).toMatchObject({ status: 'ok', data: { acknowledged: true } });
    const real = (await (await fetch(`${again.radioControl}/devices/${OUTLET.slice(2)}`)).json()) as {
      state: { endpoints: Record<string, Record<string, Record<string, number>>> };
    };
    expect(real.state.endpoints['1'].genOnOff.onOff).toBe(1);
  }, 45_000);
});
