import { ReferCodeSchema } from '@atelier/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { settle, settleOutcome } from '../../lib/api/base-api';
import { notFound } from '../../lib/route-responses';
import type { AppStore } from '../../lib/store';
import { referralLandingCoursesQuery, referrerQuery } from './api/referral-landing';

export interface ReferralLandingData {
  referCode: string;
}

/**
 * `/refer/:referCode`: the invitation of a shared referral link, rendered on the server with the
 * referrer and the promoted courses. A malformed or unknown code answers 404.
 */
export function referralLandingLoader(store: AppStore) {
  return async ({ params }: LoaderFunctionArgs): Promise<ReferralLandingData> => {
    const parsed = ReferCodeSchema.safeParse(params.referCode ?? '');
    if (!parsed.success) notFound();
    const referCode = parsed.data;
    const [referrer] = await Promise.all([
      settleOutcome(store.dispatch(referrerQuery.initiate(referCode))),
      settle(store.dispatch(referralLandingCoursesQuery.initiate())),
    ]);
    if (referrer.errorStatus === 404 || referrer.errorStatus === 400) notFound();
    return { referCode };
  };
}
