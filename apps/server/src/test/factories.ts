import type { Db } from '../db/client.js';
import {
  batches,
  batchSchedules,
  campaignBanners,
  campaigns,
  categories,
  courseCategories,
  eventObjects,
  subcategories,
  topBanners,
  workshops,
} from '../db/schema/index.js';

let counter = 0;
const unique = (prefix: string) => `${prefix}-${++counter}-${Math.random().toString(36).slice(2, 7)}`;

/** Inserts a category. */
export async function createCategory(db: Db, values: { name?: string; sequence?: number; isActive?: boolean } = {}) {
  const name = values.name ?? unique('Category');
  const [row] = await db
    .insert(categories)
    .values({ name, slug: unique('category'), sequence: values.sequence ?? 0, isActive: values.isActive ?? true })
    .returning();
  return row!;
}

/** Inserts a subcategory of `categoryId`. */
export async function createSubcategory(db: Db, categoryId: number, values: { name?: string; sequence?: number } = {}) {
  const [row] = await db
    .insert(subcategories)
    .values({ categoryId, name: values.name ?? unique('Subcategory'), slug: unique('sub'), sequence: values.sequence ?? 0 })
    .returning();
  return row!;
}

/** Inserts a workshop, optionally linked to a subcategory with a sequence. */
export async function createWorkshop(
  db: Db,
  values: {
    type?: 1 | 2;
    shortTitle?: string;
    title?: string;
    markAs?: string | null;
    amount?: number | null;
    dollar?: number | null;
    isPublished?: boolean;
    subcategoryId?: number;
    sequence?: number;
  } = {},
) {
  const shortTitle = values.shortTitle ?? unique('Workshop');
  const [row] = await db
    .insert(workshops)
    .values({
      type: values.type ?? 2,
      title: values.title ?? `${shortTitle}: the full course`,
      shortTitle,
      slug: unique('workshop'),
      markAs: values.markAs ?? null,
      amount: values.amount ?? 4999,
      dollar: values.dollar ?? 79,
      isPublished: values.isPublished ?? true,
    })
    .returning();
  if (values.subcategoryId) {
    await db.insert(courseCategories).values({
      subcategoryId: values.subcategoryId,
      workshopId: row!.id,
      sequence: values.sequence ?? 0,
    });
  }
  return row!;
}

/** Inserts a batch of `workshopId`, with optional weekly schedules. */
export async function createBatch(
  db: Db,
  workshopId: number,
  values: {
    startDate?: string | null;
    endDate?: string | null;
    sessionType?: 1 | 2;
    amount?: number | null;
    dollar?: number | null;
    slashAmount?: number | null;
    slashDollar?: number | null;
    isActive?: boolean;
    schedules?: { day?: number; startTime: string; endTime: string }[];
  } = {},
) {
  const [row] = await db
    .insert(batches)
    .values({
      workshopId,
      startDate: values.startDate === undefined ? '2026-12-01' : values.startDate,
      endDate: values.endDate === undefined ? '2026-12-20' : values.endDate,
      sessionType: values.sessionType ?? 1,
      amount: values.amount === undefined ? 2999 : values.amount,
      dollar: values.dollar === undefined ? 49 : values.dollar,
      slashAmount: values.slashAmount ?? null,
      slashDollar: values.slashDollar ?? null,
      isActive: values.isActive ?? true,
    })
    .returning();
  for (const s of values.schedules ?? []) {
    await db.insert(batchSchedules).values({ batchId: row!.id, day: s.day ?? 6, startTime: s.startTime, endTime: s.endTime });
  }
  return row!;
}

/** Inserts a top banner. */
export async function createTopBanner(db: Db, values: { content?: string; link?: string | null; isActive?: boolean } = {}) {
  const [row] = await db
    .insert(topBanners)
    .values({ content: values.content ?? unique('Banner'), link: values.link ?? null, isActive: values.isActive ?? true })
    .returning();
  return row!;
}

/** Inserts a campaign with one banner per given type. */
export async function createCampaign(
  db: Db,
  values: { name?: string; startsAt?: Date | null; endsAt?: Date | null; bannerTypes?: (1 | 2)[] } = {},
) {
  const types = values.bannerTypes ?? [1, 2];
  const [campaign] = await db
    .insert(campaigns)
    .values({
      name: values.name ?? unique('Campaign'),
      isPopup: types.includes(1),
      isSidebar: types.includes(2),
      startsAt: values.startsAt ?? null,
      endsAt: values.endsAt ?? null,
    })
    .returning();
  const banners = [];
  for (const type of types) {
    const [b] = await db
      .insert(campaignBanners)
      .values({ campaignId: campaign!.id, type, title: `${campaign!.name} ${type}`, image: '/media/banner.svg', link: '/courses-and-workshops' })
      .returning();
    banners.push(b!);
  }
  return { campaign: campaign!, banners };
}

/** Inserts an event object. */
export async function createEventObject(
  db: Db,
  values: { name?: string; startsAt?: Date | null; endsAt?: Date | null; payload?: Record<string, unknown> } = {},
) {
  const [row] = await db
    .insert(eventObjects)
    .values({
      name: values.name ?? unique('Event'),
      startsAt: values.startsAt ?? null,
      endsAt: values.endsAt ?? null,
      payload: values.payload ?? {},
    })
    .returning();
  return row!;
}
