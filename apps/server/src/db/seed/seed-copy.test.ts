import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { batches, workshops } from '../schema/index.js';
import { seedDemo } from './index.js';

// The demo's copy must say what its data does (issue 18: "six guided weeks" beside "4 weeks").
const NOW = new Date('2026-11-28T06:30:00Z');

const NUMBER_WORDS: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  twelve: 12,
};

/** Every "N weeks" (digits or words, "six guided weeks" too) a text states. */
function statedWeeks(text: string): number[] {
  return [...text.toLowerCase().matchAll(/\b(\d+|[a-z]+)(?:\s+[a-z]+)?\s+weeks?\b/g)]
    .map((m) => (/^\d+$/.test(m[1]!) ? Number(m[1]) : NUMBER_WORDS[m[1]!]))
    .filter((n): n is number => n !== undefined);
}

const dayNumber = (wire: string) => Date.parse(`${wire}T00:00:00Z`) / 86_400_000;

describe('the demo seed’s copy agrees with its data', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    await seedDemo(t.database.db, { now: NOW, tz: 'Asia/Kolkata' });
  }, 180_000);
  afterAll(async () => {
    await t.close();
  });

  /** Every programme's pitch and every batch's dates. */
  const programmesAndBatches = async () => ({
    rows: await t.database.db
      .select({
        id: workshops.id,
        type: workshops.type,
        shortTitle: workshops.shortTitle,
        hero: workshops.hero,
      })
      .from(workshops),
    spans: await t.database.db
      .select({
        workshopId: batches.workshopId,
        startDate: batches.startDate,
        endDate: batches.endDate,
        sessionType: batches.sessionType,
      })
      .from(batches),
  });

  it('when a course states its length in weeks (pitch, duration), then every statement agrees with its modules and the span of its dated batches', async () => {
    const { rows, spans } = await programmesAndBatches();
    const courses = rows.filter((w) => w.type === 2);
    expect(courses.length).toBeGreaterThan(5);
    for (const course of courses) {
      const durationWeeks = statedWeeks(course.hero.duration ?? '');
      expect(durationWeeks, `${course.shortTitle}: duration "${course.hero.duration}"`).toHaveLength(1);
      const weeks = durationWeeks[0]!;
      // What the pitch says, and what its live, dated batches take (sessions twice a week).
      for (const stated of statedWeeks(course.hero.tagline ?? '')) {
        expect(
          stated,
          `${course.shortTitle}: "${course.hero.tagline}" beside "${course.hero.duration}"`,
        ).toBe(weeks);
      }
      for (const b of spans.filter((s) => s.workshopId === course.id && s.sessionType === 1)) {
        if (!b.startDate || !b.endDate) continue;
        const days = dayNumber(String(b.endDate)) - dayNumber(String(b.startDate)) + 1;
        expect(Math.ceil(days / 7), `${course.shortTitle}: batch ${b.startDate} – ${b.endDate}`).toBe(weeks);
      }
    }
  });

  it('when the studio course is pitched, then it says four guided weeks, as long as it runs', async () => {
    const [studio] = (
      await t.database.db.select({ shortTitle: workshops.shortTitle, hero: workshops.hero }).from(workshops)
    ).filter((w) => w.shortTitle === 'Architectural Design Studio');
    expect(studio!.hero.tagline).toContain('four guided weeks');
    expect(studio!.hero.duration).toMatch(/^4 weeks/);
  });

  it('when a masterclass states how many days it runs, then each of its dated batches, the ongoing one too, spans exactly those days', async () => {
    const { rows, spans } = await programmesAndBatches();
    const masterclasses = rows.filter((w) => w.type !== 2);
    expect(masterclasses.length).toBeGreaterThan(3);
    let ongoing = 0;
    const today = dayNumber('2026-11-28');
    for (const m of masterclasses) {
      const stated = /^(\d+) days\b/.exec(m.hero.duration ?? '');
      expect(stated, `${m.shortTitle}: duration "${m.hero.duration}"`).not.toBeNull();
      for (const b of spans.filter((s) => s.workshopId === m.id && s.sessionType === 1)) {
        if (!b.startDate || !b.endDate) continue;
        const [start, end] = [dayNumber(String(b.startDate)), dayNumber(String(b.endDate))];
        expect(end - start + 1, `${m.shortTitle}: batch ${b.startDate} – ${b.endDate}`).toBe(
          Number(stated![1]),
        );
        if (start <= today && today <= end) ongoing += 1;
      }
    }
    // The demo learner's live masterclass is running today.
    expect(ongoing).toBeGreaterThan(0);
  });
});
