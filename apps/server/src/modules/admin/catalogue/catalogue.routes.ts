import { endpoints, type AdminWorkshopRow } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import { sessionOf } from '../../../http/auth-guard.js';
import { defineRoute } from '../../../http/define-route.js';
import { ok } from '../../../http/envelope.js';
import type { AppContext } from '../../../platform/context.js';
import type { CsvColumn } from '../csv.js';
import { answerList } from '../listing.js';
import * as catalogue from './catalogue.service.js';

/*
 * Catalogue authoring in the staff console (issue 17 point 1), admins only: categories and
 * subcategories with their order, workshops (with publishing and instructors), batches with their
 * weekly schedules, and instalment templates. Every write is audited and refreshes the public
 * caches it shows on.
 */
/** The workshops list as a CSV download. */
const workshopColumns: CsvColumn<AdminWorkshopRow>[] = [
  { header: 'id', value: (r) => r.id },
  { header: 'type', value: (r) => (r.type === 1 ? 'masterclass' : 'course') },
  { header: 'title', value: (r) => r.title },
  { header: 'short_title', value: (r) => r.shortTitle },
  { header: 'slug', value: (r) => r.slug },
  { header: 'mark_as', value: (r) => r.markAs },
  { header: 'published', value: (r) => r.isPublished },
  { header: 'amount_inr', value: (r) => r.amount },
  { header: 'amount_usd', value: (r) => r.dollar },
  { header: 'batches', value: (r) => r.batches },
  { header: 'instructors', value: (r) => r.instructors },
  { header: 'updated_at', value: (r) => r.updatedAt },
];

