import type {
  AdminCampaign,
  AdminCampaignBodySchema,
  AdminCompetition,
  AdminCompetitionBodySchema,
  AdminCompetitionsQuerySchema,
  AdminConsultationPackage,
  AdminConsultationPackageBodySchema,
  AdminEventObjectBodySchema,
  AdminListQuerySchema,
  AdminTopBannerBodySchema,
} from '@atelier/contract';
import { asc, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Executor } from '../../../db/query.js';
import {
  campaignBanners,
  campaigns,
  competitions,
  consultationPackages,
  eventObjects,
  topBanners,
} from '../../../db/schema/index.js';
import { notFound } from '../../../http/app-error.js';
import type { Invalidation } from '../../../platform/cache/index.js';
import { recordAudit, type AuditActor, type AuditRequest } from '../audit.js';
import { iso, matchesAny, orderBy, searchPattern, windowOf, count, all } from '../listing.js';
import type { Listed } from '../listing.js';
import { isUniqueViolation, slugTaken } from './content.service.js';

/*
 * The console's site content (issue 17 point 2): competitions, the design-consultation packages,
 * and the home page's top banner, campaigns (with their banners) and event objects. Each write runs
 * in one transaction with its audit row; the route then drops the public cache entries named here.
 */

export const COMPETITION_INVALIDATION: Invalidation = {
  prefixes: ['competitions:', 'homepage:', 'seo:'],
  tags: ['competitions'],
};
export const CONSULTATION_INVALIDATION: Invalidation = { prefixes: ['consultation:'] };
/** The home page's banners and events (`banners:top`, `banners:campaign`, `events`) and the home sections. */
export const HOME_INVALIDATION: Invalidation = { prefixes: ['banners:', 'events', 'homepage:'] };

type ListQuery = z.output<typeof AdminListQuerySchema>;
const isoOrNull = (d: Date | null) => (d ? iso(d) : null);
const instantOrNull = (s: string | null) => (s ? new Date(s) : null);

/** One audited write: `load` reads the row as the console shows it (before and after). */
async function audited<T>(
  tx: Executor,
  actor: AuditActor,
  request: AuditRequest,
  entity: string,
  id: number,
  created: boolean,
  before: T | null,
  after: T,
): Promise<T> {
  await recordAudit(tx, actor, request, {
    action: `${entity}.${created ? 'create' : 'update'}`,
    entity,
    entityId: id,
    before,
    after,
  });
  return after;
}

// ---------------------------------------------------------------------------------------------
// Competitions
// ---------------------------------------------------------------------------------------------

// Written out: drizzle renders columns of a one-table select unqualified, which inside the subquery
// would name the inner table's columns.
const registrationCount = sql<number>`(SELECT count(*)::int FROM competition_registrations cr WHERE cr.competition_id = competitions.id)`;

export async function listCompetitions(db: Executor, query: z.output<typeof AdminCompetitionsQuerySchema>) {
  const pattern = searchPattern(query.q);
  const where = all(
    pattern ? matchesAny(pattern, [competitions.title, competitions.slug]) : undefined,
    query.active ? eq(competitions.isActive, query.active === 'true') : undefined,
  );
  const { limit, offset } = windowOf(query);
  const items = await db
    .select({
      id: competitions.id,
      title: competitions.title,
      slug: competitions.slug,
      amount: competitions.amount,
      dollar: competitions.dollar,
      registrationDeadline: competitions.registrationDeadline,
      startDate: competitions.startDate,
      endDate: competitions.endDate,
      isActive: competitions.isActive,
      registrations: registrationCount,
    })
    .from(competitions)
    .where(where)
    .orderBy(
      ...orderBy(
        query.sort,
        '-registrationDeadline',
        { registrationDeadline: competitions.registrationDeadline, title: competitions.title },
        competitions.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count }).from(competitions).where(where);
  return { items, total: total?.n ?? 0 };
}
type CompetitionRow = Awaited<ReturnType<typeof listCompetitions>>['items'][number];
export const competitionColumns = [
  { header: 'Id', value: (r: CompetitionRow) => r.id },
  { header: 'Title', value: (r: CompetitionRow) => r.title },
  { header: 'Slug', value: (r: CompetitionRow) => r.slug },
  { header: 'Fee (INR)', value: (r: CompetitionRow) => r.amount },
  { header: 'Fee (USD)', value: (r: CompetitionRow) => r.dollar ?? '' },
  { header: 'Registration deadline', value: (r: CompetitionRow) => r.registrationDeadline ?? '' },
  { header: 'Start date', value: (r: CompetitionRow) => r.startDate ?? '' },
  { header: 'End date', value: (r: CompetitionRow) => r.endDate ?? '' },
  { header: 'Active', value: (r: CompetitionRow) => (r.isActive ? 'yes' : 'no') },
  { header: 'Registrations', value: (r: CompetitionRow) => r.registrations },
];

