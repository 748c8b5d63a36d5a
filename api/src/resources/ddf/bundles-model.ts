import { sql } from 'drizzle-orm';
import type { Logger } from 'pino';
import { ddfBundles } from '../../store/schema';
import type { Store } from '../../store/types';
import { parseBundle, type DdfDescriptor, type ParsedBundle } from './parse-bundle';
import type { BundleSignature } from './signatures';

/** An uploaded bundle as kept in memory (bytes included: GET serves them without a query). */
export interface StoredBundle {
  hash: string;
  seq: number;
  fileHash: string;
  descriptor: DdfDescriptor;
  signatures: BundleSignature[];
  ddf: Record<string, unknown>;
  bytes: Uint8Array;
  uploadedAt: number;
}

export interface DescriptorPage {
  items: StoredBundle[];
  /** Cursor of the following page (the `seq` it starts at), absent on the last page. */
  next?: number;
}

/** Descriptors per page of `GET /ddf/descriptors`, as deCONZ. */
export const DESCRIPTORS_PER_PAGE = 64;

/**
 * Uploaded DDF bundles: immutable rows in libSQL, all of them in memory. A bundle is parsed and
 * checked completely before anything is written, so a bad upload stores nothing.
 */
export class DdfBundles {
  private readonly byHash = new Map<string, StoredBundle>();
  private ordered: StoredBundle[] = [];

  private constructor(private readonly store: Store) {}

  static async open(store: Store, logger: Logger): Promise<DdfBundles> {
    const model = new DdfBundles(store);
    const rows = await store.read((tx) => tx.select().from(ddfBundles));
    for (const row of rows) {
      try {
        const parsed = await parseBundle(row.data);
        model.remember({ ...fromParsed(parsed, row.data), seq: row.seq, uploadedAt: row.uploadedAt });
      } catch (err) {
        logger.error({ err, hash: row.hash }, 'a stored DDF bundle no longer parses; it is left out');
      }
    }
    return model;
  }

  /** The number of stored bundles: grows with every new one (bundles are never changed). */
  version(): number {
    return this.ordered.length;
  }

  get(hash: string): StoredBundle | undefined {
    return this.byHash.get(hash);
  }

  /** Bundles for a device, newest upload first. */
  matching(manufacturer: string, modelid: string): StoredBundle[] {
    return this.ordered.filter((b) => b.descriptor.device_identifiers.some(([m, id]) => m === manufacturer && id === modelid)).reverse();
  }

  /** A page of the listing starting at cursor `from` (a `seq`; 1 = the first page). */
  page(from: number): DescriptorPage {
    const start = this.ordered.findIndex((b) => b.seq >= from);
    if (start < 0) return { items: [] };
    const items = this.ordered.slice(start, start + DESCRIPTORS_PER_PAGE);
    const following = this.ordered[start + DESCRIPTORS_PER_PAGE];
    return following ? { items, next: following.seq } : { items };
  }

  /**
   * Parse, check and store a bundle. `created` is false when the same bundle was stored before
   * (bundles are immutable: nothing is written then). Throws `BundleFormatError` for a bad file.
   */
  async add(bytes: Uint8Array, now: number): Promise<{ bundle: StoredBundle; created: boolean }> {
    const parsed = await parseBundle(bytes);
    const known = this.byHash.get(parsed.hash);
    if (known) return { bundle: known, created: false };
    const copy = bytes.slice();
    const base = fromParsed(parsed, copy);
    return this.store.write(
      async (tx) => {
        const [row] = await tx.select({ last: sql<number>`coalesce(max(${ddfBundles.seq}), 0)` }).from(ddfBundles);
        const seq = Number(row?.last ?? 0) + 1;
        await tx
          .insert(ddfBundles)
          .values({
            hash: base.hash,
            seq,
            fileHash: base.fileHash,
            descriptor: JSON.stringify(base.descriptor),
            signatures: JSON.stringify(base.signatures),
            data: copy,
            uploadedAt: now,
          })
          .onConflictDoNothing();
        return { bundle: { ...base, seq, uploadedAt: now }, created: true };
      },
      (result) => this.remember(result.bundle),
    );
  }

  private remember(bundle: StoredBundle): void {
    if (this.byHash.has(bundle.hash)) return;
    this.byHash.set(bundle.hash, bundle);
    this.ordered = [...this.ordered, bundle].sort((a, b) => a.seq - b.seq);
  }
}

function fromParsed(parsed: ParsedBundle, bytes: Uint8Array): Omit<StoredBundle, 'seq' | 'uploadedAt'> {
  const { hash, fileHash, descriptor, signatures, ddf } = parsed;
  return { hash, fileHash, descriptor, signatures, ddf, bytes };
}
