import type {
  AdminBatch,
  AdminBatchBodySchema,
  AdminCategory,
  AdminCategoryBodySchema,
  AdminInstalmentTemplate,
  AdminInstalmentsBodySchema,
  AdminInstructor,
  AdminSubcategory,
  AdminWorkshop,
  AdminWorkshopBodySchema,
  AdminWorkshopRow,
  AdminWorkshopsQuerySchema,
} from '@atelier/contract';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../../db/client.js';
import type { Executor } from '../../../db/query.js';
import {
  batchInstalmentTemplates,
  batches,
  batchSchedules,
  categories,
  courseCategories,
  enrolments,
  metaTags,
  subcategories,
  users,
  workshopInstructors,
  workshops,
} from '../../../db/schema/index.js';
import { AppError, notFound } from '../../../http/app-error.js';
import type { Invalidation, PublicCache } from '../../../platform/cache/public-cache.js';
import { recordAudit, type AuditActor, type AuditRequest } from '../audit.js';
import { iso, matchesAny, orderBy, searchPattern, windowOf, count } from '../listing.js';

/*
 * Catalogue authoring (issue 17 point 1): categories, subcategories, workshops, their instructors,
 * batches and instalment templates. Every write runs in one transaction with its audit row; once
 * it commits, the public caches the change shows on are dropped (here and, with Redis, on every
 * instance), so the public catalogue and workshop pages answer the change at once.
 */

export interface CatalogueDeps {
  db: Db;
  publicCache: Pick<PublicCache, 'invalidate'>;
}

/**
 * What a catalogue write makes stale: the catalogue list, tree and menus (`catalogue:`), every
 * workshop page block (`workshop:`), the home page (`homepage:`), the referral landing courses
 * (`referrals:`) and, by tag, the sitemap.
 */
export const CATALOGUE_INVALIDATION: Invalidation = Object.freeze({
  prefixes: Object.freeze(['catalogue:', 'workshop:', 'homepage:', 'referrals:']),
  tags: Object.freeze(['workshops']),
});

/** The constraint a unique violation (23505) names, however the driver wraps it; undefined for any other error. */
function uniqueViolation(error: unknown): string | undefined {
  for (let e: unknown = error, depth = 0; e && depth < 5; depth += 1) {
    const candidate = e as {
      code?: unknown;
      constraint?: unknown;
      constraint_name?: unknown;
      message?: unknown;
    };
    if (candidate.code === '23505') {
      const name = candidate.constraint ?? candidate.constraint_name;
      if (typeof name === 'string') return name;
      return typeof candidate.message === 'string' ? candidate.message : '';
    }
    e = (e as { cause?: unknown }).cause;
  }
  return undefined;
}

/** Runs `write` in a transaction; a taken slug is a 409 with `message`; the caches drop after commit. */
async function write<T>(
  deps: CatalogueDeps,
  slugTaken: string,
  work: (tx: Executor) => Promise<T>,
): Promise<T> {
  let result: T;
  try {
    result = await deps.db.transaction(async (tx) => work(tx));
  } catch (error) {
    const constraint = uniqueViolation(error);
    if (constraint !== undefined && constraint.includes('slug'))
      throw new AppError('CONFLICT', slugTaken, [{ path: 'slug', message: 'is already taken' }]);
    throw error;
  }
  await deps.publicCache.invalidate(CATALOGUE_INVALIDATION);
  return result;
}

// ---------------------------------------------------------------------------------------------
// Categories and subcategories
// ---------------------------------------------------------------------------------------------

type CategoryBody = z.output<typeof AdminCategoryBodySchema>;

async function subcategoryRows(db: Executor, where?: SQL): Promise<AdminSubcategory[]> {
  return db
    .select({
      id: subcategories.id,
      categoryId: subcategories.categoryId,
      name: subcategories.name,
      slug: subcategories.slug,
      sequence: subcategories.sequence,
      isActive: subcategories.isActive,
      workshops: sql<number>`(SELECT count(*)::int FROM ${courseCategories} WHERE ${courseCategories.subcategoryId} = ${subcategories.id})`,
    })
    .from(subcategories)
    .where(where)
    .orderBy(asc(subcategories.sequence), asc(subcategories.id));
}

