import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  batchPhase,
  batchSale,
  lastJoinDay,
  couponDiscount,
  couponRefusal,
  DEFAULT_COIN_RULES,
  maxCoinsFor,
  priceBreakdown,
  scheduleFromTemplate,
  splitInstalments,
  type CommerceCurrency,
  type CouponLimits,
  type ScheduledInstalment,
} from './index.js';

// 2026-03-10 12:00 in Kolkata.
const NOW = new Date('2026-03-10T06:30:00Z');

describe('couponDiscount (percent rounds down to a whole minor unit; flat per currency)', () => {
  it.each([
    { price: 99_999, percent: 10, expected: 9_999 },
    { price: 1, percent: 15, expected: 0 },
    { price: 1, percent: 100, expected: 1 },
    { price: 499_900, percent: 10, expected: 49_990 },
    { price: 0, percent: 50, expected: 0 },
  ])(
    'when $percent % is taken off $price, then the discount is $expected',
    ({ price, percent, expected }) => {
      expect(couponDiscount({ kind: 'percent', percent }, price, 'INR')).toBe(expected);
    },
  );

  it('when a flat coupon has an amount in the currency, then it is taken off, never past the price', () => {
    const limited = { kind: 'flat' as const, flatMinor: { INR: 50_000, USD: 600 } };
    expect(couponDiscount(limited, 499_900, 'INR')).toBe(50_000);
    expect(couponDiscount(limited, 5_900, 'USD')).toBe(600);
    expect(couponDiscount(limited, 400, 'USD')).toBe(400);
  });

  it('when a flat coupon has no amount in the currency, then it does not apply (null)', () => {
    expect(couponDiscount({ kind: 'flat', flatMinor: { INR: 50_000 } }, 5_900, 'USD')).toBeNull();
  });

  it('when a price is not whole minor units, then it is refused as a programming error', () => {
    expect(() => couponDiscount({ kind: 'percent', percent: 10 }, 99.5, 'INR')).toThrow(RangeError);
  });
});

describe('couponRefusal (why a coupon cannot be used)', () => {
  const base: CouponLimits = {
    isActive: true,
    startsAt: new Date('2026-03-01T00:00:00Z'),
    expiresAt: new Date('2026-04-01T00:00:00Z'),
    workshopIds: [],
    liveOnly: false,
    maxClaims: 10,
    claimedCount: 3,
  };
  const target = { workshopId: 7, sessionType: 1, now: NOW, alreadyUsedByBuyer: false };
  it.each<[string, Partial<CouponLimits>, Partial<typeof target>, string | null]>([
    ['a usable coupon', {}, {}, null],
    ['an inactive coupon', { isActive: false }, {}, 'unknown'],
    ['a coupon not started', { startsAt: new Date('2026-03-11T00:00:00Z') }, {}, 'not_started'],
    ['an expired coupon', { expiresAt: NOW }, {}, 'expired'],
    ['a coupon for other courses', { workshopIds: [1, 2] }, {}, 'not_for_this_course'],
    ['a coupon for this course', { workshopIds: [1, 7] }, {}, null],
    ['a live-only coupon on a recording', { liveOnly: true }, { sessionType: 2 }, 'live_only'],
    ['a used-up coupon', { claimedCount: 10 }, {}, 'used_up'],
    ['a coupon with no total limit', { maxClaims: null, claimedCount: 10_000 }, {}, null],
    ['a coupon the buyer used', {}, { alreadyUsedByBuyer: true }, 'already_used'],
  ])('when %s is applied, then the refusal is %s', (_, coupon, t, expected) => {
    expect(couponRefusal({ ...base, ...coupon }, { ...target, ...t })).toBe(expected);
  });
});

