import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { openPgliteWorker } from './pglite-worker';
import { SqlConversationStore, migrate, type SqlClient } from './sql-store';
import type { ConversationStore } from './types';

export class StoreError extends Error {
  override name = 'StoreError';
}

/** Opens the store the environment names, migrated; a clear StoreError when it cannot. */
export async function openStore(env: Record<string, string | undefined> = process.env): Promise<ConversationStore> {
  const dataDir = resolve(/*turbopackIgnore: true*/ process.cwd(), env.SLUICE_DATA_DIR || '.data');
  let sql: SqlClient;
  try {
    mkdirSync(dataDir, { recursive: true });
    sql = await openPgliteWorker(dataDir);
  } catch (error) {
    throw new StoreError(`Cannot open the embedded database in ${dataDir}: ${(error as Error).message}`);
  }
  await migrate(sql);
  return new SqlConversationStore(sql);
}

/**
 * The server's store, opened once per process. Next.js bundles instrumentation and
 * each route apart, each with its own module state, so the one instance lives on
 * globalThis: two PGlite instances on one data folder would corrupt it.
 */
const KEY = Symbol.for('sluice.store');
type Holder = { [KEY]?: Promise<ConversationStore> };

export function store(): Promise<ConversationStore> {
  const holder = globalThis as Holder;
  holder[KEY] ??= openStore().catch((error: unknown) => {
    delete holder[KEY];
    throw error;
  });
  return holder[KEY];
}
