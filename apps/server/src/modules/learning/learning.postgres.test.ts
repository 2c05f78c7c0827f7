/*
 * The learner dashboard on PostgreSQL, where a pool of five connections truly interleaves
 * requests: the main course-dashboard and notification suites run here as well (imported below,
 * each on its own database), plus races PGlite's single session cannot show.
 */
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackRatings } from '../../db/schema/index.js';
import { createBatch, createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';
import { countQueries, createCurriculum, enrol } from './testing.js';
import './course-dashboard.test.js';
import './feedback-notifications.test.js';

const NOW = new Date('2026-03-10T06:30:00Z');
const day = (n: number) =>
  new Date(Date.parse('2026-03-10T00:00:00Z') + n * 86_400_000).toISOString().slice(0, 10);

describe('learner dashboard races (PostgreSQL)', () => {
  let t: TestContext;
  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
  }, 120_000);
  afterAll(async () => t?.close());

  it('when one feedback form is submitted ten times at once, then exactly one counts and the rest are 409', async () => {
    const { db } = t.database;
    const workshop = await createWorkshop(db);
    const batch = await createBatch(db, workshop.id, { startDate: day(-5), endDate: day(10) });
    await createCurriculum(db, batch.id, { modules: 2, sessionsPerModule: 5, firstDate: day(-5) });
    const user = await insertUser(db);
    await enrol(db, user.id, batch.id);
    const { token } = await insertSession(db, user.id, NOW);
    const results = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/feedback/rating/collect',
          headers: bearer(token),
          payload: { batchId: batch.id, type: 1, rating: 1 + (i % 5) },
        }),
      ),
    );
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 409)).toHaveLength(9);
    const rows = await db
      .select()
      .from(feedbackRatings)
      .where(and(eq(feedbackRatings.userId, user.id), eq(feedbackRatings.batchId, batch.id)));
    expect(rows).toHaveLength(1);
    expect(rows[0]!.status).toBe(1);
  }, 60_000);

  it('when many learners open a cold course dashboard at once, then each gets their own answer and the query count stays constant', async () => {
    const { db } = t.database;
    const workshop = await createWorkshop(db);
    const batch = await createBatch(db, workshop.id, { startDate: day(-5), endDate: day(60) });
    await createCurriculum(db, batch.id, {
      modules: 12,
      sessionsPerModule: 5,
      firstDate: day(-5),
      quiz: true,
    });
    const learners = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const user = await insertUser(db);
        await enrol(db, user.id, batch.id);
        return { id: user.id, token: (await insertSession(db, user.id, NOW)).token };
      }),
    );
    const answers = await Promise.all(
      learners.map((l) =>
        t.app.inject({
          method: 'POST',
          url: '/api/user/course/batch/module/session',
          headers: bearer(l.token),
          payload: { batchId: batch.id },
        }),
      ),
    );
    for (const res of answers) {
      expect(res.statusCode).toBe(200);
      expect(res.json().data.courseModules).toHaveLength(12);
    }
    const warm = await countQueries(t.database, () =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/course/batch/module/session',
        headers: bearer(learners[0]!.token),
        payload: { batchId: batch.id },
      }),
    );
    expect(warm.result.statusCode).toBe(200);
    expect(warm.queries).toBeLessThanOrEqual(6);
  }, 120_000);
});
