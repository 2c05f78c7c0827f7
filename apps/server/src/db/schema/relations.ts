/**
 * drizzle `relations()` for the relational query API (`db.query.workshops.findMany({ with: … })`).
 * Kept in one file so that table files only import downwards and never form import cycles.
 * Where two foreign keys join the same pair of tables, `relationName` tells them apart.
 */
import { relations } from 'drizzle-orm';
import {
  batchSchedules,
  batches,
  categories,
  courseCategories,
  metaTags,
  subcategories,
  workshops,
} from './catalogue.js';
import {
  blogCategories,
  blogs,
  campaignBanners,
  campaigns,
  consultationPackages,
  resourceFiles,
  resourceFolders,
  tripApplications,
  trips,
} from './content.js';
import {
  assignmentResponses,
  assignments,
  courseModuleDetails,
  courseModuleSessions,
  courseModules,
  enrolments,
  feedbackRatings,
  moduleCertificateModals,
  workshopRatings,
} from './learning.js';
import {
  competitionRegistrations,
  competitions,
  leadNotes,
  leads,
  marketingFormSubmissions,
} from './marketing.js';
import {
  couponClaims,
  coupons,
  instalmentPlans,
  instalments,
  orderLoginTokens,
  orders,
  payments,
  refunds,
} from './payments.js';
import {
  certificates,
  courseQuizOptions,
  courseQuizQuestions,
  courseQuizResponses,
  courseQuizzes,
} from './quizzes.js';
import { assessmentProgresses, moderatorAccessAudit, notifications, sessions, users } from './users.js';
import { coinsLedger, coinsWallets, referralClaimForms, referrals } from './wallet.js';

// ── users ────────────────────────────────────────────────────────────────────────────────────

export const usersRelations = relations(users, ({ one, many }) => ({
  sessions: many(sessions, { relationName: 'sessionUser' }),
  coinsWallet: one(coinsWallets),
  assessmentProgresses: many(assessmentProgresses),
  notifications: many(notifications),
  enrolments: many(enrolments),
  assignmentResponses: many(assignmentResponses, { relationName: 'responseAuthor' }),
  feedbackRatings: many(feedbackRatings),
  workshopRatings: many(workshopRatings),
  quizResponses: many(courseQuizResponses),
  certificates: many(certificates),
  orders: many(orders),
  instalmentPlans: many(instalmentPlans),
  couponClaims: many(couponClaims),
  tripApplications: many(tripApplications),
  referralsMade: many(referrals, { relationName: 'referrer' }),
  referredBy: one(referrals, {
    fields: [users.id],
    references: [referrals.refereeId],
    relationName: 'referee',
  }),
  referralClaimForms: many(referralClaimForms),
  competitionRegistrations: many(competitionRegistrations),
}));

export const sessionsRelations = relations(sessions, ({ one }) => ({
  user: one(users, { fields: [sessions.userId], references: [users.id], relationName: 'sessionUser' }),
  viewedUser: one(users, {
    fields: [sessions.viewedUserId],
    references: [users.id],
    relationName: 'sessionViewedUser',
  }),
}));

export const moderatorAccessAuditRelations = relations(moderatorAccessAudit, ({ one }) => ({
  moderator: one(users, {
    fields: [moderatorAccessAudit.moderatorId],
    references: [users.id],
    relationName: 'auditModerator',
  }),
  learner: one(users, {
    fields: [moderatorAccessAudit.learnerId],
    references: [users.id],
    relationName: 'auditLearner',
  }),
  session: one(sessions, { fields: [moderatorAccessAudit.sessionId], references: [sessions.id] }),
}));

export const assessmentProgressesRelations = relations(assessmentProgresses, ({ one }) => ({
  user: one(users, { fields: [assessmentProgresses.userId], references: [users.id] }),
}));

export const notificationsRelations = relations(notifications, ({ one }) => ({
  user: one(users, { fields: [notifications.userId], references: [users.id] }),
}));

// ── catalogue ────────────────────────────────────────────────────────────────────────────────

export const categoriesRelations = relations(categories, ({ many }) => ({
  subcategories: many(subcategories),
}));

export const subcategoriesRelations = relations(subcategories, ({ one, many }) => ({
  category: one(categories, { fields: [subcategories.categoryId], references: [categories.id] }),
  courseCategories: many(courseCategories),
}));