describe('coins (a coin is worth 100 paise or 1 ¢; at most 50 % of the price by default)', () => {
  it('when the price is ₹4,999, then at most 2,499 coins (₹2,499) may pay it', () => {
    expect(maxCoinsFor(499_900, 'INR', DEFAULT_COIN_RULES)).toBe(2_499);
  });
  it('when the price is $59, then at most 2,950 coins (2,950 ¢) may pay it', () => {
    expect(maxCoinsFor(5_900, 'USD', DEFAULT_COIN_RULES)).toBe(2_950);
  });
  it('when a buyer asks for more coins than the cap, then the cap is used', () => {
    const b = priceBreakdown({
      listMinor: 100_000,
      currency: 'INR',
      coinsRequested: 10_000,
      coinRules: DEFAULT_COIN_RULES,
    });
    expect(b).toEqual({
      listMinor: 100_000,
      discountMinor: 0,
      coinsUsed: 500,
      coinsValueMinor: 50_000,
      totalMinor: 50_000,
    });
  });
  it('when a coupon is applied too, then coins are capped on the price after the coupon', () => {
    const b = priceBreakdown({
      listMinor: 100_000,
      currency: 'INR',
      coupon: { kind: 'percent', percent: 10 },
      coinsRequested: 10_000,
      coinRules: { ...DEFAULT_COIN_RULES, maxSharePercent: 100 },
    });
    expect(b).toMatchObject({ discountMinor: 10_000, coinsUsed: 900, totalMinor: 0 });
  });
});

describe('scheduleFromTemplate (dates of a purchase today)', () => {
  it('when a template has fixed and relative dates, then the first is due today and the rest on their days', () => {
    expect(
      scheduleFromTemplate(
        [
          { sequence: 1, dueDate: null, dueAfterDays: 0, amountMinor: 200_000 },
          { sequence: 2, dueDate: '2026-04-01', dueAfterDays: null, amountMinor: 150_000 },
          { sequence: 3, dueDate: null, dueAfterDays: 60, amountMinor: 150_000 },
        ],
        NOW,
      ),
    ).toEqual([
      { sequence: 1, dueDate: '2026-03-10', amountMinor: 200_000 },
      { sequence: 2, dueDate: '2026-04-01', amountMinor: 150_000 },
      { sequence: 3, dueDate: '2026-05-09', amountMinor: 150_000 },
    ]);
  });
  it('when a later instalment is already due at purchase (a late joiner), then it is paid with the first', () => {
    expect(
      scheduleFromTemplate(
        [
          { sequence: 1, dueDate: '2026-03-01', dueAfterDays: null, amountMinor: 100 },
          { sequence: 2, dueDate: '2026-03-10', dueAfterDays: null, amountMinor: 50 },
          { sequence: 3, dueDate: '2026-03-20', dueAfterDays: null, amountMinor: 25 },
        ],
        NOW,
      ),
    ).toEqual([
      { sequence: 1, dueDate: '2026-03-10', amountMinor: 150 },
      { sequence: 2, dueDate: '2026-03-20', amountMinor: 25 },
    ]);
  });
});

describe('splitInstalments (a discount spreads over every instalment in proportion)', () => {
  const schedule: ScheduledInstalment[] = [
    { sequence: 1, dueDate: '2026-03-10', amountMinor: 200_000 },
    { sequence: 2, dueDate: '2026-04-10', amountMinor: 150_000 },
    { sequence: 3, dueDate: '2026-05-10', amountMinor: 150_000 },
  ];
  it('when 10 % is taken off ₹5,000 in 3 instalments, then each is 10 % lower', () => {
    expect(splitInstalments(schedule, 450_000).map((i) => i.amountMinor)).toEqual([
      180_000, 135_000, 135_000,
    ]);
  });
  it('when the total does not divide evenly, then the spare units go to the largest fractions', () => {
    const even: ScheduledInstalment[] = schedule.map((s) => ({ ...s, amountMinor: 1 }));
    expect(splitInstalments(even, 100).map((i) => i.amountMinor)).toEqual([34, 33, 33]);
  });
  it('when the total is 0, then there is nothing to pay in instalments', () => {
    expect(splitInstalments(schedule, 0)).toEqual([]);
  });
  it('when instalments come to 0, then they are dropped and the rest renumbered', () => {
    expect(splitInstalments(schedule, 1)).toEqual([{ sequence: 1, dueDate: '2026-03-10', amountMinor: 1 }]);
  });
});

