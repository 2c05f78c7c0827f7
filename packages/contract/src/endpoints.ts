import type { z } from 'zod';
import {
  AdminAuditPageSchema,
  AdminAuditQuerySchema,
  AdminJobPageSchema,
  AdminJobRetriedSchema,
  AdminLeadPageSchema,
  AdminLeadsQuerySchema,
  AdminListQuerySchema,
  AdminMeSchema,
  AdminOutboxQuerySchema,
  AdminRegistrationPageSchema,
  AdminRegistrationsQuerySchema,
  AdminSubmissionPageSchema,
  AdminSubmissionsQuerySchema,
  AdminTripApplicationPageSchema,
  AdminTripApplicationSchema,
  AdminTripApplicationsQuerySchema,
  AdminTripReviewBodySchema,
} from './admin.js';
// Staff console: learners and staff (issue 17 point 3).
import {
  AdminCoinsBodySchema,
  AdminCoinsResultSchema,
  AdminDisableBodySchema,
  AdminEnrolBodySchema,
  AdminEnrolmentResultSchema,
  AdminLearnerPageSchema,
  AdminLearnerRowSchema,
  AdminLearnerSchema,
  AdminLearnersQuerySchema,
  AdminMoveBodySchema,
  AdminPayoutPageSchema,
  AdminPayoutSchema,
  AdminPayoutSettleBodySchema,
  AdminPayoutsQuerySchema,
  AdminRevokeBodySchema,
  AdminRoleBodySchema,
  AdminStaffAddBodySchema,
  AdminStaffPageSchema,
  AdminStaffQuerySchema,
} from './admin-learners.js';
// Staff console: money (issue 17 point 5).
import {
  AdminCouponBodySchema,
  AdminCouponClaimPageSchema,
  AdminCouponClaimsQuerySchema,
  AdminCouponPageSchema,
  AdminCouponSchema,
  AdminCouponsQuerySchema,
  AdminInstalmentPlanPageSchema,
  AdminInstalmentPlansQuerySchema,
  AdminInvoicePageSchema,
  AdminInvoicesQuerySchema,
  AdminOrderDetailSchema,
  AdminOrderPageSchema,
  AdminOrdersQuerySchema,
  AdminPaymentLinkBodySchema,
  AdminPaymentLinkPageSchema,
  AdminPaymentLinkSchema,
  AdminPaymentLinksQuerySchema,
  AdminRefundBodySchema,
  AdminRefundResultSchema,
} from './admin-money.js';
// Staff console: reports (issue 17 point 7).
import {
  AssignmentsReportSchema,
  EnrolmentsReportSchema,
  FunnelReportSchema,
  InstalmentsReportSchema,
  QuizzesReportSchema,
  ReportRangeQuerySchema,
  ReportSeriesQuerySchema,
  RevenueReportSchema,
} from './admin-reports.js';
import {
  TeachingAssignmentBodySchema,
  TeachingAttendanceBodySchema,
  TeachingAttendanceMarkSchema,
  TeachingAttendanceSchema,
  TeachingBatchesQuerySchema,
  TeachingBatchesSchema,
  TeachingCurriculumSchema,
  TeachingDeletedSchema,
  TeachingGenerateBodySchema,
  TeachingGeneratedSchema,
  TeachingModuleBodySchema,
  TeachingProgressSchema,
  TeachingQuestionBodySchema,
  TeachingQuizBodySchema,
  TeachingQuizStatsSchema,
  TeachingResponsePageSchema,
  TeachingResponseSchema,
  TeachingResponsesQuerySchema,
  TeachingReviewBodySchema,
  TeachingSessionBodySchema,
  TeachingWrittenSchema,
} from './admin-teaching.js';
// Staff console: content (issue 17 point 2)
import {
  AdminBlogBodySchema,
  AdminBlogCategoriesSchema,
  AdminBlogPageSchema,
  AdminBlogSchema,
  AdminBlogsQuerySchema,
  AdminTripBodySchema,
  AdminTripPageSchema,
  AdminTripSchema,
  AdminTripsQuerySchema,
  AdminCampaignBodySchema,
  AdminCampaignPageSchema,
  AdminCampaignSchema,
  AdminCompetitionBodySchema,
  AdminCompetitionPageSchema,
  AdminCompetitionSchema,
  AdminCompetitionsQuerySchema,
  AdminConsultationPackageBodySchema,
  AdminConsultationPackageSchema,
  AdminConsultationPackagesSchema,
  AdminEventObjectBodySchema,
  AdminEventObjectPageSchema,
  AdminEventObjectSchema,
  AdminTopBannerBodySchema,
  AdminTopBannerPageSchema,
  AdminTopBannerSchema,
  AdminResourceFileBodySchema,
  AdminResourceFilePageSchema,
  AdminResourceFileSchema,
  AdminResourceFilesQuerySchema,
  AdminResourceFolderBodySchema,
  AdminResourceFolderPageSchema,
  AdminResourceFolderSchema,
  AdminResourceFoldersQuerySchema,
  AdminResourceUploadSchema,
} from './admin-content.js';
// Staff console: catalogue authoring (helper "catalogue").
import {
  AdminBatchBodySchema,
  AdminBatchListSchema,
  AdminBatchSchema,
  AdminCategoryBodySchema,
  AdminCategorySchema,
  AdminCategoryTreeSchema,
  AdminInstalmentTemplateSchema,
  AdminInstalmentsBodySchema,
  AdminInstructorListSchema,
  AdminPublishBodySchema,
  AdminReorderBodySchema,
  AdminSubcategorySchema,
  AdminWorkshopBodySchema,
  AdminWorkshopInstructorsBodySchema,
  AdminWorkshopPageSchema,
  AdminWorkshopSchema,
  AdminWorkshopsQuerySchema,
} from './admin-catalogue.js';
import { CalendarFeedParamsSchema } from './calendar.js';
import {
  AuthCheckBodySchema,
  AuthCheckResultSchema,
  AuthSessionSchema,
  DevOutboxQuerySchema,
  DevOutboxSchema,
  GoogleLoginBodySchema,
  GuestInfoQuerySchema,
  GuestInfoSchema,
  LoggedOutSchema,
  LoginBodySchema,
  ModeratorAccessBodySchema,
  ModeratorAccessResultSchema,
  OrderIdParamsSchema,
  OrderLoginBodySchema,
  OtpSentSchema,
  PasswordAddBodySchema,
  PasswordSetSchema,
  RegisterBodySchema,
  SendOtpBodySchema,
  SignInResultSchema,
  VerifyOtpBodySchema,
} from './auth.js';
import {
  AssignmentDeletedSchema,
  AssignmentPointsSchema,
  AssignmentResponseParamsSchema,
  AssignmentResponseSchema,
  AssignmentSubmitBodySchema,
  AssignmentUpdateBodySchema,
  BatchDetailsBodySchema,
  BatchDetailsSchema,
  CertificateCodeParamsSchema,
  CertificateDetailsSchema,
  CertificateModalSchema,
  CertificateShareBodySchema,
  CertificateShareSchema,
  CertificatesSchema,
  CertificateVerificationSchema,
  CourseCertificateParamsSchema,
  CourseCertificateQuerySchema,
  CourseDashboardBodySchema,
  CourseDashboardSchema,
  CourseQuizzesSchema,
  FeedbackCollectBodySchema,
  FeedbackCollectedSchema,
  LeaderboardSchema,
  ModuleCertificateBodySchema,
  ModuleIdParamsSchema,
  NotificationsReadBodySchema,
  NotificationsReadSchema,
  NotificationsSchema,
  QuizModuleSchema,
  QuizRetakeBodySchema,
  QuizRetakeSchema,
  QuizSubmitBodySchema,
  QuizSubmitResultSchema,
  SuggestedCoursesBodySchema,
  SuggestedCoursesSchema,
  TripApplicationsSchema,
  WorkshopRatingBodySchema,
  WorkshopRatingSchema,
} from './learning.js';
import { JobsOverviewSchema } from './jobs.js';
import {
  CancelledOrderSchema,
  CoinsWalletSchema as WalletSchema,
  CancelOrderBodySchema,
  CheckoutDetailsBodySchema,
  CheckoutDetailsSchema,
  CoinsPaymentBodySchema,
  CompetitionPaymentBodySchema,
  ConsultationPaymentBodySchema,
  CouponClaimBodySchema,
  CouponClaimCountQuerySchema,
  CouponClaimCountSchema,
  CouponPreviewSchema,
  CustomPaymentBodySchema,
  GuestCheckoutBodySchema,
  GuestCheckoutSchema,
  InitiatePaymentBodySchema,
  InitiatePaymentSchema,
  InstalmentInitiateBodySchema,
  InstalmentSchema,
  OrderParamsSchema,
  OrderSuccessQuerySchema,
  OrderSuccessSchema,
  PaymentLinkParamsSchema,
  PaymentLinkSchema,
  PendingPaymentsByUserSchema,
  PendingPaymentsSchema,
  ProfileCoursesSchema,
  RecordingPaymentBodySchema,
  SandboxCheckoutBodySchema,
  SandboxPayBodySchema,
  SandboxPaySchema,
  VerifiedPaymentSchema,
  VerifyPaymentBodySchema,
  WebhookReceivedSchema,
} from './commerce.js';
import {
  CoinsAddBodySchema,
  CoinsAddedSchema,
  PayoutClaimBodySchema,
  PayoutClaimSchema,
  ReferCodeParamsSchema,
  ReferralOverviewSchema,
  ReferredBodySchema,
  ReferredSchema,
  ReferrerSchema,
  WalletCoursesSchema,
  WalletUpdateBodySchema,
} from './wallet.js';
import {
  BlogArticleSchema,
  BlogListQuerySchema,
  BlogListSchema,
  ConsultationPageBlogsBodySchema,
  ConsultationPageBlogsSchema,
  HomepageBlogsSchema,
  TrendingAndFeaturedBlogsSchema,
} from './blogs.js';
import {
  CampaignBannersSchema,
  CategoriesTreeSchema,
  EventObjectsSchema,
  LocusSchema,
  MenuCategoriesSchema,
  TopBannerSchema,
} from './catalogue.js';
import { ConsultationPackagesSchema, ConsultationServiceParamsSchema } from './consultation.js';
import { adminEndpointPaths } from './admin-endpoint-paths.js';
import { siteEndpointPaths, type EndpointAddress } from './endpoint-paths.js';

