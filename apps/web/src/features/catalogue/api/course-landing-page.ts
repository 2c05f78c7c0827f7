import type { CourseLandingPage, ResponseOf } from '@atelier/contract';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

const courseLandingPageApi = api.injectEndpoints({
  endpoints: (build) => ({
    /**
     * `GET /api/course/{id}/landing-page`: a workshop's whole detail page (details with every
     * batch, hero, curriculum, instructors, outcomes, bonus, testimonials, case studies, related
     * workshops) in one call, so the page needs one round trip.
     */
    getCourseLandingPage: build.query<ResponseOf<'courseLandingPage'>, number>({
      query: (id) => endpointRequest('courseLandingPage', { params: { id } }),
    }),
  }),
});

export const courseLandingPageQuery = courseLandingPageApi.endpoints.getCourseLandingPage;

/**
 * The detail page of workshop `id`; `null` while loading and when the call failed (the page
 * then shows what the every-page list knows: title, dates, price).
 */
export function useCourseLandingPage(id: number | null): CourseLandingPage | null {
  return courseLandingPageApi.useGetCourseLandingPageQuery(id ?? skipToken).currentData ?? null;
}