/** `GET /api/admin/categories`: every category (active or not) with its subcategories, in order. */
export async function categoryTree(db: Executor): Promise<{ items: AdminCategory[] }> {
  const rows = await db
    .select({
      id: categories.id,
      name: categories.name,
      slug: categories.slug,
      sequence: categories.sequence,
      isActive: categories.isActive,
    })
    .from(categories)
    .orderBy(asc(categories.sequence), asc(categories.id));
  const subs = await subcategoryRows(db);
  return {
    items: rows.map((c) => ({ ...c, subcategories: subs.filter((s) => s.categoryId === c.id) })),
  };
}

async function categoryById(db: Executor, id: number): Promise<AdminCategory> {
  const found = (await categoryTree(db)).items.find((c) => c.id === id);
  if (!found) throw notFound('The category');
  return found;
}

const categoryTaken = 'Another category already has this slug; choose a different one.';
const subcategoryTaken =
  'Another subcategory of this category already has this slug; choose a different one.';

export async function createCategory(
  deps: CatalogueDeps,
  actor: AuditActor,
  request: AuditRequest,
  body: CategoryBody,
): Promise<AdminCategory> {
  return write(deps, categoryTaken, async (tx) => {
    const [row] = await tx
      .insert(categories)
      .values({
        name: body.name,
        slug: body.slug,
        isActive: body.isActive,
        sequence: sql`(SELECT coalesce(max(${categories.sequence}), 0) + 1 FROM ${categories})`,
      })
      .returning({ id: categories.id });
    await recordAudit(tx, actor, request, {
      action: 'category.create',
      entity: 'category',
      entityId: row!.id,
      before: null,
      after: body,
    });
    return categoryById(tx, row!.id);
  });
}

export async function updateCategory(
  deps: CatalogueDeps,
  actor: AuditActor,
  request: AuditRequest,
  id: number,
  body: CategoryBody,
): Promise<AdminCategory> {
  return write(deps, categoryTaken, async (tx) => {
    const [before] = await tx
      .select({ name: categories.name, slug: categories.slug, isActive: categories.isActive })
      .from(categories)
      .where(eq(categories.id, id))
      .for('update');
    if (!before) throw notFound('The category');
    await tx.update(categories).set(body).where(eq(categories.id, id));
    await recordAudit(tx, actor, request, {
      action: 'category.update',
      entity: 'category',
      entityId: id,
      before,
      after: body,
    });
    return categoryById(tx, id);
  });
}

/** Rewrites `sequence` 1…n of exactly the rows `current` holds, in the order of `ids`. */
function assertSameSet(current: number[], ids: number[], what: string) {
  const known = new Set(current);
  if (ids.length !== current.length || ids.some((id) => !known.has(id)))
    throw new AppError(
      'CONFLICT',
      `The list of ${what} has changed since it was loaded; reload it and reorder again.`,
    );
}

export async function reorderCategories(
  deps: CatalogueDeps,
  actor: AuditActor,
  request: AuditRequest,
  ids: number[],
): Promise<{ items: AdminCategory[] }> {
  return write(deps, categoryTaken, async (tx) => {
    const current = await tx
      .select({ id: categories.id })
      .from(categories)
      .orderBy(asc(categories.sequence), asc(categories.id))
      .for('update');
    assertSameSet(
      current.map((r) => r.id),
      ids,
      'categories',
    );
    for (const [index, id] of ids.entries())
      await tx
        .update(categories)
        .set({ sequence: index + 1 })
        .where(eq(categories.id, id));
    await recordAudit(tx, actor, request, {
      action: 'category.reorder',
      entity: 'category',
      entityId: null,
      before: current.map((r) => r.id),
      after: ids,
    });
    return categoryTree(tx);
  });
}

export async function createSubcategory(
  deps: CatalogueDeps,
  actor: AuditActor,
  request: AuditRequest,
  categoryId: number,
  body: CategoryBody,
): Promise<AdminSubcategory> {
  return write(deps, subcategoryTaken, async (tx) => {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!category) throw notFound('The category');
    const [row] = await tx
      .insert(subcategories)
      .values({
        categoryId,
        name: body.name,
        slug: body.slug,
        isActive: body.isActive,
        sequence: sql`(SELECT coalesce(max(${subcategories.sequence}), 0) + 1 FROM ${subcategories} WHERE ${subcategories.categoryId} = ${categoryId})`,
      })
      .returning({ id: subcategories.id });
    await recordAudit(tx, actor, request, {
      action: 'subcategory.create',
      entity: 'subcategory',
      entityId: row!.id,
      before: null,
      after: { categoryId, ...body },
    });
    const [created] = await subcategoryRows(tx, eq(subcategories.id, row!.id));
    return created!;
  });
}

