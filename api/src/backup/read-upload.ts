import { decodeArchive, detectUpload, sha256Hex, type ArchiveRefusal } from '@herdgate/shared/backup';
import { unknownToSchema } from './database-rows';
import type { DeconzReader, ReadOutcome, TakeoverReader } from './restore-content';

const refuse = (reason: ArchiveRefusal['reason'], message: string): ReadOutcome => ({ ok: false, refusal: { reason, message } });

/**
 * What an uploaded file restores, read and checked whole: a herdgate backup (damaged, truncated,
 * foreign, newer and incomplete ones refused by the archive reader, a table or column this schema
 * lacks as newer), a deCONZ export (through `deconz`, the takeover's reader) or an archive of a
 * Zigbee2MQTT data folder (through `zigbee2mqtt`, for a bridge on an `adapter` stick).
 */
export async function readUpload(
  bytes: Uint8Array,
  deps: { deconz?: DeconzReader; zigbee2mqtt?: TakeoverReader; now: number; adapter?: string },
): Promise<ReadOutcome> {
  const id = await sha256Hex(bytes);
  const kind = await detectUpload(bytes);
  if (kind === 'unknown') {
    const read = await deps.zigbee2mqtt?.(bytes, deps.now, deps.adapter);
    if (read === undefined)
      return refuse('foreign', 'not a herdgate backup nor a deCONZ export (deCONZ.tar.gz) nor an archive of a Zigbee2MQTT data folder (zip or tar.gz)');
    if (!read.ok) return refuse('damaged', read.message);
    return { ok: true, content: { source: 'zigbee2mqtt', id, ...read.content } };
  }
  if (kind === 'deconz') {
    if (!deps.deconz) return refuse('foreign', 'this runtime cannot read a deCONZ export (it needs a file system); use npm run import -- deconz');
    const read = await deps.deconz(bytes, deps.now);
    if (!read.ok) return refuse('damaged', read.message);
    return { ok: true, content: { source: 'deconz', id, ...read.content } };
  }
  const decoded = await decodeArchive(bytes);
  if (!decoded.ok) return decoded;
  const { manifest, body } = decoded.archive;
  const unknown = unknownToSchema(body.database);
  if (unknown) return refuse('newer', `the backup holds a ${unknown} this herdgate does not know: it comes from a newer herdgate, update first`);
  return {
    ok: true,
    content: {
      source: 'herdgate',
      id,
      gateway: { bridgeid: manifest.gateway.bridgeid, name: manifest.gateway.name, created: manifest.created },
      database: body.database,
      files: body.bridge.files,
      notes: [],
    },
  };
}
