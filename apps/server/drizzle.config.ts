import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'drizzle-kit';

// drizzle-kit resolves paths against the working directory; anchor them to this file so that
// `npm run db:generate` (from the repository root) and `npx drizzle-kit generate` (from
// apps/server) write to the same place.
const here = path.dirname(fileURLToPath(import.meta.url));
const fromCwd = (p: string) => path.relative(process.cwd(), path.join(here, p)) || '.';

/** drizzle-kit configuration: SQL migrations generated from the schema into `apps/server/drizzle/`. */
export default defineConfig({
  dialect: 'postgresql',
  schema: fromCwd('src/db/schema/index.ts'),
  out: fromCwd('drizzle'),
  strict: true,
  verbose: true,
});
