import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { marketingFormSubmissions, tripApplications } from '../../db/schema/index.js';
import { createTrip } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { testDatabaseKind } from '../../test/test-database-kind.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';

/*
 * One live application per trip under real concurrency: on PostgreSQL (a pool of 5 connections)
 * the adds truly overlap, so several may pass the "none live yet" read at once; the partial unique
 * index `trip_applications_user_trip_live_uq` lets exactly one commit and the rest answer 409 —
 * never a 500, never two live applications, never a lead without its application.
 */
describe.runIf(testDatabaseKind() === 'postgres')('trip applications on PostgreSQL, concurrent adds', () => {
  let t: TestContext;
  let tripId: number;
  beforeAll(async () => {
    t = await createTestApp({ now: new Date('2026-11-21T19:00:00Z'), env: { JOBS_WORKER: 'off' } });
    tripId = (await createTrip(t.database.db, { startDate: '2026-12-01', endDate: '2026-12-04' })).id;
  });
  afterAll(async () => {
    await t.close();
  });

  it('when one learner sends the same application several times at once, then exactly one 201 and the rest 409', async () => {
    for (let round = 0; round < 5; round++) {
      const user = await insertUser(t.database.db, { name: 'Asha Rao', isVerified: true });
      const { token } = await insertSession(t.database.db, user.id, t.now.value);
      const attempts = await Promise.all(
        Array.from({ length: 6 }, (_, i) =>
          t.app.inject({
            method: 'POST',
            url: '/api/trips/application/add',
            headers: bearer(token),
            remoteAddress: `10.20.${round}.${i + 1}`,
            payload: {
              tripId,
              consent: true,
              mobile: '9876543210',
              city: 'Pune',
              iam: 'student',
              motivation: 'I want to sketch the Capitol Complex and its brise-soleil.',
              emergencyContactName: 'Rekha Shah',
              emergencyContactMobile: '9822012345',
            },
          }),
        ),
      );
      const codes = attempts.map((r) => r.statusCode).sort();
      expect(codes, attempts.map((r) => r.body).join('\n')).toEqual([201, 409, 409, 409, 409, 409]);
      for (const r of attempts.filter((a) => a.statusCode === 409))
        expect(r.json().message).toMatch(/already applied for this trip/);
      const rows = await t.database.db
        .select()
        .from(tripApplications)
        .where(eq(tripApplications.userId, user.id));
      expect(rows).toHaveLength(1);
      const leads = await t.database.db
        .select()
        .from(marketingFormSubmissions)
        .where(eq(marketingFormSubmissions.userId, user.id));
      expect(leads).toHaveLength(1);
    }
  });
});
