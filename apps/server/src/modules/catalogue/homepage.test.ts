import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed/index.js';
import {
  addWorkshopPage,
  createBatch,
  createBlog,
  createCategory,
  createEventObject,
  createSubcategory,
  createTrip,
  createWorkshop,
} from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

const NOW = new Date('2026-11-22T06:00:00Z');

describe('home page sections', () => {
  let t: TestContext;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: NOW });
    const db = t.database.db;
    const architecture = await createCategory(db, { name: 'Architecture', sequence: 1 });
    const empty = await createCategory(db, { name: 'Only masterclasses', sequence: 2 });
    const bim = await createSubcategory(db, architecture.id, { name: 'BIM' });
    const other = await createSubcategory(db, empty.id, { name: 'Other' });
    const upcoming = await createWorkshop(db, { type: 1, shortTitle: 'Upcoming MC', subcategoryId: bim.id });
    await createBatch(db, upcoming.id, { startDate: '2026-12-01', endDate: '2026-12-02' });
    const ongoing = await createWorkshop(db, { type: 1, shortTitle: 'Ongoing MC', subcategoryId: other.id });
    await createBatch(db, ongoing.id, { startDate: '2026-11-21', endDate: '2026-11-22' });
    const over = await createWorkshop(db, { type: 1, shortTitle: 'Over MC', subcategoryId: bim.id });
    await createBatch(db, over.id, { startDate: '2026-11-01', endDate: '2026-11-02' });
    const recorded = await createWorkshop(db, { type: 1, shortTitle: 'Recorded MC', subcategoryId: bim.id });
    await createBatch(db, recorded.id, { startDate: '2026-12-10', endDate: '2026-12-11', sessionType: 2 });
    const undated = await createWorkshop(db, { type: 1, shortTitle: 'Undated MC', subcategoryId: bim.id });
    await createBatch(db, undated.id, { startDate: null, endDate: null });
    const course = await createWorkshop(db, { type: 2, shortTitle: 'A Course', subcategoryId: bim.id });
    await addWorkshopPage(db, course.id, {
      sections: {
        testimonials: [
          { name: 'Text only', role: 'r', quote: 'q' },
          { name: 'With video', role: 'r', quote: 'q', videoUrl: 'https://youtu.be/AtlrDemo003' },
        ],
      },
    });
    await createTrip(db, { title: 'Next trip', startDate: '2026-12-01', endDate: '2026-12-03' });
    await createTrip(db, { title: 'Old trip', startDate: '2026-01-01', endDate: '2026-01-03' });
    await createBlog(db, { title: 'A blog', publishedAt: new Date('2026-11-01T00:00:00Z') });
    await createEventObject(db, { name: 'sale', endsAt: new Date('2026-12-01T00:00:00Z') });
    await createEventObject(db, { name: 'over', endsAt: new Date('2026-11-01T00:00:00Z') });
    Object.assign(ids, {
      upcoming: upcoming.id,
      ongoing: ongoing.id,
      course: course.id,
      architecture: architecture.id,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when the home page sections are fetched, then every section in one cached answer', async () => {
    const res = await t.app.inject({
      url: '/api/homepage/sections/all/v2',
      headers: { 'accept-encoding': 'br' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.etag).toBeTruthy();
    const data = (await t.app.inject({ url: '/api/homepage/sections/all/v2' })).json().data;
    expect(data.heroStats).toEqual({
      learners: 0,
      workshops: 6,
      masterclasses: 5,
      courses: 1,
      categories: 2,
      trips: 2,
    });
    // Live: dated, session type 1, not over; catalogue order = start date descending.
    expect(data.liveMasterclasses.map((w: { id: number }) => w.id)).toEqual([ids.upcoming, ids.ongoing]);
    expect(data.coursesByCategory).toEqual([
      expect.objectContaining({
        id: ids.architecture,
        Workshops: [expect.objectContaining({ id: ids.course })],
      }),
    ]);
    expect(data.trips.map((x: { title: string }) => x.title)).toEqual(['Next trip']);
    expect(data.blogs.map((x: { title: string }) => x.title)).toEqual(['A blog']);
    expect(
      data.testimonials.map((x: { name: string; youtubeId: string | null }) => [x.name, x.youtubeId]),
    ).toEqual([
      ['With video', 'AtlrDemo003'],
      ['Text only', null],
    ]);
    expect(data.events.map((e: { name: string }) => e.name)).toEqual(['sale']);
  });

  it('when the demo data is seeded, then every section has content', async () => {
    const demo = await createTestApp({ now: new Date('2026-03-10T06:30:00Z') });
    await seedDemo(demo.database.db, { now: demo.now.value, tz: 'Asia/Kolkata' });
    const data = (await demo.app.inject({ url: '/api/homepage/sections/all/v2' })).json().data;
    for (const key of [
      'liveMasterclasses',
      'coursesByCategory',
      'trips',
      'blogs',
      'testimonials',
      'events',
    ]) {
      expect(data[key].length, key).toBeGreaterThan(0);
    }
    expect(data.testimonials[0].youtubeId).toMatch(/^[A-Za-z0-9_-]{11}$/);
    const videos = (
      await demo.app.inject({ method: 'POST', url: '/api/video/testimonial/details', payload: {} })
    ).json().data;
    expect(videos.length).toBeGreaterThan(0);
    const referral = (await demo.app.inject({ url: '/api/referral/landing-page/courses' })).json().data as {
      type: number;
      markAs: string | null;
      Batches: { startDate: string }[];
    }[];
    expect(referral.length).toBeGreaterThan(0);
    expect(referral.length).toBeLessThanOrEqual(8);
    expect(referral.every((w) => w.type === 2 && w.Batches[0]!.startDate !== '0000-00-00')).toBe(true);
    const firstPlain = referral.findIndex((w) => !w.markAs);
    expect(firstPlain === -1 || referral.slice(firstPlain).every((w) => !w.markAs)).toBe(true);
    const brochure = await demo.app.inject({
      url: `/api/brochure/pdf?id=${(referral[0] as unknown as { id: number }).id}`,
    });
    expect(brochure.statusCode).toBe(200);
    const outer = (await demo.app.inject({ url: '/api/user/resource/outer/files' })).json().data as {
      downloadUrl: string | null;
    }[];
    const pdf = outer.find((f) => f.downloadUrl?.startsWith('/api/resource/pdf/'));
    expect((await demo.app.inject({ url: pdf!.downloadUrl! })).headers['content-type']).toBe(
      'application/pdf',
    );
    await demo.close();
  });
});
