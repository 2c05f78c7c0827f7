import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

/*
 * Issue 17: the staff console is lazy-loaded, so no public page or learner dashboard grows by it.
 * Reads the built client's manifest: every chunk a public page or the dashboard can load (the
 * entry, its static imports, and every lazily imported page except the console's own chunks)
 * must carry none of the console's addresses, its rich-text editor or its charts.
 */

interface Chunk {
  file: string;
  src?: string;
  imports?: string[];
  dynamicImports?: string[];
}

const root = new URL('../apps/web/dist/client/', import.meta.url);
const manifest = JSON.parse(readFileSync(new URL('.vite/manifest.json', root), 'utf8')) as Record<
  string,
  Chunk
>;

/** Chunks reachable from the app's entries without entering the staff console. */
function siteChunks(): Set<string> {
  const seen = new Set<string>();
  const queue = Object.keys(manifest).filter((key) =>
    manifest[key]!.src?.match(/src\/(entry-client|boot)\.tsx?$/),
  );
  while (queue.length > 0) {
    const key = queue.pop()!;
    if (seen.has(key) || key.startsWith('src/features/admin/')) continue;
    seen.add(key);
    const chunk = manifest[key]!;
    queue.push(...(chunk.imports ?? []), ...(chunk.dynamicImports ?? []));
  }
  return seen;
}

describe('the built client: the staff console stays out of the site', () => {
  it('when any chunk a visitor or a learner can load is read, then it has no console address, editor or chart code', () => {
    const chunks = siteChunks();
    expect(chunks.size).toBeGreaterThan(10);
    const offending: string[] = [];
    for (const key of chunks) {
      const text = readFileSync(new URL(manifest[key]!.file, root), 'utf8');
      for (const marker of ['/api/admin/', 'prosemirror', '@tiptap', 'Chart.js'])
        if (text.includes(marker)) offending.push(`${manifest[key]!.file}: ${marker}`);
    }
    expect(offending).toEqual([]);
  });

  it('when the console is opened, then its sections load as chunks of their own', () => {
    const console = manifest['src/features/admin/admin-console.tsx'];
    expect(console).toBeDefined();
    expect((console!.dynamicImports ?? []).length).toBeGreaterThan(15);
  });
});
