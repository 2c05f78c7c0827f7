import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTrip } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';

describe('trips', () => {
  let t: TestContext;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    // 2026-11-22 00:30 in Kolkata is still 2026-11-21 in UTC: "today" is the platform's day.
    t = await createTestApp({ now: new Date('2026-11-21T19:00:00Z') });
    const db = t.database.db;
    const later = await createTrip(db, {
      title: 'Kyoto Tour',
      slug: 'kyoto-tour',
      startDate: '2027-03-01',
      endDate: '2027-03-08',
      price: 145000,
      dollar: 1799,
    });
    const soon = await createTrip(db, {
      title: 'Chandigarh Study Tour',
      slug: 'Chandigarh Study Tour!',
      startDate: '2026-12-01',
      endDate: '2026-12-04',
      details: {
        summary: 'Four days in the planned city.',
        highlights: ['Capitol Complex'],
        itinerary: [
          { day: 2, title: 'Capitol', description: 'Guided tour' },
          { day: 1, title: 'Arrival', description: 'Orientation walk' },
        ],
        inclusions: ['Stay'],
        exclusions: ['Flights'],
        seats: 24,
      },
    });
    const today = await createTrip(db, {
      title: 'Ends today',
      startDate: '2026-11-19',
      endDate: '2026-11-22',
    });
    const past = await createTrip(db, { title: 'Past Tour', startDate: '2026-10-01', endDate: '2026-10-03' });
    const older = await createTrip(db, {
      title: 'Older Tour',
      startDate: '2026-01-01',
      endDate: '2026-01-03',
    });
    const undated = await createTrip(db, {
      title: 'Dates soon',
      startDate: null,
      endDate: null,
      price: null,
      dollar: null,
    });
    const inactive = await createTrip(db, { title: 'Hidden', isActive: false });
    Object.assign(ids, {
      later: later.id,
      soon: soon.id,
      today: today.id,
      past: past.id,
      older: older.id,
      undated: undated.id,
      inactive: inactive.id,
    });
  });
  afterAll(async () => {
    await t.close();
  });

  it('when the trips list is fetched, then every active trip by start date, undated last, with paths and whole prices', async () => {
    const res = await t.app.inject({ url: '/api/dashboard/trips/list' });
    expect(res.statusCode).toBe(200);
    expect(res.headers.etag).toBeTruthy();
    const data = res.json().data;
    expect(data.map((x: { id: number }) => x.id)).toEqual([
      ids.older,
      ids.past,
      ids.today,
      ids.soon,
      ids.later,
      ids.undated,
    ]);
    expect(data.find((x: { id: number }) => x.id === ids.later)).toMatchObject({
      path: `/trip/kyoto-tour?id=${ids.later}`,
      startDate: '2027-03-01',
      endDate: '2027-03-08',
      days: 8,
      price: 145000,
      dollar: 1799,
    });
    expect(data.find((x: { id: number }) => x.id === ids.soon).path).toBe(
      `/trip/chandigarh-study-tour?id=${ids.soon}`,
    );
    expect(data.at(-1)).toMatchObject({
      startDate: '0000-00-00',
      endDate: '0000-00-00',
      days: null,
      price: null,
    });
  });

  it("when the trips page is fetched, then trips not over (by the platform's day) soonest first and past ones latest first", async () => {
    const data = (await t.app.inject({ url: '/api/trip/homepage' })).json().data;
    expect(data.upcoming.map((x: { id: number }) => x.id)).toEqual([
      ids.today,
      ids.soon,
      ids.later,
      ids.undated,
    ]);
    expect(data.past.map((x: { id: number }) => x.id)).toEqual([ids.past, ids.older]);
  });

  it('when a trip page is fetched, then dates, price, highlights and the itinerary by day', async () => {
    const data = (await t.app.inject({ url: `/api/trip/${ids.soon}/details` })).json().data;
    expect(data).toMatchObject({
      id: ids.soon,
      startDate: '2026-12-01',
      endDate: '2026-12-04',
      price: 18500,
      summary: 'Four days in the planned city.',
      highlights: ['Capitol Complex'],
      inclusions: ['Stay'],
      exclusions: ['Flights'],
      seats: 24,
    });
    expect(data.itinerary.map((d: { day: number }) => d.day)).toEqual([1, 2]);
  });

  it('when an unknown or inactive trip is asked, then 404; a bad id, 400', async () => {
    for (const id of [ids.inactive, 999_999]) {
      const res = await t.app.inject({ url: `/api/trip/${id}/details` });
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 404, error: 'NOT_FOUND' });
    }
    expect((await t.app.inject({ url: '/api/trip/x/details' })).statusCode).toBe(400);
  });
});
