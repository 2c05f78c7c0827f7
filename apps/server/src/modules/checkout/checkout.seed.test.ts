import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed/index.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

// The demo sells for real (issue 14 rule 9): plans on the live courses, WELCOME10 and LIMITED10.
const NOW = new Date('2026-03-10T06:30:00Z');

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ now: NOW });
  await seedDemo(t.database.db, { now: NOW, tz: 'Asia/Kolkata' });
}, 180_000);
afterAll(async () => {
  await t.close();
});

async function batchWhere(condition: ReturnType<typeof sql>) {
  const result = await t.database.db.execute<{ id: number }>(
    sql`select b.id from batches b join workshops w on w.id = b.workshop_id where ${condition} order by b.id limit 1`,
  );
  return result.rows[0]!.id;
}

const details = (batchId: number, couponCode?: string) =>
  t.app.inject({ method: 'POST', url: '/api/course/ws/details', payload: { batchId, couponCode } });

describe('the demo seed sells', () => {
  it('when a future live course is opened, then it offers three instalments summing to the price, and WELCOME10 takes 10 %', async () => {
    const id = await batchWhere(sql`w.type = 2 and b.session_type = 1 and b.start_date > '2026-03-20'`);
    const res = await details(id, 'welcome10');
    expect(res.statusCode).toBe(200);
    const data = res.json().data;
    expect(data.plans.instalments.instalments).toHaveLength(3);
    expect(data.coupon).toMatchObject({ code: 'WELCOME10', applied: true });
    expect(data.coupon.discountMinor).toBe(Math.floor(data.amountMinor / 10));
    expect(data.plans.instalments.totalMinor).toBe(data.plans.full.amountMinor);
  });

  it('when WELCOME10 is tried on a recorded batch, then it is refused as live only; LIMITED10 applies anywhere', async () => {
    const id = await batchWhere(sql`b.session_type = 2`);
    const welcome = await details(id, 'WELCOME10');
    expect(welcome.json().data.coupon).toMatchObject({
      applied: false,
      message: expect.stringMatching(/live/),
    });
    const limited = await details(id, 'LIMITED10');
    expect(limited.json().data.coupon).toMatchObject({ applied: true, discountMinor: 50_000 });
  });

  it('when the counts are read, then LIMITED10 has 10 uses and WELCOME10 no total limit', async () => {
    const limited = await t.app.inject({ method: 'GET', url: '/api/coupon/claim/count?code=LIMITED10' });
    expect(limited.json().data).toEqual({ code: 'LIMITED10', claimed: 0, maxClaims: 10, remaining: 10 });
    const welcome = await t.app.inject({ method: 'GET', url: '/api/coupon/claim/count?code=WELCOME10' });
    expect(welcome.json().data).toMatchObject({ maxClaims: null, remaining: null });
  });
});
