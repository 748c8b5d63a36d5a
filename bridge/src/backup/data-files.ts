import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { BRIDGE_DATA_FILES, sha256Hex, toBase64 } from '@herdgate/shared/backup';
import type { ResponsePayloads } from '@herdgate/shared/mqtt';

/**
 * The bridge's part of a gateway backup: its data files as they are on disk, each with its
 * SHA-256, gzipped for the trip over MQTT. The caller refreshes herdsman's files first (a
 * coordinator backup also saves herdsman's database). A file the bridge has not written yet
 * (no device was ever renamed) is left out.
 */
export async function readBridgeDataFiles(dataDir: string): Promise<ResponsePayloads['backup/data']> {
  const files: ResponsePayloads['backup/data']['files'] = {};
  for (const name of BRIDGE_DATA_FILES) {
    const bytes = await readFile(join(dataDir, name)).catch((err: NodeJS.ErrnoException) => {
      if (err.code === 'ENOENT') return undefined;
      throw err;
    });
    if (bytes) files[name] = { sha256: await sha256Hex(bytes), gzip: toBase64(gzipSync(bytes)) };
  }
  return { files };
}