export async function updateSubcategory(
  deps: CatalogueDeps,
  actor: AuditActor,
  request: AuditRequest,
  id: number,
  body: CategoryBody,
): Promise<AdminSubcategory> {
  return write(deps, subcategoryTaken, async (tx) => {
    const [before] = await tx
      .select({ name: subcategories.name, slug: subcategories.slug, isActive: subcategories.isActive })
      .from(subcategories)
      .where(eq(subcategories.id, id))
      .for('update');
    if (!before) throw notFound('The subcategory');
    await tx.update(subcategories).set(body).where(eq(subcategories.id, id));
    await recordAudit(tx, actor, request, {
      action: 'subcategory.update',
      entity: 'subcategory',
      entityId: id,
      before,
      after: body,
    });
    const [updated] = await subcategoryRows(tx, eq(subcategories.id, id));
    return updated!;
  });
}

export async function reorderSubcategories(
  deps: CatalogueDeps,
  actor: AuditActor,
  request: AuditRequest,
  categoryId: number,
  ids: number[],
): Promise<{ items: AdminCategory[] }> {
  return write(deps, subcategoryTaken, async (tx) => {
    const [category] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.id, categoryId));
    if (!category) throw notFound('The category');
    const current = await tx
      .select({ id: subcategories.id })
      .from(subcategories)
      .where(eq(subcategories.categoryId, categoryId))
      .orderBy(asc(subcategories.sequence), asc(subcategories.id))
      .for('update');
    assertSameSet(
      current.map((r) => r.id),
      ids,
      'subcategories',
    );
    for (const [index, id] of ids.entries())
      await tx
        .update(subcategories)
        .set({ sequence: index + 1 })
        .where(eq(subcategories.id, id));
    await recordAudit(tx, actor, request, {
      action: 'subcategory.reorder',
      entity: 'category',
      entityId: categoryId,
      before: current.map((r) => r.id),
      after: ids,
    });
    return categoryTree(tx);
  });
}

// ---------------------------------------------------------------------------------------------
// Workshops
// ---------------------------------------------------------------------------------------------

type WorkshopBody = z.output<typeof AdminWorkshopBodySchema>;
type WorkshopsQuery = z.output<typeof AdminWorkshopsQuerySchema>;

/** `GET /api/admin/workshops`: one page, sorted and searched. */
export async function listWorkshops(
  db: Executor,
  query: WorkshopsQuery,
): Promise<{ items: AdminWorkshopRow[]; total: number }> {
  const pattern = searchPattern(query.q);
  const where = and(
    pattern
      ? matchesAny(pattern, [workshops.title, workshops.shortTitle, workshops.slug, workshops.searchKeys])
      : undefined,
    query.type ? eq(workshops.type, query.type) : undefined,
    query.published ? eq(workshops.isPublished, query.published === 'yes') : undefined,
  );
  const order = orderBy(
    query.sort,
    '-updatedAt',
    { title: workshops.title, createdAt: workshops.createdAt, updatedAt: workshops.updatedAt },
    workshops.id,
  );
  const { limit, offset } = windowOf(query);
  const rows = await db
    .select({
      id: workshops.id,
      type: workshops.type,
      title: workshops.title,
      shortTitle: workshops.shortTitle,
      slug: workshops.slug,
      markAs: workshops.markAs,
      isPublished: workshops.isPublished,
      amount: workshops.amount,
      dollar: workshops.dollar,
      batches: sql<number>`(SELECT count(*)::int FROM ${batches} WHERE ${batches.workshopId} = ${workshops.id})`,
      instructors: sql<number>`(SELECT count(*)::int FROM ${workshopInstructors} WHERE ${workshopInstructors.workshopId} = ${workshops.id})`,
      createdAt: workshops.createdAt,
      updatedAt: workshops.updatedAt,
    })
    .from(workshops)
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ n: count }).from(workshops).where(where);
  return {
    items: rows.map((r) => ({ ...r, createdAt: iso(r.createdAt), updatedAt: iso(r.updatedAt) })),
    total: total?.n ?? 0,
  };
}

