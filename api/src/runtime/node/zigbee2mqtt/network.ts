/**
 * Zigbee2MQTT's network as herdgate's bridge starts it: the same PAN id, extended PAN id, key and
 * channel handed to zigbee-herdsman (`network.json`), the same stick through the same herdsman
 * adapter, and the coordinator backup herdsman wrote, checked against both. herdsman then finds
 * the network it configures already on the stick and resumes it: nothing is formed or re-paired.
 */
import type { DbDevice } from './herdsman-db';
import type { Z2mNetwork, Z2mSettings } from './settings';
import { FolderRefused } from './source';

/** Zigbee2MQTT's `serial.adapter` → herdgate's ZIGBEE_ADAPTER (ezsp was dropped by herdsman 11; ember drives the same sticks). */
const ADAPTERS: Record<string, string> = { deconz: 'deconz', zstack: 'zstack', ember: 'ember', ezsp: 'ember', zigate: 'zigate', zboss: 'zboss', zoh: 'zoh' };

interface OpenBackup {
  metadata?: { format?: string; version?: number };
  stack_specific?: { ezsp?: unknown; zstack?: unknown };
  coordinator_ieee?: string;
  pan_id?: string;
  extended_pan_id?: string;
  channel?: number;
  network_key?: { key?: string };
}

export interface TakenNetwork extends Z2mNetwork {
  /** Coordinator IEEE, 16 lower-case hex digits. */
  coordinator: string;
  adapter: string;
  /** Zigbee2MQTT's serial.port, for the start command the report prints. */
  port?: string;
  /** coordinator_backup.json as it was, when there is one. */
  backup?: string;
  notes: string[];
}

function parseBackup(text: string): OpenBackup {
  let backup: OpenBackup;
  try {
    backup = JSON.parse(text) as OpenBackup;
  } catch {
    throw new FolderRefused('coordinator_backup.json is not JSON (damaged)');
  }
  if (backup?.metadata?.format !== 'zigpy/open-coordinator-backup' || backup.metadata.version !== 1) {
    throw new FolderRefused('coordinator_backup.json is not an open coordinator backup (metadata.format zigpy/open-coordinator-backup, version 1)');
  }
  return backup;
}

/** The backup must be of the network configuration.yaml and database.db describe. */
function checkBackup(backup: OpenBackup, network: Z2mNetwork, coordinator: string): void {
  const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase().replace(/^0x/, '') : '');
  const differs: string[] = [];
  if (Number.parseInt(lower(backup.pan_id), 16) !== network.panId) differs.push(`PAN id ${backup.pan_id}`);
  if (lower(backup.extended_pan_id) !== network.extPanId) differs.push(`extended PAN id ${backup.extended_pan_id}`);
  if (lower(backup.network_key?.key) !== network.networkKey) differs.push('network key');
  if (backup.channel !== network.channel) differs.push(`channel ${backup.channel}`);
  // herdsman's ember adapter writes the coordinator IEEE byte-reversed (little-endian).
  const reversed = coordinator.match(/../g)!.reverse().join('');
  if (lower(backup.coordinator_ieee) !== coordinator && lower(backup.coordinator_ieee) !== reversed) differs.push(`coordinator ${backup.coordinator_ieee}`);
  if (differs.length > 0) {
    throw new FolderRefused(
      `coordinator_backup.json is of another network than configuration.yaml and database.db (${differs.join(', ')}): Zigbee2MQTT has not run since the settings changed; start it once, or remove the stale backup`,
    );
  }
}

function adapterOf(settings: Z2mSettings, backup: OpenBackup | undefined, wanted: string | undefined, notes: string[]): string {
  const named = settings.adapter ?? (backup?.stack_specific?.ezsp ? 'ember' : backup?.stack_specific?.zstack ? 'zstack' : undefined);
  if (named !== undefined && !(named in ADAPTERS)) throw new FolderRefused(`serial.adapter ${named} is not an adapter zigbee-herdsman knows`);
  const adapter = named === undefined ? wanted : ADAPTERS[named]!;
  if (!adapter)
    throw new FolderRefused(
      "configuration.yaml does not name serial.adapter (Zigbee2MQTT detected it): set ZIGBEE_ADAPTER to the stick's adapter (deconz, zstack, ember…) and import again",
    );
  if (wanted && wanted !== adapter)
    throw new FolderRefused(
      `ZIGBEE_ADAPTER=${wanted}, but the network lives on Zigbee2MQTT's ${named} stick: herdgate resumes it with ZIGBEE_ADAPTER=${adapter} on that stick`,
    );
  if (named === 'ezsp') notes.push('serial.adapter ezsp: herdgate drives the same EmberZNet stick with the ember adapter');
  return adapter;
}

export function takeNetwork(settings: Z2mSettings, coordinator: DbDevice, backupText: string | undefined, wantedAdapter: string | undefined): TakenNetwork {
  const notes: string[] = [];
  const ieee = coordinator.ieeeAddr.slice(2);
  const backup = backupText === undefined ? undefined : parseBackup(backupText);
  if (backup) checkBackup(backup, settings.network, ieee);
  const adapter = adapterOf(settings, backup, wantedAdapter, notes);
  if (!backup) notes.push('no coordinator_backup.json: the network resumes on this same stick only (zigbee-herdsman cannot move it to another one)');
  if (settings.network.defaulted.length > 0)
    notes.push(`Zigbee2MQTT's defaults for ${settings.network.defaulted.map((k) => `advanced.${k}`).join(', ')} (not set in configuration.yaml)`);
  return {
    ...settings.network,
    coordinator: ieee,
    adapter,
    ...(settings.port ? { port: settings.port } : {}),
    ...(backupText !== undefined ? { backup: backupText } : {}),
    notes,
  };
}

/** What the bridge reads as `network.json`. */
export function networkParams(network: TakenNetwork) {
  return {
    panID: network.panId,
    extendedPanID: [...Buffer.from(network.extPanId, 'hex')],
    networkKey: [...Buffer.from(network.networkKey, 'hex')],
    channel: network.channel,
  };
}
