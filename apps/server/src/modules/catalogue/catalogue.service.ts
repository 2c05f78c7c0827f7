import {
  DEFAULT_PAGE_SIZE,
  EVERY_PAGE_WORKSHOPS_PER_CATEGORY,
  TREE_WORKSHOPS_PER_SUBCATEGORY,
  type CampaignBanner,
  type CatalogueSearchQuery,
  type CategoriesTree,
  type CurrencyCode,
  type EventObject,
  type MasterclassesAndCourses,
  type MasterclassesAndCoursesPage,
  type MenuCategories,
  type TopBanner,
  type WorkshopCard,
} from '@atelier/contract';
import { catalogueOrder, lastJoinDay, sortCategories, wireDateOrNone } from '@atelier/domain';
import type { Db } from '../../db/client.js';
import type { IpCountryLookup } from '../../integrations/ip-country/ip-country.js';
import * as repo from './catalogue.repository.js';
import { searchWorkshopIds } from './workshop-pages.repository.js';

/** Wire value for "no date" (DESIGN.md). */

/** Every published workshop as a card, keyed by id. */
async function loadWorkshopCards(db: Db): Promise<Map<number, WorkshopCard>> {
  const [workshops, firstBatches, schedules] = await Promise.all([
    repo.listPublishedWorkshops(db),
    repo.listFirstBatches(db),
    repo.listFirstBatchSchedules(db),
  ]);
  const schedulesByBatch = new Map<number, repo.ScheduleRow[]>();
  for (const s of schedules) {
    const list = schedulesByBatch.get(s.batchId) ?? [];
    list.push(s);
    schedulesByBatch.set(s.batchId, list);
  }
  const batchByWorkshop = new Map(firstBatches.map((b) => [b.workshopId, b]));
  const cards = new Map<number, WorkshopCard>();
  for (const w of workshops) {
    const batch = batchByWorkshop.get(w.id);
    cards.set(w.id, {
      ...w,
      Batches: batch
        ? [
            {
              id: batch.id,
              startDate: wireDateOrNone(batch.startDate),
              endDate: wireDateOrNone(batch.endDate),
              sessionType: batch.sessionType === 2 ? 2 : 1,
              joinUntil: lastJoinDay(batch),
              amount: batch.amount,
              dollar: batch.dollar,
              slashAmount: batch.slashAmount,
              slashDollar: batch.slashDollar,
              BatchSchedules: (schedulesByBatch.get(batch.id) ?? []).map(({ id, startTime, endTime }) => ({
                id,
                startTime,
                endTime,
              })),
            },
          ]
        : [],
    });
  }
  return cards;
}

/**
 * The whole tree: categories → `Subcategory` → `CourseCategories` → `Workshop` with its first
 * batch, every list ordered by `sequence` (spec §4, catalogue order). What the every-page list
 * and the search are built from; too large to send whole on a large catalogue.
 */
async function loadCategoriesTree(db: Db): Promise<CategoriesTree> {
  const [{ categories, subcategories }, links, cards] = await Promise.all([
    repo.listCategoryRows(db),
    repo.listCourseCategoryRows(db),
    loadWorkshopCards(db),
  ]);
  const tree = categories.map((c) => ({
    ...c,
    Subcategory: subcategories
      .filter((s) => s.categoryId === c.id)
      .map(({ id, name, sequence }) => ({
        id,
        name,
        sequence,
        CourseCategories: links.flatMap((l) => {
          const Workshop = l.subcategoryId === id ? cards.get(l.workshopId) : undefined;
          return Workshop ? [{ sequence: l.sequence, Workshop }] : [];
        }),
      })),
  }));
  return { categories: sortCategories(tree) };
}

/**
 * `GET /api/v3/categories`: the tree with each subcategory's first
 * `TREE_WORKSHOPS_PER_SUBCATEGORY` courses and its `courseCount` (the rest is searched by
 * `subcategoryId`).
 */
export async function getCategoriesTree(db: Db): Promise<CategoriesTree> {
  const { categories } = await loadCategoriesTree(db);
  return {
    categories: categories.map((c) => ({
      ...c,
      Subcategory: c.Subcategory.map((s) => ({
        ...s,
        CourseCategories: s.CourseCategories.slice(0, TREE_WORKSHOPS_PER_SUBCATEGORY),
        courseCount: s.CourseCategories.length,
      })),
    })),
  };
}

/** The every-page menu: categories with their subcategories, without workshops. */
export async function getMenuCategories(db: Db): Promise<MenuCategories> {
  const { categories, subcategories } = await repo.listCategoryRows(db);
  const tree = categories.map((c) => ({
    ...c,
    Subcategory: subcategories
      .filter((s) => s.categoryId === c.id)
      .map(({ id, name, sequence }) => ({ id, name, sequence })),
  }));
  return { categories: sortCategories(tree) };
}

/**
 * `GET /api/masterclasses-and-courses`: each category with its workshops in catalogue order
 * (masterclasses by start date descending, then dated courses, then undated ones: spec §4). A
 * workshop linked under several categories is listed once, under the first in catalogue order,
 * so that the client's flattened list has no duplicates.
 */
