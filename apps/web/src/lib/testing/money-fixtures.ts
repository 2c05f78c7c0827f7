import type {
  EnrolledCourse,
  PendingPayment,
  ProfileCourses,
  ReferralOverview,
  WalletCourses,
} from '@atelier/contract';
import { learner } from './identity-fixtures';

/*
 * Test fixtures of the learner's money calls (issue 14 contract): pending payments, courses, the
 * wallet and referrals. Imported by tests only.
 */

const DAY_MS = 86_400_000;
const IST_OFFSET_MS = 330 * 60 * 1000;

/** The wire date `days` from today in India (the platform's zone, which the EMI rule reads). */
export function dayFromToday(days: number, now: number = Date.now()): string {
  return new Date(now + IST_OFFSET_MS + days * DAY_MS).toISOString().slice(0, 10);
}

export const revitWorkshop = {
  id: 3,
  type: 2,
  title: 'Revit for Architects',
  shortTitle: 'Revit',
  slug: 'revit',
};
export const grasshopperWorkshop = {
  id: 5,
  type: 1,
  title: 'Parametric Facades with Grasshopper',
  shortTitle: 'Parametric Facades',
  slug: 'parametric-facades',
};

/** A course bought by instalments with its unpaid ones due `dueInDays` from today. */
export function pendingPayment(dueInDays: number[], overrides: Partial<PendingPayment> = {}): PendingPayment {
  return {
    batchId: 30,
    pendingAmount: dueInDays.length * 12_500_00,
    currency: 'INR',
    instalmentDetails: dueInDays.map((days, index) => ({
      id: 900 + index,
      sequence: index + 2,
      dueDate: dayFromToday(days),
      amountMinor: 12_500_00,
      paid: false,
      paidAt: null,
    })),
    Workshop: revitWorkshop,
    ...overrides,
  };
}

export function enrolledCourse(
  id: number,
  workshop: EnrolledCourse['Batch']['Workshop'],
  startInDays: number,
  endInDays: number,
): EnrolledCourse {
  return {
    id,
    isRefund: false,
    isDashboardAccess: true,
    isEnrolled: true,
    Batch: {
      id: id * 10,
      sessionType: 1,
      startDate: dayFromToday(startInDays),
      endDate: dayFromToday(endInDays),
      Workshop: workshop,
      BatchSchedules: [{ id: 1, day: 6, startTime: '19:00:00', endTime: '21:00:00' }],
    },
  };
}

export const profileCourses: ProfileCourses = {
  enrolledCourses: [
    enrolledCourse(1, revitWorkshop, -10, 40),
    enrolledCourse(2, grasshopperWorkshop, 12, 13),
  ],
  suggestedCourses: [
    { id: 8, type: 2, title: 'BIM Coordination', shortTitle: 'BIM', slug: 'bim', thumbnail: null },
  ],
};

export const noCourses: ProfileCourses = { enrolledCourses: [], suggestedCourses: [] };

export function walletCourses(
  overrides: { isCoinPopupSeen?: boolean; walletCoins?: number } = {},
): WalletCourses {
  return {
    user: {
      id: learner.id,
      name: learner.name,
      email: learner.email,
      CoinsWallet: {
        id: 70,
        walletCoins: overrides.walletCoins ?? 350,
        isCoinPopupSeen: overrides.isCoinPopupSeen ?? true,
      },
    },
    courses: [{ batchId: 30, startDate: '2026-12-01', endDate: '2027-02-28', Workshop: revitWorkshop }],
    transactions: [
      {
        id: 3,
        coins: -150,
        reason: 'spend',
        note: 'Spent on Revit for Architects',
        orderId: 41,
        createdAt: '2026-11-20T09:00:00.000Z',
      },
      {
        id: 2,
        coins: 400,
        reason: 'referral_reward',
        note: 'Ravi enrolled',
        orderId: null,
        createdAt: '2026-11-10T09:00:00.000Z',
      },
      {
        id: 1,
        coins: 100,
        reason: 'signup_bonus',
        note: null,
        orderId: null,
        createdAt: '2026-11-01T09:00:00.000Z',
      },
    ],
  };
}

export function referralOverview(overrides: Partial<ReferralOverview> = {}): ReferralOverview {
  return {
    referCode: 'ATLASH007',
    shareLink: 'https://atelier.test/refer/ATLASH007',
    offer: {
      referrerCoins: 400,
      refereeCoins: 100,
      description: 'Your friend gets 100 coins on sign-up; you get 400 coins when they enrol.',
    },
    friends: [
      { firstName: 'Ravi', status: 'rewarded', joinedAt: '2026-11-05T10:00:00.000Z', coinsEarned: 400 },
      { firstName: 'Meera', status: 'pending', joinedAt: '2026-11-18T10:00:00.000Z', coinsEarned: 0 },
    ],
    coinsEarned: 400,
    walletCoins: 350,
    pendingPayoutCoins: 0,
    claims: [],
    canBeReferred: false,
    ...overrides,
  };
}
