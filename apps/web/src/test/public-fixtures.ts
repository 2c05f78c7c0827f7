import type {
  BlogArticle,
  ConsultationPackage,
  CourseLandingPage,
  MasterclassesAndCourses,
  MasterclassesAndCoursesPage,
} from '@atelier/contract';
import { workshopCard } from './fixtures';

/** Answers of the public pages' own calls (issue 5), beside the every-page ones of fixtures.ts. */

const covered = (texts: string[]) => texts.map((text) => ({ text, checked: true }));
const FEATURES = [
  'Video consultation',
  'Plan review',
  'Space planning',
  'Palette',
  'Furniture layout',
  '3D views',
];

function consultationPackage(id: number, name: string, price: number): ConsultationPackage {
  return {
    id,
    name,
    description: `${name} for your home.`,
    price,
    dollar: Math.round(price / 70),
    covered: covered(FEATURES),
    detailsRequired: ['Floor plan'],
    services: [{ name: 'Consultation call', description: 'A call', durationMinutes: 45 }],
  };
}

/** The packages in id order, as an API might send them: the page must reorder them to 3, 2, 4, 1. */
export const consultationPackages = {
  packages: [
    consultationPackage(1, 'Ask an Architect', 999),
    consultationPackage(2, 'Room Makeover', 4999),
    consultationPackage(3, 'Plan Review', 2499),
    consultationPackage(4, 'Complete Home Design', 14999),
  ],
};

const revitMasterclass = workshopCard({
  id: 21,
  type: 1,
  title: 'Revit Families Deep Dive',
  shortTitle: 'Revit Families',
  searchKeys: 'revit families bim autodesk',
});
const grasshopperCourse = workshopCard({
  id: 22,
  type: 2,
  title: 'Parametric Design with Grasshopper',
  shortTitle: 'Parametric Design with Grasshopper',
  searchKeys: 'grasshopper rhino parametric computational',
});
const interiorsCourse = workshopCard({
  id: 23,
  type: 2,
  title: 'Interior Design Professional',
  shortTitle: 'Interior Design Professional',
  searchKeys: 'interiors sketchup materials',
});

/** Three workshops in two categories, for the catalogue's filters. */
export const catalogueList: MasterclassesAndCourses = {
  categories: [
    { id: 1, name: 'BIM & Technology', sequence: 1, Workshops: [revitMasterclass] },
    { id: 2, name: 'Design', sequence: 2, Workshops: [grasshopperCourse, interiorsCourse] },
  ],
};

export const catalogueMenu = {
  categories: [
    { id: 1, name: 'BIM & Technology', sequence: 1, Subcategory: [{ id: 11, name: 'Revit', sequence: 1 }] },
    {
      id: 2,
      name: 'Design',
      sequence: 2,
      Subcategory: [
        { id: 21, name: 'Parametric Modelling', sequence: 1 },
        { id: 22, name: 'Residential Interiors', sequence: 2 },
      ],
    },
  ],
};

/** `GET /api/masterclasses-and-courses?subcategoryId=22&pageSize=50`: the "Residential Interiors" topic. */
export const residentialInteriorsTopic: MasterclassesAndCoursesPage = {
  categories: [{ id: 2, name: 'Design', sequence: 2, Workshops: [interiorsCourse] }],
  total: 1,
  page: 1,
  pageSize: 50,
};

/** A blog article whose text tries to break out of its JSON-LD block. */
export const blogArticle: BlogArticle = {
  id: 7,
  title: 'Daylight </script><script>alert(1)</script> & shade',
  url: 'daylight-and-shade',
  path: '/blog/design-theory/daylight-and-shade?id=7',
  excerpt: 'How light shapes a room.',
  cover: '/images/blogs/daylight-and-shade.jpg',
  authorName: 'Nikhil Rao',
  readingMinutes: 4,
  isTrending: false,
  isFeatured: true,
  publishedAt: '2026-11-20T04:21:01.461Z',
  updatedAt: '2026-11-21T04:21:01.461Z',
  category: { id: 1, name: 'Design Theory', slug: 'design-theory', sequence: 1 },
  content: '<p>Light is a <em>material</em>.</p>',
  meta: {
    title: 'Daylight and shade | Atelier Blog',
    description: 'How light shapes a room.',
    keywords: 'daylight, shade',
  },
};

/** The landing page of the masterclass `parametric` (id 1) of fixtures.ts. */
export function landingPage(): CourseLandingPage {
  const batch = {
    id: 10,
    name: 'December batch',
    startDate: '2026-12-12',
    endDate: '2026-12-13',
    sessionType: 1 as const,
    amount: 1499,
    dollar: 29,
    slashAmount: 2999,
    slashDollar: 59,
    capacity: 40,
    BatchSchedules: [{ id: 1, startTime: '19:00:00', endTime: '21:00:00', day: 6 }],
  };
  return {
    details: {
      id: 1,
      type: 1,
      title: 'Parametric Facades with Grasshopper',
      shortTitle: 'Parametric Facades',
      slug: 'parametric-facades',
      path: '/masterclass/parametric-facades?id=1',
      description: 'Design a facade that responds to the sun.',
      markAs: 'Top Seller',
      searchKeys: 'grasshopper facades',
      thumbnail: '/images/workshops/parametric-facades.jpg',
      amount: null,
      dollar: null,
      slashAmount: null,
      slashDollar: null,
      pricing: { amount: 1499, dollar: 29, slashAmount: 2999, slashDollar: 59 },
      Category: { id: 1, name: 'Architecture' },
      Subcategory: { id: 11, name: 'Computational design' },
      MetaTags: {
        title: 'Parametric Facades',
        description: 'A facade masterclass.',
        keywords: 'grasshopper, facade, parametric',
      },
      Batches: [batch],
      hasBrochure: true,
      brochureUrl: '/api/brochure/pdf?id=1',
    },
    hero: {
      id: 1,
      type: 1,
      title: 'Parametric Facades with Grasshopper',
      shortTitle: 'Parametric Facades',
      path: '/masterclass/parametric-facades?id=1',
      markAs: 'Top Seller',
      thumbnail: '/images/workshops/parametric-facades.jpg',
      tagline: 'Facades that respond to the sun.',
      highlights: ['Live, hands-on sessions'],
      duration: '2 days · live online',
      level: 'Intermediate',
      language: 'English',
      hasCertificate: true,
      videoUrl: 'https://youtu.be/AtlrDemo001',
      youtubeId: 'AtlrDemo001',
      pricing: { amount: 1499, dollar: 29, slashAmount: 2999, slashDollar: 59 },
      Batches: [batch],
    },
    learnersCurriculumsInstructors: {
      id: 1,
      learners: { headline: 'Join 1,200+ learners', count: 1200, profiles: ['Architecture students'] },
      curriculum: [{ title: 'Day 1: Attractors', points: ['Live lecture'] }],
      instructors: [
        { name: 'Ar. Meera Kulkarni', role: 'Principal architect', bio: 'Builds facades.', image: null },
      ],
    },
    outcomesBonusTestimonials: {
      id: 1,
      outcomes: ['A facade script you can reuse'],
      bonus: [{ title: 'Project files', description: 'Start files.' }],
      testimonials: [
        {
          name: 'Aditi Sharma',
          role: 'Student',
          quote: 'Like a real crit.',
          videoUrl: null,
          youtubeId: null,
        },
      ],
    },
    caseStudies: [
      { title: 'A courtyard house', author: 'Aditi Sharma', summary: 'A shaded courtyard.', image: null },
    ],
    related: [],
  };
}
