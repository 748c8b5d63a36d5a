import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { radioControl, type RestClient } from './helpers/clients';
import { startSupervisedGateway, type SupervisedGateway } from './helpers/supervised-gateway';
import { waitFor } from './helpers/wait';

/** Demo network (bridge/virtual-radio/networks/demo.json): the lights that pair, and the bulb held close. */
const DEMO_LIGHTS = ['0017880104a1c001', '0017880104a1c002', '0017880104a1c003', '000b57fffe8a0004', '000b57fffe8a0005', '000b57fffe8a0006'];
const HELD_CLOSE = '0017880104a1c00e';
const macOf = (uniqueid: string) => uniqueid.split('-')[0]!.replaceAll(':', '');

/**
 * `RADIO_PROTOCOL=zstack npm start`: the same demo home on the Z-Stack emulator (herdsman's zstack
 * adapter), and a touchlink scan from REST that finds the factory-new bulb held close and makes it blink.
 */
describe('npm start on the Z-Stack emulator', () => {
  let gateway: SupervisedGateway;
  let rest: RestClient;
  const control = (path: string) => radioControl(`http://127.0.0.1:${gateway.ports.control}`, 'GET', path);

  beforeAll(async () => {
    gateway = await startSupervisedGateway('herdgate-demo-zstack-', { env: { RADIO_PROTOCOL: 'zstack' } });
    rest = gateway.rest;
  }, 90_000);

  afterAll(async () => {
    await gateway?.stop();
  }, 30_000);

  it('should pair the demo home through the zstack adapter and leave the held-close bulb alone', async () => {
    const health = await control('/health');
    expect(health).toMatchObject({ protocol: 'zstack', networkUp: true, deviceState: 9 });
    await waitFor(
      async () => {
        const lights = Object.values((await rest.get('/lights')).body as Record<string, { uniqueid: string }>).map((l) => macOf(l.uniqueid));
        return DEMO_LIGHTS.every((ieee) => lights.includes(ieee));
      },
      'every demo light in /lights',
      90_000,
      500,
    );
    const config = (await rest.get('/config')).body;
    expect(config).toMatchObject({ zigbeechannel: 15, rfconnected: true });
    const devices = await control('/devices');
    // Still factory new and not searching: the open network did not pair it.
    expect(devices.pool).toContainEqual(expect.objectContaining({ ieee: HELD_CLOSE, searching: false }));
    expect(devices.joined.map((d: { ieee: string }) => d.ieee)).not.toContain(HELD_CLOSE);
  }, 120_000);

  it('should find the factory-new bulb with a touchlink scan and make it blink', async () => {
    expect((await rest.post('/touchlink/scan')).status).toBe(200);
    const scan = await waitFor(
      async () => {
        const body = (await rest.get('/touchlink/scan')).body;
        return body.scanstate === 'idle' && body.lastscan !== '' ? body : undefined;
      },
      'the scan to finish',
      30_000,
      250,
    );
    const found = Object.entries(scan.result as Record<string, { address: string; factorynew: boolean }>).find(([, r]) => r.address === `0x${HELD_CLOSE}`);
    expect(found?.[1]).toMatchObject({ factorynew: true });
    expect((await rest.post(`/touchlink/${found![0]}/identify`)).status).toBe(200);
    const bulb = ((await control('/touchlink')) as Array<{ ieee: string; identifying: boolean }>).find((t) => t.ieee === HELD_CLOSE);
    expect(bulb).toMatchObject({ identifying: true });
  }, 60_000);
});
