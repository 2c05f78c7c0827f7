import type { ConsultationPackage, ResponseOf } from '@atelier/contract';
import { arrangeConsultationPackages, type CoveredItem } from '@atelier/domain';
import { useMemo } from 'react';
import { api } from '../../../lib/api/base-api';
import { endpointRequest } from '../../../lib/api/paths';

/** A package as the page shows it: covered items marked by the domain rule (spec §9). */
export type ShownConsultationPackage = Omit<ConsultationPackage, 'covered'> & { covered: CoveredItem[] };

/** Spec §8: the text shown when the packages cannot be loaded. */
export const CONSULTATION_FAILURE_TEXT = 'SOMETHING WENT WRONG';

const consultationPackagesApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** `GET /api/consultation/1/service/package`: the design-consultation packages. */
    listConsultationPackages: build.query<ConsultationPackage[], void>({
      // Service 1: the design consultation, the one service the platform offers.
      query: () => endpointRequest('consultationPackages', { params: { serviceId: 1 } }),
      transformResponse: (data: ResponseOf<'consultationPackages'>) => data.packages,
    }),
  }),
});

export const consultationPackagesQuery = consultationPackagesApi.endpoints.listConsultationPackages;

const NO_PACKAGES: readonly ShownConsultationPackage[] = [];

/**
 * The packages in the spec's display order (3, 2, 4, 1) with the trailing covered items the
 * spec unchecks shown unchecked — both rules from the domain's `arrangeConsultationPackages`,
 * applied here too so the page never depends on the order the API happens to send. Spec §8: on
 * failure, empty lists and the error text 'SOMETHING WENT WRONG'.
 */
export function useConsultationPackages(): {
  packages: readonly ShownConsultationPackage[];
  error: string | null;
  isLoading: boolean;
} {
  const { currentData, isError, isLoading } = consultationPackagesApi.useListConsultationPackagesQuery();
  const packages = useMemo(
    () =>
      currentData
        ? arrangeConsultationPackages(
            currentData.map((pkg) => ({ ...pkg, covered: pkg.covered.map((item) => item.text) })),
          )
        : NO_PACKAGES,
    [currentData],
  );
  return {
    packages: isError ? NO_PACKAGES : packages,
    error: isError ? CONSULTATION_FAILURE_TEXT : null,
    isLoading,
  };
}
