import type { EndpointAddress } from './endpoint-address.js';
import { MODERATORS, PUBLIC, SIGNED_IN } from './endpoint-address.js';

export * from './endpoint-address.js';

/**
 * The endpoint table's addresses: one entry per /api call. Free of schemas, so the web app can
 * build its requests from it without loading zod on every page; `endpoints.ts` joins each entry
 * with its request and response schemas (the same keys, checked there).
 */
export const siteEndpointPaths = {
  locus: { method: 'GET', path: '/api/geolocation/locus', roles: PUBLIC },
  eventObjects: { method: 'GET', path: '/api/event/objects', roles: PUBLIC },
  campaignBanners: { method: 'GET', path: '/api/campaign/banners', roles: PUBLIC },
  topBanner: { method: 'GET', path: '/api/top-banner', roles: PUBLIC },
  menuCategories: { method: 'GET', path: '/api/categories/all', roles: PUBLIC },
  categoriesTree: { method: 'GET', path: '/api/v3/categories', roles: PUBLIC },
  masterclassesAndCourses: { method: 'GET', path: '/api/masterclasses-and-courses', roles: PUBLIC },
  performance: { method: 'POST', path: '/api/performance', roles: PUBLIC },
  authCheck: { method: 'POST', path: '/api/auth/check', roles: PUBLIC },
  authRegister: { method: 'POST', path: '/api/auth/register', roles: PUBLIC },
  authLogin: { method: 'POST', path: '/api/auth/login', roles: PUBLIC },
  authOrderLogin: { method: 'POST', path: '/api/auth/order/{id}/login', roles: PUBLIC },
  authSendOtp: { method: 'POST', path: '/api/auth/send/otp', roles: PUBLIC },
  authVerifyOtp: { method: 'POST', path: '/api/auth/verify-otp', roles: PUBLIC },
  authPasswordAdd: { method: 'POST', path: '/api/auth/password/add', roles: SIGNED_IN },
  authGoogleLogin: { method: 'POST', path: '/api/auth/google/login', roles: PUBLIC },
  authGuestInfo: { method: 'GET', path: '/api/auth/guest/{id}/info', roles: PUBLIC },
  authModeratorAccess: { method: 'POST', path: '/api/auth/moderator/access', roles: MODERATORS },
  authLogout: { method: 'POST', path: '/api/auth/logout', roles: SIGNED_IN },
  userProfile: { method: 'POST', path: '/api/user/profile', roles: SIGNED_IN },
  userInfo: { method: 'GET', path: '/api/user/{id}/info', roles: SIGNED_IN },
  userDetailsV2: { method: 'GET', path: '/api/user/v2/details', roles: SIGNED_IN },
  userProfileUpdate: { method: 'POST', path: '/api/user/profile/update', roles: SIGNED_IN },
  userOnboardingProfileUpdate: {
    method: 'POST',
    path: '/api/user/onboarding/profile/update',
    roles: SIGNED_IN,
  },
  userProfileImageUpload: { method: 'POST', path: '/api/user/profile/image/upload', roles: SIGNED_IN },
  userUpiUpdate: { method: 'POST', path: '/api/user/upi/update', roles: SIGNED_IN },
  userCalendarRotate: { method: 'POST', path: '/api/user/calendar/rotate', roles: SIGNED_IN },
  /** Registered outside production only. */
  devOutbox: { method: 'GET', path: '/api/dev/outbox', roles: PUBLIC },
  workshopDetails: { method: 'GET', path: '/api/workshop/{id}/details', roles: PUBLIC },
  workshopHeroDetails: { method: 'GET', path: '/api/workshop/{id}/hero-details', roles: PUBLIC },
  workshopLearnersCurriculumsInstructors: {
    method: 'GET',
    path: '/api/workshop/{id}/sections/learners-curriculums-instructors',
    roles: PUBLIC,
  },
  workshopOutcomesBonusTestimonials: {
    method: 'GET',
    path: '/api/workshop/{id}/sections/outcomes-bonus-testimonials',
    roles: PUBLIC,
  },
  homepageSections: { method: 'GET', path: '/api/homepage/sections/all/v2', roles: PUBLIC },
  assessmentCourses: { method: 'POST', path: '/api/user/assessment/courses', roles: PUBLIC },
  courseLandingPage: { method: 'GET', path: '/api/course/{id}/landing-page', roles: PUBLIC },
  courseCaseStudies: { method: 'GET', path: '/api/course/{id}/case-studies', roles: PUBLIC },
  caseStudies: { method: 'POST', path: '/api/course/case-studies', roles: PUBLIC },
  videoTestimonials: { method: 'POST', path: '/api/video/testimonial/details', roles: PUBLIC },
  wsRedirect: { method: 'GET', path: '/api/ws/redirect', roles: PUBLIC },
  partnerRedirect: { method: 'POST', path: '/api/{partner}/redirect', roles: PUBLIC },
  blogsTrendingAndFeatured: { method: 'GET', path: '/api/blogs/trending-and-featured', roles: PUBLIC },
  homepageBlogs: { method: 'GET', path: '/api/homepage/blogs', roles: PUBLIC },
  blogsAll: { method: 'GET', path: '/api/blogs/all', roles: PUBLIC },
  blogArticle: { method: 'GET', path: '/api/blogs/{id}', roles: PUBLIC },
  consultationPageBlogs: { method: 'POST', path: '/api/consultation/page/blogs', roles: PUBLIC },
  tripsList: { method: 'GET', path: '/api/dashboard/trips/list', roles: PUBLIC },
  tripHomepage: { method: 'GET', path: '/api/trip/homepage', roles: PUBLIC },
  tripDetails: { method: 'GET', path: '/api/trip/{id}/details', roles: PUBLIC },
  /** The consultation page asks for service 1, the one service the platform offers. */
  consultationPackages: {
    method: 'GET',
    path: '/api/consultation/{serviceId}/service/package',
    roles: PUBLIC,
  },
  outerResourceFiles: { method: 'GET', path: '/api/user/resource/outer/files', roles: PUBLIC },
  resourcePdf: { method: 'GET', path: '/api/resource/pdf/{id}', roles: PUBLIC },
  // A public stored drawing, archive or image of the library, as a download (decision 0035).
  resourceFile: { method: 'GET', path: '/api/resource/file/{id}', roles: PUBLIC },
  referralLandingCourses: { method: 'GET', path: '/api/referral/landing-page/courses', roles: PUBLIC },
  brochurePdf: { method: 'GET', path: '/api/brochure/pdf', roles: PUBLIC },
  // Commerce (issue 14): the payment page, orders, provider callbacks, coupons, instalments,
  // other purchases, the learner's courses, wallet and referrals.
  checkoutDetails: { method: 'POST', path: '/api/course/ws/details', roles: PUBLIC },
  paymentAddUser: { method: 'POST', path: '/api/payment/add-user', roles: PUBLIC },
  paymentInitiate: { method: 'POST', path: '/api/payment/initiate', roles: PUBLIC },
  paymentVerify: { method: 'PUT', path: '/api/payment/order/{id}', roles: PUBLIC },
  paymentCancel: { method: 'POST', path: '/api/payment/order/{id}/cancel', roles: PUBLIC },
  paymentWebhookRazorpay: { method: 'POST', path: '/api/payment/webhook/razorpay', roles: PUBLIC },
  // Registered outside production only.
  paymentSandboxPay: { method: 'POST', path: '/api/payment/sandbox/pay', roles: PUBLIC },
  // Registered whenever the sandbox is the provider.
  paymentSandboxCheckout: { method: 'POST', path: '/api/payment/sandbox/checkout', roles: PUBLIC },
  orderSuccess: { method: 'GET', path: '/api/order/{id}/success', roles: PUBLIC },
  orderInvoice: { method: 'GET', path: '/api/order/{id}/invoice', roles: SIGNED_IN },
  /** The seller's name, address, GSTIN, e-mail and phone (contact and policy pages). */
  siteSeller: { method: 'GET', path: '/api/site/seller', roles: PUBLIC },
  instalment: { method: 'GET', path: '/api/payment/instalment/{id}', roles: SIGNED_IN },
  instalmentInitiate: { method: 'POST', path: '/api/payment/instalment/initiate', roles: SIGNED_IN },
  pendingPayments: { method: 'GET', path: '/api/user/pending/payment/notification', roles: SIGNED_IN },
  pendingPaymentsByUser: {
    method: 'GET',
    path: '/api/user/{id}/pending/payment/notification',
    roles: SIGNED_IN,
  },
  recordingPayment: { method: 'POST', path: '/api/user/recording/payment', roles: SIGNED_IN },
  competitionPayment: { method: 'POST', path: '/api/competition/payment/initiate', roles: SIGNED_IN },
  consultationPayment: { method: 'POST', path: '/api/consultation/payment/initiate', roles: SIGNED_IN },
  customPayment: { method: 'POST', path: '/api/custom/payment/initiate', roles: PUBLIC },
  paymentLink: { method: 'GET', path: '/api/custom/payment/{linkToken}', roles: PUBLIC },
  coinsPayment: { method: 'POST', path: '/api/coins/payment/initiate', roles: SIGNED_IN },
  couponClaim: { method: 'POST', path: '/api/coupon/claim', roles: PUBLIC },
  couponClaimCount: { method: 'GET', path: '/api/coupon/claim/count', roles: PUBLIC },
  profileCourses: { method: 'GET', path: '/api/user/profile/courses', roles: SIGNED_IN },
  walletCourses: { method: 'GET', path: '/api/user/{id}/wallet/courses', roles: SIGNED_IN },
  walletUpdate: { method: 'POST', path: '/api/user/wallet/update', roles: SIGNED_IN },
  walletCoinsAdd: { method: 'POST', path: '/api/user/wallet/coins/add', roles: ['admin'] },
  referrer: { method: 'GET', path: '/api/referrer/{referCode}', roles: PUBLIC },
  userReferred: { method: 'POST', path: '/api/user/referred', roles: SIGNED_IN },
  referralOverview: { method: 'GET', path: '/api/user/referral/{id}/courses', roles: SIGNED_IN },
  referralClaimForm: { method: 'POST', path: '/api/referral/claim/form', roles: SIGNED_IN },
  // The learner's dashboard (issue 15): home, course dashboard, assignments, quizzes,
  // certificates and feedback.
  profileSuggestedCourses: { method: 'POST', path: '/api/user/profile/course/suggested', roles: SIGNED_IN },
  profileTripApplications: { method: 'GET', path: '/api/user/profile/trip/applications', roles: SIGNED_IN },
  userNotifications: { method: 'GET', path: '/api/user/{id}/notifications', roles: SIGNED_IN },
  notificationsRead: { method: 'POST', path: '/api/user/notifications/read', roles: SIGNED_IN },
  courseDashboard: { method: 'POST', path: '/api/user/course/batch/module/session', roles: SIGNED_IN },
  batchDetails: { method: 'POST', path: '/api/user/course/batch/details', roles: SIGNED_IN },
  assignmentSubmit: {
    method: 'POST',
    path: '/api/user/course/module/session/assignment/response',
    roles: SIGNED_IN,
  },
  assignmentUpdate: {
    method: 'POST',
    path: '/api/user/course/module/session/assignment/update',
    roles: SIGNED_IN,
  },
  assignmentDelete: {
    method: 'DELETE',
    path: '/api/user/course/session/assignment/{responseId}/delete',
    roles: SIGNED_IN,
  },
  /** The PDF of an assignment response: its owner and staff only. */
  assignmentPdf: {
    method: 'GET',
    path: '/api/user/course/assignment/response/{responseId}/pdf',
    roles: SIGNED_IN,
  },
  assignmentPoints: {
    method: 'GET',
    path: '/api/user/course/batch/{id}/assignment/points',
    roles: SIGNED_IN,
  },
  leaderboard: { method: 'GET', path: '/api/user/course/batch/{id}/leaderboard/score', roles: SIGNED_IN },
  moduleQuiz: { method: 'GET', path: '/api/user/course/module/{id}/quiz', roles: SIGNED_IN },
  courseQuizzes: { method: 'POST', path: '/api/user/course/quiz', roles: SIGNED_IN },
  quizSubmit: { method: 'POST', path: '/api/user/quiz/response/submit', roles: SIGNED_IN },
  quizRetake: { method: 'POST', path: '/api/user/course/module/quiz/retake', roles: SIGNED_IN },
  certificateDetails: { method: 'GET', path: '/api/user/certificate/details', roles: SIGNED_IN },
  certificates: { method: 'GET', path: '/api/user/certificates', roles: SIGNED_IN },
  courseCertificatePdf: { method: 'GET', path: '/api/user/course/{batchId}/certificate', roles: SIGNED_IN },
  moduleCertificatePdf: { method: 'POST', path: '/api/user/course/module/certificate', roles: SIGNED_IN },
  certificateShare: { method: 'POST', path: '/api/user/course/module/certificate/share', roles: SIGNED_IN },
  certificateModal: { method: 'POST', path: '/api/user/course/module/certificate/modal', roles: SIGNED_IN },
  certificateVerify: { method: 'GET', path: '/api/certificates/{code}', roles: PUBLIC },
  feedbackCollect: { method: 'POST', path: '/api/user/feedback/rating/collect', roles: SIGNED_IN },
  workshopRatingFeedback: { method: 'POST', path: '/api/user/workshop/rating/feedback', roles: SIGNED_IN },

  // Learner resources (issue 15): entries below this line belong to the resources work.
  learnerResourceRoot: { method: 'GET', path: '/api/user/resource/fs/all', roles: SIGNED_IN },
  learnerResourceFolder: { method: 'GET', path: '/api/user/resource/fs/{id}', roles: SIGNED_IN },
  learnerResourceFolderFiles: { method: 'GET', path: '/api/user/resource/fs/{id}/files', roles: SIGNED_IN },
  learnerResourceSearch: { method: 'GET', path: '/api/user/resource/search', roles: SIGNED_IN },
  learnerResourceDetails: { method: 'GET', path: '/api/user/resource/{id}/details', roles: SIGNED_IN },
  learnerResourceFolderAll: { method: 'GET', path: '/api/user/resource/folder/{id}/all', roles: SIGNED_IN },
  learnerResourcePremium: { method: 'GET', path: '/api/user/resource/{id}/premium', roles: SIGNED_IN },
  /** The bytes of a stored PDF of the library (application/pdf, inline), premium rule included. */
  learnerResourceFile: { method: 'GET', path: '/api/user/resource/{id}/file', roles: SIGNED_IN },
  learnerResourceBannerClick: { method: 'POST', path: '/api/user/resource/banner/click', roles: SIGNED_IN },

  // The calendar feed (issue 15): entries below this line belong to the calendar work.
  /** The learner's sessions as an iCalendar feed (`text/calendar`); the key is the address's secret. */
  calendarFeed: { method: 'GET', path: '/api/calendar/{secretKey}.ics', roles: PUBLIC },

  // Leads, CRM and messaging (issue 16): lead, contact and mailing forms (module `leads`).
  callback: { method: 'POST', path: '/api/callback', roles: PUBLIC },
  campaignLeads: { method: 'POST', path: '/api/campaign/leads', roles: PUBLIC },
  hireUs: { method: 'POST', path: '/api/company/hire-us', roles: PUBLIC },
  competitionsContact: { method: 'POST', path: '/api/competitions/contact-us', roles: PUBLIC },
  curriculumForm: { method: 'POST', path: '/api/course/curriculum/form', roles: PUBLIC },
  partnerContact: { method: 'POST', path: '/api/{partner}/contact', roles: PUBLIC },
  partnerSubscribe: { method: 'POST', path: '/api/{partner}/subscribe', roles: PUBLIC },
  utmClicks: { method: 'POST', path: '/api/utm/param/clicks', roles: PUBLIC },
  mailingEmailTags: { method: 'POST', path: '/api/{mailing}/email/tags', roles: SIGNED_IN },
  mailingAudienceTags: { method: 'POST', path: '/api/{mailing}/audience/tags', roles: SIGNED_IN },
  /** What the local CRM adapter recorded. Registered outside production only. */
  devCrm: { method: 'GET', path: '/api/dev/crm', roles: PUBLIC },

  // Trip applications and the itinerary e-mail (issue 16; module `trips`).
  itinerarySend: { method: 'POST', path: '/api/trips/itinerary/send', roles: SIGNED_IN },
  tripApplicationAdd: { method: 'POST', path: '/api/trips/application/add', roles: SIGNED_IN },
  tripApplicationUpdate: { method: 'POST', path: '/api/trips/application/update', roles: SIGNED_IN },
  tripApplicationDetails: { method: 'POST', path: '/api/trips/application/details', roles: SIGNED_IN },

  // Competitions (issue 16; module `competitions`).
  competitions: { method: 'GET', path: '/api/competitions', roles: PUBLIC },
  competitionDetails: { method: 'GET', path: '/api/competition/{id}/details', roles: PUBLIC },
  competitionRegistration: {
    method: 'GET',
    path: '/api/user/competition/{id}/registration',
    roles: SIGNED_IN,
  },
  competitionRegister: { method: 'POST', path: '/api/competition/register', roles: SIGNED_IN },

  // Notification preferences and unsubscribing (issue 16; module `notifications`).
  notificationPreferences: { method: 'GET', path: '/api/user/notification/preferences', roles: SIGNED_IN },
  notificationPreferencesUpdate: {
    method: 'POST',
    path: '/api/user/notification/preferences',
    roles: SIGNED_IN,
  },
  /** The List-Unsubscribe address (one-click POST) and the unsubscribe page's call. */
  unsubscribe: { method: 'POST', path: '/api/unsubscribe', roles: PUBLIC },
} as const satisfies Record<string, EndpointAddress>;
export type SiteEndpointName = keyof typeof siteEndpointPaths;
