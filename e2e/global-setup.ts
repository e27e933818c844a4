/**
 * Before any browser starts: in CI, history must be tested on PostgreSQL as well as on
 * the embedded database, so a CI run without a server to test on fails here, named.
 */
export default function requirePostgresInCi(): void {
  if (process.env.CI && !process.env.TEST_DATABASE_URL) {
    throw new Error(
      'CI must set TEST_DATABASE_URL (.ci/postgres prints one) so history is tested on PostgreSQL as well as PGlite',
    );
  }
}
