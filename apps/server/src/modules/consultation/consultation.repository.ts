import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { ConsultationService } from '../../db/schema/index.js';

export type ConsultationPackageRow = {
  id: number;
  name: string;
  description: string;
  price: number;
  dollar: number | null;
  covered: string[];
  detailsRequired: string[];
  services: ConsultationService[];
};

/** Active consultation packages by id. */
export async function listActivePackages(db: Db): Promise<ConsultationPackageRow[]> {
  const result = await db.execute<ConsultationPackageRow>(
    sql`select id, name, description, price, dollar, covered, details_required as "detailsRequired", services
        from consultation_packages where is_active order by id`,
  );
  return result.rows;
}
