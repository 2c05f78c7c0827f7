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
export async function createCategory(
  db: Db,
  values: { name?: string; sequence?: number; isActive?: boolean } = {},
) {
  const name = values.name ?? unique('Category');
  const [row] = await db
    .insert(categories)
    .values({
      name,
      slug: unique('category'),
      sequence: values.sequence ?? 0,
      isActive: values.isActive ?? true,
    })
    .returning();
  return row!;
}

/** Inserts a subcategory of `categoryId`. */
export async function createSubcategory(
  db: Db,
  categoryId: number,
  values: { name?: string; sequence?: number } = {},
) {
  const [row] = await db
    .insert(subcategories)
    .values({
      categoryId,
      name: values.name ?? unique('Subcategory'),
      slug: unique('sub'),
      sequence: values.sequence ?? 0,
    })
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
    await db
      .insert(batchSchedules)
      .values({ batchId: row!.id, day: s.day ?? 6, startTime: s.startTime, endTime: s.endTime });
  }
  return row!;
}

/** Inserts a top banner. */
export async function createTopBanner(
  db: Db,
  values: { content?: string; link?: string | null; isActive?: boolean } = {},
) {
  const [row] = await db
    .insert(topBanners)
    .values({
      content: values.content ?? unique('Banner'),
      link: values.link ?? null,
      isActive: values.isActive ?? true,
    })
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
      .values({
        campaignId: campaign!.id,
        type,
        title: `${campaign!.name} ${type}`,
        image: '/media/banner.svg',
        link: '/courses-and-workshops',
      })
      .returning();
    banners.push(b!);
  }
  return { campaign: campaign!, banners };
}

