/**
 * Which engine the server suite runs on: `ATELIER_TEST_DB=postgres` uses the real server named by
 * TEST_DATABASE_URL (CI runs the suite once on each engine); anything else the embedded PGlite.
 */
export function testDatabaseKind(): 'pglite' | 'postgres' {
  return process.env.ATELIER_TEST_DB === 'postgres' ? 'postgres' : 'pglite';
}

/** The admin connection string for the PostgreSQL runs. */
export function testDatabaseUrl(): string {
  const url = process.env.TEST_DATABASE_URL;
  if (!url)
    throw new Error(
      'ATELIER_TEST_DB=postgres needs TEST_DATABASE_URL (e.g. postgres://postgres@127.0.0.1:5432/postgres)',
    );
  return url;
}