export async function getCompetition(db: Executor, id: number): Promise<AdminCompetition> {
  const [r] = await db
    .select({ c: competitions, registrations: registrationCount })
    .from(competitions)
    .where(eq(competitions.id, id));
  if (!r) throw notFound('The competition');
  const c = r.c;
  return {
    id: c.id,
    title: c.title,
    slug: c.slug,
    summary: c.summary,
    description: c.description,
    thumbnail: c.thumbnail,
    amount: c.amount,
    dollar: c.dollar,
    registrationDeadline: c.registrationDeadline,
    startDate: c.startDate,
    endDate: c.endDate,
    isActive: c.isActive,
    registrations: r.registrations,
    brief: {
      ...(c.brief.siteArea ? { siteArea: c.brief.siteArea } : {}),
      deliverables: c.brief.deliverables ?? [],
      prizes: c.brief.prizes ?? [],
      jury: c.brief.jury ?? [],
      rules: c.brief.rules ?? [],
    },
    createdAt: iso(c.createdAt),
  };
}

export async function saveCompetition(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  id: number | null,
  body: z.output<typeof AdminCompetitionBodySchema>,
): Promise<AdminCompetition> {
  const { siteArea, ...lists } = body.brief;
  const values = {
    ...body,
    thumbnail: body.thumbnail || null,
    brief: { ...(siteArea ? { siteArea } : {}), ...lists },
  };
  try {
    return await db.transaction(async (tx) => {
      let before: AdminCompetition | null = null;
      let rowId = id;
      if (rowId === null) {
        const [row] = await tx.insert(competitions).values(values).returning({ id: competitions.id });
        rowId = row!.id;
      } else {
        const [locked] = await tx
          .select({ id: competitions.id })
          .from(competitions)
          .where(eq(competitions.id, rowId))
          .for('update');
        if (!locked) throw notFound('The competition');
        before = await getCompetition(tx, rowId);
        await tx.update(competitions).set(values).where(eq(competitions.id, rowId));
      }
      return audited(
        tx,
        actor,
        request,
        'competition',
        rowId,
        id === null,
        before,
        await getCompetition(tx, rowId),
      );
    });
  } catch (error) {
    if (isUniqueViolation(error, 'competitions_slug_uq')) throw slugTaken('competition', 'slug');
    throw error;
  }
}

// ---------------------------------------------------------------------------------------------
// Consultation packages
// ---------------------------------------------------------------------------------------------

const packageOf = (p: typeof consultationPackages.$inferSelect): AdminConsultationPackage => ({
  id: p.id,
  name: p.name,
  description: p.description,
  price: p.price,
  dollar: p.dollar,
  covered: p.covered,
  detailsRequired: p.detailsRequired,
  services: p.services,
  isActive: p.isActive,
});

export async function listConsultationPackages(db: Executor): Promise<AdminConsultationPackage[]> {
  return (await db.select().from(consultationPackages).orderBy(asc(consultationPackages.id))).map(packageOf);
}

export async function saveConsultationPackage(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  id: number,
  body: z.output<typeof AdminConsultationPackageBodySchema>,
): Promise<AdminConsultationPackage> {
  return db.transaction(async (tx) => {
    const [current] = await tx
      .select()
      .from(consultationPackages)
      .where(eq(consultationPackages.id, id))
      .for('update');
    if (!current) throw notFound('The consultation package');
    const [after] = await tx
      .update(consultationPackages)
      .set(body)
      .where(eq(consultationPackages.id, id))
      .returning();
    return audited(
      tx,
      actor,
      request,
      'consultation_package',
      id,
      false,
      packageOf(current),
      packageOf(after!),
    );
  });
}

// ---------------------------------------------------------------------------------------------
// Top banners
// ---------------------------------------------------------------------------------------------

