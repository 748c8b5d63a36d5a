import type { Context } from 'hono';
import { DeconzError } from '@herdgate/shared/errors';
import type { AppEnv } from '../../context';
import { isInternalRequest } from '../../automation/internal-requests';
import { IMPORT_ADDRESS } from '../../backup/restore-service';
import { sendJson } from '../../lib/respond';
import { uploadedBytes } from './upload-body';

/**
 * `POST /config/import`: restores a herdgate backup or takes over a deCONZ export, as deCONZ
 * restores one: upload first (`POST /api/<key>/fileupload`), then import; or send the file as this
 * request's body. Answers once the database is replaced and the bridge has swapped its files in;
 * the bridge then restarts on them (the first entry is deCONZ's answer, the second says what
 * was restored). A bad file or a stick that cannot take the network is refused, nothing changed.
 */
export async function importConfig(c: Context<AppEnv>): Promise<Response> {
  const { restores } = c.get('services');
  if (isInternalRequest(c.req.raw)) {
    // The restore stops rules and schedules and waits for their actions: one cannot wait for itself.
    throw new DeconzError({ type: 901, address: IMPORT_ADDRESS, params: { reason: 'an import cannot run from a rule or a schedule' } });
  }
  const sent = await uploadedBytes(c.req.raw, IMPORT_ADDRESS);
  const bytes = sent.length > 0 ? sent : restores.takeUpload();
  if (!bytes)
    throw new DeconzError({ type: 5, address: IMPORT_ADDRESS, description: 'no file: upload it first (POST /api/<key>/fileupload) or send it as the body' });
  const outcome = await restores.restore(bytes, c.get('apiKey'));
  if (!outcome.ok) throw new DeconzError(outcome.error, { status: outcome.status });
  const { content, bridge } = outcome;
  const restored = {
    source: content.source,
    from: content.gateway,
    stick: bridge.stick,
    coordinator: bridge.coordinator,
    ...(bridge.replaces ? { replaces: bridge.replaces } : {}),
    files: bridge.files,
    ...(content.notes.length > 0 ? { notes: content.notes } : {}),
    restart:
      bridge.stick === 'same'
        ? 'the bridge restarts on the restored data and resumes the network'
        : 'the bridge restarts on the restored data; zigbee-herdsman writes the network onto this stick, replacing the one it held',
  };
  return sendJson(c, [{ success: { [IMPORT_ADDRESS]: 'success' } }, { success: { [`${IMPORT_ADDRESS}/restored`]: restored } }]);
}
