import type { ResponseOf } from '@atelier/contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

const referralLandingApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/referrer/{referCode}` (public): the referrer's first name and the offer. */
    getReferrer: build.query<ResponseOf<'referrer'>, string>({
      query: (referCode) => endpointRequest('referrer', { params: { referCode } }),
    }),
    /** `GET /api/referral/landing-page/courses` (public): the courses promoted to invited friends. */
    getReferralLandingCourses: build.query<ResponseOf<'referralLandingCourses'>, void>({
      query: () => endpointRequest('referralLandingCourses'),
    }),
  }),
});

export const referrerQuery = referralLandingApi.endpoints.getReferrer;
export const referralLandingCoursesQuery = referralLandingApi.endpoints.getReferralLandingCourses;

export function useReferrer(referCode: string | null) {
  return referralLandingApi.useGetReferrerQuery(referCode ?? skipToken);
}

export function useReferralLandingCourses() {
  return referralLandingApi.useGetReferralLandingCoursesQuery();
}
