import { endpoints, type EndpointName } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, tripApplications, workshopInstructors } from '../../db/schema/index.js';
import {
  createBatch,
  createCategory,
  createSubcategory,
  createTrip,
  createWorkshop,
} from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';
import { createCurriculum, enrol } from '../learning/testing.js';

/*
 * The staff console's role matrix (issue 17), generated from ONE table: every `/api/admin/*` call
 * of the contract must have a row (the first test fails on any call missing from it), and each row
 * says who may call it:
 *   - `admin`: admins only; everyone else 404 (instructors included);
 *   - `staff`: admins and every instructor (e.g. who am I);
 *   - `own`: admins and the instructor who teaches the workshop the call names (instructor-own);
 *     another instructor (instructor-other), learners and visitors 404.
 * "May call" means anything but 404, 401, 403 or a 5xx: the point here is the door, not the
 * write (each area's own tests check the answers). Rows get the fixture's ids (`F`).
 */

type Caller = 'admin' | 'instructorOwn' | 'instructorOther' | 'learner' | 'visitor';
const CALLERS: readonly Caller[] = ['admin', 'instructorOwn', 'instructorOther', 'learner', 'visitor'];

/** What the calls are made on: a workshop taught by instructorOwn, its batch, curriculum, a learner. */
export interface Fixture {
  workshopId: number;
  batchId: number;
  moduleId: number;
  sessionId: number;
  assignmentId: number;
  learnerId: number;
  /** A workshop and batch nobody teaches (only admins reach them). */
  otherWorkshopId: number;
  otherBatchId: number;
  /** A dead outbox job and a submitted trip application (admins' calls act on them). */
  deadJobId: number;
  tripApplicationId: number;
  /** Catalogue authoring (helper "catalogue"): a category and its subcategory. */
  categoryId: number;
  subcategoryId: number;
}

interface Row {
  access: 'admin' | 'staff' | 'own';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
}

