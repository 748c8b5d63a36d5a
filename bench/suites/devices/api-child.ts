/**
 * Child entry for the devices benchmark: the real Node gateway whose bridge link is fed in-process
 * (no radio: what is measured is the api reading its devices model), with `DEVICE_COUNT` device
 * descriptions and endpoint states, `BUNDLE_COUNT` DDF bundles uploaded through the real route,
 * and `GET /bare` as the baseline on the same app and server. Prints its port and one device MAC
 * once ready; exits on SIGTERM.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pino } from 'pino';
import { createBridgeLink, createMemoryTransport } from '@herdgate/api';
import { createNodeGateway } from '@herdgate/api/node';
import { EXAMPLE_BRIDGE, examples } from '@herdgate/shared/mqtt';
import { buildBundle, descFor, multipart } from '../../../api/test/helpers/ddf-bundle';

const DEVICE_COUNT = 200;
const BUNDLE_COUNT = 100;

const dir = mkdtempSync(join(tmpdir(), 'herdgate-bench-devices-'));
const transport = createMemoryTransport();
// Logs go to stderr: stdout carries only the ready line the suite parses.
const logger = pino({ level: 'warn' }, pino.destination(2));
const link = createBridgeLink({ transport, base: 'herdgate', logger });
transport.deliver(`herdgate/bridge/${EXAMPLE_BRIDGE}/state`, { state: 'online' });
transport.deliver(`herdgate/bridge/${EXAMPLE_BRIDGE}/info`, examples.bridgeInfo);
const macs: string[] = [];
for (let i = 0; i < DEVICE_COUNT; i++) {
  const hex = (0x0017880100000000n + BigInt(i)).toString(16).padStart(16, '0');
  const ieee = `0x${hex}`;
  const mac = hex.match(/../g)!.join(':');
  macs.push(mac);
  const sub = { ...examples.device.subdevices[0], uniqueid: `${mac}-0b` };
  transport.deliver(`herdgate/devices/${ieee}`, { ...examples.device, ieee, uniqueid: mac, name: `Lamp ${i}`, subdevices: [sub] });
  transport.deliver(`herdgate/devices/${ieee}/11/state`, examples.deviceState);
}

const gateway = await createNodeGateway(
  { HTTP_HOST: '127.0.0.1', HTTP_PORT: '0', WEBSOCKET_PORT: '0', DATABASE_URL: `file:${join(dir, 'bench.db')}`, LOG_LEVEL: 'warn', MQTT_URL: 'none' },
  { bridge: link, logger, extraRoutes: (app) => app.get('/bare', (c) => c.json({ bare: true, name: 'herdgate' })) },
);
const base = `http://127.0.0.1:${gateway.httpPort}`;
const login = `Basic ${Buffer.from('delight:delight').toString('base64')}`;
const created = (await (
  await fetch(`${base}/api`, { method: 'POST', headers: { Authorization: login }, body: '{"devicetype":"bench#devices-setup"}' })
).json()) as [{ success: { username: string } }];
const setupKey = created[0].success.username;
for (let i = 0; i < BUNDLE_COUNT; i++) {
  const { body, contentType } = multipart([{ name: 'ddfbundle', bytes: buildBundle({ desc: descFor(`MODEL${i}`, 'bench', `uuid-${i}`) }), filename: 'b.ddb' }]);
  const res = await fetch(`${base}/api/${setupKey}/ddf/bundles`, { method: 'POST', headers: { 'Content-Type': contentType }, body });
  if (res.status !== 200) throw new Error(`bundle upload ${i} answered ${res.status}: ${await res.text()}`);
}
process.stdout.write(
  `${JSON.stringify({ httpPort: gateway.httpPort, pid: process.pid, mac: macs[DEVICE_COUNT / 2], devices: gateway.services.devices.macs().length })}\n`,
);

process.once('SIGTERM', () => {
  gateway.close().finally(() => {
    rmSync(dir, { recursive: true, force: true });
    process.exit(0);
  });
});