/** Inserts an event object. */
export async function createEventObject(
  db: Db,
  values: {
    name?: string;
    startsAt?: Date | null;
    endsAt?: Date | null;
    payload?: Record<string, unknown>;
  } = {},
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

// ── public site content (issue 5) ─────────────────────────────────────────────────────────────
// Imported here rather than above so that this block is append-only.
import {
  blogCategories,
  blogs,
  consultationPackages,
  metaTags,
  resourceFiles,
  resourceFolders,
  trips,
  type BlogMeta,
  type ConsultationService,
  type TripDetails,
  type WorkshopHero,
  type WorkshopSections,
} from '../db/schema/index.js';

/** Gives a workshop its detail-page content: hero, sections, description, brochure and meta tags. */
export async function addWorkshopPage(
  db: Db,
  workshopId: number,
  values: {
    hero?: WorkshopHero;
    sections?: WorkshopSections;
    description?: string;
    brochureUrl?: string | null;
    searchKeys?: string;
    meta?: { title: string; description?: string; keywords?: string } | null;
  } = {},
) {
  const { eq } = await import('drizzle-orm');
  await db
    .update(workshops)
    .set({
      hero: values.hero ?? {},
      sections: values.sections ?? {},
      description: values.description ?? '',
      brochureUrl: values.brochureUrl ?? null,
      ...(values.searchKeys !== undefined ? { searchKeys: values.searchKeys } : {}),
    })
    .where(eq(workshops.id, workshopId));
  if (values.meta) {
    await db.insert(metaTags).values({
      workshopId,
      title: values.meta.title,
      description: values.meta.description ?? '',
      keywords: values.meta.keywords ?? '',
    });
  }
}

/** Inserts a blog category. */
export async function createBlogCategory(
  db: Db,
  values: { name?: string; slug?: string; sequence?: number } = {},
) {
  const name = values.name ?? unique('Blog category');
  const [row] = await db
    .insert(blogCategories)
    .values({
      name,
      slug: values.slug ?? unique('blog-category').toLowerCase(),
      sequence: values.sequence ?? 0,
    })
    .returning();
  return row!;
}

/** Inserts a blog; published a day before `publishedAt` defaults to 2026-01-01 unless given (null = draft). */
export async function createBlog(
  db: Db,
  values: {
    title?: string;
    url?: string;
    categoryId?: number | null;
    excerpt?: string;
    content?: string;
    isTrending?: boolean;
    isFeatured?: boolean;
    publishedAt?: Date | null;
    meta?: BlogMeta;
  } = {},
) {
  const title = values.title ?? unique('Blog');
  const [row] = await db
    .insert(blogs)
    .values({
      title,
      url: values.url ?? unique('blog').toLowerCase(),
      categoryId: values.categoryId ?? null,
      excerpt: values.excerpt ?? `${title} in brief`,
      content: values.content ?? `<p>${title}</p>`,
      authorName: 'Test Author',
      readingMinutes: 3,
      isTrending: values.isTrending ?? false,
      isFeatured: values.isFeatured ?? false,
      publishedAt: values.publishedAt === undefined ? new Date('2026-01-01T00:00:00Z') : values.publishedAt,
      meta: values.meta ?? {},
    })
    .returning();
  return row!;
}

/** Inserts a trip. */
export async function createTrip(
  db: Db,
  values: {
    title?: string;
    slug?: string;
    startDate?: string | null;
    endDate?: string | null;
    price?: number | null;
    dollar?: number | null;
    isActive?: boolean;
    details?: Partial<TripDetails>;
  } = {},
) {
  const title = values.title ?? unique('Trip');
  const [row] = await db
    .insert(trips)
    .values({
      title,
      slug: values.slug ?? unique('trip').toLowerCase(),
      location: 'Somewhere, India',
      startDate: values.startDate === undefined ? '2026-12-01' : values.startDate,
      endDate: values.endDate === undefined ? '2026-12-04' : values.endDate,
      price: values.price === undefined ? 18500 : values.price,
      dollar: values.dollar === undefined ? 249 : values.dollar,
      isActive: values.isActive ?? true,
      details: {
        summary: `${title} summary`,
        highlights: [],
        itinerary: [],
        inclusions: [],
        exclusions: [],
        ...values.details,
      },
    })
    .returning();
  return row!;
}

/** Inserts a consultation package with an explicit id (the spec's rules name ids 1–4). */
export async function createConsultationPackage(
  db: Db,
  values: {
    id: number;
    name?: string;
    price?: number;
    covered?: string[];
    detailsRequired?: string[];
    services?: ConsultationService[];
    isActive?: boolean;
  },
) {
  const [row] = await db
    .insert(consultationPackages)
    .values({
      id: values.id,
      name: values.name ?? `Package ${values.id}`,
      price: values.price ?? 999 * values.id,
      covered: values.covered ?? [],
      detailsRequired: values.detailsRequired ?? [],
      services: values.services ?? [],
      isActive: values.isActive ?? true,
    })
    .returning();
  return row!;
}

/** Inserts a resource folder. */
export async function createResourceFolder(
  db: Db,
  values: { name?: string; isPremium?: boolean; parentId?: number | null } = {},
) {
  const [row] = await db
    .insert(resourceFolders)
    .values({
      name: values.name ?? unique('Folder'),
      isPremium: values.isPremium ?? false,
      parentId: values.parentId ?? null,
    })
    .returning();
  return row!;
}

/** Inserts a resource file (a stored PDF outside folders, public and free, unless told). */
export async function createResourceFile(
  db: Db,
  values: {
    name?: string;
    folderId?: number | null;
    kind?: 'pdf' | 'image' | 'video' | 'cad' | 'archive' | 'link';
    path?: string | null;
    url?: string | null;
    isPremium?: boolean;
    isPublic?: boolean;
  } = {},
) {
  const name = values.name ?? unique('File');
  const path = values.path === undefined ? `resources/test/${unique('file').toLowerCase()}.pdf` : values.path;
  const [row] = await db
    .insert(resourceFiles)
    .values({
      name,
      folderId: values.folderId ?? null,
      kind: values.kind ?? 'pdf',
      path,
      url: values.url ?? null,
      isPremium: values.isPremium ?? false,
      isPublic: values.isPublic ?? true,
    })
    .returning();
  return row!;
}
