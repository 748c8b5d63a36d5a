import type { ArchiveBody, ArchiveRefusal } from '@herdgate/shared/backup';

/**
 * What a restore puts in place, whatever was uploaded: the api's database rows and the bridge's
 * files, in the archive's shapes. A herdgate backup is one already; a deCONZ export becomes one
 * (`DeconzReader`, on Node). Built and checked whole before anything changes.
 */
export interface RestoreContent {
  source: 'herdgate' | 'deconz' | 'zigbee2mqtt';
  /** SHA-256 of the uploaded file: the restore's id, end to end. */
  id: string;
  /** The gateway the upload comes from, and when it was made (herdgate archives). */
  gateway: { bridgeid: string; name: string; created?: string };
  database: ArchiveBody['database'];
  files: ArchiveBody['bridge']['files'];
  /** What is not taken and why (a deCONZ export), for the answer and the log. */
  notes: string[];
  /** The herdsman adapter of the stick the network lives on, when the upload says (Zigbee2MQTT's serial.adapter). */
  adapter?: string;
}

export type ReadOutcome = { ok: true; content: RestoreContent } | { ok: false; refusal: ArchiveRefusal };

/**
 * Turns a deCONZ export (`deCONZ.tar.gz`) into restore content: the same reader as
 * `npm run import -- deconz`. Only runtimes with a file system provide one.
 */
export type DeconzReader = (
  bytes: Uint8Array,
  now: number,
) => Promise<{ ok: true; content: Omit<RestoreContent, 'source' | 'id'> } | { ok: false; message: string }>;

/**
 * Turns another gateway's upload into restore content (a Zigbee2MQTT data folder archive), or
 * answers undefined when the upload is not of its kind. `adapter` is the running bridge's, which
 * the network must live on. Only runtimes with a file system provide one.
 */
export type TakeoverReader = (
  bytes: Uint8Array,
  now: number,
  adapter: string | undefined,
) => Promise<{ ok: true; content: Omit<RestoreContent, 'source' | 'id'> } | { ok: false; message: string } | undefined>;
