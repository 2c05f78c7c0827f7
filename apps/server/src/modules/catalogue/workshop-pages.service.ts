import type {
  AssessmentCoursesBody,
  BatchCard,
  BatchDetail,
  CaseStudy,
  CourseLandingPage,
  LearnersCurriculumsInstructors,
  OutcomesBonusTestimonials,
  Testimonial,
  VideoTestimonial,
  WorkshopCard,
  WorkshopCaseStudies,
  WorkshopDetails,
  WorkshopHero,
} from '@atelier/contract';
import { lastJoinDay, wireDateOrNone, workshopPath, workshopPricing, youtubeId } from '@atelier/domain';
import type { Db } from '../../db/client.js';
import type { Testimonial as StoredTestimonial, WorkshopSections } from '../../db/schema/index.js';
import { notFound } from '../../http/app-error.js';
import { getMasterclassesAndCourses } from './catalogue.service.js';
import * as repo from './workshop-pages.repository.js';

/*
 * The blocks of a workshop's public pages (detail page, course landing page) and the calls that
 * gather testimonials, case studies and suggestions across workshops. Unpublished or unknown
 * workshops are 404 everywhere.
 */

/** Wire value for "no date" (DESIGN.md). */

/** The public address of a workshop's stored brochure (served by `GET /api/brochure/pdf`). */
export const brochureApiPath = (workshopId: number) => `/api/brochure/pdf?id=${workshopId}`;

async function getWorkshop(db: Db, id: number): Promise<repo.WorkshopPageRow> {
  const workshop = await repo.findPublishedWorkshop(db, id);
  if (!workshop) throw notFound('That course');
  return workshop;
}

function toBatchDetail(b: repo.BatchDetailRow): BatchDetail {
  return {
    id: b.id,
    name: b.name,
    startDate: wireDateOrNone(b.startDate),
    endDate: wireDateOrNone(b.endDate),
    sessionType: b.sessionType === 2 ? 2 : 1,
    amount: b.amount,
    dollar: b.dollar,
    slashAmount: b.slashAmount,
    slashDollar: b.slashDollar,
    capacity: b.capacity,
    BatchSchedules: b.schedules ?? [],
  };
}

function toBatchCard(b: BatchDetail, joinUntil: string): BatchCard {
  return {
    id: b.id,
    startDate: b.startDate,
    endDate: b.endDate,
    sessionType: b.sessionType,
    joinUntil,
    amount: b.amount,
    dollar: b.dollar,
    slashAmount: b.slashAmount,
    slashDollar: b.slashDollar,
    BatchSchedules: b.BatchSchedules.map(({ id, startTime, endTime }) => ({ id, startTime, endTime })),
  };
}

function toTestimonial(t: StoredTestimonial): Testimonial {
  const videoUrl = t.videoUrl ?? null;
  return { name: t.name, role: t.role, quote: t.quote, videoUrl, youtubeId: youtubeId(videoUrl) };
}

function caseStudiesOf(sections: WorkshopSections): CaseStudy[] {
  return (sections.caseStudies ?? []).map((c) => ({
    title: c.title,
    author: c.author,
    summary: c.summary,
    image: c.image ?? null,
  }));
}

/** `GET /api/workshop/{id}/details`; `today` is the platform's calendar day (batches that are over are left out). */
export async function getWorkshopDetails(db: Db, id: number, today: string): Promise<WorkshopDetails> {
  const [workshop, batches, meta, placement] = await Promise.all([
    getWorkshop(db, id),
    repo.listActiveBatches(db, id, today),
    repo.findMetaTags(db, id),
    repo.findFirstPlacement(db, id),
  ]);
  const Batches = batches.map(toBatchDetail);
  const hasBrochure = workshop.brochureUrl !== null;
  return {
    id: workshop.id,
    type: workshop.type,
    title: workshop.title,
    shortTitle: workshop.shortTitle,
    slug: workshop.slug,
    path: workshopPath(workshop),
    description: workshop.description,
    markAs: workshop.markAs,
    searchKeys: workshop.searchKeys,
    thumbnail: workshop.thumbnail,
    amount: workshop.amount,
    dollar: workshop.dollar,
    slashAmount: workshop.slashAmount,
    slashDollar: workshop.slashDollar,
    pricing: workshopPricing({ ...workshop, Batches }),
    Category: placement ? { id: placement.categoryId, name: placement.categoryName } : null,
    Subcategory: placement ? { id: placement.subcategoryId, name: placement.subcategoryName } : null,
    MetaTags: meta,
    Batches,
    hasBrochure,
    brochureUrl: hasBrochure ? brochureApiPath(workshop.id) : null,
  };
}

