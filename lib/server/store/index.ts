import 'server-only';
import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { type Env, readVariable } from '@/lib/server/platform/environment';
import { describeDatabaseUrl, openPgClient } from '@/lib/server/database/pg-client';
import { openPgliteClient } from '@/lib/server/database/pglite-client';
import type { SqlClient } from '@/lib/server/database/sql-client';
import { migrate } from '@/lib/server/database/migrations';
import { SqlConversationStore } from './conversation-store';
import type { ConversationStore } from './types';
import { processPromise } from '@/lib/server/platform/process-singleton';

export class StoreError extends Error {
  override name = 'StoreError';
}

/** Node reports a refused connection to `localhost` as an AggregateError with no message of its own. */
function reason(error: unknown): string {
  if (error instanceof AggregateError && !error.message) return [...new Set(error.errors.map(reason))].join('; ');
  if (!(error instanceof Error)) return String(error);
  const code = (error as { code?: string }).code;
  return error.message || code || error.name;
}

const dataDirOf = (env: Env) => resolve(/*turbopackIgnore: true*/ process.cwd(), readVariable('SLUICE_DATA_DIR', env));

/** Which database the environment names, in words fit for an error message (never a password). */
export function describeStore(env: Env = process.env): string {
  const databaseUrl = readVariable('DATABASE_URL', env);
  return databaseUrl
    ? `the PostgreSQL database at ${describeDatabaseUrl(databaseUrl)} (DATABASE_URL)`
    : `the embedded database in ${dataDirOf(env)} (SLUICE_DATA_DIR)`;
}

/** A bare SQL connection to the database the environment names, not migrated. */
export async function connect(env: Env): Promise<SqlClient> {
  const databaseUrl = readVariable('DATABASE_URL', env);
  if (databaseUrl) return openPgClient(databaseUrl);
  const dataDir = dataDirOf(env);
  mkdirSync(dataDir, { recursive: true });
  return openPgliteClient(dataDir);
}

/**
 * Opens the store the environment names, migrated: PostgreSQL when DATABASE_URL is
 * set, else PGlite under SLUICE_DATA_DIR. A clear StoreError when it cannot.
 */
export async function openStore(env: Env = process.env): Promise<ConversationStore> {
  const shared = readVariable('DATABASE_URL', env) !== undefined;
  let sql: SqlClient;
  try {
    sql = await connect(env);
  } catch (error) {
    throw new StoreError(`Cannot open ${describeStore(env)}: ${reason(error)}`);
  }
  try {
    await migrate(sql);
  } catch (error) {
    await sql.close().catch(() => {});
    throw new StoreError(`Cannot migrate ${describeStore(env)}: ${reason(error)}`);
  }
  const store = new SqlConversationStore(sql, shared);
  // The embedded database has one writer, this process: a reply it left `streaming`
  // was cut off when the server last stopped, and nothing will finish it. (A shared
  // PostgreSQL may have other servers streaming right now, so it is left alone.)
  if (!shared) {
    await store.settleInterrupted(INTERRUPTED);
    await store.captures.settleInterrupted(CAPTURE_INTERRUPTED);
    store.keepStatistics();
  }
  return store;
}

export const INTERRUPTED = 'Sluice stopped before this reply ended.';
export const CAPTURE_INTERRUPTED = 'Sluice stopped before this exchange ended.';

/**
 * The server's store, opened once per process. Next.js bundles instrumentation and
 * each route apart, each with its own module state, so the one instance lives on
 * globalThis: two PGlite instances on one data folder would corrupt it.
 */
export function store(): Promise<ConversationStore> {
  return processPromise('store', () => openStore());
}
