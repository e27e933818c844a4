import pg from 'pg';

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
