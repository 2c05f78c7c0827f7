/**
 * The endpoint table: one entry per /api call, naming its method and path. The web client builds
 * its requests from these paths and the route × role matrix test walks this table.
 */
export const endpoints = {
  locus: { method: 'GET', path: '/api/geolocation/locus' },
  eventObjects: { method: 'GET', path: '/api/event/objects' },
  campaignBanners: { method: 'GET', path: '/api/campaign/banners' },
  topBanner: { method: 'GET', path: '/api/top-banner' },
  menuCategories: { method: 'GET', path: '/api/categories/all' },
  categoriesTree: { method: 'GET', path: '/api/v3/categories' },
  masterclassesAndCourses: { method: 'GET', path: '/api/masterclasses-and-courses' },
  performance: { method: 'POST', path: '/api/performance' },
} as const;
export type EndpointName = keyof typeof endpoints;