/** `GET /api/workshop/{id}/hero-details`. */
export async function getWorkshopHero(db: Db, id: number, today: string): Promise<WorkshopHero> {
  const [workshop, batches] = await Promise.all([getWorkshop(db, id), repo.listActiveBatches(db, id, today)]);
  const first = batches[0];
  const Batches = first ? [toBatchCard(toBatchDetail(first), lastJoinDay(first))] : [];
  const hero = workshop.hero;
  const videoUrl = hero.videoUrl ?? null;
  return {
    id: workshop.id,
    type: workshop.type,
    title: workshop.title,
    shortTitle: workshop.shortTitle,
    path: workshopPath(workshop),
    markAs: workshop.markAs,
    thumbnail: workshop.thumbnail,
    tagline: hero.tagline ?? null,
    highlights: hero.highlights ?? [],
    duration: hero.duration ?? null,
    level: hero.level ?? null,
    language: hero.language ?? null,
    hasCertificate: hero.hasCertificate ?? false,
    videoUrl,
    youtubeId: youtubeId(videoUrl),
    pricing: workshopPricing({ ...workshop, Batches }),
    Batches,
  };
}

/** `GET /api/workshop/{id}/sections/learners-curriculums-instructors`. */
export async function getLearnersCurriculumsInstructors(
  db: Db,
  id: number,
): Promise<LearnersCurriculumsInstructors> {
  const { sections } = await getWorkshop(db, id);
  return {
    id,
    learners: sections.learners ?? null,
    curriculum: sections.curriculum ?? [],
    instructors: (sections.instructors ?? []).map((i) => ({
      name: i.name,
      role: i.role,
      bio: i.bio,
      image: i.image ?? null,
    })),
  };
}

/** `GET /api/workshop/{id}/sections/outcomes-bonus-testimonials`. */
export async function getOutcomesBonusTestimonials(db: Db, id: number): Promise<OutcomesBonusTestimonials> {
  const { sections } = await getWorkshop(db, id);
  return {
    id,
    outcomes: sections.outcomes ?? [],
    bonus: sections.bonus ?? [],
    testimonials: (sections.testimonials ?? []).map(toTestimonial),
  };
}

/** `GET /api/course/{id}/case-studies`. */
export async function getCaseStudies(db: Db, id: number): Promise<WorkshopCaseStudies> {
  const { sections } = await getWorkshop(db, id);
  return { workshopId: id, caseStudies: caseStudiesOf(sections) };
}

/** `POST /api/course/case-studies`: per known published workshop, in request order, each once. */
export async function listCaseStudies(
  db: Db,
  workshopIds: readonly number[],
): Promise<WorkshopCaseStudies[]> {
  const ids = [...new Set(workshopIds)];
  const rows = new Map((await repo.listWorkshopSections(db, ids)).map((r) => [r.id, r]));
  return ids.flatMap((id) => {
    const row = rows.get(id);
    return row ? [{ workshopId: id, caseStudies: caseStudiesOf(row.sections) }] : [];
  });
}

/** Most video testimonials answered at once. */
const VIDEO_TESTIMONIAL_LIMIT = 50;

/**
 * `POST /api/video/testimonial/details`: testimonials whose video is a valid YouTube address
 * (domain `youtubeId`), of one workshop (404 when unknown) or of every published workshop, each
 * person and video once; at most 50.
 */
export async function listVideoTestimonials(db: Db, workshopId?: number): Promise<VideoTestimonial[]> {
  if (workshopId !== undefined) await getWorkshop(db, workshopId);
  const rows = await repo.listTestimonialRows(db, {
    ...(workshopId !== undefined ? { workshopId } : {}),
    videoOnly: true,
    limit: VIDEO_TESTIMONIAL_LIMIT * 4,
  });
  const seen = new Set<string>();
  const out: VideoTestimonial[] = [];
  for (const row of rows) {
    const t = toTestimonial(row.testimonial);
    const key = `${t.name}\u0000${t.youtubeId}`;
    if (t.youtubeId === null || seen.has(key)) continue;
    seen.add(key);
    out.push({ ...t, youtubeId: t.youtubeId, workshopId: row.workshopId, workshopTitle: row.workshopTitle });
  }
  return out.slice(0, VIDEO_TESTIMONIAL_LIMIT);
}

