/**
 * Child entry for the lights benchmark: the real Node gateway with a synthetic bridge link that
 * mirrors `LIGHTS` colour lamps (what the MQTT link would hold after the bridge published them),
 * `GET /bare` as the baseline, and `POST /bench/report/<n>?bri=<b>` that makes lamp n report
 * brightness b, as a device report arriving over the link would. Prints its ports, exits on SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { DeviceDescription, EndpointState } from '@herdgate/shared/mqtt';
import { createNodeGateway } from '@herdgate/api/node';
import type { LinkEvent } from '@herdgate/api';
import { createDisconnectedLink } from '@herdgate/api/bridge-link';

const LIGHTS = Number(process.env.BENCH_LIGHTS ?? 200);
type Listener = (event: LinkEvent) => void;

const devices = new Map<string, DeviceDescription>();
const states = new Map<string, EndpointState>();
const listeners = new Set<Listener>();
const ieeeOf = (n: number) => `0x00178801${n.toString(16).padStart(8, '0')}`;

for (let n = 1; n <= LIGHTS; n++) {
  const ieee = ieeeOf(n);
  const mac = ieee.slice(2).match(/../g)!.join(':');
  devices.set(ieee, {
    ieee,
    uniqueid: mac,
    name: `Lamp ${n}`,
    manufacturername: 'Signify Netherlands B.V.',
    modelid: 'LCT015',
    swversion: '1.88.1',
    powersource: 'mains',
    lastannounced: null,
    lastseen: '2026-01-01T00:00Z',
    interview: 'successful',
    supported: true,
    availability: 'online',
    subdevices: [
      {
        type: 'Extended color light',
        resource: 'lights',
        uniqueid: `${mac}-0b`,
        endpoint: 11,
        state: ['on', 'bri', 'ct', 'xy', 'hue', 'sat', 'colormode', 'alert', 'effect', 'reachable'],
        config: [],
      },
    ],
  });
  states.set(`${ieee}/11`, {
    state: { on: true, bri: 100, ct: 300, xy: [0.3, 0.3], colormode: 'ct', reachable: true, lastupdated: '2026-01-01T00:00:00.000' },
    config: {},
  });
}

const ok = async () => ({ status: 'ok' as const, data: { acknowledged: true, sent: [] } });
// Every part of the link the benchmark does not drive is the disconnected link's, so the type
// checker sees a whole BridgeLink (a part missing here once crashed the child at start).
const link = {
  ...createDisconnectedLink(),
  connected: () => true,
  info: () => undefined,
  devices: () => devices,
  endpointState: (ieee: string, endpoint: number) => states.get(`${ieee}/${endpoint}`),
  subscribe: (listener: Listener) => {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  setDevice: ok,
  setGroup: ok,
  request: async () => ({ status: 'error' as const, code: 'internal', message: 'not in the benchmark' }),
  close: async () => undefined,
};

let bri = 1;
const sized = new Map<number, Uint8Array<ArrayBuffer>>();
const dir = mkdtempSync(join(tmpdir(), 'herdgate-bench-lights-'));
const gateway = await createNodeGateway(
  { HTTP_HOST: '127.0.0.1', HTTP_PORT: '0', WEBSOCKET_PORT: '0', DATABASE_URL: `file:${join(dir, 'bench.db')}`, LOG_LEVEL: 'warn' },
  {
    bridge: link,
    extraRoutes: (app) => {
      app.get('/bare', (c) => c.json({ bare: true, name: 'herdgate' }));
      // The byte ceiling: a JSON body of n bytes encoded once, so a route that only sends bytes costs this.
      app.get('/bench/bytes/:n', (c) => {
        const n = Number(c.req.param('n'));
        let body = sized.get(n);
        if (!body) sized.set(n, (body = new TextEncoder().encode(`{"x":"${'a'.repeat(Math.max(0, n - 8))}"}`)));
        return c.body(body, 200, { 'Content-Type': 'application/json; charset=utf-8' });
      });
      app.post('/bench/report/:n', (c) => {
        const ieee = ieeeOf(Number(c.req.param('n')));
        const current = states.get(`${ieee}/11`)!;
        bri = Number(c.req.query('bri') ?? (bri % 250) + 1);
        const state = { ...current, state: { ...current.state, bri } };
        states.set(`${ieee}/11`, state);
        // Wall-clock instants (ms, sub-ms precision) comparable with the suite's: the report handed
        // to the link listeners, and the listeners done (event built and written to every socket).
        const injectedAt = performance.timeOrigin + performance.now();
        for (const listener of listeners) listener({ kind: 'state', ieee, endpoint: 11, state });
        const handledAt = performance.timeOrigin + performance.now();
        return c.json({ bri, injectedAt, handledAt });
      });
    },
  },
);
process.stdout.write(`${JSON.stringify({ httpPort: gateway.httpPort, websocketPort: gateway.websocketPort, pid: process.pid, lights: LIGHTS })}\n`);

process.once('SIGTERM', () => {
  gateway.close().finally(() => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
});
