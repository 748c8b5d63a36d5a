/**
 * `npm start`: the whole gateway on one box. With no ZIGBEE_ADAPTER configured it first starts the
 * virtual radio (a ConBee II emulator with the demo network, or with RADIO_PROTOCOL=zstack a
 * Z-Stack CC2652 emulator, with RADIO_PROTOCOL=ember an EmberZNet NCP) and points the bridge at it with the matching adapter; then the
 * bridge (zigbee-herdsman + embedded MQTT broker), then the REST/WebSocket api.
 * `npm run start:edge` (`--edge`): the same, with the api on workerd (`wrangler dev`, local mode)
 * following the bridge over MQTT-over-WebSocket.
 * The bridge and the api run in one node process (scripts/one-process/: less memory than two,
 * docs/benchmarks.md) unless HERDGATE_PROCESSES=split asks for one process each, as on two hosts;
 * the edge start always runs the bridge alone.
 * With MATTER=1 a Matter bridge runs as one more child (matter/, docs/matter.md): its own process,
 * so matter.js and its ~140 MB are never loaded otherwise.
 */
import { randomBytes } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { buildApi } from '@herdgate/api/build';
import { buildBridge } from '@herdgate/bridge/build';
import { DEFAULT_EDGE_PORT, edgeApiSpec } from './lib/edge-api';
import { chooseLogFormat, formatterFor, type LogFormat } from './lib/log-format';
import { GatewayReport } from './lib/gateway-report';
import { readyBanner, readyFields } from './lib/banner';
import { Supervisor, type ChildSpec } from './lib/supervisor';
import { localBrokerHost, localBrokerUrl } from './lib/broker-url';
import { nodeChildEnv } from './lib/node-child-env';
import { buildOneProcess } from './one-process/build';
import { seedDemoNames } from './lib/demo-names';
import { recoverDataDir } from '@herdgate/shared/node';
import { stickMismatch } from './lib/taken-stick';

const tsx = process.execPath;
const tsxArgs = (entry: string) => ['--import', 'tsx', entry];
const env = process.env;
const dataDir = env.DATA_DIR ?? './data';
const edge = process.argv.includes('--edge');
let format: LogFormat;
let oneProcess: boolean;
try {
  format = chooseLogFormat(env, process.stdout.isTTY);
  oneProcess = !edge && processesChoice(env.HERDGATE_PROCESSES) === 'one';
} catch (err) {
  process.stderr.write(`herdgate: ${(err as Error).message}\n`);
  process.exit(1);
}
mkdirSync(dataDir, { recursive: true });
// An import or restore killed half way is finished (committed) or undone before anything reads the data.
try {
  const recovered = await recoverDataDir(dataDir);
  if (recovered !== 'none') process.stdout.write(`herdgate: an interrupted data replacement was ${recovered}\n`);
} catch (err) {
  process.stderr.write(`herdgate: ${(err as Error).message}\n`);
  process.exit(1);
}
const wrongStick = stickMismatch(dataDir, env.ZIGBEE_ADAPTER || undefined);
if (wrongStick) {
  process.stderr.write(`herdgate: ${wrongStick}\n`);
  process.exit(1);
}
// What the children report about themselves (bound ports, broker URLs), for the next child and the banner.
const report = new GatewayReport();

const specs: ChildSpec[] = [];
const bridgeEnv: Record<string, string> = { ...nodeChildEnv(env), DATA_DIR: dataDir };
// The Worker reaches the broker over WebSocket (mqtt.js on workerd speaks only ws:// and wss://).
const brokerWsPort = env.MQTT_WS_PORT ?? '1884';
if (edge) bridgeEnv.MQTT_WS_PORT = brokerWsPort;

const apiEnv: Record<string, string> = { ...nodeChildEnv(env) };

// One box: the api gets its own account on the embedded broker (it may send administrative
// requests such as the backup), generated per start unless configured; other local clients
// (`npx mqtt sub` in the quick start) may connect without one, from loopback only.
if (!env.MQTT_URL) {
  if (!env.MQTT_USER) {
    const account = { MQTT_USER: 'herdgate-api', MQTT_PASSWORD: randomBytes(18).toString('base64url') };
    Object.assign(bridgeEnv, account);
    Object.assign(apiEnv, account);
  }
  bridgeEnv.MQTT_ALLOW_ANONYMOUS = env.MQTT_ALLOW_ANONYMOUS ?? '1';
}