/** `GET /api/admin/workshops/{id}`: everything the editor shows. */
export async function workshopById(db: Executor, id: number): Promise<AdminWorkshop> {
  const [row] = await db.select().from(workshops).where(eq(workshops.id, id));
  if (!row) throw notFound('The workshop');
  const [meta] = await db
    .select({ title: metaTags.title, description: metaTags.description, keywords: metaTags.keywords })
    .from(metaTags)
    .where(eq(metaTags.workshopId, id))
    .orderBy(asc(metaTags.id))
    .limit(1);
  const placements = await db
    .select({ id: courseCategories.subcategoryId })
    .from(courseCategories)
    .where(eq(courseCategories.workshopId, id))
    .orderBy(asc(courseCategories.id));
  const teachers = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(workshopInstructors)
    .innerJoin(users, eq(users.id, workshopInstructors.userId))
    .where(eq(workshopInstructors.workshopId, id))
    .orderBy(asc(users.name), asc(users.id));
  return {
    id: row.id,
    type: row.type,
    title: row.title,
    shortTitle: row.shortTitle,
    slug: row.slug,
    searchKeys: row.searchKeys,
    markAs: row.markAs,
    description: row.description,
    thumbnail: row.thumbnail,
    brochureUrl: row.brochureUrl,
    amount: row.amount,
    dollar: row.dollar,
    slashAmount: row.slashAmount,
    slashDollar: row.slashDollar,
    hero: row.hero as Record<string, unknown>,
    sections: row.sections as Record<string, unknown>,
    metaTags: meta ?? null,
    subcategoryIds: placements.map((p) => p.id),
    isPublished: row.isPublished,
    instructors: teachers,
    createdAt: iso(row.createdAt),
    updatedAt: iso(row.updatedAt),
  };
}

const workshopTaken = 'Another workshop already has this slug; choose a different one.';

/** Every subcategory in `ids` exists, else a 400 on `subcategoryIds`. */
async function assertSubcategories(tx: Executor, ids: number[]) {
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: subcategories.id })
    .from(subcategories)
    .where(inArray(subcategories.id, ids));
  if (found.length !== ids.length)
    throw new AppError('VALIDATION_FAILED', 'A chosen subcategory does not exist.', [
      { path: 'subcategoryIds', message: 'must name existing subcategories' },
    ]);
}

/** The workshop's own columns from a body (prices, texts, sections). */
function workshopColumns(body: WorkshopBody) {
  return {
    type: body.type,
    title: body.title,
    shortTitle: body.shortTitle,
    slug: body.slug,
    searchKeys: body.searchKeys,
    markAs: body.markAs,
    description: body.description,
    thumbnail: body.thumbnail,
    brochureUrl: body.brochureUrl,
    amount: body.amount,
    dollar: body.dollar,
    slashAmount: body.slashAmount,
    slashDollar: body.slashDollar,
    hero: body.hero,
    sections: body.sections as never,
    isPublished: body.isPublished,
  };
}

/** Meta tags and subcategory placements as the body says (placements kept in place keep their sequence). */
async function writeWorkshopRelations(tx: Executor, workshopId: number, body: WorkshopBody) {
  await tx.delete(metaTags).where(eq(metaTags.workshopId, workshopId));
  if (body.metaTags) await tx.insert(metaTags).values({ workshopId, ...body.metaTags });
  const current = await tx
    .select({ subcategoryId: courseCategories.subcategoryId })
    .from(courseCategories)
    .where(eq(courseCategories.workshopId, workshopId));
  const keep = new Set(body.subcategoryIds);
  const had = new Set(current.map((c) => c.subcategoryId));
  const gone = current.filter((c) => !keep.has(c.subcategoryId)).map((c) => c.subcategoryId);
  if (gone.length > 0)
    await tx
      .delete(courseCategories)
      .where(and(eq(courseCategories.workshopId, workshopId), inArray(courseCategories.subcategoryId, gone)));
  for (const subcategoryId of body.subcategoryIds.filter((id) => !had.has(id)))
    await tx.insert(courseCategories).values({
      subcategoryId,
      workshopId,
      // Last in its subcategory.
      sequence: sql`(SELECT coalesce(max(${courseCategories.sequence}), 0) + 1 FROM ${courseCategories} WHERE ${courseCategories.subcategoryId} = ${subcategoryId})`,
    });
}

