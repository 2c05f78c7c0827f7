import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { resourceFiles, trips, workshops } from '../schema/index.js';
import { seedDemo } from './index.js';

/**
 * The demo seed names its pictures (`/images/workshops/<slug>.jpg`, instructors' portraits); the
 * web app's generator (apps/web/scripts/generate-images.mjs) draws them. Every named picture must
 * exist as the image pipeline serves it, or a card or a portrait falls back to a blank panel.
 */
const PUBLIC = fileURLToPath(new URL('../../../../web/public', import.meta.url));

/** The files the web app asks for: WebP renditions of pipeline paths, SVGs as they are. */
function servedFiles(path: string): string[] {
  if (path.endsWith('.svg')) return [`${PUBLIC}${path}`];
  const base = path.replace(/\.(?:jpe?g|png|webp)$/i, '');
  return [400, 800, 1200].map((width) => `${PUBLIC}${base}-${width}.webp`);
}

describe('the demo seed: its pictures', () => {
  let t: TestContext;
  beforeAll(async () => {
    const now = new Date('2026-11-22T06:00:00Z');
    t = await createTestApp({ now, env: { JOBS_WORKER: 'off' } });
    await seedDemo(t.database.db, { now, tz: 'Asia/Kolkata' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when the demo is seeded, then every course, trip and instructor has its own picture, and each is drawn', async () => {
    const courseRows = await t.database.db
      .select({ thumbnail: workshops.thumbnail, sections: workshops.sections })
      .from(workshops);
    const tripRows = await t.database.db.select({ thumbnail: trips.thumbnail }).from(trips);

    const covers = courseRows.map((row) => row.thumbnail);
    const tripCovers = tripRows.map((row) => row.thumbnail);
    const portraits = new Map<string, string | undefined>();
    for (const row of courseRows)
      for (const person of row.sections.instructors ?? []) portraits.set(person.name, person.image);

    // One picture per course and per trip: no two share one.
    expect(covers.every(Boolean)).toBe(true);
    expect(new Set(covers).size).toBe(courseRows.length);
    expect(tripCovers.every(Boolean)).toBe(true);
    expect(new Set(tripCovers).size).toBe(tripRows.length);
    // Every instructor has a portrait of their own.
    expect(portraits.size).toBeGreaterThan(6);
    expect([...portraits.values()].every((image) => image?.startsWith('/images/instructors/'))).toBe(true);
    expect(new Set(portraits.values()).size).toBe(portraits.size);

    // The public resources' thumbnails: each PDF and image has one.
    const resources = await t.database.db
      .select({
        kind: resourceFiles.kind,
        thumbnail: resourceFiles.thumbnail,
        isPublic: resourceFiles.isPublic,
      })
      .from(resourceFiles);
    const outer = resources.filter((r) => r.isPublic && (r.kind === 'pdf' || r.kind === 'image'));
    expect(outer.map((r) => r.kind)).toContain('image');
    expect(outer.every((r) => r.thumbnail?.startsWith('/images/resources/'))).toBe(true);

    const missing = [...covers, ...tripCovers, ...portraits.values(), ...outer.map((r) => r.thumbnail)]
      .flatMap((path) => servedFiles(path ?? ''))
      .filter((file) => !existsSync(file));
    expect(missing).toEqual([]);
  });
});
