import type {
  CampaignBanner,
  MasterclassesAndCourses,
  MenuCategories,
  WorkshopCard,
} from '@atelier/contract';

/** A workshop of the every-page list; pricing in its first batch. */
export function workshopCard(
  overrides: Partial<WorkshopCard> & Pick<WorkshopCard, 'id' | 'type' | 'title' | 'shortTitle'>,
): WorkshopCard {
  return {
    slug: overrides.shortTitle.toLowerCase().replace(/\s+/g, '-'),
    markAs: null,
    searchKeys: null,
    thumbnail: null,
    amount: null,
    dollar: null,
    slashAmount: null,
    slashDollar: null,
    Batches: [
      {
        id: overrides.id * 10,
        startDate: '2026-12-12',
        endDate: '2026-12-13',
        sessionType: 1,
        amount: 1499,
        dollar: 29,
        slashAmount: 2999,
        slashDollar: 59,
        BatchSchedules: [{ id: 1, startTime: '19:00:00', endTime: '21:00:00' }],
      },
    ],
    ...overrides,
  };
}

export const parametric = workshopCard({
  id: 1,
  type: 1,
  title: 'Parametric Facades with Grasshopper',
  shortTitle: 'Parametric Facades',
});
export const revit = workshopCard({
  id: 3,
  type: 2,
  title: 'Revit for Architects',
  shortTitle: 'Revit for Architects',
});

export const masterclassesAndCourses: MasterclassesAndCourses = {
  categories: [{ id: 1, name: 'Architecture', sequence: 1, Workshops: [parametric, revit] }],
};

export const menuCategories: MenuCategories = {
  categories: [
    {
      id: 1,
      name: 'Architecture',
      sequence: 1,
      Subcategory: [{ id: 11, name: 'Computational design', sequence: 1 }],
    },
  ],
};

export const sidebarBanner: CampaignBanner = {
  id: 2,
  type: 2,
  title: 'Portfolio review month',
  image: null,
  link: '/courses-and-workshops',
  campaign: { id: 2, name: 'Portfolio month', isPopup: false, isSidebar: true },
};

/** Every every-page endpoint answering successfully. */
export const everyPageAnswers: Record<string, unknown> = {
  '/api/geolocation/locus': { currency: { code: 'INR' } },
  '/api/event/objects': [],
  '/api/campaign/banners': [sidebarBanner],
  '/api/masterclasses-and-courses': masterclassesAndCourses,
  '/api/top-banner': { content: 'Winter cohort opens Monday', link: '/courses-and-workshops' },
  '/api/categories/all': menuCategories,
  '/api/v3/categories': { categories: [] },
};

/** Marks an endpoint as failing with a 500 in {@link fakeApi}. */
export const FAILS = Symbol('fails');

/**
 * A `fetch` standing in for the API: answers each path from `answers` inside the envelope, a 500
 * for paths marked {@link FAILS}, and a 404 for any other path. Records the paths it was asked for.
 */
export function fakeApi(answers: Record<string, unknown>) {
  const calls: string[] = [];
  const fetch: typeof globalThis.fetch = async (input) => {
    const url = new URL(typeof input === 'string' || input instanceof URL ? input : input.url);
    calls.push(url.pathname);
    const json = (status: number, body: unknown) =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
    // An answer for the exact path and query wins over one for the path alone.
    const key = url.pathname + url.search in answers ? url.pathname + url.search : url.pathname;
    if (!(key in answers))
      return json(404, { code: 404, message: 'Not found', error: 'NOT_FOUND', requestId: 't' });
    const answer = answers[key];
    if (answer === FAILS) {
      return json(500, {
        code: 500,
        message: 'Something went wrong on our side.',
        error: 'INTERNAL',
        requestId: 't',
      });
    }
    return json(200, { code: 200, message: 'OK', data: answer });
  };
  return { fetch, calls };
}
