/**
 * The demo's site content outside the catalogue: blogs, trips (and the learner's application),
 * consultation packages, the top banner, campaigns and their banners, event objects, the
 * resource library and competitions (with the learner's paid registration).
 */
import {
  blogCategories,
  blogs,
  campaignBanners,
  campaigns,
  competitionRegistrations,
  competitions,
  consultationPackages,
  eventObjects,
  orders,
  payments,
  resourceFiles,
  resourceFolders,
  topBanners,
  tripApplications,
  trips,
} from '../schema/index.js';
import { addDays, shiftInstant } from './calendar.js';
import { DEMO_BLOG_CATEGORIES, DEMO_BLOGS } from './content/blogs.js';
import {
  DEMO_COMPETITIONS,
  DEMO_CONSULTATION_PACKAGES,
  DEMO_OUTER_FILES,
  DEMO_RESOURCE_FOLDERS,
  DEMO_TRIPS,
  type DemoResourceFolder,
} from './content/site.js';
import { listedSize, type SeedContext } from './context.js';
import { at, slugify } from './util.js';

/** Seeds the site content; `learnerId` is the demo learner (trip application, competition). */
export async function seedSiteContent(ctx: SeedContext, learnerId: number): Promise<void> {
  const tx = ctx.tx;
  const now = ctx.now;

  const blogCats = await tx
    .insert(blogCategories)
    .values(DEMO_BLOG_CATEGORIES.map((c, i) => ({ name: c.name, slug: c.slug, sequence: i + 1 })))
    .returning({ id: blogCategories.id });
  ctx.count('blog_categories', blogCats.length);
  await tx.insert(blogs).values(
    DEMO_BLOGS.map((b, i) => ({
      categoryId: at(blogCats, b.category).id,
      title: b.title,
      url: b.url,
      excerpt: b.excerpt,
      content: b.html,
      cover: `/images/blogs/${b.url}.jpg`,
      authorName: b.author,
      readingMinutes: Math.max(2, Math.round(b.html.split(/\s+/).length / 200)),
      isTrending: i % 4 === 0,
      isFeatured: i < 3,
      publishedAt: shiftInstant(now, -(i * 6 + 2)),
      meta: { title: `${b.title} | Atelier Blog`, description: b.excerpt, keywords: b.keywords },
    })),
  );
  ctx.count('blogs', DEMO_BLOGS.length);

  const tripIds = await tx
    .insert(trips)
    .values(
      DEMO_TRIPS.map((t) => ({
        title: t.title,
        slug: t.slug,
        location: t.location,
        startDate: addDays(ctx.today, t.startIn),
        endDate: addDays(ctx.today, t.startIn + t.days - 1),
        price: t.price,
        dollar: t.dollar,
        thumbnail: `/images/trips/${t.slug}.jpg`,
        details: t.details,
      })),
    )
    .returning({ id: trips.id });
  ctx.count('trips', tripIds.length);
  // The learner's application for the first trip, already shortlisted (read-only on the page).
  await tx.insert(tripApplications).values({
    userId: learnerId,
    tripId: at(tripIds, 0).id,
    status: 'shortlisted',
    details: {
      mobile: '+91 9876543210',
      city: 'Pune',
      iam: 'student',
      institution: 'College of Architecture, Pune',
      motivation:
        'I would love to sketch the Capitol Complex and see how Le Corbusier handled the sun and the monsoon.',
      requirements: 'Vegetarian meals',
      emergencyContactName: 'Rekha Learner',
      emergencyContactMobile: '+91 9822012345',
      consentVersion: 'lead-consent-2026-11',
      consentedAt: shiftInstant(now, -5).toISOString(),
    },
  });
  ctx.count('trip_applications', 1);

  await tx.insert(consultationPackages).values(DEMO_CONSULTATION_PACKAGES.map((p) => ({ ...p })));
  ctx.count('consultation_packages', DEMO_CONSULTATION_PACKAGES.length);

  await tx.insert(topBanners).values([
    {
      content: 'Monsoon Design Fest: 10% off every live course with code WELCOME10',
      link: '/courses-and-workshops',
      isActive: true,
    },
    {
      content: 'New Year Design Sprint has ended. Thank you for joining!',
      link: '/blogs',
      isActive: false,
    },
  ]);
  ctx.count('top_banners', 2);

  const campaignIds = await tx
    .insert(campaigns)
    .values([
      {
        name: 'Monsoon Design Fest',
        isPopup: true,
        isSidebar: true,
        startsAt: shiftInstant(now, -5),
        endsAt: shiftInstant(now, 10),
      },
      {
        name: 'New Year Design Sprint',
        isPopup: true,
        isSidebar: false,
        startsAt: shiftInstant(now, -120),
        endsAt: shiftInstant(now, -90),
      },
    ])
    .returning({ id: campaigns.id });
  ctx.count('campaigns', campaignIds.length);
  const active = at(campaignIds, 0).id;
  const bannerRows = [
    {
      campaignId: active,
      type: 1,
      title: 'Monsoon Design Fest: 10% off live courses',
      image: '/images/campaigns/monsoon-fest-popup.jpg',
      link: '/courses-and-workshops',
      sequence: 1,
    },
    {
      campaignId: active,
      type: 2,
      title: 'Parametric Design with Grasshopper: new batch',
      image: '/images/campaigns/grasshopper-sidebar.jpg',
      link: '/courses-and-workshops',
      sequence: 1,
    },
    {
      campaignId: active,
      type: 2,
      title: 'Free webinar: portfolios that get interviews',
      image: '/images/campaigns/portfolio-webinar-sidebar.jpg',
      link: '/blogs',
      sequence: 2,
    },
    {
      campaignId: at(campaignIds, 1).id,
      type: 1,
      title: 'New Year Design Sprint',
      image: '/images/campaigns/new-year-popup.jpg',
      link: '/courses-and-workshops',
      sequence: 1,
    },
  ];
  await tx.insert(campaignBanners).values(bannerRows);
  ctx.count('campaign_banners', bannerRows.length);

  await tx.insert(eventObjects).values([
    {
      name: 'sale_countdown',
      payload: {
        title: 'Monsoon Design Fest ends in',
        endsAt: shiftInstant(now, 10).toISOString(),
        cta: 'Browse courses',
        link: '/courses-and-workshops',
      },
      startsAt: shiftInstant(now, -5),
      endsAt: shiftInstant(now, 10),
    },
    {
      name: 'live_webinar',
      payload: {
        title: 'Free webinar: Building a portfolio that gets interviews',
        speaker: 'Ar. Kabir Sethi',
        startsAt: shiftInstant(now, 2, 13.5).toISOString(),
        link: '/blogs',
      },
      startsAt: shiftInstant(now, -1),
      endsAt: shiftInstant(now, 3),
    },
    {
      name: 'new_batch_alert',
      payload: {
        title: 'New batches every month',
        message: 'Revit, Grasshopper and Unreal Engine batches are open for enrolment.',
      },
      startsAt: null,
      endsAt: null,
    },
  ]);
  ctx.count('event_objects', 3);

  await seedResources(ctx, DEMO_RESOURCE_FOLDERS, null, 0);
  await tx.insert(resourceFiles).values(
    DEMO_OUTER_FILES.map((f, i) => ({
      folderId: null,
      name: f.name,
      description: f.description ?? '',
      kind: f.kind,
      path: f.path ?? null,
      url: f.url ?? null,
      sizeBytes: listedSize(ctx, f),
      isPremium: f.isPremium,
      isPublic: true,
      downloads: 40 + i * 57,
      // Drawn for each PDF and image at build (apps/web/scripts/generate-images.mjs).
      thumbnail: f.kind === 'pdf' || f.kind === 'image' ? `/images/resources/${slugify(f.name)}.png` : null,
    })),
  );
  ctx.count('resource_files', DEMO_OUTER_FILES.length);

  // One free open, one paid open (the learner's, first), one closed and one over (decision in
  // content/site.ts); all active, so the list shows every phase.
  const competitionIds = await tx
    .insert(competitions)
    .values(
      DEMO_COMPETITIONS.map((c) => ({
        title: c.title,
        slug: c.slug,
        summary: c.summary,
        description: c.description,
        brief: c.brief,
        thumbnail: `/images/competitions/${c.slug}.jpg`,
        amount: c.amount,
        dollar: c.dollar,
        registrationDeadline: addDays(ctx.today, c.deadlineIn),
        startDate: addDays(ctx.today, c.startIn),
        endDate: addDays(ctx.today, c.endIn),
      })),
    )
    .returning({ id: competitions.id });
  ctx.count('competitions', competitionIds.length);
  const [competitionOrder] = await tx
    .insert(orders)
    .values({
      userId: learnerId,
      kind: 'competition',
      amountMinor: 49_900,
      currency: 'INR',
      status: 'paid',
      provider: 'sandbox',
      providerOrderId: 'order_demo_comp_0001',
      paidAt: shiftInstant(now, -2),
      details: { competitionId: at(competitionIds, 0).id },
    })
    .returning({ id: orders.id });
  if (!competitionOrder) throw new Error('competition order not created');
  await tx.insert(payments).values({
    orderId: competitionOrder.id,
    providerPaymentId: 'pay_demo_comp_0001',
    amountMinor: 49_900,
    currency: 'INR',
    status: 'captured',
    method: 'upi',
    signatureVerified: true,
    capturedAt: shiftInstant(now, -2),
  });
  await tx.insert(competitionRegistrations).values({
    competitionId: at(competitionIds, 0).id,
    userId: learnerId,
    orderId: competitionOrder.id,
    status: 'confirmed',
    teamName: 'Studio Asha',
    details: { members: ['Asha Learner'] },
  });
  ctx.count('orders', 1);
  ctx.count('payments', 1);
  ctx.count('competition_registrations', 1);
}

