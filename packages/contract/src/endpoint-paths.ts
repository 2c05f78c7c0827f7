import type { Role } from './users.js';

/** Who may call an endpoint: `'anonymous'` (no token) or a signed-in role. */
export type Caller = 'anonymous' | Role;

/** Every caller, the visitor included: a public endpoint. */
export const PUBLIC = [
  'anonymous',
  'learner',
  'moderator',
  'instructor',
  'admin',
] as const satisfies readonly Caller[];
/** Anyone signed in, whatever the role. */
export const SIGNED_IN = ['learner', 'moderator', 'instructor', 'admin'] as const satisfies readonly Role[];
/** Staff who may open a learner's read-only view. */
export const MODERATORS = ['moderator', 'admin'] as const satisfies readonly Role[];

/** The staff console's callers (issue 17); anyone else gets 404 on `/api/admin/*`. */
export const STAFF = ['admin', 'instructor'] as const satisfies readonly Role[];

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** The address half of an endpoint: method, path (`{name}` parameters) and who may call it. */
export interface EndpointAddress {
  method: HttpMethod;
  path: `/api/${string}`;
  /** Callers allowed; any other is refused (401 without a session, 403 for another role). */
  roles: readonly Caller[];
}

/**
 * The endpoint table's addresses: one entry per /api call. Free of schemas, so the web app can
 * build its requests from it without loading zod on every page; `endpoints.ts` joins each entry
 * with its request and response schemas (the same keys, checked there).
 */
