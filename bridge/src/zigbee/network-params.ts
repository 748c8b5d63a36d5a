import { randomBytes, randomInt } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from 'pino';
import { atomicFile } from '@herdgate/shared/node';

/**
 * Network parameters are generated once per installation (never a well-known default key or
 * PAN id) and kept in the data directory beside herdsman's database, so a restart resumes the
 * same network. The channel comes from config (ZIGBEE_CHANNEL) until it is moved through the
 * contract (`network/channel`); from then on the stored one wins, or a restart would move the
 * network back. The file holds the
 * network key: written atomically with mode 0600. A corrupt file is moved aside and the
 * parameters are taken from its last good version, else from herdsman's coordinator backup, so a
 * damaged file neither stops the bridge nor silently starts a new network.
 */
export interface NetworkParams {
  panID: number;
  extendedPanID: number[];
  networkKey: number[];
  channel?: number;
}

const FILE = 'network.json';

export function generateNetworkParams(): NetworkParams {
  return {
    // 0x0000 and 0xFFFF are reserved; 0xFFFE means "unknown" in several stacks.
    panID: randomInt(1, 0xfffe),
    extendedPanID: [...randomBytes(8)],
    networkKey: [...randomBytes(16)],
  };
}

function validate(value: unknown): NetworkParams {
  const p = value as NetworkParams;
  const bytes = (a: unknown, n: number) => Array.isArray(a) && a.length === n && a.every((b) => Number.isInteger(b) && b >= 0 && b <= 255);
  const ok =
    typeof p === 'object' &&
    p !== null &&
    Number.isInteger(p.panID) &&
    p.panID > 0 &&
    p.panID < 0xffff &&
    bytes(p.extendedPanID, 8) &&
    bytes(p.networkKey, 16) &&
    (p.channel === undefined || (Number.isInteger(p.channel) && p.channel >= 11 && p.channel <= 26));
  if (!ok) throw new Error('expected panID, extendedPanID[8], networkKey[16], channel 11-26 when present');
  const params: NetworkParams = { panID: p.panID, extendedPanID: p.extendedPanID, networkKey: p.networkKey };
  return p.channel === undefined ? params : { ...params, channel: p.channel };
}

/** The same parameters from herdsman's unified coordinator backup, when it has them. */
async function fromCoordinatorBackup(dataDir: string): Promise<NetworkParams | undefined> {
  try {
    const backup = JSON.parse(await readFile(join(dataDir, 'coordinator_backup.json'), 'utf8')) as {
      pan_id?: string;
      extended_pan_id?: string;
      network_key?: { key?: string };
    };
    const hex = (text: string | undefined) => [...Buffer.from(text ?? '', 'hex')];
    return validate({ panID: Number.parseInt(backup.pan_id ?? '', 16), extendedPanID: hex(backup.extended_pan_id), networkKey: hex(backup.network_key?.key) });
  } catch {
    return undefined;
  }
}

const fileOf = (dataDir: string, logger: Logger) =>
  atomicFile(join(dataDir, FILE), {
    validate,
    mode: 0o600,
    onRecover: (info) => logger.error(info, `${FILE} was corrupt; moved aside`),
  });

/** Keeps new parameters (a moved channel, a new network) for every later start. */
export async function saveNetworkParams(dataDir: string, params: NetworkParams, logger: Logger): Promise<void> {
  await fileOf(dataDir, logger).write(params);
}

export async function loadNetworkParams(dataDir: string, logger: Logger): Promise<{ params: NetworkParams; created: boolean }> {
  const file = fileOf(dataDir, logger);
  const read = await file.read();
  if (read.value) return { params: read.value, created: false };
  const recovered = read.recovered ? await fromCoordinatorBackup(dataDir) : undefined;
  if (recovered) logger.error(`${FILE} rebuilt from coordinator_backup.json (same network)`);
  else if (read.recovered) logger.error(`${FILE} could not be recovered: a new network is generated and devices must pair again`);
  const params = recovered ?? generateNetworkParams();
  await file.write(params);
  return { params, created: recovered === undefined };
}
