import type { CoordinatorFacts } from './format';

/**
 * What herdsman's open coordinator backup (`coordinator_backup.json`) says about the stick, and
 * whether a given adapter can restore the network from it (zigbee-herdsman 11.1.1): Z-Stack and
 * deCONZ read any open backup, EmberZNet only one written by EmberZNet (it needs the hashed
 * trust-centre key and the EZSP version, and refuses to start otherwise), and ZBOSS, ZiGate and
 * ZoH never restore a network onto a stick. Checked before a restore changes anything.
 */
export interface OpenBackup {
  metadata?: { format?: string; version?: number; internal?: { ezspVersion?: number; znpVersion?: number } };
  stack_specific?: { ezsp?: unknown; zstack?: unknown };
  coordinator_ieee?: string;
  pan_id?: string;
  channel?: number;
  network_key?: { frame_counter?: number };
}

/**
 * How far a restore moves the network frame counter past the backed-up one. Frames the old stick
 * sent after the backup carried higher counters, and devices drop frames whose counter is not
 * above the last they saw; herdsman adds its own margin on Z-Stack (2500) and ConBee (1000), but
 * restores EmberZNet's counter exactly.
 */
export const FRAME_COUNTER_ADVANCE = 10_000;

const RESTORING_ADAPTERS = ['zstack', 'ember', 'deconz'] as const;
/** The oldest EZSP version whose backups herdsman's EmberZNet adapter reads (older ones are set aside). */
const OLDEST_EZSP = 12;

export function parseCoordinatorBackup(text: string): OpenBackup | undefined {
  try {
    const value = JSON.parse(text) as OpenBackup;
    return value?.metadata?.format === 'zigpy/open-coordinator-backup' && value.metadata.version === 1 ? value : undefined;
  } catch {
    return undefined;
  }
}

export function coordinatorFacts(backup: OpenBackup): CoordinatorFacts | undefined {
  if (typeof backup.coordinator_ieee !== 'string') return undefined;
  const adapter = backup.stack_specific?.ezsp ? 'ember' : backup.stack_specific?.zstack ? 'zstack' : undefined;
  // herdsman's EmberZNet adapter writes the EUI64 byte-reversed (emberAdapter `backup()` reverses
  // it before the hex), where the format and the other adapters write it big-endian.
  const hex = backup.coordinator_ieee.toLowerCase();
  const ieee = adapter === 'ember' ? (hex.match(/../g) ?? []).reverse().join('') : hex;
  return {
    ieee: `0x${ieee}`,
    ...(adapter ? { adapter } : {}),
    ...(backup.pan_id ? { panId: backup.pan_id } : {}),
    ...(backup.channel ? { channel: backup.channel } : {}),
  };
}

/**
 * Undefined when `adapter` can bring the backed-up network onto a stick (a new one included);
 * otherwise why not. `backup` undefined: the archive has no coordinator backup at all.
 */
export function restoreRefusal(backup: OpenBackup | undefined, adapter: string): string | undefined {
  if (!(RESTORING_ADAPTERS as readonly string[]).includes(adapter)) {
    return `zigbee-herdsman cannot restore a network onto a ${adapter} stick: restore onto the same stick (--same-stick) or use a Z-Stack, EmberZNet or ConBee stick`;
  }
  if (!backup)
    return 'the backup has no coordinator backup (coordinator_backup.json), so the network cannot be moved to a stick; restore onto the same stick (--same-stick)';
  if (adapter === 'ember') {
    const version = backup.metadata?.internal?.ezspVersion;
    if (!backup.stack_specific?.ezsp || version === undefined)
      return 'an EmberZNet stick can only take a network backed up from an EmberZNet stick (zigbee-herdsman needs its hashed trust-centre key); this backup comes from another stack';
    if (version < OLDEST_EZSP) return `the backup comes from EZSP version ${version}; zigbee-herdsman restores from version ${OLDEST_EZSP} on`;
  }
  return undefined;
}

/** The coordinator backup a restore writes: the backed-up one with its frame counter advanced. */
export function advanceFrameCounter(backup: OpenBackup): Uint8Array {
  const copy = structuredClone(backup);
  if (copy.network_key && typeof copy.network_key.frame_counter === 'number')
    copy.network_key.frame_counter = Math.min(copy.network_key.frame_counter + FRAME_COUNTER_ADVANCE, 0xffffffff);
  return new TextEncoder().encode(JSON.stringify(copy, null, 2));
}