export const courseCategoriesRelations = relations(courseCategories, ({ one }) => ({
  subcategory: one(subcategories, {
    fields: [courseCategories.subcategoryId],
    references: [subcategories.id],
  }),
  workshop: one(workshops, { fields: [courseCategories.workshopId], references: [workshops.id] }),
}));

export const workshopsRelations = relations(workshops, ({ many }) => ({
  batches: many(batches),
  metaTags: many(metaTags),
  courseCategories: many(courseCategories),
  courseModules: many(courseModules),
  ratings: many(workshopRatings),
  coupons: many(coupons),
}));

export const metaTagsRelations = relations(metaTags, ({ one }) => ({
  workshop: one(workshops, { fields: [metaTags.workshopId], references: [workshops.id] }),
}));

export const batchesRelations = relations(batches, ({ one, many }) => ({
  workshop: one(workshops, { fields: [batches.workshopId], references: [workshops.id] }),
  batchSchedules: many(batchSchedules),
  enrolments: many(enrolments),
  courseModules: many(courseModules),
  feedbackRatings: many(feedbackRatings),
  certificates: many(certificates),
  orders: many(orders),
  instalmentPlans: many(instalmentPlans),
}));

export const batchSchedulesRelations = relations(batchSchedules, ({ one }) => ({
  batch: one(batches, { fields: [batchSchedules.batchId], references: [batches.id] }),
}));

// ── learning ─────────────────────────────────────────────────────────────────────────────────

export const enrolmentsRelations = relations(enrolments, ({ one }) => ({
  user: one(users, { fields: [enrolments.userId], references: [users.id] }),
  batch: one(batches, { fields: [enrolments.batchId], references: [batches.id] }),
  sourceOrder: one(orders, { fields: [enrolments.sourceOrderId], references: [orders.id] }),
}));

export const courseModulesRelations = relations(courseModules, ({ one, many }) => ({
  batch: one(batches, { fields: [courseModules.batchId], references: [batches.id] }),
  workshop: one(workshops, { fields: [courseModules.workshopId], references: [workshops.id] }),
  courseModuleDetails: many(courseModuleDetails),
  quiz: one(courseQuizzes),
  courseQuizQuestions: many(courseQuizQuestions),
  modals: many(moduleCertificateModals),
  certificates: many(certificates),
}));

export const courseModuleDetailsRelations = relations(courseModuleDetails, ({ one, many }) => ({
  module: one(courseModules, {
    fields: [courseModuleDetails.moduleId],
    references: [courseModules.id],
  }),
  courseModuleSessions: many(courseModuleSessions),
}));

export const courseModuleSessionsRelations = relations(courseModuleSessions, ({ one, many }) => ({
  detail: one(courseModuleDetails, {
    fields: [courseModuleSessions.detailId],
    references: [courseModuleDetails.id],
  }),
  assignments: many(assignments),
}));

export const assignmentsRelations = relations(assignments, ({ one, many }) => ({
  session: one(courseModuleSessions, {
    fields: [assignments.sessionId],
    references: [courseModuleSessions.id],
  }),
  assignmentResponses: many(assignmentResponses),
}));

export const assignmentResponsesRelations = relations(assignmentResponses, ({ one }) => ({
  assignment: one(assignments, {
    fields: [assignmentResponses.assignmentId],
    references: [assignments.id],
  }),
  user: one(users, {
    fields: [assignmentResponses.userId],
    references: [users.id],
    relationName: 'responseAuthor',
  }),
  reviewer: one(users, {
    fields: [assignmentResponses.reviewedBy],
    references: [users.id],
    relationName: 'responseReviewer',
  }),
}));

export const feedbackRatingsRelations = relations(feedbackRatings, ({ one }) => ({
  user: one(users, { fields: [feedbackRatings.userId], references: [users.id] }),
  batch: one(batches, { fields: [feedbackRatings.batchId], references: [batches.id] }),
}));

export const workshopRatingsRelations = relations(workshopRatings, ({ one }) => ({
  user: one(users, { fields: [workshopRatings.userId], references: [users.id] }),
  workshop: one(workshops, { fields: [workshopRatings.workshopId], references: [workshops.id] }),
  batch: one(batches, { fields: [workshopRatings.batchId], references: [batches.id] }),
}));