describe('batchSale (late joining, rule 10)', () => {
  const live = { isActive: true, sessionType: 1, endDate: '2026-05-30', lateJoinDays: 7 };
  it.each([
    { start: '2026-03-20', onSale: true, hasStarted: false, until: '2026-03-27' },
    { start: '2026-03-10', onSale: true, hasStarted: false, until: '2026-03-17' },
    { start: '2026-03-03', onSale: true, hasStarted: true, until: '2026-03-10' },
    { start: '2026-03-02', onSale: false, hasStarted: true, until: '2026-03-09' },
  ])('when a live batch starts $start, then on sale $onSale (started $hasStarted) until $until', (row) => {
    expect(batchSale({ ...live, startDate: row.start }, NOW)).toEqual({
      onSale: row.onSale,
      hasStarted: row.hasStarted,
      onSaleUntil: row.until,
    });
  });
  it('when a live batch ended before its late-join days ran out, then it is not sold', () => {
    expect(batchSale({ ...live, startDate: '2026-03-07', endDate: '2026-03-09' }, NOW).onSale).toBe(false);
  });
  it('when no late-join days are given, then 7 apply', () => {
    expect(batchSale({ ...live, lateJoinDays: null, startDate: '2026-03-03' }, NOW).onSale).toBe(true);
    expect(batchSale({ ...live, lateJoinDays: null, startDate: '2026-03-02' }, NOW).onSale).toBe(false);
  });
  it('when a batch is recorded or undated, then it is always on sale; inactive, never', () => {
    expect(batchSale({ ...live, sessionType: 2, startDate: '2020-01-01' }, NOW)).toEqual({
      onSale: true,
      hasStarted: false,
      onSaleUntil: '0000-00-00',
    });
    expect(batchSale({ ...live, startDate: null, endDate: null }, NOW).onSale).toBe(true);
    expect(batchSale({ ...live, isActive: false, startDate: '2026-04-01' }, NOW).onSale).toBe(false);
  });
});

describe('batchPhase (what a card says of a batch on a given day)', () => {
  const live = { sessionType: 1, startDate: '2026-11-11', endDate: '2026-12-05', joinUntil: '2026-11-18' };
  it.each([
    { today: '2026-11-01', phase: 'upcoming' },
    { today: '2026-11-11', phase: 'upcoming' },
    { today: '2026-11-12', phase: 'joining' },
    { today: '2026-11-18', phase: 'joining' },
    { today: '2026-11-25', phase: 'closed' },
    { today: '2026-12-05', phase: 'closed' },
    { today: '2026-12-06', phase: 'ended' },
  ])('when today is $today, then a batch of 11 Nov–5 Dec sold until 18 Nov is $phase', ({ today, phase }) => {
    expect(batchPhase(live, today)).toBe(phase);
  });
  it('when the last joining day is unknown, then a started batch is joining until it ends', () => {
    expect(batchPhase({ ...live, joinUntil: undefined }, '2026-11-25')).toBe('joining');
  });
  it('when a batch is recorded or undated, then it says so whatever the day', () => {
    expect(batchPhase({ ...live, sessionType: 2 }, '2026-11-25')).toBe('recorded');
    expect(batchPhase({ ...live, startDate: '0000-00-00' }, '2026-11-25')).toBe('undated');
  });
  it('when the last joining day comes from the late-join rule, then it agrees with batchSale on every day', () => {
    const batch = {
      isActive: true,
      sessionType: 1,
      startDate: '2026-03-01',
      endDate: '2026-03-20',
      lateJoinDays: 7,
    };
    const joinUntil = lastJoinDay(batch);
    expect(joinUntil).toBe('2026-03-08');
    for (let d = 1; d <= 20; d += 1) {
      const today = `2026-03-${String(d).padStart(2, '0')}`;
      const sale = batchSale(batch, new Date(`${today}T06:00:00Z`));
      const phase = batchPhase({ ...batch, joinUntil }, today);
      expect(phase === 'upcoming' || phase === 'joining').toBe(sale.onSale);
      expect(phase !== 'upcoming').toBe(sale.hasStarted);
    }
  });
});

// ---- properties ------------------------------------------------------------------------------

