/**
 * The Matter process as it runs: environment checked, the broker followed through the api's own
 * bridge link, matter.js loaded (only here, and only when this process is started), the bridge
 * node started, and one machine-readable ready line for the supervisor's banner.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pino, type Logger } from 'pino';
import { createBridgeLink } from '@herdgate/api/bridge-link';
import { MatterControl } from './control';
import { parseMatterEnv } from './env';
import { connectMatterMqtt } from './mqtt';
import { loadPairingSecret } from './pairing';

export interface RunningMatter {
  close(): Promise<void>;
  logger: Logger;
}

export async function runMatter(vars: Record<string, string | undefined>): Promise<RunningMatter> {
  const env = parseMatterEnv(vars);
  const logger = pino({ level: env.LOG_LEVEL }).child({ process: 'matter' });
  const storage = join(env.DATA_DIR, 'matter');
  // matter.js reads these from the environment when it loads: set them before the import.
  process.env.MATTER_STORAGE_PATH = storage;
  // main.ts owns SIGTERM/SIGINT: matter.js's own handlers would cancel the node while ours closes
  // it and exits, cutting the CASE sessions off instead of closing them.
  process.env.MATTER_RUNTIME_SIGNALS = 'false';
  process.env.MATTER_LOG_LEVEL ??= env.LOG_LEVEL === 'debug' || env.LOG_LEVEL === 'trace' ? 'debug' : 'notice';
  if (env.MATTER_LISTEN === 'loopback') {
    process.env.MATTER_MDNS_NETWORKINTERFACE = 'lo';
    process.env.MATTER_MDNS_IPV4 = 'false';
  }
  const mqtt = connectMatterMqtt({
    url: env.MQTT_URL,
    user: env.MQTT_USER,
    password: env.MQTT_PASSWORD,
    ca: env.MQTT_CA === undefined ? undefined : readFileSync(env.MQTT_CA, 'utf8'),
    base: env.MQTT_BASE_TOPIC,
    logger: logger.child({ component: 'mqtt' }),
  });
  const link = createBridgeLink({
    transport: mqtt,
    base: env.MQTT_BASE_TOPIC,
    preferredBridge: env.BRIDGE_ID,
    logger: logger.child({ component: 'bridge-link' }),
  });
  let names: ReadonlyMap<string, string> = new Map();
  let renamed = () => {};
  const control = new MatterControl({
    mqtt,
    base: env.MQTT_BASE_TOPIC,
    logger,
    onNames: (next) => {
      names = next;
      renamed();
    },
  });
  const { startMatterBridge } = await import('./bridge-node');
  const bridge = await startMatterBridge({
    port: env.MATTER_PORT,
    listen: env.MATTER_LISTEN === 'loopback' ? { ipv4: '127.0.0.1', ipv6: '::1' } : undefined,
    secret: loadPairingSecret(storage, { passcode: env.MATTER_PASSCODE, discriminator: env.MATTER_DISCRIMINATOR }),
    source: link,
    names: () => names,
    logger,
    onStatus: (status) => control.publishStatus(status),
    windowSeconds: env.MATTER_WINDOW_SECONDS,
  });
  renamed = () => bridge.follower.renamed();
  control.attach(bridge);
  const status = bridge.status();
  logger.info({ port: env.MATTER_PORT, pairingcode: status.pairingcode, commissioned: status.commissioned }, 'matter bridge listening');
  process.stdout.write(
    `${JSON.stringify({ event: 'matter-ready', port: env.MATTER_PORT, pairingcode: status.pairingcode, qrcode: status.qrcode, commissioned: status.commissioned })}\n`,
  );
  return {
    logger,
    async close() {
      await bridge.close();
      await link.close();
    },
  };
}