export const moduleCertificateModalsRelations = relations(moduleCertificateModals, ({ one }) => ({
  user: one(users, { fields: [moduleCertificateModals.userId], references: [users.id] }),
  module: one(courseModules, {
    fields: [moduleCertificateModals.moduleId],
    references: [courseModules.id],
  }),
}));

// ── quizzes and certificates ─────────────────────────────────────────────────────────────────

export const courseQuizzesRelations = relations(courseQuizzes, ({ one }) => ({
  module: one(courseModules, { fields: [courseQuizzes.moduleId], references: [courseModules.id] }),
}));

export const courseQuizQuestionsRelations = relations(courseQuizQuestions, ({ one, many }) => ({
  module: one(courseModules, {
    fields: [courseQuizQuestions.moduleId],
    references: [courseModules.id],
  }),
  courseQuizOptions: many(courseQuizOptions),
  courseQuizResponses: many(courseQuizResponses),
}));

export const courseQuizOptionsRelations = relations(courseQuizOptions, ({ one, many }) => ({
  question: one(courseQuizQuestions, {
    fields: [courseQuizOptions.questionId],
    references: [courseQuizQuestions.id],
  }),
  responses: many(courseQuizResponses),
}));

export const courseQuizResponsesRelations = relations(courseQuizResponses, ({ one }) => ({
  question: one(courseQuizQuestions, {
    fields: [courseQuizResponses.questionId],
    references: [courseQuizQuestions.id],
  }),
  user: one(users, { fields: [courseQuizResponses.userId], references: [users.id] }),
  courseQuizOption: one(courseQuizOptions, {
    fields: [courseQuizResponses.optionId],
    references: [courseQuizOptions.id],
  }),
}));

export const certificatesRelations = relations(certificates, ({ one }) => ({
  user: one(users, { fields: [certificates.userId], references: [users.id] }),
  batch: one(batches, { fields: [certificates.batchId], references: [batches.id] }),
  module: one(courseModules, { fields: [certificates.moduleId], references: [courseModules.id] }),
}));

// ── content ──────────────────────────────────────────────────────────────────────────────────

export const blogCategoriesRelations = relations(blogCategories, ({ many }) => ({
  blogs: many(blogs),
}));

export const blogsRelations = relations(blogs, ({ one }) => ({
  category: one(blogCategories, { fields: [blogs.categoryId], references: [blogCategories.id] }),
}));

export const tripsRelations = relations(trips, ({ many }) => ({
  applications: many(tripApplications),
}));

export const tripApplicationsRelations = relations(tripApplications, ({ one }) => ({
  user: one(users, { fields: [tripApplications.userId], references: [users.id] }),
  trip: one(trips, { fields: [tripApplications.tripId], references: [trips.id] }),
}));

export const consultationPackagesRelations = relations(consultationPackages, ({ many }) => ({
  orders: many(orders),
}));

export const campaignsRelations = relations(campaigns, ({ many }) => ({
  banners: many(campaignBanners),
}));

export const campaignBannersRelations = relations(campaignBanners, ({ one }) => ({
  campaign: one(campaigns, { fields: [campaignBanners.campaignId], references: [campaigns.id] }),
}));

export const resourceFoldersRelations = relations(resourceFolders, ({ one, many }) => ({
  parent: one(resourceFolders, {
    fields: [resourceFolders.parentId],
    references: [resourceFolders.id],
    relationName: 'folderParent',
  }),
  children: many(resourceFolders, { relationName: 'folderParent' }),
  files: many(resourceFiles),
}));

export const resourceFilesRelations = relations(resourceFiles, ({ one }) => ({
  folder: one(resourceFolders, {
    fields: [resourceFiles.folderId],
    references: [resourceFolders.id],
  }),
}));

// ── payments ─────────────────────────────────────────────────────────────────────────────────

export const couponsRelations = relations(coupons, ({ one, many }) => ({
  workshop: one(workshops, { fields: [coupons.workshopId], references: [workshops.id] }),
  claims: many(couponClaims),
}));

export const couponClaimsRelations = relations(couponClaims, ({ one }) => ({
  coupon: one(coupons, { fields: [couponClaims.couponId], references: [coupons.id] }),
  user: one(users, { fields: [couponClaims.userId], references: [users.id] }),
  order: one(orders, { fields: [couponClaims.orderId], references: [orders.id] }),
}));