if (!env.ZIGBEE_ADAPTER) {
  const protocol = env.RADIO_PROTOCOL ?? 'deconz';
  if (protocol !== 'deconz' && protocol !== 'zstack' && protocol !== 'ember')
    throw new Error(`RADIO_PROTOCOL must be deconz, zstack or ember, got "${protocol}"`);
  const network = env.RADIO_NETWORK ?? 'bridge/virtual-radio/networks/demo.json';
  // The simulated devices keep the names their network file gives them (first start only).
  seedDemoNames(network, dataDir);
  const radioPort = env.RADIO_PORT ?? '6638';
  const controlPort = env.RADIO_CONTROL_PORT ?? '6639';
  specs.push({
    name: 'radio',
    command: tsx,
    args: [
      ...tsxArgs('bridge/virtual-radio/src/main.ts'),
      '--port',
      radioPort,
      '--control-port',
      controlPort,
      '--state',
      env.RADIO_STATE ?? `${dataDir}/virtual-radio.json`,
      '--network',
      network,
      '--protocol',
      protocol,
    ],
    ready: (line) => report.radio(line),
  });
  // The demo devices wait in the radio's pairing pool: open the network at start so they pair.
  Object.assign(bridgeEnv, {
    ZIGBEE_ADAPTER: protocol,
    PERMIT_JOIN_ON_START: env.PERMIT_JOIN_ON_START ?? '120',
  });
}

// The bridge and the api run as plain JavaScript built from their sources at every start (about a
// second each, one build mechanism: @herdgate/shared/build): the tsx loader would cost each ~30 MiB.
const [{ bundle: bridgeBundle }, { bundle: apiBundle }, oneProcessBuild] = await Promise.all([
  buildBridge(),
  buildApi(),
  oneProcess ? buildOneProcess() : undefined,
]);
apiEnv.DATABASE_URL = env.DATABASE_URL ?? `file:${dataDir}/herdgate.db`;
// The api reaches the bridge through the bridge's embedded broker unless an external one is named.
const apiMqttUrl = () => env.MQTT_URL ?? localBrokerUrl(env, report.mqttPort() ?? env.MQTT_PORT ?? '1883');
if (oneProcessBuild) {
  specs.push({
    name: 'gateway',
    command: process.execPath,
    args: [oneProcessBuild.bundle, bridgeBundle, apiBundle],
    // One environment for both halves: the api's MQTT_URL is the bridge's broker, found in-process.
    env: () => ({ ...bridgeEnv, ...report.bridgeRadioEnv(), ...apiEnv }),
    ready: (line) => {
      report.bridge(line);
      return report.api(line);
    },
  });
} else {
  specs.push({
    name: 'bridge',
    command: process.execPath,
    args: [bridgeBundle],
    // The radio's ports as it reported them (RADIO_PORT=0 picks free ones).
    env: () => ({ ...bridgeEnv, ...report.bridgeRadioEnv() }),
    ready: (line) => report.bridge(line),
  });
  specs.push(
    edge
      ? {
          ...edgeApiSpec({ env: { ...env, ...apiEnv }, dataDir, brokerWsUrl: `ws://${localBrokerHost(env)}:${brokerWsPort}` }),
          ready: (line) => report.edge(line),
        }
      : { name: 'api', command: process.execPath, args: [apiBundle], env: () => ({ ...apiEnv, MQTT_URL: apiMqttUrl() }), ready: (line) => report.api(line) },
  );
}

if (env.MATTER === '1') {
  specs.push({
    name: 'matter',
    command: tsx,
    args: tsxArgs('matter/src/main.ts'),
    // The api's account: the Matter bridge speaks for the api's users, as the api does.
    env: () => ({ ...nodeChildEnv(env), ...apiEnv, DATA_DIR: dataDir, MQTT_URL: apiMqttUrl() }),
    ready: (line) => report.matter(line),
  });
}

const supervisor = new Supervisor(process.stdout, formatterFor(format));
let stopping = false;
const shutdown = (signal: string) => {
  if (stopping) return;
  stopping = true;
  supervisor.log(`${signal}: stopping`);
  void supervisor.stop().then(() => process.exit(0));
};
process.on('SIGINT', () => shutdown('SIGINT'));
process.on('SIGTERM', () => shutdown('SIGTERM'));
// Whoever started us (npm, a shell, a service manager) may go away without signalling us, e.g.
// when only the npm process gets SIGTERM: then stop too instead of running on as an orphan.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) shutdown('parent exited');
}, 1000).unref();
await supervisor.start(specs);
if (!stopping) {
  const addresses = report.addresses({
    httpHost: edge ? (env.HTTP_HOST ?? '127.0.0.1') : (env.HTTP_HOST ?? '0.0.0.0'),
    edgePort: edge ? Number(env.EDGE_PORT ?? DEFAULT_EDGE_PORT) : undefined,
    gatewayUser: env.GATEWAY_USER ?? 'delight',
    defaultPassword: (env.GATEWAY_PASSWORD ?? 'delight') === 'delight',
  });
  // A terminal gets the banner; logs collectors get the same facts as one JSON line.
  if (format === 'pretty') process.stdout.write(readyBanner(addresses, true));
  else supervisor.log('herdgate is ready', readyFields(addresses));
}

function processesChoice(value: string | undefined): 'one' | 'split' {
  if (value === undefined || value === '' || value === 'one') return 'one';
  if (value === 'split') return 'split';
  throw new Error(`HERDGATE_PROCESSES must be one or split, got "${value}"`);
}
