/**
 * Named prepared statements for the reads every signed-in request makes (the session lookup, the
 * profile). A named statement is parsed and planned once per connection and then only bound and
 * executed: on the embedded PGlite, whose single session serialises every query of the process,
 * that took a bare primary-key read from ~3.5 ms to ~0.8 ms on a loaded machine (bench/results/
 * authenticated.md), and PostgreSQL saves the parse and plan alike.
 *
 * One prepared query per executor (the database handle, or a transaction) and name; the builder
 * runs once. Names must be unique per statement text (node-postgres refuses a name reused for
 * another text). Not for a connection pooler in transaction mode (PgBouncer before 1.21), which
 * does not keep named statements.
 */
const statements = new WeakMap<object, Map<string, unknown>>();

export function preparedOn<T>(executor: object, name: string, build: () => T): T {
  let byName = statements.get(executor);
  if (!byName) {
    byName = new Map();
    statements.set(executor, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build();
    byName.set(name, statement);
  }
  return statement;
}
