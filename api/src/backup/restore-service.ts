import { eq } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { ErrorItemInput } from '@herdgate/shared/errors';
import { fromBase64, gzip, sha256Hex, toBase64, type ArchiveBody } from '@herdgate/shared/backup';
import type { RequestPayloads, ResponsePayloads } from '@herdgate/shared/mqtt';
import { mapBridgeFailure } from '../resources/bridge-outcome';
import type { BridgeLink } from '../services/bridge-link';
import type { Clock } from '../services/clock';
import { META_KEYS } from '../store/load';
import { apiKeys, settings } from '../store/schema';
import type { Store } from '../store/types';
import { replaceTables } from './database-rows';
import { readUpload } from './read-upload';
import type { DeconzReader, RestoreContent, TakeoverReader } from './restore-content';

export const IMPORT_ADDRESS = '/config/import';
const CHECK_TIMEOUT_MS = 30_000;
/** The bridge stops herdsman (which writes its files) before it swaps: that can take a while. */
const RESTORE_TIMEOUT_MS = 120_000;
/** An upload (`POST /fileupload`) waits this long for its `POST /config/import`. */
const UPLOAD_TTL_MS = 10 * 60_000;

type BridgeFiles = RequestPayloads['backup/restore']['files'];
type BridgeAnswer = ResponsePayloads['backup/restore'];
interface Pending {
  id: string;
  files: BridgeFiles;
}

export type RestoreOutcome = { ok: true; content: RestoreContent; bridge: BridgeAnswer } | { ok: false; status: 400 | 404 | 503; error: ErrorItemInput };

export interface RestoreServiceDeps {
  store: Store;
  bridge: BridgeLink;
  clock: Clock;
  logger: Logger;
  /** Reads deCONZ exports, where the runtime can (Node). */
  deconz?: DeconzReader;
  /** Reads archives of Zigbee2MQTT data folders, where the runtime can (Node). */
  zigbee2mqtt?: TakeoverReader;
  /** Closes the models, runs `replace`, loads them again (GatewayResources.replaceDatabase). */
  rebuild(replace: () => Promise<void>): Promise<void>;
}

const failed = (status: 400 | 503, error: ErrorItemInput): RestoreOutcome => ({ ok: false, status, error });

/**
 * `POST /config/import`: restores an uploaded herdgate backup, deCONZ export or Zigbee2MQTT folder into the running
 * gateway. Everything that can refuse is checked first (the file whole, then the bridge against
 * its stick, `check: true`), so a refusal changes nothing. Then the database is replaced in one
 * transaction that also keeps the bridge's part as pending (`@restore-pending`), the models load
 * again, and the bridge gets its files (`backup/restore`), swaps them in atomically and restarts on
 * them. Until the bridge confirms, the pending part is sent again whenever the bridge comes online
 * (also after this process was killed), so a crash anywhere ends in the old gateway or the new one.
 */
export class RestoreService {
  private readonly log: Logger;
  private upload: { bytes: Uint8Array; at: number } | undefined;
  private running = false;
  private sending: Promise<Awaited<ReturnType<BridgeLink['request']>> | undefined> | undefined;
  private unsubscribe: (() => void) | undefined;

  constructor(private readonly deps: RestoreServiceDeps) {
    this.log = deps.logger.child({ module: 'restore' });
  }

  /** Sends a pending bridge part now (if the bridge is online) and whenever the bridge comes online. */
  start(): void {
    this.unsubscribe = this.deps.bridge.subscribe((event) => {
      if (event.kind === 'bridge-online') void this.resume();
    });
    if (this.deps.bridge.connected()) void this.resume();
  }

  stop(): void {
    this.unsubscribe?.();
  }

  /** deCONZ's first step (`POST /api/fileupload`): the file waits for `config/import`. */
  keepUpload(bytes: Uint8Array): void {
    this.upload = { bytes, at: this.deps.clock.now() };
  }

  takeUpload(): Uint8Array | undefined {
    const upload = this.upload;
    this.upload = undefined;
    return upload && this.deps.clock.now() - upload.at < UPLOAD_TTL_MS ? upload.bytes : undefined;
  }

  async restore(bytes: Uint8Array, callerKey: string): Promise<RestoreOutcome> {
    if (this.running) return failed(503, { type: 951, address: IMPORT_ADDRESS });
    this.running = true;
    try {
      return await this.run(bytes, callerKey);
    } finally {
      this.running = false;
    }
  }