/** The audit's picture of a workshop (its editor's fields, without the timestamps). */
function auditShape(w: AdminWorkshop) {
  const { createdAt: _c, updatedAt: _u, instructors, ...rest } = w;
  return { ...rest, instructorIds: instructors.map((i) => i.id) };
}

export async function createWorkshop(
  deps: CatalogueDeps,
  actor: AuditActor,
  request: AuditRequest,
  body: WorkshopBody,
): Promise<AdminWorkshop> {
  return write(deps, workshopTaken, async (tx) => {
    await assertSubcategories(tx, body.subcategoryIds);
    const [row] = await tx.insert(workshops).values(workshopColumns(body)).returning({ id: workshops.id });
    await writeWorkshopRelations(tx, row!.id, body);
    const after = await workshopById(tx, row!.id);
    await recordAudit(tx, actor, request, {
      action: 'workshop.create',
      entity: 'workshop',
      entityId: row!.id,
      before: null,
      after: auditShape(after),
    });
    return after;
  });
}

async function lockWorkshop(tx: Executor, id: number): Promise<AdminWorkshop> {
  const [locked] = await tx
    .select({ id: workshops.id })
    .from(workshops)
    .where(eq(workshops.id, id))
    .for('update');
  if (!locked) throw notFound('The workshop');
  return workshopById(tx, id);
}

export async function updateWorkshop(
  deps: CatalogueDeps,
  actor: AuditActor,
  request: AuditRequest,
  id: number,
  body: WorkshopBody,
): Promise<AdminWorkshop> {
  return write(deps, workshopTaken, async (tx) => {
    const before = await lockWorkshop(tx, id);
    await assertSubcategories(tx, body.subcategoryIds);
    await tx
      .update(workshops)
      .set({ ...workshopColumns(body), updatedAt: sql`now()` })
      .where(eq(workshops.id, id));
    await writeWorkshopRelations(tx, id, body);
    const after = await workshopById(tx, id);
    await recordAudit(tx, actor, request, {
      action: 'workshop.update',
      entity: 'workshop',
      entityId: id,
      before: auditShape(before),
      after: auditShape(after),
    });
    return after;
  });
}

export async function publishWorkshop(
  deps: CatalogueDeps,
  actor: AuditActor,
  request: AuditRequest,
  id: number,
  isPublished: boolean,
): Promise<AdminWorkshop> {
  return write(deps, workshopTaken, async (tx) => {
    const before = await lockWorkshop(tx, id);
    await tx
      .update(workshops)
      .set({ isPublished, updatedAt: sql`now()` })
      .where(eq(workshops.id, id));
    await recordAudit(tx, actor, request, {
      action: isPublished ? 'workshop.publish' : 'workshop.unpublish',
      entity: 'workshop',
      entityId: id,
      before: { isPublished: before.isPublished },
      after: { isPublished },
    });
    return workshopById(tx, id);
  });
}

/** `GET /api/admin/instructors`: instructor accounts, by name. */
export async function listInstructors(db: Executor): Promise<{ items: AdminInstructor[] }> {
  const items = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.role, 'instructor'))
    .orderBy(asc(users.name), asc(users.id))
    .limit(1000);
  return { items };
}

export async function setWorkshopInstructors(
  deps: CatalogueDeps,
  actor: AuditActor,
  request: AuditRequest,
  id: number,
  userIds: number[],
): Promise<AdminWorkshop> {
  return write(deps, workshopTaken, async (tx) => {
    const before = await lockWorkshop(tx, id);
    if (userIds.length > 0) {
      const found = await tx
        .select({ id: users.id })
        .from(users)
        .where(and(inArray(users.id, userIds), eq(users.role, 'instructor')));
      if (found.length !== userIds.length)
        throw new AppError('VALIDATION_FAILED', 'Only instructor accounts can teach a workshop.', [
          { path: 'userIds', message: 'must name instructor accounts' },
        ]);
    }
    const had = before.instructors.map((i) => i.id);
    const gone = had.filter((u) => !userIds.includes(u));
    if (gone.length > 0)
      await tx
        .delete(workshopInstructors)
        .where(and(eq(workshopInstructors.workshopId, id), inArray(workshopInstructors.userId, gone)));
    const added = userIds.filter((u) => !had.includes(u));
    if (added.length > 0)
      await tx.insert(workshopInstructors).values(added.map((userId) => ({ workshopId: id, userId })));
    await recordAudit(tx, actor, request, {
      action: 'workshop.instructors',
      entity: 'workshop',
      entityId: id,
      before: { instructorIds: had },
      after: { instructorIds: userIds },
    });
    return workshopById(tx, id);
  });
}

