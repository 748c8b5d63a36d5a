import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectEvents, radioControl, type RestClient } from './helpers/clients';
import { startSupervisedGateway, type GatewayPorts, type SupervisedGateway } from './helpers/supervised-gateway';
import { waitFor } from './helpers/wait';

/**
 * The README's first quick-start line, minus `npm ci`: the supervisor (`npm start`) brings up the
 * virtual radio with the demo network, the bridge and the api; the demo lamps pair on their own and
 * can be switched over REST; one SIGTERM stops every child.
 */
describe('npm start (the demo gateway)', () => {
  let gateway: SupervisedGateway;
  let ports: GatewayPorts;
  let rest: RestClient;

  beforeAll(async () => {
    gateway = await startSupervisedGateway('herdgate-quick-start-');
    ({ ports, rest } = gateway);
  }, 90_000);

  afterAll(async () => {
    await gateway?.stop();
  });

  it('should pair the demo lamps and switch one through REST, at the radio', async () => {
    const lights = await waitFor(
      async () => {
        const { body } = await rest.get('/lights');
        // A freshly paired lamp shows its real on/bri (read after pairing), as deCONZ does.
        const colour = Object.entries(
          body as Record<string, { modelid: string; uniqueid: string; state: { reachable: boolean; on?: boolean; bri?: number } }>,
        ).find(
          ([, light]) => light.modelid === 'LCT015' && light.state.reachable && typeof light.state.on === 'boolean' && typeof light.state.bri === 'number',
        );
        return colour;
      },
      'a reachable demo colour lamp with its on/bri in /lights',
      60_000,
    );
    const [id, light] = lights;
    const events = await connectEvents(`ws://127.0.0.1:${ports.ws}`);
    try {
      const { status, body } = await rest.put(`/lights/${id}/state`, { on: true, bri: 77 });
      expect(status).toBe(200);
      expect(body).toEqual([{ success: { [`/lights/${id}/state/on`]: true } }, { success: { [`/lights/${id}/state/bri`]: 77 } }]);
      // uniqueid = MAC with colons + '-' + endpoint in hex; the radio keys devices by bare IEEE hex.
      const [mac, endpointHex] = light.uniqueid.split('-');
      const real = await radioControl(`http://127.0.0.1:${ports.control}`, 'GET', `/devices/${mac.replace(/:/g, '')}`);
      const endpoint = real.state.endpoints[String(parseInt(endpointHex, 16))];
      expect(endpoint.genOnOff.onOff).toBe(1);
      expect(endpoint.genLevelCtrl.currentLevel).toBe(77);
      await waitFor(() => events.events.find((event) => event.r === 'lights' && event.id === id && event.e === 'changed'), 'a light changed event', 5_000);
    } finally {
      events.close();
    }
  }, 90_000);

  it('should stop radio, bridge and api on one SIGTERM', async () => {
    const code = await gateway.stop();
    expect(code).toBe(0);
    for (const port of [ports.http, ports.ws, ports.mqtt, ports.radio, ports.control]) {
      const open = await fetch(`http://127.0.0.1:${port}/`, { signal: AbortSignal.timeout(2_000) }).then(
        () => true,
        () => false,
      );
      expect(open, `port ${port} closed`).toBe(false);
    }
  }, 30_000);
});
