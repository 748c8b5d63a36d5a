import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import type { ExportOutcome } from '../../backup/export-archive';
import { mapBridgeFailure } from '../../resources/bridge-outcome';
import { sendJson } from '../../lib/respond';

const ADDRESS = '/config/export';

/**
 * `POST /config/export`: writes a backup archive of the whole gateway into the backup folder and
 * answers as deCONZ does. The bridge must be online (950 otherwise, as deCONZ answers 503 without a
 * network).
 */
export async function postExport(c: Context<AppEnv>): Promise<Response> {
  throwIfFailed(await c.get('services').backups.export('request'));
  return sendJson(c, [{ success: { [ADDRESS]: 'success' } }]);
}

/** `GET /config/export`: downloads the newest archive, writing one first when there is none. */
export async function getExport(c: Context<AppEnv>): Promise<Response> {
  const { backups } = c.get('services');
  let latest = await backups.latest();
  if (!latest) {
    const outcome = await backups.export('request');
    throwIfFailed(outcome);
    latest = await backups.latest();
    if (!latest) throw new DeconzError({ type: 901, address: ADDRESS, params: { reason: 'the backup was written but cannot be read back' } });
  }
  return c.body(latest.bytes as Uint8Array<ArrayBuffer>, 200, {
    'Content-Type': 'application/gzip',
    'Content-Disposition': `attachment; filename="${latest.name}"`,
    'Cache-Control': 'no-store',
  });
}

function throwIfFailed(outcome: ExportOutcome): void {
  if (outcome.ok) return;
  const failure = mapBridgeFailure(outcome.code, outcome.message, ADDRESS);
  throw new DeconzError(failure.error, { status: failure.status === 200 ? 503 : failure.status });
}
