import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { SqlConversationStore, migrate, type SqlClient } from './sql-store';
import type { ConversationStore } from './types';

export class StoreError extends Error {
  override name = 'StoreError';
}

async function openPglite(dataDir: string): Promise<SqlClient> {
  const { PGlite } = await import('@electric-sql/pglite');
  mkdirSync(dataDir, { recursive: true });
  const db = new PGlite(dataDir);
  await db.waitReady;
  return db;
}

/** Opens the store the environment names, migrated; a clear StoreError when it cannot. */
export async function openStore(env: Record<string, string | undefined> = process.env): Promise<ConversationStore> {
  const dataDir = resolve(/*turbopackIgnore: true*/ process.cwd(), env.SLUICE_DATA_DIR || '.data');
  let sql: SqlClient;
  try {
    sql = await openPglite(dataDir);
  } catch (error) {
    throw new StoreError(`Cannot open the embedded database in ${dataDir}: ${(error as Error).message}`);
  }
  await migrate(sql);
  return new SqlConversationStore(sql);
}

let opening: Promise<ConversationStore> | undefined;

/** The server's store, opened once per process. */
export function store(): Promise<ConversationStore> {
  opening ??= openStore().catch((error: unknown) => {
    opening = undefined;
    throw error;
  });
  return opening;
}