export async function getMasterclassesAndCourses(db: Db): Promise<MasterclassesAndCourses> {
  const { categories } = await loadCategoriesTree(db);
  const seen = new Set<number>();
  return {
    categories: categories.map((c) => {
      const own: WorkshopCard[] = [];
      for (const s of c.Subcategory) {
        for (const cc of s.CourseCategories) {
          if (seen.has(cc.Workshop.id)) continue;
          seen.add(cc.Workshop.id);
          own.push(cc.Workshop);
        }
      }
      const ordered = catalogueOrder(own);
      return {
        id: c.id,
        name: c.name,
        sequence: c.sequence,
        Workshops: ordered.slice(0, EVERY_PAGE_WORKSHOPS_PER_CATEGORY),
        workshopCount: ordered.length,
      };
    }),
  };
}

/** True when the catalogue call carries any search or paging parameter. */
export function isCatalogueSearch(query: CatalogueSearchQuery): boolean {
  return Object.values(query).some((v) => v !== undefined);
}

/**
 * `GET /api/masterclasses-and-courses?query=&categoryId=&subcategoryId=&type=&page=&pageSize=`: the every-page
 * list (same categories, same catalogue order, each workshop once) filtered by a literal text
 * match on title, short title or search keys, a category (its own workshops, also those listed
 * first under another category), a subcategory (every course it holds) and a type; then one page of the flattened list, grouped back
 * under its categories, with the total.
 */
export async function searchMasterclassesAndCourses(
  db: Db,
  query: CatalogueSearchQuery,
): Promise<MasterclassesAndCoursesPage> {
  const page = query.page ?? 1;
  const pageSize = query.pageSize ?? DEFAULT_PAGE_SIZE;
  const [{ categories }, matchingIds] = await Promise.all([
    loadCategoriesTree(db),
    query.query ? searchWorkshopIds(db, query.query).then((ids) => new Set(ids)) : Promise.resolve(null),
  ]);
  const seen = new Set<number>();
  const matches: { category: { id: number; name: string; sequence: number }; workshop: WorkshopCard }[] = [];
  for (const c of categories) {
    if (query.categoryId !== undefined && c.id !== query.categoryId) continue;
    const own: WorkshopCard[] = [];
    for (const s of c.Subcategory) {
      if (query.subcategoryId !== undefined && s.id !== query.subcategoryId) continue;
      for (const cc of s.CourseCategories) {
        if (seen.has(cc.Workshop.id)) continue;
        seen.add(cc.Workshop.id);
        own.push(cc.Workshop);
      }
    }
    for (const workshop of catalogueOrder(own)) {
      if (matchingIds && !matchingIds.has(workshop.id)) continue;
      if (query.type !== undefined && workshop.type !== query.type) continue;
      matches.push({ category: { id: c.id, name: c.name, sequence: c.sequence }, workshop });
    }
  }
  const grouped: MasterclassesAndCourses['categories'] = [];
  for (const { category, workshop } of matches.slice((page - 1) * pageSize, page * pageSize)) {
    const last = grouped.at(-1);
    if (last?.id === category.id) last.Workshops.push(workshop);
    else grouped.push({ ...category, Workshops: [workshop] });
  }
  return { categories: grouped, total: matches.length, page, pageSize };
}

/** `GET /api/top-banner`. */
export async function getTopBanner(db: Db): Promise<TopBanner> {
  return repo.findActiveTopBanner(db);
}

/** `GET /api/campaign/banners`: banners of campaigns running now. */
export async function listCampaignBanners(db: Db, now: Date): Promise<CampaignBanner[]> {
  const rows = await repo.listRunningCampaignBanners(db, now);
  return rows.map((r) => ({
    id: r.id,
    type: r.type === 2 ? 2 : 1,
    title: r.title,
    image: r.image,
    link: r.link,
    campaign: { id: r.campaignId, name: r.campaignName, isPopup: r.isPopup, isSidebar: r.isSidebar },
  }));
}

/** `GET /api/event/objects`: events not over yet. */
export async function listEventObjects(db: Db, now: Date): Promise<EventObject[]> {
  const rows = await repo.listCurrentEvents(db, now);
  return rows.map((r) => ({
    id: r.id,
    name: r.name,
    startsAt: r.startsAt ? new Date(r.startsAt).toISOString() : null,
    endsAt: r.endsAt ? new Date(r.endsAt).toISOString() : null,
    payload: r.payload ?? {},
  }));
}

/** An ISO country code as a CDN's header gives it; undefined for none, `XX` (unknown) or `T1` (Tor). */
function knownCountry(value: string | undefined): string | undefined {
  const code = value?.trim().toUpperCase();
  return code && /^[A-Z]{2}$/.test(code) && code !== 'XX' && code !== 'T1' ? code : undefined;
}

/**
 * Currency for a visitor (spec §1, §9): INR in India and whenever the country is unknown, USD
 * elsewhere. The country comes from a header set by our own proxy or CDN, never from the client.
 */
export function currencyForCountry(country: string | undefined): CurrencyCode {
  const code = knownCountry(country);
  return !code || code === 'IN' ? 'INR' : 'USD';
}

/**
 * The visitor's country: the trusted header's (set by our CDN or proxy) when it names one, else
 * the IP-to-country database's for the client IP, else undefined (INR).
 */
export function visitorCountry(
  headerValue: string | undefined,
  clientIp: string,
  ipCountry: IpCountryLookup | undefined,
): string | undefined {
  return knownCountry(headerValue) ?? ipCountry?.countryOf(clientIp);
}