/**
 * Every endpoint's address: the site's and the staff console's (kept apart so that the web app's
 * public pages carry only the site's, see admin-endpoint-paths.ts).
 */
export const endpointPaths = { ...siteEndpointPaths, ...adminEndpointPaths } as const;
export type EndpointName = keyof typeof endpointPaths;
import { HomepageSectionsSchema } from './homepage.js';
import { SiteSellerSchema } from './site.js';
import { AcceptedSchema, PerformanceEventBodySchema } from './marketing.js';
import { BrochureQuerySchema, ReferralLandingCoursesSchema } from './referrals.js';
import { OuterResourceFilesSchema, ResourcePdfParamsSchema } from './resources.js';
import {
  ResourceBannerClickBodySchema,
  ResourceBannerClickSchema,
  ResourceFileDetailsSchema,
  ResourceFilesPageSchema,
  ResourceFolderAllSchema,
  ResourceFolderViewSchema,
  ResourcePageQuerySchema,
  ResourceRootSchema,
  ResourceSearchQuerySchema,
  ResourceSearchSchema,
} from './learner-resources.js';
import {
  CallbackBodySchema,
  CampaignLeadBodySchema,
  CompetitionContactBodySchema,
  CurriculumFormBodySchema,
  CurriculumFormResultSchema,
  DevCrmQuerySchema,
  DevCrmSchema,
  HireUsBodySchema,
  LeadAcceptedSchema,
  MailingPathSchema,
  MailingTagsBodySchema,
  MailingTagsResultSchema,
  PartnerContactBodySchema,
  PartnerPathSchema,
  PartnerSubscribeBodySchema,
  UtmClickBodySchema,
} from './leads.js';
import {
  ItinerarySendBodySchema,
  ItinerarySentSchema,
  TripApplicationAddBodySchema,
  TripApplicationDetailsBodySchema,
  TripApplicationDetailsSchema,
  TripApplicationSchema,
  TripApplicationUpdateBodySchema,
} from './trip-applications.js';
import {
  CompetitionDetailsSchema,
  CompetitionListSchema,
  CompetitionRegisterBodySchema,
  CompetitionRegistrationResultSchema,
  CompetitionRegistrationSchema,
} from './competitions.js';
import {
  NotificationPreferencesResultSchema,
  NotificationPreferencesUpdateBodySchema,
  UnsubscribedSchema,
  UnsubscribeQuerySchema,
} from './notifications.js';
import { TripDetailsSchema, TripHomepageSchema, TripListSchema } from './trips.js';
import {
  OnboardingProfileUpdateBodySchema,
  OnboardingResultSchema,
  OwnProfileSchema,
  ProfileSchema,
  ProfileUpdateBodySchema,
  UpiUpdateBodySchema,
  UserIdParamsSchema,
  UserProfileBodySchema,
  UserProfileResultSchema,
} from './users.js';
import { IdParamsSchema } from './wire.js';
import {
  AssessmentCoursesBodySchema,
  AssessmentCoursesSchema,
  CaseStudiesBodySchema,
  CaseStudiesListSchema,
  CatalogueSearchQuerySchema,
  CourseLandingPageSchema,
  LearnersCurriculumsInstructorsSchema,
  MasterclassesAndCoursesResponseSchema,
  OutcomesBonusTestimonialsSchema,
  PartnerParamsSchema,
  PartnerRedirectBodySchema,
  PartnerRedirectSchema,
  VideoTestimonialsBodySchema,
  VideoTestimonialsSchema,
  WorkshopCaseStudiesSchema,
  WorkshopDetailsSchema,
  WorkshopHeroSchema,
  WsRedirectQuerySchema,
} from './workshops.js';

