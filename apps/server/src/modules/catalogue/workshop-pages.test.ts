import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  addWorkshopPage,
  createBatch,
  createCategory,
  createSubcategory,
  createWorkshop,
} from '../../test/factories.js';
import { EVERYTHING } from '../../platform/cache/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

/** Workshop detail pages, the catalogue search, suggestions, case studies and video testimonials. */
describe('catalogue: search and workshop pages', () => {
  let t: TestContext;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-11-22T06:00:00Z') });
    const db = t.database.db;
    const architecture = await createCategory(db, { name: 'Architecture', sequence: 1 });
    const design = await createCategory(db, { name: 'Design', sequence: 2 });
    const bim = await createSubcategory(db, architecture.id, { name: 'BIM', sequence: 1 });
    const interiors = await createSubcategory(db, design.id, { name: 'Interiors', sequence: 1 });

    const revit = await createWorkshop(db, {
      type: 2,
      shortTitle: 'Revit Architecture',
      title: 'Revit Architecture: BIM Workflow',
      subcategoryId: bim.id,
      sequence: 1,
      markAs: 'Top Seller',
    });
    await addWorkshopPage(db, revit.id, {
      description: 'Model, document and coordinate.',
      searchKeys: 'revit bim beginner',
      brochureUrl: '/brochures/revit-architecture.pdf',
      meta: { title: 'Revit | Atelier', description: 'Learn Revit', keywords: 'revit, bim' },
      hero: {
        tagline: 'From sketch to sheets',
        highlights: ['Live', 'Recorded'],
        level: 'Beginner',
        videoUrl: 'https://youtu.be/AbCdEfGhIj1',
        hasCertificate: true,
      },
      sections: {
        curriculum: [{ title: 'Module 1', points: ['Walls', 'Doors'] }],
        instructors: [{ name: 'Ar. Sneha', role: 'Revit specialist', bio: 'Trains architects.' }],
        learners: { headline: 'Join 1,200+ learners', count: 1200, profiles: ['Students'] },
        outcomes: ['A BIM model'],
        bonus: [{ title: 'Templates', description: 'Start files' }],
        testimonials: [
          {
            name: 'Aditi',
            role: 'Student',
            quote: 'Great',
            videoUrl: 'https://www.youtube.com/watch?v=AtlrDemo001',
          },
          { name: 'Rahul', role: 'Architect', quote: 'Useful' },
          { name: 'Bad', role: 'x', quote: 'y', videoUrl: 'https://evil.test/watch?v=AtlrDemo001' },
        ],
        caseStudies: [{ title: 'Courtyard House', author: 'Aditi', summary: 'A home around a courtyard' }],
      },
    });
    // Two active batches and an inactive one: all active ones, newest start first.
    await createBatch(db, revit.id, {
      startDate: '2026-12-01',
      endDate: '2026-12-20',
      amount: 2999,
      schedules: [
        { day: 2, startTime: '19:30:00', endTime: '21:00:00' },
        { day: 5, startTime: '19:30:00', endTime: '21:00:00' },
      ],
    });
    await createBatch(db, revit.id, { startDate: '2027-01-10', endDate: '2027-02-10', amount: 3999 });
    await createBatch(db, revit.id, { startDate: '2027-06-01', endDate: '2027-06-10', isActive: false });

    const percent = await createWorkshop(db, {
      type: 1,
      shortTitle: '100% Sketching_Basics',
      subcategoryId: bim.id,
      sequence: 2,
    });
    await createBatch(db, percent.id, { startDate: '2026-12-05', endDate: '2026-12-06' });
    await addWorkshopPage(db, percent.id, { searchKeys: 'sketching advanced' });
    const plain = await createWorkshop(db, {
      type: 1,
      shortTitle: 'Sketching Basics',
      subcategoryId: interiors.id,
      sequence: 1,
    });
    await createBatch(db, plain.id, { startDate: '2026-12-07', endDate: '2026-12-08' });
    await addWorkshopPage(db, plain.id, {
      sections: {
        testimonials: [
          { name: 'Sana', role: 'Designer', quote: 'Clear', videoUrl: 'https://youtu.be/AtlrDemo003' },
        ],
      },
    });
    const noPage = await createWorkshop(db, {
      type: 2,
      shortTitle: 'Lighting Design',
      subcategoryId: interiors.id,
      sequence: 2,
      amount: 7000,
    });
    const draft = await createWorkshop(db, {
      shortTitle: 'Draft Revit',
      subcategoryId: bim.id,
      isPublished: false,
    });
    for (let i = 0; i < 60; i++)
      await createWorkshop(db, {
        type: 2,
        shortTitle: `Filler ${String(i).padStart(2, '0')}`,
        subcategoryId: interiors.id,
        sequence: 10 + i,
      });
    Object.assign(ids, {
      architecture: architecture.id,
      design: design.id,
      revit: revit.id,
      percent: percent.id,
      plain: plain.id,
      noPage: noPage.id,
      draft: draft.id,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const get = (url: string) => t.app.inject({ url });
  const post = (url: string, payload?: unknown) =>
    t.app.inject({ method: 'POST', url, ...(payload === undefined ? {} : { payload: payload as object }) });
  const titles = (body: { data: { categories: { Workshops: { shortTitle: string }[] }[] } }) =>
    body.data.categories.flatMap((c) => c.Workshops.map((w) => w.shortTitle));

  describe('GET /api/masterclasses-and-courses with search parameters', () => {
    it('when no parameter is given, then the cached every-page list is answered unchanged (no total)', async () => {
      const res = await get('/api/masterclasses-and-courses');
      expect(res.statusCode).toBe(200);
      expect(res.headers.etag).toBeTruthy();
      expect(res.json().data.total).toBeUndefined();
      expect(res.json().data.categories.map((c: { name: string }) => c.name)).toEqual([
        'Architecture',
        'Design',
      ]);
    });

    it('when a query is given, then title, short title and search keys are matched case-insensitively with a total', async () => {
      const body = (await get('/api/masterclasses-and-courses?query=REVIT')).json();
      expect(titles(body)).toEqual(['Revit Architecture']);
      expect(body.data).toMatchObject({ total: 1, page: 1, pageSize: 20 });
      const keys = (await get('/api/masterclasses-and-courses?query=advanced')).json();
      expect(titles(keys)).toEqual(['100% Sketching_Basics']);
    });

    it.each([
      ['%', ['100% Sketching_Basics']],
      ['_', ['100% Sketching_Basics']],
      ['g_b', ['100% Sketching_Basics']],
      ['\\', []],
      ["'; drop table workshops; --", []],
    ])(
      'when the query is %j, then it matches literally (no wildcard, no injection)',
      async (query, expected) => {
        const res = await get(`/api/masterclasses-and-courses?query=${encodeURIComponent(query)}`);
        expect(res.statusCode).toBe(200);
        expect(titles(res.json())).toEqual(expected);
      },
    );

    it('when filtered by category and type, then only those workshops, in catalogue order', async () => {
      const body = (await get(`/api/masterclasses-and-courses?categoryId=${ids.architecture}&type=1`)).json();
      expect(titles(body)).toEqual(['100% Sketching_Basics']);
      const design = (
        await get(`/api/masterclasses-and-courses?categoryId=${ids.design}&query=sketching`)
      ).json();
      expect(design.data.categories).toEqual([expect.objectContaining({ id: ids.design, name: 'Design' })]);
      expect(titles(design)).toEqual(['Sketching Basics']);
    });

    it('when pageSize is above 50, then it is clamped to 50 and pages follow the catalogue order', async () => {
      const first = (await get('/api/masterclasses-and-courses?pageSize=1000')).json();
      expect(first.data.pageSize).toBe(50);
      expect(first.data.total).toBe(64);
      expect(titles(first)).toHaveLength(50);
      const second = (await get('/api/masterclasses-and-courses?page=2&pageSize=1000')).json();
      expect(titles(second)).toHaveLength(14);
      const all = [...titles(first), ...titles(second)];
      expect(new Set(all).size).toBe(64);
      expect(all).not.toContain('Draft Revit');
    });

    it.each([
      ['query', `query=${'x'.repeat(101)}`],
      ['categoryId', 'categoryId=-1'],
      ['type', 'type=3'],
      ['page', 'page=0'],
      ['pageSize', 'pageSize=abc'],
      ['limit', 'limit=5'],
    ])('when %s is invalid or unknown, then 400 names it', async (field, qs) => {
      const res = await get(`/api/masterclasses-and-courses?${qs}`);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code: 400, error: 'VALIDATION_FAILED' });
      expect(res.json().message).toContain(field);
    });
  });

  describe('GET /api/workshop/{id}/…', () => {
    it('when details are fetched, then every active batch with schedules, meta tags, category, path and brochure come back', async () => {
      const res = await get(`/api/workshop/${ids.revit}/details`);
      expect(res.statusCode).toBe(200);
      const data = res.json().data;
      expect(data).toMatchObject({
        id: ids.revit,
        type: 2,
        shortTitle: 'Revit Architecture',
        path: `/course/revit-architecture?id=${ids.revit}`,
        description: 'Model, document and coordinate.',
        MetaTags: { title: 'Revit | Atelier', description: 'Learn Revit', keywords: 'revit, bim' },
        Category: { id: ids.architecture, name: 'Architecture' },
        Subcategory: { name: 'BIM' },
        hasBrochure: true,
        brochureUrl: `/api/brochure/pdf?id=${ids.revit}`,
        pricing: { amount: 3999 },
      });
      expect(data.Batches.map((b: { startDate: string }) => b.startDate)).toEqual([
        '2027-01-10',
        '2026-12-01',
      ]);
      expect(data.Batches[1].BatchSchedules).toEqual([
        expect.objectContaining({ day: 2, startTime: '19:30:00', endTime: '21:00:00' }),
        expect.objectContaining({ day: 5 }),
      ]);
      expect(res.headers.etag).toBeTruthy();
    });

    it('when a dated batch is over, then it is not offered (details, hero, landing page); one ending today, recorded and undated ones stay', async () => {
      // The test clock reads 2026-11-22 in the platform time zone.
      const db = t.database.db;
      const course = await createWorkshop(db, { type: 1, shortTitle: 'Past and future', amount: 100 });
      await createBatch(db, course.id, { startDate: '2026-09-12', endDate: '2026-09-13', amount: 1111 });
      await createBatch(db, course.id, { startDate: '2026-11-21', endDate: '2026-11-21', amount: 2222 });
      await createBatch(db, course.id, { startDate: '2026-11-20', endDate: '2026-11-22', amount: 3333 });
      await createBatch(db, course.id, {
        startDate: '2026-01-10',
        endDate: '2026-02-10',
        sessionType: 2,
        amount: 4444,
      });
      await createBatch(db, course.id, { startDate: null, endDate: null, amount: 5555 });
      const amounts = (batches: { amount: number | null }[]) => batches.map((b) => b.amount).sort();
      const details = (await get(`/api/workshop/${course.id}/details`)).json().data;
      expect(amounts(details.Batches)).toEqual([3333, 4444, 5555]);
      const landing = (await get(`/api/course/${course.id}/landing-page`)).json().data;
      expect(JSON.stringify(landing)).not.toContain('1111');
      expect(JSON.stringify(landing)).not.toContain('2222');
      // A day later the batch that ended "today" is over too.
      t.now.value = new Date('2026-11-23T06:00:00Z');
      await t.app.publicCache.invalidate(EVERYTHING);
      const next = (await get(`/api/workshop/${course.id}/details`)).json().data;
      expect(amounts(next.Batches)).toEqual([4444, 5555]);
      t.now.value = new Date('2026-11-22T06:00:00Z');
      await t.app.publicCache.invalidate(EVERYTHING);
    });

    it('when a workshop has no page content, then empty blocks and no brochure (not an error)', async () => {
      const details = (await get(`/api/workshop/${ids.noPage}/details`)).json().data;
      expect(details).toMatchObject({
        MetaTags: null,
        Batches: [],
        hasBrochure: false,
        brochureUrl: null,
        pricing: { amount: 7000 },
      });
      const hero = (await get(`/api/workshop/${ids.noPage}/hero-details`)).json().data;
      expect(hero).toMatchObject({
        tagline: null,
        highlights: [],
        videoUrl: null,
        youtubeId: null,
        Batches: [],
      });
      const obt = (await get(`/api/workshop/${ids.noPage}/sections/outcomes-bonus-testimonials`)).json().data;
      expect(obt).toEqual({ id: ids.noPage, outcomes: [], bonus: [], testimonials: [] });
    });

    it('when hero details are fetched, then the hero block with youtubeId and Batches[0] pricing', async () => {
      const data = (await get(`/api/workshop/${ids.revit}/hero-details`)).json().data;
      expect(data).toMatchObject({
        tagline: 'From sketch to sheets',
        level: 'Beginner',
        youtubeId: 'AbCdEfGhIj1',
        hasCertificate: true,
        pricing: { amount: 3999 },
      });
      expect(data.Batches).toHaveLength(1);
      expect(data.Batches[0].startDate).toBe('2027-01-10');
    });

    it('when the sections are fetched, then curriculum, instructors, learners, outcomes, bonus and testimonials with youtubeId', async () => {
      const lci = (await get(`/api/workshop/${ids.revit}/sections/learners-curriculums-instructors`)).json()
        .data;
      expect(lci).toEqual({
        id: ids.revit,
        learners: { headline: 'Join 1,200+ learners', count: 1200, profiles: ['Students'] },
        curriculum: [{ title: 'Module 1', points: ['Walls', 'Doors'] }],
        instructors: [
          { name: 'Ar. Sneha', role: 'Revit specialist', bio: 'Trains architects.', image: null },
        ],
      });
      const obt = (await get(`/api/workshop/${ids.revit}/sections/outcomes-bonus-testimonials`)).json().data;
      expect(
        obt.testimonials.map((x: { name: string; youtubeId: string | null }) => [x.name, x.youtubeId]),
      ).toEqual([
        ['Aditi', 'AtlrDemo001'],
        ['Rahul', null],
        ['Bad', null],
      ]);
    });

    it.each([
      'details',
      'hero-details',
      'sections/learners-curriculums-instructors',
      'sections/outcomes-bonus-testimonials',
    ])('when %s is asked for an unknown or unpublished workshop, then 404 NOT_FOUND', async (part) => {
      for (const id of [999_999, ids.draft]) {
        const res = await get(`/api/workshop/${id}/${part}`);
        expect(res.statusCode).toBe(404);
        expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
      }
    });

    it.each(['0', '-3', 'abc', '1.5', '99999999999'])('when the id is %s, then 400', async (id) => {
      const res = await get(`/api/workshop/${id}/details`);
      expect(res.statusCode).toBe(400);
      expect(res.json().errors[0].path).toBe('id');
    });
  });

  describe('course landing page and case studies', () => {
    it('when the landing page is fetched, then every block and related workshops of the same category', async () => {
      const data = (await get(`/api/course/${ids.revit}/landing-page`)).json().data;
      expect(data.details.id).toBe(ids.revit);
      expect(data.hero.youtubeId).toBe('AbCdEfGhIj1');
      expect(data.caseStudies).toEqual([
        { title: 'Courtyard House', author: 'Aditi', summary: 'A home around a courtyard', image: null },
      ]);
      expect(data.related.map((w: { id: number }) => w.id)).toEqual([ids.percent]);
      expect((await get('/api/course/999999/landing-page')).statusCode).toBe(404);
    });

    it('when case studies are fetched for one course, then its list; unknown → 404', async () => {
      expect((await get(`/api/course/${ids.revit}/case-studies`)).json().data).toEqual({
        workshopId: ids.revit,
        caseStudies: [
          { title: 'Courtyard House', author: 'Aditi', summary: 'A home around a courtyard', image: null },
        ],
      });
      expect((await get('/api/course/999999/case-studies')).statusCode).toBe(404);
    });

    it('when case studies are asked for several courses, then known ones in request order, each once', async () => {
      const res = await post('/api/course/case-studies', {
        workshopIds: [ids.noPage, 999_999, ids.revit, ids.noPage, ids.draft],
      });
      expect(res.statusCode).toBe(200);
      expect(
        res
          .json()
          .data.map((x: { workshopId: number; caseStudies: unknown[] }) => [
            x.workshopId,
            x.caseStudies.length,
          ]),
      ).toEqual([
        [ids.noPage, 0],
        [ids.revit, 1],
      ]);
    });

    it.each([
      [{ workshopIds: [] }, 'workshopIds'],
      [{ workshopIds: Array.from({ length: 21 }, (_, i) => i + 1) }, 'workshopIds'],
      [{ workshopIds: [0] }, 'workshopIds'],
      [{ workshopIds: [1], extra: true }, 'extra'],
      [{}, 'workshopIds'],
    ])('when the case-study body is %j, then 400 names %s', async (payload, field) => {
      const res = await post('/api/course/case-studies', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    });
  });

  describe('suggestions and video testimonials', () => {
    it('when interests match, then matching workshops come first, the level suited to iam breaking ties', async () => {
      const res = await post('/api/user/assessment/courses', {
        interests: ['sketching'],
        iam: 'professional',
      });
      expect(res.statusCode).toBe(200);
      const courses = res.json().data.courses as { shortTitle: string }[];
      // Both match "sketching"; the professional's level (advanced) ranks first.
      expect(courses.map((c) => c.shortTitle)).toEqual(['100% Sketching_Basics', 'Sketching Basics']);
    });

    it('when nothing is given or nothing matches, then top sellers and the catalogue order (at most 6)', async () => {
      for (const payload of [undefined, {}, { query: 'zzz-nothing' }]) {
        const courses = (await post('/api/user/assessment/courses', payload)).json().data.courses as {
          shortTitle: string;
        }[];
        expect(courses).toHaveLength(6);
        expect(courses[0]!.shortTitle).toBe('Revit Architecture');
      }
    });

    it.each([
      [{ interests: 'bim' }, 'interests'],
      [{ iam: 'teacher' }, 'iam'],
      [{ interests: Array(11).fill('x') }, 'interests'],
      [{ query: 'x'.repeat(101) }, 'query'],
      [{ userId: 3 }, 'userId'],
    ])('when the assessment body is %j, then 400 names %s', async (payload, field) => {
      const res = await post('/api/user/assessment/courses', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().message).toContain(field);
    });

    it('when video testimonials are fetched, then only those with a valid YouTube id, with their workshop', async () => {
      const all = (await post('/api/video/testimonial/details', {})).json().data as {
        name: string;
        youtubeId: string;
        workshopId: number;
      }[];
      expect(all.map((x) => [x.name, x.youtubeId, x.workshopId])).toEqual([
        ['Aditi', 'AtlrDemo001', ids.revit],
        ['Sana', 'AtlrDemo003', ids.plain],
      ]);
      const one = (await post('/api/video/testimonial/details', { workshopId: ids.plain })).json().data;
      expect(one).toHaveLength(1);
      expect((await post('/api/video/testimonial/details')).statusCode).toBe(200);
      expect((await post('/api/video/testimonial/details', { workshopId: 999_999 })).statusCode).toBe(404);
      expect((await post('/api/video/testimonial/details', { workshopId: 'x' })).statusCode).toBe(400);
    });
  });
});