export const endpointPaths = {
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
  adminJobs: { method: 'GET', path: '/api/admin/jobs', roles: ['admin'] },
  adminMe: { method: 'GET', path: '/api/admin/me', roles: STAFF },
  adminLeads: { method: 'GET', path: '/api/admin/leads', roles: ['admin'] },
  adminFormSubmissions: { method: 'GET', path: '/api/admin/form-submissions', roles: ['admin'] },
  adminOutbox: { method: 'GET', path: '/api/admin/outbox', roles: ['admin'] },
  adminOutboxRetry: { method: 'POST', path: '/api/admin/outbox/{id}/retry', roles: ['admin'] },
  adminTripApplications: { method: 'GET', path: '/api/admin/trip-applications', roles: ['admin'] },
  adminTripApplicationReview: {
    method: 'POST',
    path: '/api/admin/trip-applications/{id}/review',
    roles: ['admin'],
  },
  adminCompetitionRegistrations: {
    method: 'GET',
    path: '/api/admin/competition-registrations',
    roles: ['admin'],
  },
  adminAudit: { method: 'GET', path: '/api/admin/audit', roles: ['admin'] },
  // Staff console: money (issue 17 point 5), admins only.
  adminOrders: { method: 'GET', path: '/api/admin/orders', roles: ['admin'] },
  adminOrder: { method: 'GET', path: '/api/admin/orders/{id}', roles: ['admin'] },
  adminOrderRefund: { method: 'POST', path: '/api/admin/orders/{id}/refund', roles: ['admin'] },
  adminOrderInvoice: { method: 'GET', path: '/api/admin/orders/{id}/invoice', roles: ['admin'] },
  adminCoupons: { method: 'GET', path: '/api/admin/coupons', roles: ['admin'] },
  adminCouponCreate: { method: 'POST', path: '/api/admin/coupons', roles: ['admin'] },
  adminCouponUpdate: { method: 'PUT', path: '/api/admin/coupons/{id}', roles: ['admin'] },
  adminCouponClaims: { method: 'GET', path: '/api/admin/coupons/{id}/claims', roles: ['admin'] },
  adminPaymentLinks: { method: 'GET', path: '/api/admin/payment-links', roles: ['admin'] },
  adminPaymentLinkCreate: { method: 'POST', path: '/api/admin/payment-links', roles: ['admin'] },
  adminInstalmentPlans: { method: 'GET', path: '/api/admin/instalment-plans', roles: ['admin'] },
  adminInvoices: { method: 'GET', path: '/api/admin/invoices', roles: ['admin'] },
  // Staff console: reports (issue 17 point 7), admins only.
  adminReportRevenue: { method: 'GET', path: '/api/admin/reports/revenue', roles: ['admin'] },
  adminReportEnrolments: { method: 'GET', path: '/api/admin/reports/enrolments', roles: ['admin'] },
  adminReportFunnel: { method: 'GET', path: '/api/admin/reports/funnel', roles: ['admin'] },
  adminReportInstalments: { method: 'GET', path: '/api/admin/reports/instalments', roles: ['admin'] },
  adminReportQuizzes: { method: 'GET', path: '/api/admin/reports/quizzes', roles: ['admin'] },
  adminReportAssignments: { method: 'GET', path: '/api/admin/reports/assignments', roles: ['admin'] },
  // Staff console — teaching (issue 17 points 1 and 4): instructors reach only their own batches.
  adminTeachingBatches: { method: 'GET', path: '/api/admin/teaching/batches', roles: STAFF },
  adminTeachingCurriculum: {
    method: 'GET',
    path: '/api/admin/teaching/batches/{id}/curriculum',
    roles: STAFF,
  },
  adminTeachingModuleCreate: {
    method: 'POST',
    path: '/api/admin/teaching/batches/{id}/modules',
    roles: STAFF,
  },
  adminTeachingModuleUpdate: { method: 'PUT', path: '/api/admin/teaching/modules/{id}', roles: STAFF },
  adminTeachingSessionCreate: {
    method: 'POST',
    path: '/api/admin/teaching/modules/{id}/sessions',
    roles: STAFF,
  },
  adminTeachingSessionUpdate: { method: 'PUT', path: '/api/admin/teaching/sessions/{id}', roles: STAFF },
  adminTeachingSessionsGenerate: {
    method: 'POST',
    path: '/api/admin/teaching/batches/{id}/sessions/generate',
    roles: STAFF,
  },
  adminTeachingAssignmentCreate: {
    method: 'POST',
    path: '/api/admin/teaching/sessions/{id}/assignments',
    roles: STAFF,
  },
  adminTeachingAssignmentUpdate: {
    method: 'PUT',
    path: '/api/admin/teaching/assignments/{id}',
    roles: STAFF,
  },
  adminTeachingQuizUpdate: { method: 'PUT', path: '/api/admin/teaching/modules/{id}/quiz', roles: STAFF },
  adminTeachingQuestionCreate: {
    method: 'POST',
    path: '/api/admin/teaching/modules/{id}/quiz/questions',
    roles: STAFF,
  },
  adminTeachingQuestionUpdate: {
    method: 'PUT',
    path: '/api/admin/teaching/quiz-questions/{id}',
    roles: STAFF,
  },
  adminTeachingQuestionDelete: {
    method: 'DELETE',
    path: '/api/admin/teaching/quiz-questions/{id}',
    roles: STAFF,
  },
  adminTeachingResponses: { method: 'GET', path: '/api/admin/teaching/batches/{id}/responses', roles: STAFF },
  adminTeachingResponseReview: {
    method: 'POST',
    path: '/api/admin/teaching/responses/{id}/review',
    roles: STAFF,
  },
  adminTeachingResponsePdf: { method: 'GET', path: '/api/admin/teaching/responses/{id}/pdf', roles: STAFF },
  adminTeachingAttendance: {
    method: 'GET',
    path: '/api/admin/teaching/batches/{id}/attendance',
    roles: STAFF,
  },
  adminTeachingAttendanceMark: {
    method: 'PUT',
    path: '/api/admin/teaching/sessions/{id}/attendance',
    roles: STAFF,
  },
  adminTeachingQuizStats: {
    method: 'GET',
    path: '/api/admin/teaching/batches/{id}/quiz-stats',
    roles: STAFF,
  },
  adminTeachingProgress: { method: 'GET', path: '/api/admin/teaching/batches/{id}/progress', roles: STAFF },
  // Staff console: content (issue 17 point 2)
  adminBlogs: { method: 'GET', path: '/api/admin/blogs', roles: ['admin'] },
  adminBlog: { method: 'GET', path: '/api/admin/blogs/{id}', roles: ['admin'] },
  adminBlogCreate: { method: 'POST', path: '/api/admin/blogs', roles: ['admin'] },
  adminBlogUpdate: { method: 'PUT', path: '/api/admin/blogs/{id}', roles: ['admin'] },
  adminBlogCategories: { method: 'GET', path: '/api/admin/blog-categories', roles: ['admin'] },
  adminContentTrips: { method: 'GET', path: '/api/admin/trips', roles: ['admin'] },
  adminContentTrip: { method: 'GET', path: '/api/admin/trips/{id}', roles: ['admin'] },
  adminContentTripCreate: { method: 'POST', path: '/api/admin/trips', roles: ['admin'] },
  adminContentTripUpdate: { method: 'PUT', path: '/api/admin/trips/{id}', roles: ['admin'] },
  adminCompetitions: { method: 'GET', path: '/api/admin/competitions', roles: ['admin'] },
  adminCompetition: { method: 'GET', path: '/api/admin/competitions/{id}', roles: ['admin'] },
  adminCompetitionCreate: { method: 'POST', path: '/api/admin/competitions', roles: ['admin'] },
  adminCompetitionUpdate: { method: 'PUT', path: '/api/admin/competitions/{id}', roles: ['admin'] },
  adminConsultationPackages: { method: 'GET', path: '/api/admin/consultation-packages', roles: ['admin'] },
  adminConsultationPackageUpdate: {
    method: 'PUT',
    path: '/api/admin/consultation-packages/{id}',
    roles: ['admin'],
  },
  adminTopBanners: { method: 'GET', path: '/api/admin/top-banners', roles: ['admin'] },
  adminTopBannerCreate: { method: 'POST', path: '/api/admin/top-banners', roles: ['admin'] },
  adminTopBannerUpdate: { method: 'PUT', path: '/api/admin/top-banners/{id}', roles: ['admin'] },
  adminCampaigns: { method: 'GET', path: '/api/admin/campaigns', roles: ['admin'] },
  adminCampaign: { method: 'GET', path: '/api/admin/campaigns/{id}', roles: ['admin'] },
  adminCampaignCreate: { method: 'POST', path: '/api/admin/campaigns', roles: ['admin'] },
  adminCampaignUpdate: { method: 'PUT', path: '/api/admin/campaigns/{id}', roles: ['admin'] },
  adminEventObjects: { method: 'GET', path: '/api/admin/event-objects', roles: ['admin'] },
  adminEventObjectCreate: { method: 'POST', path: '/api/admin/event-objects', roles: ['admin'] },
  adminEventObjectUpdate: { method: 'PUT', path: '/api/admin/event-objects/{id}', roles: ['admin'] },
  adminResourceFolders: { method: 'GET', path: '/api/admin/resource-folders', roles: ['admin'] },
  adminResourceFolderCreate: { method: 'POST', path: '/api/admin/resource-folders', roles: ['admin'] },
  adminResourceFolderUpdate: { method: 'PUT', path: '/api/admin/resource-folders/{id}', roles: ['admin'] },
  adminResourceFiles: { method: 'GET', path: '/api/admin/resource-files', roles: ['admin'] },
  adminResourceFileCreate: { method: 'POST', path: '/api/admin/resource-files', roles: ['admin'] },
  adminResourceFileUpdate: { method: 'PUT', path: '/api/admin/resource-files/{id}', roles: ['admin'] },
  adminResourceUpload: { method: 'POST', path: '/api/admin/resource-files/upload', roles: ['admin'] },
  // Staff console: catalogue authoring (issue 17 point 1; helper "catalogue"), admins only.
  adminCategories: { method: 'GET', path: '/api/admin/categories', roles: ['admin'] },
  adminCategoryCreate: { method: 'POST', path: '/api/admin/categories', roles: ['admin'] },
  adminCategoryUpdate: { method: 'PUT', path: '/api/admin/categories/{id}', roles: ['admin'] },
  adminCategoriesReorder: { method: 'POST', path: '/api/admin/categories/reorder', roles: ['admin'] },
  adminSubcategoryCreate: {
    method: 'POST',
    path: '/api/admin/categories/{id}/subcategories',
    roles: ['admin'],
  },
  adminSubcategoriesReorder: {
    method: 'POST',
    path: '/api/admin/categories/{id}/subcategories/reorder',
    roles: ['admin'],
  },
  adminSubcategoryUpdate: { method: 'PUT', path: '/api/admin/subcategories/{id}', roles: ['admin'] },
  adminWorkshops: { method: 'GET', path: '/api/admin/workshops', roles: ['admin'] },
  adminWorkshopCreate: { method: 'POST', path: '/api/admin/workshops', roles: ['admin'] },
  adminWorkshop: { method: 'GET', path: '/api/admin/workshops/{id}', roles: ['admin'] },
  adminWorkshopUpdate: { method: 'PUT', path: '/api/admin/workshops/{id}', roles: ['admin'] },
  adminWorkshopPublish: { method: 'POST', path: '/api/admin/workshops/{id}/publish', roles: ['admin'] },
  adminWorkshopInstructors: {
    method: 'PUT',
    path: '/api/admin/workshops/{id}/instructors',
    roles: ['admin'],
  },
  adminInstructors: { method: 'GET', path: '/api/admin/instructors', roles: ['admin'] },
  adminWorkshopBatches: { method: 'GET', path: '/api/admin/workshops/{id}/batches', roles: ['admin'] },
  adminBatchCreate: { method: 'POST', path: '/api/admin/workshops/{id}/batches', roles: ['admin'] },
  adminBatchUpdate: { method: 'PUT', path: '/api/admin/batches/{id}', roles: ['admin'] },
  adminBatchInstalments: { method: 'GET', path: '/api/admin/batches/{id}/instalments', roles: ['admin'] },
  adminBatchInstalmentsSave: { method: 'PUT', path: '/api/admin/batches/{id}/instalments', roles: ['admin'] },
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

  // Staff console: learners, payouts, staff accounts and roles (issue 17 point 3; admins only).
  adminLearners: { method: 'GET', path: '/api/admin/learners', roles: ['admin'] },
  adminLearner: { method: 'GET', path: '/api/admin/learners/{id}', roles: ['admin'] },
  adminLearnerEnrol: { method: 'POST', path: '/api/admin/learners/{id}/enrol', roles: ['admin'] },
  adminLearnerCoins: { method: 'POST', path: '/api/admin/learners/{id}/coins', roles: ['admin'] },
  adminEnrolmentMove: { method: 'POST', path: '/api/admin/enrolments/{id}/move', roles: ['admin'] },
  adminEnrolmentRevoke: { method: 'POST', path: '/api/admin/enrolments/{id}/revoke', roles: ['admin'] },
  adminPayouts: { method: 'GET', path: '/api/admin/payouts', roles: ['admin'] },
  adminPayoutSettle: { method: 'POST', path: '/api/admin/payouts/{id}/settle', roles: ['admin'] },
  adminStaff: { method: 'GET', path: '/api/admin/staff', roles: ['admin'] },
  adminStaffAdd: { method: 'POST', path: '/api/admin/staff', roles: ['admin'] },
  adminUserRole: { method: 'POST', path: '/api/admin/users/{id}/role', roles: ['admin'] },
  adminUserDisabled: { method: 'POST', path: '/api/admin/users/{id}/disabled', roles: ['admin'] },
} as const satisfies Record<string, EndpointAddress>;
export type EndpointName = keyof typeof endpointPaths;
