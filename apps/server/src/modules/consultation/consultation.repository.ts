import { sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { queryRows } from '../../db/query.js';
import { jsonColumn } from '../../db/rows.js';
import type { ConsultationService } from '../../db/schema/index.js';

const ConsultationPackageRowSchema = z.object({
  id: z.number(),
  name: z.string(),
  description: z.string(),
  price: z.number(),
  dollar: z.number().nullable(),
  covered: z.array(z.string()),
  detailsRequired: z.array(z.string()),
  services: jsonColumn<ConsultationService[]>(),
});
export type ConsultationPackageRow = z.infer<typeof ConsultationPackageRowSchema>;

/** Active consultation packages by id. */
export async function listActivePackages(db: Db): Promise<ConsultationPackageRow[]> {
  return queryRows(
    db,
    sql`select id, name, description, price, dollar, covered, details_required as "detailsRequired", services
        from consultation_packages where is_active order by id`,
    ConsultationPackageRowSchema,
  );
}