/** The schema half of an endpoint: what a request carries and what a success answers. */
export interface EndpointSchemas {
  /** Path parameters (`{id}` → `id`). */
  params?: z.ZodType;
  query?: z.ZodType;
  body?: z.ZodType;
  /** The `data` of the success envelope; absent when the answer is not JSON (a PDF, a redirect). */
  response?: z.ZodType;
  /** The success status when not 200. */
  status?: 201;
}

/** One entry of the endpoint table. */
export type EndpointDef = EndpointAddress & EndpointSchemas;

const schemas = {
  locus: { response: LocusSchema },
  eventObjects: { response: EventObjectsSchema },
  campaignBanners: { response: CampaignBannersSchema },
  topBanner: { response: TopBannerSchema },
  menuCategories: { response: MenuCategoriesSchema },
  categoriesTree: { response: CategoriesTreeSchema },
  masterclassesAndCourses: {
    query: CatalogueSearchQuerySchema,
    response: MasterclassesAndCoursesResponseSchema,
  },
  performance: { body: PerformanceEventBodySchema, response: AcceptedSchema, status: 201 },
  authCheck: { body: AuthCheckBodySchema, response: AuthCheckResultSchema },
  authRegister: { body: RegisterBodySchema, response: AuthSessionSchema },
  authLogin: { body: LoginBodySchema, response: AuthSessionSchema },
  authOrderLogin: {
    params: OrderIdParamsSchema,
    body: OrderLoginBodySchema.nullish(),
    response: AuthSessionSchema,
  },
  authSendOtp: { body: SendOtpBodySchema, response: OtpSentSchema },
  authVerifyOtp: { body: VerifyOtpBodySchema, response: SignInResultSchema },
  authPasswordAdd: { body: PasswordAddBodySchema, response: PasswordSetSchema },
  authGoogleLogin: { body: GoogleLoginBodySchema, response: SignInResultSchema },
  authGuestInfo: { params: OrderIdParamsSchema, query: GuestInfoQuerySchema, response: GuestInfoSchema },
  authModeratorAccess: { body: ModeratorAccessBodySchema, response: ModeratorAccessResultSchema },
  authLogout: { response: LoggedOutSchema },
  userProfile: { body: UserProfileBodySchema.nullish(), response: UserProfileResultSchema },
  // Another user's profile (staff), or the caller's own: either way without the private key.
  userInfo: { params: UserIdParamsSchema, response: ProfileSchema },
  userDetailsV2: { response: OwnProfileSchema },
  userProfileUpdate: { body: ProfileUpdateBodySchema, response: OwnProfileSchema },
  userOnboardingProfileUpdate: { body: OnboardingProfileUpdateBodySchema, response: OnboardingResultSchema },
  // Multipart (field `image`), read by the handler: no JSON body schema.
  userProfileImageUpload: { response: OwnProfileSchema },
  userUpiUpdate: { body: UpiUpdateBodySchema, response: OwnProfileSchema },
  userCalendarRotate: { response: OwnProfileSchema },
  devOutbox: { query: DevOutboxQuerySchema, response: DevOutboxSchema },
  adminJobs: { response: JobsOverviewSchema },
  adminMe: { response: AdminMeSchema },
  adminLeads: { query: AdminLeadsQuerySchema, response: AdminLeadPageSchema },
  adminFormSubmissions: { query: AdminSubmissionsQuerySchema, response: AdminSubmissionPageSchema },
  adminOutbox: { query: AdminOutboxQuerySchema, response: AdminJobPageSchema },
  adminOutboxRetry: { params: IdParamsSchema, response: AdminJobRetriedSchema },
  adminTripApplications: {
    query: AdminTripApplicationsQuerySchema,
    response: AdminTripApplicationPageSchema,
  },
  adminTripApplicationReview: {
    params: IdParamsSchema,
    body: AdminTripReviewBodySchema,
    response: AdminTripApplicationSchema,
  },
  adminCompetitionRegistrations: {
    query: AdminRegistrationsQuerySchema,
    response: AdminRegistrationPageSchema,
  },
  adminAudit: { query: AdminAuditQuerySchema, response: AdminAuditPageSchema },
  // Staff console: money (issue 17 point 5).
  adminOrders: { query: AdminOrdersQuerySchema, response: AdminOrderPageSchema },
  adminOrder: { params: IdParamsSchema, response: AdminOrderDetailSchema },
  adminOrderRefund: {
    params: IdParamsSchema,
    body: AdminRefundBodySchema,
    response: AdminRefundResultSchema,
  },
  // A PDF download.
  adminOrderInvoice: { params: IdParamsSchema },
  adminCoupons: { query: AdminCouponsQuerySchema, response: AdminCouponPageSchema },
  adminCouponCreate: { body: AdminCouponBodySchema, response: AdminCouponSchema },
  adminCouponUpdate: { params: IdParamsSchema, body: AdminCouponBodySchema, response: AdminCouponSchema },
  adminCouponClaims: {
    params: IdParamsSchema,
    query: AdminCouponClaimsQuerySchema,
    response: AdminCouponClaimPageSchema,
  },
  adminPaymentLinks: { query: AdminPaymentLinksQuerySchema, response: AdminPaymentLinkPageSchema },
  adminPaymentLinkCreate: { body: AdminPaymentLinkBodySchema, response: AdminPaymentLinkSchema },
  adminInstalmentPlans: { query: AdminInstalmentPlansQuerySchema, response: AdminInstalmentPlanPageSchema },
  adminInvoices: { query: AdminInvoicesQuerySchema, response: AdminInvoicePageSchema },
  // Staff console: reports (issue 17 point 7).
  adminReportRevenue: { query: ReportSeriesQuerySchema, response: RevenueReportSchema },
  adminReportEnrolments: { query: ReportRangeQuerySchema, response: EnrolmentsReportSchema },
  adminReportFunnel: { query: ReportRangeQuerySchema, response: FunnelReportSchema },
  adminReportInstalments: { query: ReportSeriesQuerySchema, response: InstalmentsReportSchema },
  adminReportQuizzes: { query: ReportRangeQuerySchema, response: QuizzesReportSchema },
  adminReportAssignments: { query: ReportRangeQuerySchema, response: AssignmentsReportSchema },
  // Staff console — teaching (issue 17 points 1 and 4).
  adminTeachingBatches: { query: TeachingBatchesQuerySchema, response: TeachingBatchesSchema },
  adminTeachingCurriculum: { params: IdParamsSchema, response: TeachingCurriculumSchema },
  adminTeachingModuleCreate: {
    params: IdParamsSchema,
    body: TeachingModuleBodySchema,
    response: TeachingWrittenSchema,
  },
  adminTeachingModuleUpdate: {
    params: IdParamsSchema,
    body: TeachingModuleBodySchema,
    response: TeachingWrittenSchema,
  },
  adminTeachingSessionCreate: {
    params: IdParamsSchema,
    body: TeachingSessionBodySchema,
    response: TeachingWrittenSchema,
  },
  adminTeachingSessionUpdate: {
    params: IdParamsSchema,
    body: TeachingSessionBodySchema,
    response: TeachingWrittenSchema,
  },
  adminTeachingSessionsGenerate: {
    params: IdParamsSchema,
    body: TeachingGenerateBodySchema,
    response: TeachingGeneratedSchema,
  },
  adminTeachingAssignmentCreate: {
    params: IdParamsSchema,
    body: TeachingAssignmentBodySchema,
    response: TeachingWrittenSchema,
  },
  adminTeachingAssignmentUpdate: {
    params: IdParamsSchema,
    body: TeachingAssignmentBodySchema,
    response: TeachingWrittenSchema,
  },
  adminTeachingQuizUpdate: {
    params: IdParamsSchema,
    body: TeachingQuizBodySchema,
    response: TeachingWrittenSchema,
  },
  adminTeachingQuestionCreate: {
    params: IdParamsSchema,
    body: TeachingQuestionBodySchema,
    response: TeachingWrittenSchema,
  },
  adminTeachingQuestionUpdate: {
    params: IdParamsSchema,
    body: TeachingQuestionBodySchema,
    response: TeachingWrittenSchema,
  },
  adminTeachingQuestionDelete: { params: IdParamsSchema, response: TeachingDeletedSchema },
  adminTeachingResponses: {
    params: IdParamsSchema,
    query: TeachingResponsesQuerySchema,
    response: TeachingResponsePageSchema,
  },
  adminTeachingResponseReview: {
    params: IdParamsSchema,
    body: TeachingReviewBodySchema,
    response: TeachingResponseSchema,
  },
  // The PDF of an answer (application/pdf), scoped like the queue.
  adminTeachingResponsePdf: { params: IdParamsSchema },
  adminTeachingAttendance: { params: IdParamsSchema, response: TeachingAttendanceSchema },
  adminTeachingAttendanceMark: {
    params: IdParamsSchema,
    body: TeachingAttendanceBodySchema,
    response: TeachingAttendanceMarkSchema,
  },
  adminTeachingQuizStats: { params: IdParamsSchema, response: TeachingQuizStatsSchema },
  adminTeachingProgress: { params: IdParamsSchema, response: TeachingProgressSchema },
  // Staff console: content (issue 17 point 2)
  adminBlogs: { query: AdminBlogsQuerySchema, response: AdminBlogPageSchema },
  adminBlog: { params: IdParamsSchema, response: AdminBlogSchema },
  adminBlogCreate: { body: AdminBlogBodySchema, response: AdminBlogSchema },
  adminBlogUpdate: { params: IdParamsSchema, body: AdminBlogBodySchema, response: AdminBlogSchema },
  adminBlogCategories: { response: AdminBlogCategoriesSchema },
  adminContentTrips: { query: AdminTripsQuerySchema, response: AdminTripPageSchema },
  adminContentTrip: { params: IdParamsSchema, response: AdminTripSchema },
  adminContentTripCreate: { body: AdminTripBodySchema, response: AdminTripSchema },
  adminContentTripUpdate: { params: IdParamsSchema, body: AdminTripBodySchema, response: AdminTripSchema },
  adminCompetitions: { query: AdminCompetitionsQuerySchema, response: AdminCompetitionPageSchema },
  adminCompetition: { params: IdParamsSchema, response: AdminCompetitionSchema },
  adminCompetitionCreate: { body: AdminCompetitionBodySchema, response: AdminCompetitionSchema },
  adminCompetitionUpdate: {
    params: IdParamsSchema,
    body: AdminCompetitionBodySchema,
    response: AdminCompetitionSchema,
  },
  adminConsultationPackages: { response: AdminConsultationPackagesSchema },
  adminConsultationPackageUpdate: {
    params: IdParamsSchema,
    body: AdminConsultationPackageBodySchema,
    response: AdminConsultationPackageSchema,
  },
  adminTopBanners: { query: AdminListQuerySchema.strict(), response: AdminTopBannerPageSchema },
  adminTopBannerCreate: { body: AdminTopBannerBodySchema, response: AdminTopBannerSchema },
  adminTopBannerUpdate: {
    params: IdParamsSchema,
    body: AdminTopBannerBodySchema,
    response: AdminTopBannerSchema,
  },
  adminCampaigns: { query: AdminListQuerySchema.strict(), response: AdminCampaignPageSchema },
  adminCampaign: { params: IdParamsSchema, response: AdminCampaignSchema },
  adminCampaignCreate: { body: AdminCampaignBodySchema, response: AdminCampaignSchema },
  adminCampaignUpdate: {
    params: IdParamsSchema,
    body: AdminCampaignBodySchema,
    response: AdminCampaignSchema,
  },
  adminEventObjects: { query: AdminListQuerySchema.strict(), response: AdminEventObjectPageSchema },
  adminEventObjectCreate: { body: AdminEventObjectBodySchema, response: AdminEventObjectSchema },
  adminEventObjectUpdate: {
    params: IdParamsSchema,
    body: AdminEventObjectBodySchema,
    response: AdminEventObjectSchema,
  },
  adminResourceFolders: { query: AdminResourceFoldersQuerySchema, response: AdminResourceFolderPageSchema },
  adminResourceFolderCreate: { body: AdminResourceFolderBodySchema, response: AdminResourceFolderSchema },
  adminResourceFolderUpdate: {
    params: IdParamsSchema,
    body: AdminResourceFolderBodySchema,
    response: AdminResourceFolderSchema,
  },
  adminResourceFiles: { query: AdminResourceFilesQuerySchema, response: AdminResourceFilePageSchema },
  adminResourceFileCreate: { body: AdminResourceFileBodySchema, response: AdminResourceFileSchema },
  adminResourceFileUpdate: {
    params: IdParamsSchema,
    body: AdminResourceFileBodySchema,
    response: AdminResourceFileSchema,
  },
  // Multipart (field `file`), read by the handler: no JSON body schema.
  adminResourceUpload: { response: AdminResourceUploadSchema },
  // Staff console: catalogue authoring (issue 17 point 1; helper "catalogue").
  adminCategories: { response: AdminCategoryTreeSchema },
  adminCategoryCreate: { body: AdminCategoryBodySchema, response: AdminCategorySchema },
  adminCategoryUpdate: {
    params: IdParamsSchema,
    body: AdminCategoryBodySchema,
    response: AdminCategorySchema,
  },
  adminCategoriesReorder: { body: AdminReorderBodySchema, response: AdminCategoryTreeSchema },
  adminSubcategoryCreate: {
    params: IdParamsSchema,
    body: AdminCategoryBodySchema,
    response: AdminSubcategorySchema,
  },
  adminSubcategoriesReorder: {
    params: IdParamsSchema,
    body: AdminReorderBodySchema,
    response: AdminCategoryTreeSchema,
  },
  adminSubcategoryUpdate: {
    params: IdParamsSchema,
    body: AdminCategoryBodySchema,
    response: AdminSubcategorySchema,
  },
  adminWorkshops: { query: AdminWorkshopsQuerySchema, response: AdminWorkshopPageSchema },
  adminWorkshopCreate: { body: AdminWorkshopBodySchema, response: AdminWorkshopSchema },
  adminWorkshop: { params: IdParamsSchema, response: AdminWorkshopSchema },
  adminWorkshopUpdate: {
    params: IdParamsSchema,
    body: AdminWorkshopBodySchema,
    response: AdminWorkshopSchema,
  },
  adminWorkshopPublish: {
    params: IdParamsSchema,
    body: AdminPublishBodySchema,
    response: AdminWorkshopSchema,
  },
  adminWorkshopInstructors: {
    params: IdParamsSchema,
    body: AdminWorkshopInstructorsBodySchema,
    response: AdminWorkshopSchema,
  },
  adminInstructors: { response: AdminInstructorListSchema },
  adminWorkshopBatches: { params: IdParamsSchema, response: AdminBatchListSchema },
  adminBatchCreate: { params: IdParamsSchema, body: AdminBatchBodySchema, response: AdminBatchSchema },
  adminBatchUpdate: { params: IdParamsSchema, body: AdminBatchBodySchema, response: AdminBatchSchema },
  adminBatchInstalments: { params: IdParamsSchema, response: AdminInstalmentTemplateSchema },
  adminBatchInstalmentsSave: {
    params: IdParamsSchema,
    body: AdminInstalmentsBodySchema,
    response: AdminInstalmentTemplateSchema,
  },
  workshopDetails: { params: IdParamsSchema, response: WorkshopDetailsSchema },
  workshopHeroDetails: { params: IdParamsSchema, response: WorkshopHeroSchema },
  workshopLearnersCurriculumsInstructors: {
    params: IdParamsSchema,
    response: LearnersCurriculumsInstructorsSchema,
  },
  workshopOutcomesBonusTestimonials: { params: IdParamsSchema, response: OutcomesBonusTestimonialsSchema },
  homepageSections: { response: HomepageSectionsSchema },
  assessmentCourses: { body: AssessmentCoursesBodySchema.nullish(), response: AssessmentCoursesSchema },
  courseLandingPage: { params: IdParamsSchema, response: CourseLandingPageSchema },
  courseCaseStudies: { params: IdParamsSchema, response: WorkshopCaseStudiesSchema },
  caseStudies: { body: CaseStudiesBodySchema, response: CaseStudiesListSchema },
  videoTestimonials: { body: VideoTestimonialsBodySchema.nullish(), response: VideoTestimonialsSchema },
  // A 302 redirect.
  wsRedirect: { query: WsRedirectQuerySchema },
  partnerRedirect: {
    params: PartnerParamsSchema,
    body: PartnerRedirectBodySchema.nullish(),
    response: PartnerRedirectSchema,
  },
  blogsTrendingAndFeatured: { response: TrendingAndFeaturedBlogsSchema },
  homepageBlogs: { response: HomepageBlogsSchema },
  blogsAll: { query: BlogListQuerySchema, response: BlogListSchema },
  blogArticle: { params: IdParamsSchema, response: BlogArticleSchema },
  consultationPageBlogs: {
    body: ConsultationPageBlogsBodySchema.nullish(),
    response: ConsultationPageBlogsSchema,
  },
  tripsList: { response: TripListSchema },
  tripHomepage: { response: TripHomepageSchema },
  tripDetails: { params: IdParamsSchema, response: TripDetailsSchema },
  consultationPackages: { params: ConsultationServiceParamsSchema, response: ConsultationPackagesSchema },
  outerResourceFiles: { response: OuterResourceFilesSchema },
  // application/pdf.
  resourcePdf: { params: ResourcePdfParamsSchema },
  // application/zip, image/jpeg, image/png or image/vnd.dxf, as an attachment.
  resourceFile: { params: ResourcePdfParamsSchema },
  referralLandingCourses: { response: ReferralLandingCoursesSchema },
  // application/pdf.
  brochurePdf: { query: BrochureQuerySchema },
  checkoutDetails: { body: CheckoutDetailsBodySchema, response: CheckoutDetailsSchema },
  paymentAddUser: { body: GuestCheckoutBodySchema, response: GuestCheckoutSchema },
  paymentInitiate: { body: InitiatePaymentBodySchema, response: InitiatePaymentSchema },
  paymentVerify: {
    params: OrderParamsSchema,
    body: VerifyPaymentBodySchema,
    response: VerifiedPaymentSchema,
  },
  paymentCancel: {
    params: OrderParamsSchema,
    body: CancelOrderBodySchema.nullish(),
    response: CancelledOrderSchema,
  },
  // The raw body is read by the handler (its signature covers the exact bytes): no body schema.
  paymentWebhookRazorpay: { response: WebhookReceivedSchema },
  paymentSandboxPay: { body: SandboxPayBodySchema, response: SandboxPaySchema },
  paymentSandboxCheckout: { body: SandboxCheckoutBodySchema, response: SandboxPaySchema },
  orderSuccess: { params: OrderParamsSchema, query: OrderSuccessQuerySchema, response: OrderSuccessSchema },
  // application/pdf.
  orderInvoice: { params: OrderParamsSchema },
  siteSeller: { response: SiteSellerSchema },
  instalment: { params: IdParamsSchema, response: InstalmentSchema },
  instalmentInitiate: { body: InstalmentInitiateBodySchema, response: InitiatePaymentSchema },
  pendingPayments: { response: PendingPaymentsSchema },
  pendingPaymentsByUser: { params: UserIdParamsSchema, response: PendingPaymentsByUserSchema },
  recordingPayment: { body: RecordingPaymentBodySchema, response: InitiatePaymentSchema },
  competitionPayment: { body: CompetitionPaymentBodySchema, response: InitiatePaymentSchema },
  consultationPayment: { body: ConsultationPaymentBodySchema, response: InitiatePaymentSchema },
  customPayment: { body: CustomPaymentBodySchema, response: InitiatePaymentSchema },
  paymentLink: { params: PaymentLinkParamsSchema, response: PaymentLinkSchema },
  coinsPayment: { body: CoinsPaymentBodySchema, response: InitiatePaymentSchema },
  couponClaim: { body: CouponClaimBodySchema, response: CouponPreviewSchema },
  couponClaimCount: { query: CouponClaimCountQuerySchema, response: CouponClaimCountSchema },
  profileCourses: { response: ProfileCoursesSchema },
  walletCourses: { params: UserIdParamsSchema, response: WalletCoursesSchema },
  walletUpdate: { body: WalletUpdateBodySchema, response: WalletSchema },
  walletCoinsAdd: { body: CoinsAddBodySchema, response: CoinsAddedSchema },
  referrer: { params: ReferCodeParamsSchema, response: ReferrerSchema },
  userReferred: { body: ReferredBodySchema, response: ReferredSchema },
  referralOverview: { params: UserIdParamsSchema, response: ReferralOverviewSchema },
  referralClaimForm: { body: PayoutClaimBodySchema, response: PayoutClaimSchema, status: 201 },
  // The learner's dashboard (issue 15).
  profileSuggestedCourses: { body: SuggestedCoursesBodySchema, response: SuggestedCoursesSchema },
  profileTripApplications: { response: TripApplicationsSchema },
  userNotifications: { params: UserIdParamsSchema, response: NotificationsSchema },
  notificationsRead: { body: NotificationsReadBodySchema, response: NotificationsReadSchema },
  courseDashboard: { body: CourseDashboardBodySchema, response: CourseDashboardSchema },
  batchDetails: { body: BatchDetailsBodySchema, response: BatchDetailsSchema },
  assignmentSubmit: { body: AssignmentSubmitBodySchema, response: AssignmentResponseSchema, status: 201 },
  assignmentUpdate: { body: AssignmentUpdateBodySchema, response: AssignmentResponseSchema },
  assignmentDelete: { params: AssignmentResponseParamsSchema, response: AssignmentDeletedSchema },
  assignmentPdf: { params: AssignmentResponseParamsSchema },
  assignmentPoints: { params: IdParamsSchema, response: AssignmentPointsSchema },
  leaderboard: { params: IdParamsSchema, response: LeaderboardSchema },
  moduleQuiz: { params: ModuleIdParamsSchema, response: QuizModuleSchema },
  courseQuizzes: { body: CourseDashboardBodySchema, response: CourseQuizzesSchema },
  quizSubmit: { body: QuizSubmitBodySchema, response: QuizSubmitResultSchema },
  quizRetake: { body: QuizRetakeBodySchema, response: QuizRetakeSchema },
  certificateDetails: { response: CertificateDetailsSchema },
  certificates: { response: CertificatesSchema },
  courseCertificatePdf: { params: CourseCertificateParamsSchema, query: CourseCertificateQuerySchema },
  moduleCertificatePdf: { body: ModuleCertificateBodySchema },
  certificateShare: { body: CertificateShareBodySchema, response: CertificateShareSchema },
  certificateModal: { body: ModuleCertificateBodySchema, response: CertificateModalSchema },
  certificateVerify: { params: CertificateCodeParamsSchema, response: CertificateVerificationSchema },
  feedbackCollect: { body: FeedbackCollectBodySchema, response: FeedbackCollectedSchema },
  workshopRatingFeedback: { body: WorkshopRatingBodySchema, response: WorkshopRatingSchema },

  // Learner resources (issue 15): entries below this line belong to the resources work.
  learnerResourceRoot: { response: ResourceRootSchema },
  learnerResourceFolder: { params: IdParamsSchema, response: ResourceFolderViewSchema },
  learnerResourceFolderFiles: {
    params: IdParamsSchema,
    query: ResourcePageQuerySchema,
    response: ResourceFilesPageSchema,
  },
  learnerResourceSearch: { query: ResourceSearchQuerySchema, response: ResourceSearchSchema },
  learnerResourceDetails: { params: IdParamsSchema, response: ResourceFileDetailsSchema },
  learnerResourceFolderAll: { params: IdParamsSchema, response: ResourceFolderAllSchema },
  learnerResourcePremium: { params: IdParamsSchema, response: ResourceFileDetailsSchema },
  // application/pdf.
  learnerResourceFile: { params: IdParamsSchema },
  learnerResourceBannerClick: {
    body: ResourceBannerClickBodySchema,
    response: ResourceBannerClickSchema,
    status: 201,
  },

  // The calendar feed (issue 15): entries below this line belong to the calendar work.
  // text/calendar (RFC 5545).
  calendarFeed: { params: CalendarFeedParamsSchema },

  // Leads, CRM and messaging (issue 16).
  callback: { body: CallbackBodySchema, response: LeadAcceptedSchema, status: 201 },
  campaignLeads: { body: CampaignLeadBodySchema, response: LeadAcceptedSchema, status: 201 },
  hireUs: { body: HireUsBodySchema, response: LeadAcceptedSchema, status: 201 },
  competitionsContact: { body: CompetitionContactBodySchema, response: LeadAcceptedSchema, status: 201 },
  curriculumForm: { body: CurriculumFormBodySchema, response: CurriculumFormResultSchema, status: 201 },
  partnerContact: {
    params: PartnerPathSchema,
    body: PartnerContactBodySchema,
    response: LeadAcceptedSchema,
    status: 201,
  },
  partnerSubscribe: {
    params: PartnerPathSchema,
    body: PartnerSubscribeBodySchema,
    response: LeadAcceptedSchema,
    status: 201,
  },
  utmClicks: { body: UtmClickBodySchema, response: AcceptedSchema, status: 201 },
  mailingEmailTags: {
    params: MailingPathSchema,
    body: MailingTagsBodySchema,
    response: MailingTagsResultSchema,
  },
  mailingAudienceTags: {
    params: MailingPathSchema,
    body: MailingTagsBodySchema,
    response: MailingTagsResultSchema,
  },
  devCrm: { query: DevCrmQuerySchema, response: DevCrmSchema },
  itinerarySend: { body: ItinerarySendBodySchema, response: ItinerarySentSchema },
  tripApplicationAdd: { body: TripApplicationAddBodySchema, response: TripApplicationSchema, status: 201 },
  tripApplicationUpdate: { body: TripApplicationUpdateBodySchema, response: TripApplicationSchema },
  tripApplicationDetails: { body: TripApplicationDetailsBodySchema, response: TripApplicationDetailsSchema },
  competitions: { response: CompetitionListSchema },
  competitionDetails: { params: IdParamsSchema, response: CompetitionDetailsSchema },
  competitionRegistration: { params: IdParamsSchema, response: CompetitionRegistrationResultSchema },
  competitionRegister: {
    body: CompetitionRegisterBodySchema,
    response: CompetitionRegistrationSchema,
    status: 201,
  },
  notificationPreferences: { response: NotificationPreferencesResultSchema },
  notificationPreferencesUpdate: {
    body: NotificationPreferencesUpdateBodySchema,
    response: NotificationPreferencesResultSchema,
  },
  unsubscribe: { query: UnsubscribeQuerySchema, response: UnsubscribedSchema },

  // Staff console: learners, payouts, staff accounts and roles (issue 17 point 3).
  adminLearners: { query: AdminLearnersQuerySchema, response: AdminLearnerPageSchema },
  adminLearner: { params: IdParamsSchema, response: AdminLearnerSchema },
  adminLearnerEnrol: {
    params: IdParamsSchema,
    body: AdminEnrolBodySchema,
    response: AdminEnrolmentResultSchema,
  },
  adminLearnerCoins: { params: IdParamsSchema, body: AdminCoinsBodySchema, response: AdminCoinsResultSchema },
  adminEnrolmentMove: {
    params: IdParamsSchema,
    body: AdminMoveBodySchema,
    response: AdminEnrolmentResultSchema,
  },
  adminEnrolmentRevoke: {
    params: IdParamsSchema,
    body: AdminRevokeBodySchema,
    response: AdminEnrolmentResultSchema,
  },
  adminPayouts: { query: AdminPayoutsQuerySchema, response: AdminPayoutPageSchema },
  adminPayoutSettle: {
    params: IdParamsSchema,
    body: AdminPayoutSettleBodySchema,
    response: AdminPayoutSchema,
  },
  adminStaff: { query: AdminStaffQuerySchema, response: AdminStaffPageSchema },
  adminStaffAdd: { body: AdminStaffAddBodySchema, response: AdminLearnerRowSchema },
  adminUserRole: { params: IdParamsSchema, body: AdminRoleBodySchema, response: AdminLearnerRowSchema },
  adminUserDisabled: {
    params: IdParamsSchema,
    body: AdminDisableBodySchema,
    response: AdminLearnerRowSchema,
  },
} as const satisfies Record<EndpointName, EndpointSchemas>;