async function seedResources(
  ctx: SeedContext,
  folders: readonly DemoResourceFolder[],
  parentId: number | null,
  depth: number,
): Promise<void> {
  if (folders.length === 0) return;
  const ids = await ctx.tx
    .insert(resourceFolders)
    .values(
      folders.map((f, i) => ({
        parentId,
        name: f.name,
        description: f.description,
        isPremium: f.isPremium,
        sequence: i + 1,
      })),
    )
    .returning({ id: resourceFolders.id });
  ctx.count('resource_folders', ids.length);
  const fileRows = folders.flatMap((f, i) =>
    f.files.map((file, j) => ({
      folderId: at(ids, i).id,
      name: file.name,
      description: file.description ?? '',
      kind: file.kind,
      path: file.path ?? null,
      url: file.url ?? null,
      sizeBytes: listedSize(ctx, file),
      isPremium: f.isPremium,
      isPublic: false,
      downloads: 12 + (depth * 31 + i * 17 + j * 7),
    })),
  );
  if (fileRows.length > 0) await ctx.tx.insert(resourceFiles).values(fileRows);
  ctx.count('resource_files', fileRows.length);
  for (const [i, f] of folders.entries()) {
    if (f.children) await seedResources(ctx, f.children, at(ids, i).id, depth + 1);
  }
}
