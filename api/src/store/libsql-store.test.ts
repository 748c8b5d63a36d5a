import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Client } from '@libsql/client';
import { pino } from 'pino';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startSqld, type Sqld } from '../../test/helpers/sqld';
import { openDatabase } from '../runtime/node/database';
import { createLibsqlStore } from './libsql-store';
import { idSequences, settings } from './schema';
import type { Store, Transaction } from './types';

// The same store code over a local file and over a real libSQL server (sqld, Hrana over HTTP).
describe.each(['file', 'sqld'] as const)('store read (%s database)', (backend) => {
  let dir: string;
  let sqld: Sqld | undefined;
  let client: Client;
  let store: Store;

  const open = async () => {
    const opened = await openDatabase(sqld?.url ?? `file:${join(dir, 'store.db')}`, undefined);
    client = opened.client;
    store = await createLibsqlStore({ db: opened.db, logger: pino({ level: 'silent' }) });
  };

  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'herdgate-store-'));
    if (backend === 'sqld') sqld = await startSqld();
    await open();
  });

  afterEach(async () => {
    client.close();
    await sqld?.close();
    sqld = undefined;
    await rm(dir, { recursive: true, force: true });
  });

  it('should see committed writes and leave the revision alone, also after a reopen', async () => {
    await store.allocateId('lights');
    const revision = store.revision();
    const rows = await store.read((tx) => tx.select().from(idSequences));
    expect(rows).toEqual([{ name: 'lights', lastId: 1 }]);
    expect(store.revision()).toBe(revision);
    client.close();
    await open();
    expect(store.revision()).toBe(revision);
  });

  it('should persist nothing done inside it', async () => {
    // The type only offers query builders; a loader that casts its way to a write still cannot commit.
    await store.read(async (tx) => {
      await (tx as Transaction).insert(idSequences).values({ name: 'sneaky', lastId: 7 });
      return (tx as Transaction).select().from(idSequences);
    });
    expect(await store.read((tx) => tx.select().from(idSequences))).toEqual([]);
    expect(await store.allocateId('sneaky')).toBe('1');
  });

  it('should pass a failure of the reader on and keep serving reads and writes', async () => {
    await expect(store.read(() => Promise.reject(new Error('bad loader')))).rejects.toThrow('bad loader');
    await store.updateSettings({ name: 'after' });
    const names = await store.read((tx) => tx.select().from(settings));
    expect(names.find((row) => row.key === 'name')?.value).toBe('"after"');
  });

  it('should queue behind a pending write so it reads the committed result', async () => {
    const write = store.allocateId('groups');
    const read = store.read((tx) => tx.select().from(idSequences));
    expect(await read).toEqual([{ name: 'groups', lastId: 1 }]);
    await write;
  });
});
