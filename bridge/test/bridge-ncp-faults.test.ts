import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBridgeProcess, type BridgeProcess } from './support/bridge-process';
import { connectMqtt, type MqttProbe } from '../../test/helpers/clients';
import { startJoinedBridge, type JoinedBridge } from './support/joined-bridge';

/**
 * Serial-link faults of an EmberZNet stick as the whole bridge lives through them: NAKed and lost
 * ASH frames cost a resend and nothing else; an NCP that resets by itself makes herdsman's ember
 * adapter report the disconnect, the bridge exits 1 for its supervisor, and the restart resumes the
 * same network and devices from the NCP's tokens.
 */
const OUTLET = '0x000b57fffe8a5e0c';

describe('bridge on an EmberZNet NCP with link faults', () => {
  let g: JoinedBridge;
  let again: BridgeProcess | undefined;
  let probe: MqttProbe | undefined;

  beforeAll(async () => {
    g = await startJoinedBridge([{ model: 'TRADFRI-control-outlet', ieee: OUTLET }], { RADIO_PROTOCOL: 'ember' });
  }, 90_000);
  afterAll(async () => {
    await probe?.close();
    await again?.stop();
    await g?.close();
  });

  const set = async (p: MqttProbe, on: boolean, transaction: string) => {
    await p.publish(g.dt(OUTLET, '1/set'), { on, transaction });
    return (await p.waitFor((m) => m.topic === g.dt(OUTLET, '1/set/result') && m.json().transaction === transaction, 15_000)).json();
  };

  it('should carry a command through NAKed and lost ASH frames without a disconnect', async () => {
    await g.radio('/faults', { method: 'POST', body: { kind: 'ash-nak', frames: 2 } });
    await g.radio('/faults', { method: 'POST', body: { kind: 'ash-lose', frames: 1 } });
    expect(await set(g.probe, true, 'through-faults')).toMatchObject({ status: 'ok', data: { acknowledged: true } });
    expect(g.bridge.logs.join('')).not.toContain('radio adapter disconnected');
  }, 30_000);

  it('should exit 1 when the NCP resets by itself, and resume the network when started again', async () => {
    await g.radio('/faults', { method: 'POST', body: { kind: 'ncp-reset', reason: 3 } });
    const code = await Promise.race([g.bridge.exited, new Promise((r) => setTimeout(() => r('still running'), 20_000))]);
    expect(code).toBe(1);
    expect(g.bridge.logs.join('')).toContain('radio adapter disconnected');
    await g.probe.close().catch(() => {});
    again = await startBridgeProcess({ dataDir: g.dataDir, env: { RADIO_PROTOCOL: 'ember' } });
    expect(again.bridgeId).toBe(g.bridge.bridgeId);
    probe = await connectMqtt(again.mqttUrl, ['herdgate/#']);
    await probe.waitFor((m) => m.topic === g.dt(OUTLET));
    expect(await set(probe, false, 'after-reset')).toMatchObject({ status: 'ok', data: { acknowledged: true } });
    const real = (await (await fetch(`${again.radioControl}/devices/${OUTLET.slice(2)}`)).json()) as {
      state: { endpoints: Record<string, Record<string, Record<string, number>>> };
    };
    expect(real.state.endpoints['1'].genOnOff.onOff).toBe(0);
  }, 60_000);
});
