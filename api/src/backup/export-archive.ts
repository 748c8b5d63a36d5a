import { archiveFile, encodeArchive, fromBase64, gunzip, sha256Hex, type ArchiveBody } from '@herdgate/shared/backup';
import type { BridgeLink } from '../services/bridge-link';
import type { Clock } from '../services/clock';
import type { Store } from '../store/types';
import { dumpTables } from './database-rows';

/** How long the bridge may take to write herdsman's backup and read its files. */
const BRIDGE_TIMEOUT_MS = 30_000;

export type ExportOutcome =
  | { ok: true; bytes: Uint8Array; name: string; created: string }
  /** `code`: the bridge's (not_connected, busy, timeout…), or `damaged` when its files arrive altered. */
  | { ok: false; code: string; message: string };

export interface ExportDeps {
  store: Store;
  bridge: BridgeLink;
  clock: Clock;
  /** herdgate's own version, for the manifest. */
  version: string;
}

/**
 * One consistent backup of the whole gateway: the bridge's files first (after herdsman wrote a
 * fresh coordinator backup), then the database in one read transaction. The bridge must be online:
 * without its network a backup could not restore the Zigbee side (deCONZ also refuses an export
 * while its network is down).
 */
export async function exportArchive(deps: ExportDeps): Promise<ExportOutcome> {
  const answer = await deps.bridge.request('backup/data', {}, BRIDGE_TIMEOUT_MS);
  if (answer.status === 'error') return { ok: false, code: answer.code, message: answer.message };
  const files: ArchiveBody['bridge']['files'] = {};
  for (const [name, file] of Object.entries(answer.data.files)) {
    const bytes = await gunzip(fromBase64(file.gzip)).catch(() => undefined);
    if (!bytes || (await sha256Hex(bytes)) !== file.sha256)
      return { ok: false, code: 'damaged', message: `${name} from the bridge does not match its checksum` };
    files[name] = await archiveFile(bytes);
  }
  const database = await deps.store.read(dumpTables);
  const info = deps.bridge.info();
  const identity = deps.store.identity();
  const created = new Date(deps.clock.now()).toISOString();
  const coordinator = info
    ? { ieee: info.coordinator.ieee, adapter: info.coordinator.type, panId: info.network.panid.toString(16).padStart(4, '0'), channel: info.network.channel }
    : undefined;
  const software: Record<string, string> = {
    herdgate: deps.version,
    ...(info ? { 'zigbee-herdsman': info.versions.herdsman, 'zigbee-herdsman-converters': info.versions.converters } : {}),
  };
  const bytes = await encodeArchive(
    { created, gateway: { bridgeid: info?.bridge ?? identity.bridgeid, name: deps.store.settings().name, coordinator }, software },
    { database, bridge: { files } },
  );
  return { ok: true, bytes, name: archiveName(info?.bridge ?? identity.bridgeid, created), created };
}

/** `herdgate-<bridgeid>-20261202T030000Z.herdgate-backup`: sorts by time, says whose it is. */
export function archiveName(bridgeid: string, created: string): string {
  return `herdgate-${bridgeid}-${created.replace(/[-:]/g, '').replace(/\.\d+Z$/, 'Z')}.herdgate-backup`;
}

/** The creation time an archive name carries (epoch ms), if it is one of ours. */
export function archiveTime(name: string): number | undefined {
  const m = /-(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(\d{2})Z\.herdgate-backup$/.exec(name);
  return m ? Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6])) : undefined;
}