const minor = fc.integer({ min: 0, max: 10_000_000_000 });
const currency = fc.constantFrom<CommerceCurrency>('INR', 'USD');
const couponArb = fc.oneof(
  fc.record({ kind: fc.constant('percent' as const), percent: fc.integer({ min: 1, max: 100 }) }),
  fc.record({
    kind: fc.constant('flat' as const),
    flatMinor: fc.record({ INR: minor, USD: minor }),
  }),
);
const rulesArb = fc.record({
  valueMinor: fc.record({ INR: fc.integer({ min: 1, max: 1000 }), USD: fc.integer({ min: 1, max: 1000 }) }),
  maxSharePercent: fc.integer({ min: 0, max: 100 }),
});

describe('properties of the price rules', () => {
  it('when any coupon and any coins are applied, then every part is a whole number and the total is never negative', () => {
    fc.assert(
      fc.property(
        minor,
        currency,
        couponArb,
        fc.integer({ min: 0, max: 1e9 }),
        rulesArb,
        (list, cur, coupon, coins, rules) => {
          const b = priceBreakdown({
            listMinor: list,
            currency: cur,
            coupon,
            coinsRequested: coins,
            coinRules: rules,
          });
          for (const v of Object.values(b)) expect(Number.isSafeInteger(v) && v >= 0).toBe(true);
          expect(b.totalMinor).toBe(list - b.discountMinor - b.coinsValueMinor);
          expect(b.coinsValueMinor * 100).toBeLessThanOrEqual(
            (list - b.discountMinor) * rules.maxSharePercent,
          );
          expect(b.coinsUsed).toBeLessThanOrEqual(coins);
        },
      ),
    );
  });

  it('when any total is split over any schedule, then the instalments sum to it, none is 0 or negative, all whole', () => {
    const scheduleArb = fc
      .array(fc.integer({ min: 0, max: 1_000_000_000 }), { minLength: 1, maxLength: 12 })
      .map((amounts) =>
        amounts.map((amountMinor, i) => ({
          sequence: i + 1,
          dueDate: `2026-${String(i + 1).padStart(2, '0')}-01`,
          amountMinor,
        })),
      );
    fc.assert(
      fc.property(scheduleArb, minor, (schedule, total) => {
        const split = splitInstalments(schedule, total);
        expect(split.reduce((s, i) => s + i.amountMinor, 0)).toBe(total);
        for (const i of split) expect(Number.isSafeInteger(i.amountMinor) && i.amountMinor > 0).toBe(true);
        expect(split.map((i) => i.sequence)).toEqual(split.map((_, k) => k + 1));
        // Each instalment is within one unit of its exact proportional share.
        const listTotal = schedule.reduce((s, i) => s + i.amountMinor, 0);
        if (listTotal > 0) {
          for (const i of split) {
            const source = schedule.find((s) => s.dueDate === i.dueDate)!;
            const exact = (source.amountMinor * total) / listTotal;
            expect(Math.abs(i.amountMinor - exact)).toBeLessThan(1 + 1e-6 * exact);
          }
        }
      }),
    );
  });

  it('when a template is dated for any purchase day, then the schedule keeps its sum and is in date order', () => {
    const itemArb = fc.record({
      dueDate: fc.option(
        fc
          .date({
            min: new Date('2026-01-01T00:00:00Z'),
            max: new Date('2026-12-31T00:00:00Z'),
            noInvalidDate: true,
          })
          .map((d) => d.toISOString().slice(0, 10)),
      ),
      dueAfterDays: fc.integer({ min: 0, max: 365 }),
      amountMinor: fc.integer({ min: 1, max: 10_000_000 }),
    });
    fc.assert(
      fc.property(
        fc.array(itemArb, { minLength: 1, maxLength: 8 }),
        fc.date({
          min: new Date('2026-01-01T00:00:00Z'),
          max: new Date('2026-12-31T00:00:00Z'),
          noInvalidDate: true,
        }),
        (items, now) => {
          const template = items.map((item, i) => ({ sequence: i + 1, ...item }));
          const schedule = scheduleFromTemplate(template, now);
          expect(schedule.reduce((s, i) => s + i.amountMinor, 0)).toBe(
            items.reduce((s, i) => s + i.amountMinor, 0),
          );
          const dates = schedule.map((i) => i.dueDate);
          expect([...dates].sort()).toEqual(dates);
          expect(new Set(dates.slice(1)).has(dates[0]!)).toBe(false);
        },
      ),
    );
  });
});