const bannerOf = (b: typeof topBanners.$inferSelect) => ({
  id: b.id,
  content: b.content,
  link: b.link,
  isActive: b.isActive,
  createdAt: iso(b.createdAt),
});

export async function listTopBanners(db: Executor, query: ListQuery) {
  const pattern = searchPattern(query.q);
  const where = pattern ? matchesAny(pattern, [topBanners.content]) : undefined;
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select()
    .from(topBanners)
    .where(where)
    .orderBy(...orderBy(query.sort, '-createdAt', { createdAt: topBanners.createdAt }, topBanners.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count }).from(topBanners).where(where);
  return { items: rows.map(bannerOf), total: total?.n ?? 0 };
}
type BannerRow = ReturnType<typeof bannerOf>;
export const topBannerColumns = [
  { header: 'Id', value: (r: BannerRow) => r.id },
  { header: 'Text', value: (r: BannerRow) => r.content },
  { header: 'Link', value: (r: BannerRow) => r.link ?? '' },
  { header: 'Active', value: (r: BannerRow) => (r.isActive ? 'yes' : 'no') },
  { header: 'Created at', value: (r: BannerRow) => r.createdAt },
];

export async function saveTopBanner(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  id: number | null,
  body: z.output<typeof AdminTopBannerBodySchema>,
) {
  const values = { content: body.content, link: body.link || null, isActive: body.isActive };
  return db.transaction(async (tx) => {
    if (id === null) {
      const [row] = await tx.insert(topBanners).values(values).returning();
      return audited(tx, actor, request, 'top_banner', row!.id, true, null, bannerOf(row!));
    }
    const [current] = await tx.select().from(topBanners).where(eq(topBanners.id, id)).for('update');
    if (!current) throw notFound('The top banner');
    const [row] = await tx.update(topBanners).set(values).where(eq(topBanners.id, id)).returning();
    return audited(tx, actor, request, 'top_banner', id, false, bannerOf(current), bannerOf(row!));
  });
}

// ---------------------------------------------------------------------------------------------
// Campaigns and their banners
// ---------------------------------------------------------------------------------------------

const bannerCount = sql<number>`(SELECT count(*)::int FROM campaign_banners cb WHERE cb.campaign_id = campaigns.id)`;

export async function listCampaigns(db: Executor, query: ListQuery) {
  const pattern = searchPattern(query.q);
  const where = pattern ? matchesAny(pattern, [campaigns.name]) : undefined;
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select({
      id: campaigns.id,
      name: campaigns.name,
      isPopup: campaigns.isPopup,
      isSidebar: campaigns.isSidebar,
      startsAt: campaigns.startsAt,
      endsAt: campaigns.endsAt,
      banners: bannerCount,
    })
    .from(campaigns)
    .where(where)
    .orderBy(
      ...orderBy(
        query.sort,
        '-startsAt',
        { startsAt: campaigns.startsAt, name: campaigns.name },
        campaigns.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count }).from(campaigns).where(where);
  return {
    items: rows.map((r) => ({ ...r, startsAt: isoOrNull(r.startsAt), endsAt: isoOrNull(r.endsAt) })),
    total: total?.n ?? 0,
  };
}
type CampaignRow = Awaited<ReturnType<typeof listCampaigns>>['items'][number];
export const campaignColumns = [
  { header: 'Id', value: (r: CampaignRow) => r.id },
  { header: 'Name', value: (r: CampaignRow) => r.name },
  { header: 'Popup', value: (r: CampaignRow) => (r.isPopup ? 'yes' : 'no') },
  { header: 'Sidebar', value: (r: CampaignRow) => (r.isSidebar ? 'yes' : 'no') },
  { header: 'Starts at', value: (r: CampaignRow) => r.startsAt ?? '' },
  { header: 'Ends at', value: (r: CampaignRow) => r.endsAt ?? '' },
  { header: 'Banners', value: (r: CampaignRow) => r.banners },
];