/** Every console call (one row each). */
const MATRIX: Partial<Record<EndpointName, Row>> = {
  adminMe: { access: 'staff', method: 'GET', url: () => '/api/admin/me' },
  adminJobs: { access: 'admin', method: 'GET', url: () => '/api/admin/jobs' },
  adminLeads: { access: 'admin', method: 'GET', url: () => '/api/admin/leads' },
  adminFormSubmissions: { access: 'admin', method: 'GET', url: () => '/api/admin/form-submissions' },
  adminOutbox: { access: 'admin', method: 'GET', url: () => '/api/admin/outbox' },
  adminOutboxRetry: { access: 'admin', method: 'POST', url: (f) => `/api/admin/outbox/${f.deadJobId}/retry` },
  adminTripApplications: { access: 'admin', method: 'GET', url: () => '/api/admin/trip-applications' },
  adminTripApplicationReview: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/trip-applications/${f.tripApplicationId}/review`,
    body: () => ({ decision: 'accepted' }),
  },
  adminCompetitionRegistrations: {
    access: 'admin',
    method: 'GET',
    url: () => '/api/admin/competition-registrations',
  },
  adminAudit: { access: 'admin', method: 'GET', url: () => '/api/admin/audit' },
  // Catalogue authoring (issue 17 point 1; helper "catalogue"): admins only.
  adminCategories: { access: 'admin', method: 'GET', url: () => '/api/admin/categories' },
  adminCategoryCreate: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/categories',
    body: () => ({ name: 'Matrix category', slug: 'matrix-category-new' }),
  },
  adminCategoryUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/categories/${f.categoryId}`,
    body: () => ({ name: 'Matrix category', slug: 'matrix-category' }),
  },
  adminCategoriesReorder: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/categories/reorder',
    body: (f) => ({ ids: [f.categoryId] }),
  },
  adminSubcategoryCreate: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/categories/${f.categoryId}/subcategories`,
    body: () => ({ name: 'Matrix sub new', slug: 'matrix-sub-new' }),
  },
  adminSubcategoriesReorder: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/categories/${f.categoryId}/subcategories/reorder`,
    body: (f) => ({ ids: [f.subcategoryId] }),
  },
  adminSubcategoryUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/subcategories/${f.subcategoryId}`,
    body: () => ({ name: 'Matrix sub', slug: 'matrix-sub' }),
  },
  adminWorkshops: { access: 'admin', method: 'GET', url: () => '/api/admin/workshops' },
  adminWorkshopCreate: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/workshops',
    body: () => ({ type: 1, title: 'Matrix new', shortTitle: 'Matrix new', slug: 'matrix-new' }),
  },
  adminWorkshop: { access: 'admin', method: 'GET', url: (f) => `/api/admin/workshops/${f.workshopId}` },
  adminWorkshopUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/workshops/${f.workshopId}`,
    body: () => ({
      type: 2,
      title: 'Matrix Studio',
      shortTitle: 'Matrix Studio',
      slug: 'matrix-studio-x',
      isPublished: true,
    }),
  },
  adminWorkshopPublish: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/workshops/${f.workshopId}/publish`,
    body: () => ({ isPublished: true }),
  },
  adminWorkshopInstructors: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/workshops/${f.otherWorkshopId}/instructors`,
    body: () => ({ userIds: [] }),
  },
  adminInstructors: { access: 'admin', method: 'GET', url: () => '/api/admin/instructors' },
  adminWorkshopBatches: {
    access: 'admin',
    method: 'GET',
    url: (f) => `/api/admin/workshops/${f.workshopId}/batches`,
  },
  adminBatchCreate: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/workshops/${f.otherWorkshopId}/batches`,
    body: () => ({ sessionType: 2 }),
  },
  adminBatchUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/batches/${f.otherBatchId}`,
    body: () => ({ sessionType: 1, startDate: '2026-12-01' }),
  },
  adminBatchInstalments: {
    access: 'admin',
    method: 'GET',
    url: (f) => `/api/admin/batches/${f.batchId}/instalments`,
  },
  adminBatchInstalmentsSave: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/batches/${f.otherBatchId}/instalments`,
    body: () => ({ items: [] }),
  },
};

const NOW = new Date('2026-11-20T10:00:00Z');

describe('staff console role matrix (issue 17)', () => {
  let t: TestContext;
  let f: Fixture;
  const headers: Partial<Record<Caller, Record<string, string>>> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
    const db = t.database.db;
    const session = async (role: 'admin' | 'instructor' | 'learner') => {
      const user = await insertUser(db, { role, name: `Matrix ${role}` });
      return { id: user.id, headers: bearer((await insertSession(db, user.id, NOW)).token) };
    };
    const admin = await session('admin');
    const own = await session('instructor');
    const other = await session('instructor');
    const learner = await session('learner');
    headers.admin = admin.headers;
    headers.instructorOwn = own.headers;
    headers.instructorOther = other.headers;
    headers.learner = learner.headers;

    const workshop = await createWorkshop(db, { shortTitle: 'Matrix Studio' });
    const batch = await createBatch(db, workshop.id);
    const otherWorkshop = await createWorkshop(db, { shortTitle: 'Untaught Studio' });
    const otherBatch = await createBatch(db, otherWorkshop.id);
    await db.insert(workshopInstructors).values({ workshopId: workshop.id, userId: own.id });
    const curriculum = await createCurriculum(db, batch.id, {
      modules: 1,
      sessionsPerModule: 2,
      firstDate: '2026-11-10',
      quiz: true,
    });
    await enrol(db, learner.id, batch.id);
    const [job] = await db
      .insert(jobs)
      .values({ topic: 'crm.lead', payload: {}, dedupeKey: 'matrix:dead', status: 'dead', attempts: 8 })
      .returning();
    const trip = await createTrip(db, { title: 'Matrix Trip' });
    const category = await createCategory(db, { name: 'Matrix category' });
    const subcategory = await createSubcategory(db, category.id, { name: 'Matrix sub' });
    const [application] = await db
      .insert(tripApplications)
      .values({ userId: learner.id, tripId: trip.id, details: { city: 'Pune' } })
      .returning();
    f = {
      workshopId: workshop.id,
      batchId: batch.id,
      moduleId: curriculum.modules[0]!.id,
      sessionId: curriculum.sessions[0]!.id,
      assignmentId: curriculum.sessions[0]!.assignmentIds[0]!,
      learnerId: learner.id,
      otherWorkshopId: otherWorkshop.id,
      otherBatchId: otherBatch.id,
      deadJobId: job!.id,
      tripApplicationId: application!.id,
      categoryId: category.id,
      subcategoryId: subcategory.id,
    };
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('when the contract has a /api/admin/* call, then the matrix has its row (and no row names a call that is gone)', () => {
    const consoleCalls = (Object.keys(endpoints) as EndpointName[]).filter((name) =>
      endpoints[name].path.startsWith('/api/admin/'),
    );
    expect(consoleCalls.filter((name) => !MATRIX[name]).sort()).toEqual([]);
    expect(Object.keys(MATRIX).filter((name) => !consoleCalls.includes(name as EndpointName))).toEqual([]);
  });

  it('when each caller tries each call, then only those the row names get through; everyone else gets 404', async () => {
    const seen: Record<string, Record<Caller, string>> = {};
    const expected: Record<string, Record<Caller, string>> = {};
    for (const [name, row] of Object.entries(MATRIX) as [EndpointName, Row][]) {
      expect(endpoints[name].method).toBe(row.method);
      seen[name] = {} as Record<Caller, string>;
      expected[name] = {} as Record<Caller, string>;
      for (const caller of CALLERS) {
        const allowed =
          caller === 'admin' ||
          (row.access === 'staff' && caller.startsWith('instructor')) ||
          (row.access === 'own' && caller === 'instructorOwn');
        const body = row.body?.(f);
        const res = await t.app.inject({
          method: row.method,
          url: row.url(f),
          headers: headers[caller] ?? {},
          ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
        });
        const s = res.statusCode;
        seen[name][caller] =
          s === 404 ? '404' : s === 401 || s === 403 || s >= 500 ? `refused ${s}` : 'through';
        if (seen[name][caller] === 'through' && !allowed) seen[name][caller] = `through ${s}`;
        expected[name][caller] = allowed ? 'through' : '404';
        // A row whose call answers 404 to an allowed caller must be given ids that exist.
        if (allowed && s === 404) seen[name][caller] = `404 (${res.body.slice(0, 120)})`;
      }
    }
    expect(seen).toEqual(expected);
  });
});