/** Up to `limit` distinct people's testimonials across the catalogue, valid videos first (home page). */
export async function listFeaturedTestimonials(db: Db, limit: number): Promise<Testimonial[]> {
  const rows = await repo.listTestimonialRows(db, { limit: limit * 10 });
  const seen = new Set<string>();
  const all: Testimonial[] = [];
  for (const row of rows) {
    if (seen.has(row.testimonial.name)) continue;
    seen.add(row.testimonial.name);
    all.push(toTestimonial(row.testimonial));
  }
  return [...all.filter((t) => t.youtubeId !== null), ...all.filter((t) => t.youtubeId === null)].slice(
    0,
    limit,
  );
}

/** Every workshop card with its category, in the every-page order (each once). */
async function listCardsWithCategory(
  db: Db,
): Promise<{ card: WorkshopCard; categoryId: number; categoryName: string }[]> {
  const { categories } = await getMasterclassesAndCourses(db);
  return categories.flatMap((c) =>
    c.Workshops.map((card) => ({ card, categoryId: c.id, categoryName: c.name })),
  );
}

/** `GET /api/course/{id}/landing-page`: every block of the page, plus related workshops. */
export async function getCourseLandingPage(db: Db, id: number, today: string): Promise<CourseLandingPage> {
  const [details, hero, lci, obt, caseStudies, cards] = await Promise.all([
    getWorkshopDetails(db, id, today),
    getWorkshopHero(db, id, today),
    getLearnersCurriculumsInstructors(db, id),
    getOutcomesBonusTestimonials(db, id),
    getCaseStudies(db, id),
    listCardsWithCategory(db),
  ]);
  const related = details.Category
    ? cards
        .filter((c) => c.categoryId === details.Category!.id && c.card.id !== id)
        .map((c) => c.card)
        .slice(0, 4)
    : [];
  return {
    details,
    hero,
    learnersCurriculumsInstructors: lci,
    outcomesBonusTestimonials: obt,
    caseStudies: caseStudies.caseStudies,
    related,
  };
}

/** Levels that suit each kind of visitor (`iam`), best first. */
const LEVELS_FOR: Record<NonNullable<AssessmentCoursesBody['iam']>, string[]> = {
  student: ['beginner', 'intermediate'],
  graduate: ['beginner', 'intermediate'],
  professional: ['advanced', 'intermediate'],
};

/** Most suggestions answered. */
const SUGGESTION_LIMIT = 6;

/**
 * `POST /api/user/assessment/courses`: suggestions for a visitor's interests. Each interest or
 * query word found (case-insensitively, literally) in a workshop's title, short title, search
 * keys or category name scores one point; a level suited to `iam` breaks ties; then top sellers,
 * then the catalogue order. With nothing matching, top sellers and the catalogue order.
 */
export async function suggestCourses(db: Db, body: AssessmentCoursesBody): Promise<WorkshopCard[]> {
  const cards = await listCardsWithCategory(db);
  const terms = [...(body.interests ?? []), ...(body.query ?? '').split(/\s+/)]
    .map((t) => t.trim().toLowerCase())
    .filter((t) => t.length >= 2);
  const levels = body.iam ? LEVELS_FOR[body.iam] : [];
  const scored = cards.map(({ card, categoryName }, order) => {
    const text = [card.title, card.shortTitle, card.searchKeys ?? '', categoryName].join(' ').toLowerCase();
    const score = terms.filter((t) => text.includes(t)).length;
    const levelRank = levels.findIndex((l) => (card.searchKeys ?? '').toLowerCase().split(/\s+/).includes(l));
    return {
      card,
      score,
      levelRank: levelRank === -1 ? levels.length : levelRank,
      topSeller: card.markAs ? 0 : 1,
      order,
    };
  });
  const matched = terms.length > 0 ? scored.filter((s) => s.score > 0) : [];
  const pool = matched.length > 0 ? matched : scored;
  return pool
    .sort(
      (a, b) =>
        b.score - a.score || a.levelRank - b.levelRank || a.topSeller - b.topSeller || a.order - b.order,
    )
    .slice(0, SUGGESTION_LIMIT)
    .map((s) => s.card);
}

/** Every published workshop's page and last change, for the sitemap. */
export async function listWorkshopPages(db: Db): Promise<{ path: string; lastmod: string }[]> {
  const rows = await repo.listWorkshopSitemapRows(db);
  return rows.map((r) => ({ path: workshopPath(r), lastmod: new Date(r.updatedAt).toISOString() }));
}
