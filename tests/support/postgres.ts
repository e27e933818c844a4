import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { it } from 'vitest';

/** The PostgreSQL server the suites also run on, when one is named (CI names one: .ci/postgres). */
const pgUrl = process.env.TEST_DATABASE_URL;

/** A fresh database on the server named by `adminUrl` (TEST_DATABASE_URL), dropped afterwards. */
export async function freshPgDatabase(adminUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `sluice_test_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: adminUrl });
      await client.connect();
      try {
        // FORCE ends the sessions still on it; one of autovacuum's needs pg_signal_backend
        // (.ci/postgres grants it): without that, wait for autovacuum to leave it.
        for (let attempt = 1; ; attempt++) {
          try {
            await client.query(`drop database if exists ${name} with (force)`);
            return;
          } catch (error) {
            if ((error as { code?: string }).code !== '42501' || attempt === 50) throw error;
            await new Promise((r) => setTimeout(r, 100));
          }
        }
      } finally {
        await client.end();
      }
    },
  };
}

/** A database a suite's store runs on: PGlite always, PostgreSQL when TEST_DATABASE_URL names a server. */
export interface StoreBackend {
  name: 'PGlite' | 'PostgreSQL';
  /**
   * A database of its own, each call: the environment a store opens it by (openStore(env),
   * connect(env)), and `drop`, which removes it once the store on it is closed.
   */
  open: () => Promise<StoreDatabase>;
}

/** One database of a backend: the environment a store opens it by, and how to remove it. */
export interface StoreDatabase {
  env: Record<string, string>;
  drop: () => Promise<void>;
}

/**
 * The databases a store suite runs on: PGlite in a new directory (`sluice-…` named by
 * `prefix`) always, and a fresh PostgreSQL database when TEST_DATABASE_URL names a server.
 * `dataDir: false`: no directory, for a suite whose Sluice server picks its own.
 */
export function storeBackends(prefix: string, { dataDir = true }: { dataDir?: boolean } = {}): StoreBackend[] {
  const backends: StoreBackend[] = [
    {
      name: 'PGlite',
      open: async (): Promise<StoreDatabase> => {
        if (!dataDir) return { env: {}, drop: async () => {} };
        const dir = mkdtempSync(join(tmpdir(), prefix));
        return { env: { SLUICE_DATA_DIR: dir }, drop: async () => rmSync(dir, { recursive: true, force: true }) };
      },
    },
  ];
  if (pgUrl)
    backends.push({
      name: 'PostgreSQL',
      open: async () => {
        const db = await freshPgDatabase(pgUrl);
        return { env: { DATABASE_URL: db.url }, drop: db.drop };
      },
    });
  return backends;
}

/**
 * A test that fails on CI without TEST_DATABASE_URL, where the PostgreSQL half of `suite`
 * would otherwise be skipped without a word; elsewhere it only says it is skipped.
 */
export function postgresOnCi(suite: string): void {
  it('runs on PostgreSQL too when CI asks for it', () => {
    if (process.env.CI && !pgUrl) throw new Error(`CI must set TEST_DATABASE_URL so ${suite} runs on PostgreSQL too`);
    if (!pgUrl) console.warn(`${suite}: TEST_DATABASE_URL is not set; the PostgreSQL half is skipped (PGlite only).`);
  });
}
