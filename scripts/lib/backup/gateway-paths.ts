import { existsSync } from 'node:fs';
import { createConnection } from 'node:net';
import { dirname, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { backupDir } from '@herdgate/api/node-backup';

/**
 * Where a gateway keeps its data, from the same variables the gateway reads: the bridge's
 * DATA_DIR, the api's DATABASE_URL (a local file or a libSQL server) and BACKUP_DIR.
 */
export interface GatewayPaths {
  dataDir: string;
  databaseUrl: string;
  authToken?: string;
  /** The database file when DATABASE_URL names a local one. */
  databaseFile?: string;
  /** Its name when that file sits directly in the data folder: then one swap replaces both. */
  databaseInDataDir?: string;
  backupDir: string;
}

export function gatewayPaths(env: Record<string, string | undefined>): GatewayPaths {
  const dataDir = resolve(env.DATA_DIR || './data');
  const databaseUrl = env.DATABASE_URL || 'file:./data/herdgate.db';
  const local = databaseUrl.startsWith('file:') && databaseUrl !== 'file::memory:';
  const databaseFile = local ? resolve(databaseUrl.startsWith('file://') ? fileURLToPath(databaseUrl) : databaseUrl.slice('file:'.length)) : undefined;
  const inside = databaseFile !== undefined && dirname(databaseFile) === dataDir ? databaseFile.slice(dataDir.length + sep.length) : undefined;
  return {
    dataDir,
    databaseUrl,
    authToken: env.DATABASE_AUTH_TOKEN || undefined,
    databaseFile,
    databaseInDataDir: inside,
    backupDir: resolve(backupDir({ BACKUP_DIR: env.BACKUP_DIR || undefined, DATABASE_URL: databaseUrl })),
  };
}

export function databaseExists(paths: GatewayPaths): boolean {
  return paths.databaseFile === undefined || existsSync(paths.databaseFile);
}

/**
 * Whether a gateway answers on this machine's HTTP_PORT or MQTT_PORT (defaults 8080 and 1883):
 * the command-line tools work on a stopped gateway, whose files nobody writes meanwhile.
 */
export async function runningGateway(env: Record<string, string | undefined>): Promise<string | undefined> {
  const ports = [
    ['HTTP_PORT', env.HTTP_PORT || '8080'],
    ['MQTT_PORT', env.MQTT_PORT || '1883'],
  ] as const;
  for (const [name, port] of ports) if (await answers(Number(port))) return `something answers on 127.0.0.1:${port} (${name})`;
  return undefined;
}

function answers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port, timeout: 500 });
    const done = (up: boolean) => {
      socket.destroy();
      resolve(up);
    };
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
    socket.once('timeout', () => done(false));
  });
}