// ---------------------------------------------------------------------------------------------
// Batches
// ---------------------------------------------------------------------------------------------

type BatchBody = z.output<typeof AdminBatchBodySchema>;

async function batchRows(db: Executor, where: SQL): Promise<AdminBatch[]> {
  const rows = await db
    .select({
      id: batches.id,
      workshopId: batches.workshopId,
      name: batches.name,
      startDate: batches.startDate,
      endDate: batches.endDate,
      sessionType: batches.sessionType,
      amount: batches.amount,
      dollar: batches.dollar,
      slashAmount: batches.slashAmount,
      slashDollar: batches.slashDollar,
      capacity: batches.capacity,
      zoomLink: batches.zoomLink,
      isActive: batches.isActive,
      enrolled: sql<number>`(SELECT count(*)::int FROM ${enrolments} WHERE ${enrolments.batchId} = ${batches.id})`,
      instalments: sql<number>`(SELECT count(*)::int FROM ${batchInstalmentTemplates} WHERE ${batchInstalmentTemplates.batchId} = ${batches.id})`,
    })
    .from(batches)
    .where(where)
    .orderBy(sql`${batches.startDate} DESC NULLS FIRST`, desc(batches.id));
  if (rows.length === 0) return [];
  const slots = await db
    .select({
      batchId: batchSchedules.batchId,
      day: batchSchedules.day,
      startTime: batchSchedules.startTime,
      endTime: batchSchedules.endTime,
    })
    .from(batchSchedules)
    .where(
      inArray(
        batchSchedules.batchId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(batchSchedules.day), asc(batchSchedules.startTime), asc(batchSchedules.id));
  return rows.map((r) => ({
    ...r,
    schedules: slots
      .filter((s) => s.batchId === r.id)
      .map((s) => ({ day: s.day, startTime: s.startTime.slice(0, 5), endTime: s.endTime.slice(0, 5) })),
  }));
}

/** `GET /api/admin/workshops/{id}/batches`. */
export async function listBatches(db: Executor, workshopId: number): Promise<{ items: AdminBatch[] }> {
  const [w] = await db.select({ id: workshops.id }).from(workshops).where(eq(workshops.id, workshopId));
  if (!w) throw notFound('The workshop');
  return { items: await batchRows(db, eq(batches.workshopId, workshopId)) };
}

function batchColumns(body: BatchBody) {
  const { schedules: _s, ...columns } = body;
  return columns;
}

async function writeSchedules(tx: Executor, batchId: number, body: BatchBody) {
  await tx.delete(batchSchedules).where(eq(batchSchedules.batchId, batchId));
  if (body.schedules.length > 0)
    await tx.insert(batchSchedules).values(
      body.schedules.map((s) => ({
        batchId,
        day: s.day,
        startTime: s.startTime.length === 5 ? `${s.startTime}:00` : s.startTime,
        endTime: s.endTime.length === 5 ? `${s.endTime}:00` : s.endTime,
      })),
    );
}

export async function createBatch(
  deps: CatalogueDeps,
  actor: AuditActor,
  request: AuditRequest,
  workshopId: number,
  body: BatchBody,
): Promise<AdminBatch> {
  return write(deps, workshopTaken, async (tx) => {
    const [w] = await tx.select({ id: workshops.id }).from(workshops).where(eq(workshops.id, workshopId));
    if (!w) throw notFound('The workshop');
    const [row] = await tx
      .insert(batches)
      .values({ workshopId, ...batchColumns(body) })
      .returning({ id: batches.id });
    await writeSchedules(tx, row!.id, body);
    const [after] = await batchRows(tx, eq(batches.id, row!.id));
    await recordAudit(tx, actor, request, {
      action: 'batch.create',
      entity: 'batch',
      entityId: row!.id,
      before: null,
      after,
    });
    return after!;
  });
}

export async function updateBatch(
  deps: CatalogueDeps,
  actor: AuditActor,
  request: AuditRequest,
  id: number,
  body: BatchBody,
): Promise<AdminBatch> {
  return write(deps, workshopTaken, async (tx) => {
    const [locked] = await tx
      .select({ id: batches.id })
      .from(batches)
      .where(eq(batches.id, id))
      .for('update');
    if (!locked) throw notFound('The batch');
    const [before] = await batchRows(tx, eq(batches.id, id));
    await tx.update(batches).set(batchColumns(body)).where(eq(batches.id, id));
    await writeSchedules(tx, id, body);
    const [after] = await batchRows(tx, eq(batches.id, id));
    await recordAudit(tx, actor, request, {
      action: 'batch.update',
      entity: 'batch',
      entityId: id,
      before,
      after,
    });
    return after!;
  });
}

// ---------------------------------------------------------------------------------------------
// Instalment templates
// ---------------------------------------------------------------------------------------------

type InstalmentsBody = z.output<typeof AdminInstalmentsBodySchema>;

/** `GET /api/admin/batches/{id}/instalments`: the batch's plan template, in order. */
export async function instalmentPlan(db: Executor, batchId: number): Promise<AdminInstalmentTemplate> {
  const [batch] = await db
    .select({
      id: batches.id,
      workshopId: batches.workshopId,
      sessionType: batches.sessionType,
      amount: batches.amount,
      dollar: batches.dollar,
    })
    .from(batches)
    .where(eq(batches.id, batchId));
  if (!batch) throw notFound('The batch');
  const items = await db
    .select({
      sequence: batchInstalmentTemplates.sequence,
      amountInrMinor: batchInstalmentTemplates.amountInrMinor,
      amountUsdMinor: batchInstalmentTemplates.amountUsdMinor,
      dueDate: batchInstalmentTemplates.dueDate,
      dueAfterDays: batchInstalmentTemplates.dueAfterDays,
    })
    .from(batchInstalmentTemplates)
    .where(eq(batchInstalmentTemplates.batchId, batchId))
    .orderBy(asc(batchInstalmentTemplates.sequence));
  return {
    batch,
    items,
    totalInrMinor: items.reduce((sum, i) => sum + i.amountInrMinor, 0),
    totalUsdMinor: items.reduce((sum, i) => sum + i.amountUsdMinor, 0),
  };
}

/**
 * `PUT /api/admin/batches/{id}/instalments`: replaces the plan (plans already bought are fixed in
 * `instalment_plans` and do not change). A recorded batch is sold at any time, so its instalments
 * must fall due days after purchase, not on dates.
 */
export async function saveInstalmentPlan(
  deps: CatalogueDeps,
  actor: AuditActor,
  request: AuditRequest,
  batchId: number,
  body: InstalmentsBody,
): Promise<AdminInstalmentTemplate> {
  return write(deps, workshopTaken, async (tx) => {
    const [batch] = await tx
      .select({ id: batches.id, sessionType: batches.sessionType })
      .from(batches)
      .where(eq(batches.id, batchId))
      .for('update');
    if (!batch) throw notFound('The batch');
    if (batch.sessionType === 2 && body.items.some((i) => i.dueDate !== null))
      throw new AppError(
        'VALIDATION_FAILED',
        'A recorded batch is sold at any time: its instalments fall due days after purchase, not on dates.',
        [{ path: 'items', message: 'must be due days after purchase for a recorded batch' }],
      );
    const before = await instalmentPlan(tx, batchId);
    await tx.delete(batchInstalmentTemplates).where(eq(batchInstalmentTemplates.batchId, batchId));
    if (body.items.length > 0)
      await tx.insert(batchInstalmentTemplates).values(
        body.items.map((item, index) => ({
          batchId,
          sequence: index + 1,
          amountInrMinor: item.amountInrMinor,
          amountUsdMinor: item.amountUsdMinor,
          dueDate: item.dueDate,
          dueAfterDays: item.dueAfterDays,
        })),
      );
    const after = await instalmentPlan(tx, batchId);
    await recordAudit(tx, actor, request, {
      action: 'batch.instalments',
      entity: 'batch',
      entityId: batchId,
      before: before.items,
      after: after.items,
    });
    return after;
  });
}