  private async run(bytes: Uint8Array, callerKey: string): Promise<RestoreOutcome> {
    const { store, bridge } = this.deps;
    const adapter = bridge.info()?.coordinator.type;
    const read = await readUpload(bytes, { deconz: this.deps.deconz, zigbee2mqtt: this.deps.zigbee2mqtt, now: this.deps.clock.now(), adapter });
    if (!read.ok) {
      this.log.warn({ reason: read.refusal.reason, message: read.refusal.message, bytes: bytes.length }, 'restore refused: nothing changed');
      return failed(400, { type: 7, address: IMPORT_ADDRESS, params: { value: `${read.refusal.reason}: ${read.refusal.message}`, name: 'archive' } });
    }
    const { content } = read;
    this.log.info({ id: content.id, source: content.source, from: content.gateway, notes: content.notes }, 'restore: upload read and checked');
    if (!bridge.connected()) return failed(503, { type: 950, address: IMPORT_ADDRESS });
    if (content.source === 'deconz' && adapter !== 'deconz') {
      // As `npm run import -- deconz`: deCONZ's network (and its MAC) belongs on a ConBee/RaspBee.
      const message = `deCONZ's network resumes on its ConBee/RaspBee (ZIGBEE_ADAPTER=deconz) or the virtual ConBee; this bridge runs a ${adapter ?? 'unknown'} stick`;
      this.log.warn({ adapter }, `restore refused: ${message}; nothing changed`);
      return failed(400, { type: 7, address: IMPORT_ADDRESS, params: { value: message, name: 'archive' } });
    }
    if (content.adapter !== undefined && content.adapter !== adapter) {
      const message = `the network lives on a ${content.adapter} stick (ZIGBEE_ADAPTER=${content.adapter}); this bridge runs a ${adapter ?? 'unknown'} stick`;
      this.log.warn({ adapter, wanted: content.adapter }, `restore refused: ${message}; nothing changed`);
      return failed(400, { type: 7, address: IMPORT_ADDRESS, params: { value: message, name: 'archive' } });
    }
    const files = await bridgeFiles(content.files);
    // This restore's own id: the bridge answers a redelivery of it as done, but the same archive
    // imported again after the bridge's files changed is swapped in again.
    const id = await sha256Hex(new TextEncoder().encode(`${content.id}:${crypto.randomUUID()}`));
    const check = await bridge.request('backup/restore', { id, files, check: true }, CHECK_TIMEOUT_MS);
    if (check.status === 'error') {
      this.log.warn({ code: check.code, message: check.message }, 'restore refused by the bridge: nothing changed');
      if (check.code === 'not_supported' || check.code === 'invalid_payload') {
        return failed(400, { type: 7, address: IMPORT_ADDRESS, params: { value: check.message, name: 'archive' } });
      }
      const mapped = mapBridgeFailure(check.code, check.message, IMPORT_ADDRESS);
      return failed(mapped.status === 200 || mapped.status === 404 ? 503 : mapped.status, mapped.error);
    }
    this.log.info(
      { stick: check.data.stick, coordinator: check.data.coordinator, backup: check.data.backup, replaces: check.data.replaces },
      check.data.stick === 'same'
        ? 'restore: the bridge runs on the backed-up stick'
        : 'restore: the bridge runs on another stick; zigbee-herdsman writes the backed-up network onto it, replacing the one it holds',
    );
    const keep = store.apiKey(callerKey);
    try {
      await this.deps.rebuild(() =>
        store.replaceAll(async (tx) => {
          await replaceTables(tx, content.database);
          // As deCONZ does: the key that asked for the import stays valid.
          if (keep && !(content.database.tables.api_keys ?? []).some((row) => row.key === keep.key)) await tx.insert(apiKeys).values({ ...keep });
          await tx.delete(settings).where(eq(settings.key, META_KEYS.restorePending));
          await tx.insert(settings).values({ key: META_KEYS.restorePending, value: JSON.stringify({ id, files } satisfies Pending) });
        }),
      );
    } catch (err) {
      this.log.error({ err }, 'restore: the database refused the restore; nothing changed');
      return failed(503, {
        type: 901,
        address: IMPORT_ADDRESS,
        params: { reason: `the database refused the restore (${(err as Error).message}); nothing changed` },
      });
    }
    this.log.info(
      { id, archive: content.id, tables: Object.keys(content.database.tables).length },
      'restore: database replaced and models loaded; sending the bridge its part',
    );
    const sent = await this.resume();
    if (sent?.status === 'ok') return { ok: true, content, bridge: sent.data as BridgeAnswer };
    const why = sent === undefined ? 'the bridge is not connected' : `${sent.code}: ${sent.message}`;
    return failed(503, {
      type: 901,
      address: IMPORT_ADDRESS,
      params: { reason: `the database is restored; the bridge's part is kept and sent again when the bridge is back online (${why})` },
    });
  }

  /** Sends the pending bridge part, if any; one at a time. */
  resume(): Promise<Awaited<ReturnType<BridgeLink['request']>> | undefined> {
    this.sending ??= this.send().finally(() => {
      this.sending = undefined;
    });
    return this.sending;
  }

  private async send() {
    const { store, bridge } = this.deps;
    const pending = await store.read(async (tx) => (await tx.select().from(settings).where(eq(settings.key, META_KEYS.restorePending)))[0]);
    if (!pending) return undefined;
    if (!bridge.connected()) return undefined;
    const { id, files } = JSON.parse(pending.value) as Pending;
    this.log.info({ id }, 'restore: sending the bridge its part');
    const answer = await bridge.request('backup/restore', { id, files, check: false }, RESTORE_TIMEOUT_MS);
    if (answer.status === 'error') {
      this.log.error({ id, code: answer.code, message: answer.message }, 'restore: the bridge did not take its part yet; sent again when it comes online');
      return answer;
    }
    await store.writeUnseen(async (tx) => {
      await tx.delete(settings).where(eq(settings.key, META_KEYS.restorePending));
    });
    this.log.info({ id, stick: answer.data.stick, files: answer.data.files }, 'restore: done; the bridge restarts on the restored data');
    return answer;
  }
}

/** The archive's files as the bridge takes them: gzipped, base64, each with its SHA-256. */
async function bridgeFiles(files: ArchiveBody['bridge']['files']): Promise<BridgeFiles> {
  const out: BridgeFiles = {};
  for (const [name, file] of Object.entries(files)) out[name] = { sha256: file.sha256, gzip: toBase64(await gzip(fromBase64(file.data))) };
  return out;
}
