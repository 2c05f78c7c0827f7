/**
 * `@atelier/domain`: the product spec's business rules as pure functions (see
 * `shared/domain-contract.md`). No I/O, no clock — callers pass `now` — and no dependence on the
 * machine's time zone: calendar days are taken in `tz` (default `'Asia/Kolkata'`). Malformed API data
 * degrades as the contract says and never throws; `now` and `tz` come from the caller, so an invalid
 * Date or an unknown zone name is a programming error and throws `RangeError`.
 */

export {
  CAMPAIGN_BANNER_TYPE,
  CONSULTATION_PACKAGE_ORDER,
  CONSULTATION_UNCHECKED_COVERED,
  DEFAULT_CURRENCY,
  DEFAULT_TIME_ZONE,
  FEEDBACK_STATUS_PENDING,
  FEEDBACK_THRESHOLD,
  FEEDBACK_TYPE,
  GOOGLE_SCOPES,
  GREETING_HOURS,
  IAM,
  IAM_LABELS,
  IAM_NEEDING_COLLEGE,
  INSTALMENT_POPUP_WINDOW,
  LEAD_CAMPAIGN_ID,
  LEAD_COUNTRY_CODE,
  LEAD_DIAL_CODE,
  LEAD_EMAIL_TYPE,
  LEAD_PHONE_TYPE,
  LEAD_SOURCE_ID,
  LOADING_BAR_COLOUR,
  SESSION_TYPE,
  THEME_COLOUR,
  WORKSHOP_TYPE,
} from './constants.js';
export type { CampaignBannerType, FeedbackType, Iam, SessionType, WorkshopType } from './constants.js';

export { isNoDate, NO_DATE, toWireDate, wireDateOrNone } from './calendar.js';

export { formatSessionTime, greeting, nextSession, sessionLabel } from './time.js';
export type { Greeting, ScheduledSession } from './time.js';

export { arrangeEnrolledCourses, courseTiming, homeCourseBuckets } from './courses.js';
export type {
  ArrangedEnrolledCourses,
  BatchSchedule,
  CourseTiming,
  DropdownCourse,
  EnrolledBatch,
  EnrolledCourse,
  HomeCourseBuckets,
  UpcomingCourse,
} from './courses.js';

export { catalogueOrder, sortCategories } from './catalogue.js';
export type {
  CategoryLike,
  CourseCategoryLike,
  SubcategoryLike,
  WorkshopBatchLike,
  WorkshopLike,
} from './catalogue.js';

export { formatPrice, workshopPricing } from './pricing.js';

export {
  batchPhase,
  batchSale,
  coinsToUse,
  COUPON_REFUSAL_MESSAGES,
  couponDiscount,
  couponRefusal,
  DEFAULT_COIN_RULES,
  DEFAULT_LATE_JOIN_DAYS,
  lastJoinDay,
  maxCoinsFor,
  priceBreakdown,
  scheduleFromTemplate,
  splitInstalments,
} from './commerce.js';
export type {
  BatchOnSaleInput,
  BatchPhase,
  BatchSale,
  CoinRules,
  CommerceCurrency,
  CouponLimits,
  CouponRefusal,
  CouponTerms,
  InstalmentTemplateItem,
  PriceBreakdown,
  ScheduledInstalment,
} from './commerce.js';
export type { WorkshopPricing } from './pricing.js';

export { blogPath, slugify, workshopPath, youtubeId } from './paths.js';
export type { BlogLike } from './paths.js';

export {
  assignmentStatus,
  feedbackFormsDue,
  instalmentAlert,
  isQuizAttempted,
  moduleQuizScore,
  overdueAssignments,
  quizPercentage,
} from './progress.js';
export type {
  Assignment,
  AssignmentResponse,
  AssignmentStatus,
  CourseModuleSession,
  FeedbackRating,
  InstalmentAlert,
  InstalmentDetail,
  QuizModule,
  QuizOption,
  QuizQuestion,
  QuizResponse,
  QuizScore,
} from './progress.js';

export { iamLabel, isProfileComplete, onboardingStep } from './profile.js';
export type { IamLabel, OnboardingStep, ProfileLike } from './profile.js';

export { buildLead, canSendLead, leadDue, splitMobile } from './leads.js';
export type {
  CrmEmail,
  CrmLead,
  CrmPhoneNumber,
  LeadContact,
  LeadInput,
  LeadProduct,
  LeadSettings,
} from './leads.js';

export { arrangeConsultationPackages } from './consultation.js';
export type { ArrangedConsultationPackage, ConsultationPackageLike, CoveredItem } from './consultation.js';
