import { readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import {
  advanceFrameCounter,
  coordinatorFacts,
  isBridgeDataFile,
  parseCoordinatorBackup,
  REQUIRED_BRIDGE_FILES,
  restoreRefusal,
  sha256Hex,
} from '@herdgate/shared/backup';
import type { RequestPayloads, ResponsePayloads } from '@herdgate/shared/mqtt';
import { replaceDataDir } from '@herdgate/shared/node';
import { RequestError } from '../features/error-codes';

/**
 * The bridge's side of a restore (`backup/restore`): check a backup's files against this bridge's
 * stick, then swap them into the data folder in one scoped, atomic swap (only the bridge's own
 * files move: the api's database and the virtual radio's state may share the folder). The
 * restore's id is kept beside them, so the api sending the same restore again (it keeps it until
 * the bridge confirmed) is answered as done without a second swap.
 */
export const RESTORE_MARKER = 'restored.json';

type Answer = ResponsePayloads['backup/restore'];

export interface StickFacts {
  /** herdsman adapter name (deconz, zstack, ember…). */
  adapter: string;
  coordinator: string;
  network: { panid: number; extpanid: string };
  devices: number;
}

export interface CheckedRestore {
  answer: Answer;
  files: Map<string, Uint8Array>;
}

/** Reads and checks everything before anything changes; a refusal is a RequestError. */
export async function checkRestore(payload: Pick<RequestPayloads['backup/restore'], 'id' | 'files'>, stick: StickFacts): Promise<CheckedRestore> {
  const files = new Map<string, Uint8Array>();
  for (const [name, file] of Object.entries(payload.files)) {
    if (!isBridgeDataFile(name) || name.includes('/')) throw new RequestError(`${name} is not a bridge data file`, 'invalid_payload');
    let bytes: Uint8Array;
    try {
      bytes = gunzipSync(Buffer.from(file.gzip, 'base64'));
    } catch (err) {
      throw new RequestError(`${name} is not gzip (${(err as Error).message})`, 'invalid_payload');
    }
    if ((await sha256Hex(bytes)) !== file.sha256) throw new RequestError(`${name} does not match its checksum`, 'invalid_payload');
    files.set(name, bytes);
  }
  const missing = REQUIRED_BRIDGE_FILES.filter((name) => !files.has(name));
  if (missing.length > 0) throw new RequestError(`the backup holds no ${missing.join(' or ')}`, 'invalid_payload');
  const coordinatorBytes = files.get('coordinator_backup.json');
  const backup = coordinatorBytes ? parseCoordinatorBackup(new TextDecoder().decode(coordinatorBytes)) : undefined;
  const facts = backup ? coordinatorFacts(backup) : undefined;
  const same = facts?.ieee === stick.coordinator.toLowerCase();
  if (!same) {
    const refusal = restoreRefusal(backup, stick.adapter);
    if (refusal)
      throw new RequestError(
        `this bridge's stick (${stick.coordinator}) is not the backed-up coordinator${facts ? ` (${facts.ieee})` : ''} and ${refusal}`,
        'not_supported',
      );
  }
  if (backup) files.set('coordinator_backup.json', advanceFrameCounter(backup));
  const answer: Answer = {
    id: payload.id,
    stick: same ? 'same' : 'other',
    coordinator: stick.coordinator,
    backup: { ...(facts ? { ieee: facts.ieee } : {}), ...(facts?.panId ? { panid: facts.panId } : {}), ...(facts?.channel ? { channel: facts.channel } : {}) },
    ...(same ? {} : { replaces: { panid: stick.network.panid, extpanid: stick.network.extpanid, devices: stick.devices } }),
    files: [...files.keys()].sort(),
    restored: false,
  };
  return { answer, files };
}

/** The id of the restore this data folder holds, if it came from one. */
export async function restoredId(dataDir: string): Promise<string | undefined> {
  try {
    const marker = JSON.parse(await readFile(join(dataDir, RESTORE_MARKER), 'utf8')) as { id?: unknown };
    return typeof marker.id === 'string' ? marker.id : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Swaps the checked files in. `release` runs last in the staging, after everything is written:
 * it stops herdsman, whose stop writes its database and coordinator backup, so those writes land
 * on the old files that the swap then moves aside. When anything fails nothing changed.
 */
export async function swapInRestore(dataDir: string, checked: CheckedRestore, release: () => Promise<void>): Promise<void> {
  await replaceDataDir(
    dataDir,
    async (staging) => {
      for (const [name, bytes] of checked.files) await writeFile(join(staging, name), bytes, { mode: 0o600 });
      await writeFile(join(staging, RESTORE_MARKER), `${JSON.stringify({ id: checked.answer.id, at: new Date().toISOString() })}\n`);
      await release();
    },
    { replaces: (name) => isBridgeDataFile(name) || name === RESTORE_MARKER },
  );
}
