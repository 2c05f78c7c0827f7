/*
 * What the learners' library (`/dashboard/resources`, docs/decisions/0026) needs beyond the site's
 * folders (content/site.ts): a premium PDF to open in the viewer once enrolled, a premium file
 * inside a free folder, and a free subfolder with a member's PDF, so every case of the premium
 * rule and the breadcrumbs shows in the demo.
 */
import { eq, isNull, and } from 'drizzle-orm';
import { resourceFiles, resourceFolders } from '../schema/index.js';
import { listedSize, type SeedContext } from './context.js';

const STANDARDS = 'Architectural Standards & Checklists';
const REVIT = 'Revit Family Library';

/** Adds the library's extra folder and files under the seeded top-level folders. */
export async function seedLearnerLibraryExtras(ctx: SeedContext): Promise<void> {
  const top = async (name: string) => {
    const [row] = await ctx.tx
      .select({ id: resourceFolders.id })
      .from(resourceFolders)
      .where(and(eq(resourceFolders.name, name), isNull(resourceFolders.parentId)));
    if (!row) throw new Error(`The demo resource folder "${name}" is missing.`);
    return row.id;
  };
  const standards = await top(STANDARDS);
  const revit = await top(REVIT);
  const [stairs] = await ctx.tx
    .insert(resourceFolders)
    .values({
      parentId: standards,
      name: 'Stairs & Ramps',
      description: 'Gradients, landings and handrails.',
      sequence: 1,
    })
    .returning({ id: resourceFolders.id });
  ctx.count('resource_folders', 1);
  const files = [
    {
      folderId: stairs!.id,
      name: 'Ramp Gradients Quick Guide.pdf',
      description: 'Gradients, landings and kerbs for accessible ramps.',
      kind: 'pdf' as const,
      path: 'resources/standards/ramp-gradients.pdf',
      isPremium: false,
      isPublic: false,
      downloads: 64,
    },
    {
      folderId: standards,
      name: 'Waterproofing Details Sheet.pdf',
      description: 'Terrace, toilet and basement waterproofing details.',
      kind: 'pdf' as const,
      path: 'resources/standards/waterproofing-details.pdf',
      isPremium: true,
      isPublic: false,
      downloads: 38,
    },
    {
      folderId: revit,
      name: 'Revit Family Creation Guide.pdf',
      description: 'How our parametric door and window families are built, step by step.',
      kind: 'pdf' as const,
      path: 'resources/revit/family-creation-guide.pdf',
      isPremium: true,
      isPublic: false,
      downloads: 91,
    },
  ];
  await ctx.tx.insert(resourceFiles).values(files.map((f) => ({ ...f, sizeBytes: listedSize(ctx, f) })));
  ctx.count('resource_files', files.length);
}
