import { mkdir } from 'node:fs/promises';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient, type Client } from '@libsql/client';
import { drizzle } from 'drizzle-orm/libsql';
import { migrate } from 'drizzle-orm/libsql/migrator';
import * as schema from '../../store/schema';
import type { Database } from '../../store/types';

const MIGRATIONS = fileURLToPath(new URL('../../../drizzle', import.meta.url));

/** `file:` URLs name a path relative to the working directory; its folder is created on first start. */
async function ensureDirectory(url: string): Promise<void> {
  if (!url.startsWith('file:')) return;
  const path = url.startsWith('file://') ? fileURLToPath(url) : url.slice('file:'.length);
  if (path === ':memory:') return;
  await mkdir(dirname(resolve(path)), { recursive: true });
}

/** Open the database (local file or remote libSQL) and bring its schema up to date. */
export async function openDatabase(url: string, authToken: string | undefined): Promise<{ db: Database; client: Client }> {
  await ensureDirectory(url);
  const client = createClient({ url, authToken });
  const db = drizzle(client, { schema });
  try {
    await migrate(db, { migrationsFolder: MIGRATIONS });
  } catch (err) {
    client.close();
    throw err;
  }
  return { db, client };
}
