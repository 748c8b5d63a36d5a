import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, radioControl, type EventClient } from './helpers/clients';
import { startStack, waitForLink, type Stack } from './helpers/stack';
import { waitFor } from './helpers/wait';

const PAIRED = '0017880104a1d001'; // Hue colour bulb, paired through a permit join, 0.5 m away
const HELD_CLOSE = '0017880104a1d00b'; // Hue white bulb, factory new and not searching, 0.3 m away
const FAR = '000b57fffe8a0d0c'; // IKEA bulb, factory new, across the room

function network(dir: string): string {
  const path = join(dir, 'touchlink-network.json');
  writeFileSync(
    path,
    JSON.stringify({
      devices: [
        { model: 'LCT015', ieee: PAIRED, distance: 0.5 },
        { model: 'LWB010', ieee: HELD_CLOSE, join: 'idle', distance: 0.3 },
        { model: 'TRADFRI-bulb-E27-WW-806lm', ieee: FAR, join: 'idle', distance: 6 },
      ],
    }),
  );
  return path;
}

type Radio = {
  touchlink: Array<{ ieee: string; joined: boolean; identifying: boolean; resets: number }>;
  devices: { joined: Array<{ ieee: string }>; pool: Array<{ ieee: string; searching?: boolean }> };
};

/** Touchlink from REST through the bridge (herdsman's Touchlink over MQTT) to the simulated bulbs. */
/** On the two coordinators whose herdsman adapters speak inter-PAN: Z-Stack and EmberZNet. */
describe.each(['zstack', 'ember'] as const)('touchlink on the %s coordinator', (protocol) => {
  let stack: Stack;
  let ws: EventClient;
  let dir: string;
  const control = <K extends keyof Radio>(path: string): Promise<Radio[K]> => radioControl(stack.radio.control, 'GET', path);
  const lightId = (ieee: string) => stack.api.services.lights.live().find((l) => l.row.ieee === `0x${ieee}`)?.row.id;
  let results: Record<string, { address: string; channel: number; factorynew: boolean; panid: number; rssi: number }> = {};
  const idOf = (ieee: string) => Object.entries(results).find(([, r]) => r.address === `0x${ieee}`)?.[0];

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'herdgate-touchlink-'));
    stack = await startStack({ protocol, network: network(dir) });
    await waitForLink(stack);
    await stack.rest.put('/config', { permitjoin: 60 });
    await waitFor(
      () => lightId(PAIRED) !== undefined && stack.api.services.bridge.devices().get(`0x${PAIRED}`)?.interview === 'successful',
      'the paired bulb',
      60_000,
      100,
    );
    await stack.rest.put('/config', { permitjoin: 0 });
    ws = await connectEvents(`ws://127.0.0.1:${stack.api.websocketPort}/?events=all`);
  }, 120_000);

  afterAll(async () => {
    ws?.close();
    await stack?.close();
    rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('should scan every channel, refuse network requests meanwhile, and find the close bulbs only', async () => {
    const started = await stack.rest.post('/touchlink/scan');
    expect(started).toEqual({ status: 200, body: undefined });
    expect((await stack.rest.get('/touchlink/scan')).body).toMatchObject({ scanstate: 'scanning' });
    const busy = await stack.rest.put(`/lights/${lightId(PAIRED)}/state`, { on: true });
    expect(busy.status).toBe(503);
    expect(busy.body[0].error).toMatchObject({ type: 951 });
    const rf = await stack.rest.put('/config', { rfconnected: true });
    expect(rf.body[0].error).toMatchObject({ type: 901, address: '/config/rfconnected', description: 'Internal error, 951' });
    expect((await stack.rest.post('/touchlink/scan')).status).toBe(503);

    const done = await waitFor(
      async () => {
        const scan = (await stack.rest.get('/touchlink/scan')).body;
        return scan.scanstate === 'idle' ? scan : undefined;
      },
      'the scan to finish',
      40_000,
      250,
    );
    results = done.result;
    expect(done.lastscan).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d$/);
    const network = stack.api.services.bridge.info()!.network;
    expect(Object.values(results).sort((a, b) => a.address.localeCompare(b.address))).toEqual([
      { address: `0x${PAIRED}`, channel: network.channel, factorynew: false, panid: network.panid, rssi: expect.any(Number) },
      { address: `0x${HELD_CLOSE}`, channel: expect.any(Number), factorynew: true, panid: 0xffff, rssi: expect.any(Number) },
    ]);
    // Closer is louder.
    expect(results[idOf(HELD_CLOSE)!]!.rssi).toBeGreaterThan(results[idOf(PAIRED)!]!.rssi);
    const states = ws.events.filter((e) => e.r === 'touchlink').map((e) => (e.state as { scanstate: string }).scanstate);
    expect(states).toEqual(['scanning', 'idle']);
  }, 60_000);

  it('should make the factory-new bulb blink on identify', async () => {
    const res = await stack.rest.post(`/touchlink/${idOf(HELD_CLOSE)}/identify`);
    expect(res).toEqual({ status: 200, body: undefined });
    const bulb = (await control<'touchlink'>('/touchlink')).find((t) => t.ieee === HELD_CLOSE)!;
    expect(bulb).toMatchObject({ joined: false, identifying: true });
    expect((await stack.rest.post('/touchlink/99/identify')).status).toBe(404);
  }, 30_000);

  it('should reset the paired bulb to factory new, and a later permit join pairs it again', async () => {
    const res = await stack.rest.post(`/touchlink/${idOf(PAIRED)}/reset`);
    expect(res).toEqual({ status: 200, body: undefined });
    const devices = await control<'devices'>('/devices');
    expect(devices.joined.map((d) => d.ieee)).not.toContain(PAIRED);
    expect(devices.pool).toContainEqual(expect.objectContaining({ ieee: PAIRED, searching: true }));
    // The bulb's leave reached herdsman (Z-Stack reports it), so the bridge dropped it.
    await waitFor(() => !stack.api.services.bridge.devices().has(`0x${PAIRED}`), 'the bridge to drop the reset bulb', 10_000, 100);

    await stack.rest.put('/config', { permitjoin: 60 });
    await waitFor(() => stack.api.services.bridge.devices().get(`0x${PAIRED}`)?.interview === 'successful', 'the bulb to pair again', 60_000, 100);
    await stack.rest.put('/config', { permitjoin: 0 });
    expect((await control<'touchlink'>('/touchlink')).find((t) => t.ieee === PAIRED)).toMatchObject({ joined: true, resets: 1 });
  }, 90_000);
});

describe('touchlink on the ConBee coordinator', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack();
    await waitForLink(stack);
  }, 60_000);
  afterAll(async () => {
    await stack?.close();
  }, 60_000);

  it('should refuse with a 503 that names the adapters that can touchlink, and pretend nothing', async () => {
    const res = await stack.rest.post('/touchlink/scan');
    expect(res.status).toBe(503);
    expect(res.body[0].error).toMatchObject({ type: 901, address: '/touchlink/scan' });
    expect(res.body[0].error.description).toMatch(/zstack, ember.*deconz adapter/);
    expect((await stack.rest.get('/touchlink/scan')).body).toEqual({ scanstate: 'idle', lastscan: '', result: {} });
  }, 30_000);
});