type Schemas = typeof schemas;

/** The full table's type: each address joined with its schemas. */
export type Endpoints = { readonly [N in EndpointName]: (typeof endpointPaths)[N] & Schemas[N] };

function join(): Endpoints {
  const table = {} as Record<EndpointName, EndpointDef>;
  for (const name of Object.keys(endpointPaths) as EndpointName[])
    table[name] = { ...endpointPaths[name], ...schemas[name] };
  return table as Endpoints;
}

/**
 * The endpoint table: one entry per /api call, with its method, path, request schemas (params,
 * query, body), response schema (the envelope's `data`) and the callers who may use it. The
 * server registers its routes from it (`defineRoute`), the OpenAPI document is generated from
 * those routes, the web client takes its request and response types from it, and the route ×
 * role matrix test (`apps/server/src/http/route-matrix.test.ts`) walks it.
 */
export const endpoints: Endpoints = join();

type Entry<N extends EndpointName> = Endpoints[N];
type InputOf<S> = S extends z.ZodType ? z.input<S> : never;
type OutputOf<S> = S extends z.ZodType ? z.output<S> : never;

/** The `data` a success of endpoint `N` carries (`never` for a PDF or a redirect). */
export type ResponseOf<N extends EndpointName> = Entry<N> extends { response: infer S } ? OutputOf<S> : never;
/** The JSON body endpoint `N` accepts, as a client sends it. */
export type BodyOf<N extends EndpointName> = Entry<N> extends { body: infer S } ? InputOf<S> : undefined;
/** The path parameters of endpoint `N`, as a client sends them. */
export type ParamsOf<N extends EndpointName> = Entry<N> extends { params: infer S } ? InputOf<S> : undefined;
/** The query of endpoint `N`, as a client sends it. */
export type QueryOf<N extends EndpointName> = Entry<N> extends { query: infer S } ? InputOf<S> : undefined;