export async function getCampaign(db: Executor, id: number): Promise<AdminCampaign> {
  const [c] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!c) throw notFound('The campaign');
  const banners = await db
    .select({
      id: campaignBanners.id,
      type: campaignBanners.type,
      title: campaignBanners.title,
      image: campaignBanners.image,
      link: campaignBanners.link,
    })
    .from(campaignBanners)
    .where(eq(campaignBanners.campaignId, id))
    .orderBy(asc(campaignBanners.sequence), asc(campaignBanners.id));
  return {
    id: c.id,
    name: c.name,
    isPopup: c.isPopup,
    isSidebar: c.isSidebar,
    startsAt: isoOrNull(c.startsAt),
    endsAt: isoOrNull(c.endsAt),
    banners: banners.length,
    bannerList: banners,
  };
}

/** The campaign and all its banners (replaced, in the order given). */
export async function saveCampaign(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  id: number | null,
  body: z.output<typeof AdminCampaignBodySchema>,
): Promise<AdminCampaign> {
  const values = {
    name: body.name,
    isPopup: body.isPopup,
    isSidebar: body.isSidebar,
    startsAt: instantOrNull(body.startsAt),
    endsAt: instantOrNull(body.endsAt),
  };
  return db.transaction(async (tx) => {
    let before: AdminCampaign | null = null;
    let rowId = id;
    if (rowId === null) {
      const [row] = await tx.insert(campaigns).values(values).returning({ id: campaigns.id });
      rowId = row!.id;
    } else {
      const [locked] = await tx
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(eq(campaigns.id, rowId))
        .for('update');
      if (!locked) throw notFound('The campaign');
      before = await getCampaign(tx, rowId);
      await tx.update(campaigns).set(values).where(eq(campaigns.id, rowId));
      await tx.delete(campaignBanners).where(eq(campaignBanners.campaignId, rowId));
    }
    if (body.banners.length > 0)
      await tx.insert(campaignBanners).values(
        body.banners.map((b, sequence) => ({
          campaignId: rowId,
          type: b.type,
          title: b.title,
          image: b.image,
          link: b.link || null,
          sequence,
        })),
      );
    return audited(tx, actor, request, 'campaign', rowId, id === null, before, await getCampaign(tx, rowId));
  });
}

// ---------------------------------------------------------------------------------------------
// Event objects
// ---------------------------------------------------------------------------------------------

const eventOf = (e: typeof eventObjects.$inferSelect) => ({
  id: e.id,
  name: e.name,
  payload: e.payload,
  startsAt: isoOrNull(e.startsAt),
  endsAt: isoOrNull(e.endsAt),
  createdAt: iso(e.createdAt),
});

export async function listEventObjects(
  db: Executor,
  query: ListQuery,
): Promise<Listed<ReturnType<typeof eventOf>>> {
  const pattern = searchPattern(query.q);
  const where = pattern ? matchesAny(pattern, [eventObjects.name]) : undefined;
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select()
    .from(eventObjects)
    .where(where)
    .orderBy(
      ...orderBy(
        query.sort,
        '-startsAt',
        { startsAt: eventObjects.startsAt, name: eventObjects.name },
        eventObjects.id,
      ),
    )
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count }).from(eventObjects).where(where);
  return { items: rows.map(eventOf), total: total?.n ?? 0 };
}
type EventRow = ReturnType<typeof eventOf>;
export const eventColumns = [
  { header: 'Id', value: (r: EventRow) => r.id },
  { header: 'Name', value: (r: EventRow) => r.name },
  { header: 'Starts at', value: (r: EventRow) => r.startsAt ?? '' },
  { header: 'Ends at', value: (r: EventRow) => r.endsAt ?? '' },
  { header: 'Payload', value: (r: EventRow) => JSON.stringify(r.payload) },
];

export async function saveEventObject(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  id: number | null,
  body: z.output<typeof AdminEventObjectBodySchema>,
) {
  const values = {
    name: body.name,
    payload: body.payload,
    startsAt: instantOrNull(body.startsAt),
    endsAt: instantOrNull(body.endsAt),
  };
  return db.transaction(async (tx) => {
    if (id === null) {
      const [row] = await tx.insert(eventObjects).values(values).returning();
      return audited(tx, actor, request, 'event_object', row!.id, true, null, eventOf(row!));
    }
    const [current] = await tx.select().from(eventObjects).where(eq(eventObjects.id, id)).for('update');
    if (!current) throw notFound('The event object');
    const [row] = await tx.update(eventObjects).set(values).where(eq(eventObjects.id, id)).returning();
    return audited(tx, actor, request, 'event_object', id, false, eventOf(current), eventOf(row!));
  });
}
