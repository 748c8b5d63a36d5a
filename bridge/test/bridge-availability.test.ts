import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventually, startJoinedBridge, type JoinedBridge } from './support/joined-bridge';
import { radioProtocols } from '../../test/helpers/protocols';

/** Availability with short quiet periods: routers pinged after 1 s of silence, end devices judged after 4 s. */
const LAMP = '0x0017880104a1400a';
const CLIMATE = '0x00124b0022a1400b';

/**
 * Every front proves the ping that goes unanswered over its adapter; how long the bridge waits
 * before judging a device is its own logic (bridge/test/features/availability.test.ts), shown on
 * the real stack on one front.
 */
describe.each(radioProtocols())('bridge availability on %s', (protocol) => {
  let g: JoinedBridge;
  const description = (ieee: string, availability: string) => (m: { topic: string; json(): any }) =>
    m.topic === g.dt(ieee) && m.json().availability === availability;
  const after = (from: number, match: (m: { topic: string; json(): any }) => boolean, what: string, ms = 10_000) =>
    g.probe.waitFor((m) => g.probe.messages.indexOf(m) >= from && match(m), ms, what);

  beforeAll(async () => {
    g = await startJoinedBridge(
      [
        { model: 'LCT015', ieee: LAMP },
        { model: 'TH01', ieee: CLIMATE },
      ],
      {
        RADIO_PROTOCOL: protocol,
        AVAILABILITY_ROUTER_SECONDS: '1',
        AVAILABILITY_END_DEVICE_SECONDS: '4',
      },
    );
  }, 120_000);
  afterAll(async () => {
    await g?.close();
  });

  it('should publish join and interview progress as bridge events and sum the pairing up in the log', async () => {
    for (const ieee of [LAMP, CLIMATE]) {
      const types = g.probe.messages.filter((m) => m.topic === g.bt('event') && m.json().ieee === ieee).map((m) => m.json().type);
      expect(types).toEqual(expect.arrayContaining(['join', 'interview_started', 'interview_succeeded']));
      expect(types.indexOf('join')).toBeLessThan(types.indexOf('interview_succeeded'));
    }
    // Per device at debug; at info one summary once every device that joined is interviewed.
    const logs = await eventually(
      async () => g.bridge.logs.join(''),
      (text) => text.includes('all done'),
      15_000,
      'the pairing summary',
    );
    expect(logs).toMatch(/pairing: 2 devices interviewed; all done/);
    expect(logs).not.toContain('device joined; interview starting');
  });

  it('should mark a silent router offline after a failed ping and online again when it is heard', async () => {
    const from = g.probe.messages.length;
    await g.radio(`/devices/${LAMP.slice(2)}/offline`, { method: 'POST' });
    await after(from, description(LAMP, 'offline'), 'lamp offline');
    await after(from, (m) => m.topic === g.dt(LAMP, '11/state') && m.json().state.reachable === false, 'lamp unreachable');
    // The log line says why (stderr may trail the MQTT message a little).
    await eventually(
      async () => g.bridge.logs.join(''),
      (logs) => /"why":"no answer to ping after \d+ s of silence"/.test(logs),
      3_000,
      'log line',
    );
    const back = g.probe.messages.length;
    await g.radio(`/devices/${LAMP.slice(2)}/online`, { method: 'POST' });
    await after(back, description(LAMP, 'online'), 'lamp online');
    await after(back, (m) => m.topic === g.dt(LAMP, '11/state') && m.json().state.reachable === true, 'lamp reachable');
  }, 30_000);

  it.runIf(protocol === radioProtocols()[0])('should keep a router that answers its pings online', async () => {
    const from = g.probe.messages.length;
    // The lamp is pinged after each second of silence: wait for two frames the host sent it (the
    // radio's counters), each one a ping the lamp answered, instead of for a time.
    const { nwk } = (await g.radio(`/devices/${LAMP.slice(2)}`)) as { nwk: number };
    const key = `0x${nwk.toString(16).padStart(4, '0')}`;
    const sent = async () => ((await g.radio('/counters')) as { nwk: Record<string, number> }).nwk[key] ?? 0;
    const before = await sent();
    await eventually(sent, (frames) => frames >= before + 2, 10_000, 'two pings of the lamp');
    expect(g.probe.messages.slice(from).some(description(LAMP, 'offline'))).toBe(false);
    expect((await g.radio(`/devices/${LAMP.slice(2)}`)).online).toBe(true);
  });

  it.runIf(protocol === radioProtocols()[0])(
    'should mark an end device offline after its longer silence and online when it reports',
    async () => {
      // Its silence may already have run out during the router tests (the Z-Stack start is slower), so
      // look from its latest description on.
      const from = Math.max(
        0,
        g.probe.messages.findLastIndex((m) => m.topic === g.dt(CLIMATE)),
      );
      await after(from, description(CLIMATE, 'offline'), 'climate offline', 15_000);
      await after(from, (m) => m.topic === g.dt(CLIMATE, '1/state') && m.json().config.reachable === false, 'climate unreachable');
      const back = g.probe.messages.length;
      await g.act(CLIMATE, 'set', { temperature: 25 });
      await after(back, description(CLIMATE, 'online'), 'climate online', 20_000);
    },
    45_000,
  );
});