export async function catalogueAdminRoutes(api: FastifyInstance, ctx: AppContext): Promise<void> {
  const { db } = ctx.database;
  const deps: catalogue.CatalogueDeps = { db, publicCache: ctx.publicCache };
  const tags = ['admin', 'admin-catalogue'];
  const who = (request: { id: string }) => ({ id: request.id });

  defineRoute(
    api,
    endpoints.adminCategories,
    { summary: 'Every category with its subcategories, in catalogue order (admins)', tags },
    async () => ok(await catalogue.categoryTree(db)),
  );
  defineRoute(
    api,
    endpoints.adminCategoryCreate,
    {
      summary: 'Create a category, last in order (admins)',
      description: '409 for a slug already taken. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await catalogue.createCategory(deps, sessionOf(request), who(request), request.body),
        'Category created.',
      ),
  );
  defineRoute(
    api,
    endpoints.adminCategoryUpdate,
    {
      summary: 'Rename, re-slug, activate or deactivate a category (admins)',
      description:
        'An inactive category is hidden from the public catalogue. 409 for a slug already taken. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await catalogue.updateCategory(
          deps,
          sessionOf(request),
          who(request),
          request.params.id,
          request.body,
        ),
        'Category saved.',
      ),
  );
  defineRoute(
    api,
    endpoints.adminCategoriesReorder,
    {
      summary: 'Put the categories in a new order (admins)',
      description:
        'Every category id once, in order; sequences are rewritten in one transaction. 409 if the list changed. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await catalogue.reorderCategories(deps, sessionOf(request), who(request), request.body.ids),
        'Order saved.',
      ),
  );
  defineRoute(
    api,
    endpoints.adminSubcategoryCreate,
    { summary: 'Create a subcategory of a category, last in order (admins)', description: 'Audited.', tags },
    async (request) =>
      ok(
        await catalogue.createSubcategory(
          deps,
          sessionOf(request),
          who(request),
          request.params.id,
          request.body,
        ),
        'Subcategory created.',
      ),
  );
  defineRoute(
    api,
    endpoints.adminSubcategoriesReorder,
    {
      summary: "Put a category's subcategories in a new order (admins)",
      description: 'Every subcategory id of the category once, in order. 409 if the list changed. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await catalogue.reorderSubcategories(
          deps,
          sessionOf(request),
          who(request),
          request.params.id,
          request.body.ids,
        ),
        'Order saved.',
      ),
  );
  defineRoute(
    api,
    endpoints.adminSubcategoryUpdate,
    {
      summary: 'Rename, re-slug, activate or deactivate a subcategory (admins)',
      description: 'Audited.',
      tags,
    },
    async (request) =>
      ok(
        await catalogue.updateSubcategory(
          deps,
          sessionOf(request),
          who(request),
          request.params.id,
          request.body,
        ),
        'Subcategory saved.',
      ),
  );

  defineRoute(
    api,
    endpoints.adminWorkshops,
    {
      summary: 'Workshops, published or not (admins)',
      description:
        'Sorts by title, createdAt or updatedAt (default -updatedAt); searches titles, slug and search keys.',
      tags,
      produces: ['application/json', 'text/csv'],
    },
    async (request, reply) => {
      const listed = await catalogue.listWorkshops(db, request.query);
      return answerList(reply, ctx.clock(), request.query, 'workshops', workshopColumns, listed);
    },
  );
  defineRoute(
    api,
    endpoints.adminWorkshopCreate,
    {
      summary: 'Create a workshop with its meta tags and placements (admins)',
      description: '409 for a slug already taken. Audited; the public caches are refreshed.',
      tags,
    },
    async (request) =>
      ok(
        await catalogue.createWorkshop(deps, sessionOf(request), who(request), request.body),
        'Workshop created.',
      ),
  );
  defineRoute(
    api,
    endpoints.adminWorkshop,
    { summary: 'One workshop as its editor shows it (admins)', tags },
    async (request) => ok(await catalogue.workshopById(db, request.params.id)),
  );
  defineRoute(
    api,
    endpoints.adminWorkshopUpdate,
    {
      summary: 'Save a workshop (admins)',
      description: '409 for a slug already taken. Audited; the public caches are refreshed.',
      tags,
    },
    async (request) =>
      ok(
        await catalogue.updateWorkshop(
          deps,
          sessionOf(request),
          who(request),
          request.params.id,
          request.body,
        ),
        'Workshop saved.',
      ),
  );
  defineRoute(
    api,
    endpoints.adminWorkshopPublish,
    {
      summary: 'Publish or unpublish a workshop (admins)',
      description: 'Audited; the public caches are refreshed.',
      tags,
    },
    async (request) =>
      ok(
        await catalogue.publishWorkshop(
          deps,
          sessionOf(request),
          who(request),
          request.params.id,
          request.body.isPublished,
        ),
        request.body.isPublished ? 'Workshop published.' : 'Workshop unpublished.',
      ),
  );
  defineRoute(
    api,
    endpoints.adminWorkshopInstructors,
    {
      summary: 'Who teaches a workshop (admins)',
      description:
        "Instructor accounts only; an instructor's console shows exactly these workshops' batches. Audited.",
      tags,
    },
    async (request) =>
      ok(
        await catalogue.setWorkshopInstructors(
          deps,
          sessionOf(request),
          who(request),
          request.params.id,
          request.body.userIds,
        ),
        'Instructors saved.',
      ),
  );
  defineRoute(
    api,
    endpoints.adminInstructors,
    { summary: 'Instructor accounts, by name (admins)', tags },
    async () => ok(await catalogue.listInstructors(db)),
  );

  defineRoute(
    api,
    endpoints.adminWorkshopBatches,
    { summary: "A workshop's batches with their schedules (admins)", tags },
    async (request) => ok(await catalogue.listBatches(db, request.params.id)),
  );
  defineRoute(
    api,
    endpoints.adminBatchCreate,
    {
      summary: 'Create a batch of a workshop (admins)',
      description: 'Audited; the public caches are refreshed.',
      tags,
    },
    async (request) =>
      ok(
        await catalogue.createBatch(deps, sessionOf(request), who(request), request.params.id, request.body),
        'Batch created.',
      ),
  );
  defineRoute(
    api,
    endpoints.adminBatchUpdate,
    {
      summary: 'Save a batch and its weekly schedules (admins)',
      description: 'The schedules replace the current ones. Audited; the public caches are refreshed.',
      tags,
    },
    async (request) =>
      ok(
        await catalogue.updateBatch(deps, sessionOf(request), who(request), request.params.id, request.body),
        'Batch saved.',
      ),
  );
  defineRoute(
    api,
    endpoints.adminBatchInstalments,
    { summary: "A batch's instalment plan template (admins)", tags },
    async (request) => ok(await catalogue.instalmentPlan(db, request.params.id)),
  );
  defineRoute(
    api,
    endpoints.adminBatchInstalmentsSave,
    {
      summary: "Replace a batch's instalment plan template (admins)",
      description: 'An empty list removes the plan; plans already bought do not change. Audited.',
      tags,
    },
    async (request) =>
      ok(
        await catalogue.saveInstalmentPlan(
          deps,
          sessionOf(request),
          who(request),
          request.params.id,
          request.body,
        ),
        'Instalment plan saved.',
      ),
  );
}