export const ordersRelations = relations(orders, ({ one, many }) => ({
  user: one(users, { fields: [orders.userId], references: [users.id] }),
  batch: one(batches, { fields: [orders.batchId], references: [batches.id] }),
  instalment: one(instalments, {
    fields: [orders.instalmentId],
    references: [instalments.id],
    relationName: 'orderForInstalment',
  }),
  consultationPackage: one(consultationPackages, {
    fields: [orders.consultationPackageId],
    references: [consultationPackages.id],
  }),
  coupon: one(coupons, { fields: [orders.couponId], references: [coupons.id] }),
  payments: many(payments),
  refunds: many(refunds),
  loginTokens: many(orderLoginTokens),
}));

export const paymentsRelations = relations(payments, ({ one, many }) => ({
  order: one(orders, { fields: [payments.orderId], references: [orders.id] }),
  refunds: many(refunds),
}));

export const refundsRelations = relations(refunds, ({ one }) => ({
  payment: one(payments, { fields: [refunds.paymentId], references: [payments.id] }),
  order: one(orders, { fields: [refunds.orderId], references: [orders.id] }),
}));

export const instalmentPlansRelations = relations(instalmentPlans, ({ one, many }) => ({
  user: one(users, { fields: [instalmentPlans.userId], references: [users.id] }),
  batch: one(batches, { fields: [instalmentPlans.batchId], references: [batches.id] }),
  order: one(orders, { fields: [instalmentPlans.orderId], references: [orders.id] }),
  instalments: many(instalments),
}));

export const instalmentsRelations = relations(instalments, ({ one }) => ({
  plan: one(instalmentPlans, { fields: [instalments.planId], references: [instalmentPlans.id] }),
  paidOrder: one(orders, {
    fields: [instalments.paidOrderId],
    references: [orders.id],
    relationName: 'instalmentPaidOrder',
  }),
}));

export const orderLoginTokensRelations = relations(orderLoginTokens, ({ one }) => ({
  order: one(orders, { fields: [orderLoginTokens.orderId], references: [orders.id] }),
}));

// ── wallet and referrals ─────────────────────────────────────────────────────────────────────

export const coinsWalletsRelations = relations(coinsWallets, ({ one, many }) => ({
  user: one(users, { fields: [coinsWallets.userId], references: [users.id] }),
  ledger: many(coinsLedger),
}));

export const coinsLedgerRelations = relations(coinsLedger, ({ one }) => ({
  wallet: one(coinsWallets, { fields: [coinsLedger.walletId], references: [coinsWallets.id] }),
  order: one(orders, { fields: [coinsLedger.orderId], references: [orders.id] }),
}));

export const referralsRelations = relations(referrals, ({ one }) => ({
  referrer: one(users, {
    fields: [referrals.referrerId],
    references: [users.id],
    relationName: 'referrer',
  }),
  referee: one(users, {
    fields: [referrals.refereeId],
    references: [users.id],
    relationName: 'referee',
  }),
  qualifyingOrder: one(orders, {
    fields: [referrals.qualifyingOrderId],
    references: [orders.id],
  }),
}));

export const referralClaimFormsRelations = relations(referralClaimForms, ({ one }) => ({
  user: one(users, { fields: [referralClaimForms.userId], references: [users.id] }),
}));

// ── marketing ────────────────────────────────────────────────────────────────────────────────

export const leadsRelations = relations(leads, ({ one, many }) => ({
  user: one(users, { fields: [leads.userId], references: [users.id] }),
  notes: many(leadNotes),
  submissions: many(marketingFormSubmissions),
}));

export const leadNotesRelations = relations(leadNotes, ({ one }) => ({
  lead: one(leads, { fields: [leadNotes.leadId], references: [leads.id] }),
}));

export const marketingFormSubmissionsRelations = relations(marketingFormSubmissions, ({ one }) => ({
  lead: one(leads, { fields: [marketingFormSubmissions.leadId], references: [leads.id] }),
}));

export const competitionsRelations = relations(competitions, ({ many }) => ({
  registrations: many(competitionRegistrations),
}));

export const competitionRegistrationsRelations = relations(competitionRegistrations, ({ one }) => ({
  competition: one(competitions, {
    fields: [competitionRegistrations.competitionId],
    references: [competitions.id],
  }),
  user: one(users, { fields: [competitionRegistrations.userId], references: [users.id] }),
  order: one(orders, { fields: [competitionRegistrations.orderId], references: [orders.id] }),
}));
