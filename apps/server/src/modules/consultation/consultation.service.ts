import type { ConsultationPackages } from '@atelier/contract';
import { arrangeConsultationPackages } from '@atelier/domain';
import type { Db } from '../../db/client.js';
import { notFound } from '../../http/app-error.js';
import * as repo from './consultation.repository.js';

/** The one consultation service the spec shows (`/api/consultation/1/service/package`). */
export const DESIGN_CONSULTATION_SERVICE_ID = 1;

/**
 * `GET /api/consultation/{serviceId}/service/package`: active packages in the spec's display order
 * with covered items ticked or not (spec §9), both from the domain's `arrangeConsultationPackages`.
 */
export async function listConsultationPackages(db: Db, serviceId: number): Promise<ConsultationPackages> {
  if (serviceId !== DESIGN_CONSULTATION_SERVICE_ID) throw notFound('That consultation service');
  const rows = await repo.listActivePackages(db);
  const packages = arrangeConsultationPackages(rows).map((p) => ({
    id: p.id,
    name: p.name,
    description: p.description,
    price: p.price,
    dollar: p.dollar,
    covered: p.covered,
    detailsRequired: p.detailsRequired,
    services: p.services.map((s) => ({
      name: s.name,
      description: s.description,
      durationMinutes: s.durationMinutes ?? null,
    })),
  }));
  return { packages };
}
