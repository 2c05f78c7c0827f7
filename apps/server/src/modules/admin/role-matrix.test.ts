import { endpoints, type EndpointName } from '@atelier/contract';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../db/client.js';
import {
  assignmentResponses,
  competitions,
  coupons,
  courseQuizOptions,
  courseQuizQuestions,
  jobs,
  orders,
  resourceFiles,
  resourceFolders,
  tripApplications,
  workshopInstructors,
} from '../../db/schema/index.js';
import {
  createBatch,
  createBlog,
  createCampaign,
  createCategory,
  createConsultationPackage,
  createEventObject,
  createSubcategory,
  createTopBanner,
  createTrip,
  createWorkshop,
} from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';
import { tinyPdf } from '../coursework/testing.js';
import { createCurriculum, enrol, type SeededCurriculum } from '../learning/testing.js';
import { createPayoutClaim, moveCoins } from '../wallet/index.js';

/*
 * The staff console's role matrix (issue 17), generated from ONE table: every `/api/admin/*` call
 * of the contract must have a row (the first test fails on any call missing from it), and each row
 * says who may call it:
 *   - `admin`: admins only; everyone else 404 (instructors included);
 *   - `staff`: admins and every instructor (e.g. who am I);
 *   - `own`: admins and the instructor who teaches the workshop the call names (instructor-own);
 *     another instructor (instructor-other), learners and visitors 404.
 * "May call" means anything but 404, 401, 403 or a 5xx: the point here is the door, not the
 * write (each area's own tests check the answers). Rows get the fixture's ids (`F`).
 */

type Caller = 'admin' | 'instructorOwn' | 'instructorOther' | 'learner' | 'visitor';
const CALLERS: readonly Caller[] = ['admin', 'instructorOwn', 'instructorOther', 'learner', 'visitor'];

/** What the calls are made on: a workshop taught by instructorOwn, its batch, curriculum, a learner. */
export interface Fixture {
  workshopId: number;
  batchId: number;
  moduleId: number;
  sessionId: number;
  assignmentId: number;
  learnerId: number;
  /** A workshop and batch nobody teaches (only admins reach them). */
  otherWorkshopId: number;
  otherBatchId: number;
  /** A dead outbox job and a submitted trip application (admins' calls act on them). */
  deadJobId: number;
  tripApplicationId: number;
  /** Learners and staff (issue 17 point 3): the learner's enrolment, a payout request, an account to act on. */
  enrolmentId: number;
  payoutId: number;
  accountId: number;
  accountEmail: string;
  /** Money (issue 17 point 5): a paid order of the learner's and a coupon. */
  paidOrderId: number;
  couponId: number;
  // Teaching (issue 17 point 4): a learner's answer in the taught batch, and quiz questions of it
  // (one per caller of the delete row: a deleted question cannot be deleted again).
  responseId: number;
  pdfResponseId: number;
  questionId: number;
  spareQuestionIds: number[];
  // Content (issue 17 point 2): a blog and a trip.
  blogId: number;
  tripId: number;
  competitionId: number;
  consultationPackageId: number;
  topBannerId: number;
  campaignId: number;
  eventObjectId: number;
  resourceFolderId: number;
  resourceFileId: number;
  /** Catalogue authoring (helper "catalogue"): a category and its subcategory. */
  categoryId: number;
  subcategoryId: number;
}

interface Row {
  access: 'admin' | 'staff' | 'own';
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: (f: Fixture) => string;
  body?: (f: Fixture) => unknown;
}

/** The reports' range (issue 17 point 7). */
const RANGE = 'from=2026-11-01&to=2026-11-30';

/** Every console call (one row each). */
const MATRIX: Partial<Record<EndpointName, Row>> = {
  adminMe: { access: 'staff', method: 'GET', url: () => '/api/admin/me' },
  adminJobs: { access: 'admin', method: 'GET', url: () => '/api/admin/jobs' },
  adminLeads: { access: 'admin', method: 'GET', url: () => '/api/admin/leads' },
  adminFormSubmissions: { access: 'admin', method: 'GET', url: () => '/api/admin/form-submissions' },
  adminOutbox: { access: 'admin', method: 'GET', url: () => '/api/admin/outbox' },
  adminOutboxRetry: { access: 'admin', method: 'POST', url: (f) => `/api/admin/outbox/${f.deadJobId}/retry` },
  adminTripApplications: { access: 'admin', method: 'GET', url: () => '/api/admin/trip-applications' },
  adminTripApplicationReview: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/trip-applications/${f.tripApplicationId}/review`,
    body: () => ({ decision: 'accepted' }),
  },
  adminCompetitionRegistrations: {
    access: 'admin',
    method: 'GET',
    url: () => '/api/admin/competition-registrations',
  },
  adminAudit: { access: 'admin', method: 'GET', url: () => '/api/admin/audit' },
  // Learners, payouts, staff accounts and roles (issue 17 point 3).
  adminLearners: { access: 'admin', method: 'GET', url: () => '/api/admin/learners' },
  adminLearner: { access: 'admin', method: 'GET', url: (f) => `/api/admin/learners/${f.learnerId}` },
  adminLearnerEnrol: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/learners/${f.accountId}/enrol`,
    body: (f) => ({ mode: 'free', batchId: f.otherBatchId, reason: 'Matrix scholarship' }),
  },
  adminLearnerCoins: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/learners/${f.learnerId}/coins`,
    body: () => ({ coins: 10, reason: 'Matrix coins' }),
  },
  adminEnrolmentMove: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/enrolments/${f.enrolmentId}/move`,
    body: (f) => ({ batchId: f.otherBatchId, reason: 'Matrix move' }),
  },
  adminEnrolmentRevoke: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/enrolments/${f.enrolmentId}/revoke`,
    body: () => ({ reason: 'Matrix revoke' }),
  },
  adminPayouts: { access: 'admin', method: 'GET', url: () => '/api/admin/payouts' },
  adminPayoutSettle: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/payouts/${f.payoutId}/settle`,
    body: () => ({ outcome: 'paid', reference: 'MATRIX-1' }),
  },
  adminStaff: { access: 'admin', method: 'GET', url: () => '/api/admin/staff' },
  adminStaffAdd: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/staff',
    body: (f) => ({ email: f.accountEmail, role: 'moderator' }),
  },
  adminUserRole: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/users/${f.accountId}/role`,
    body: () => ({ role: 'moderator' }),
  },
  adminUserDisabled: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/users/${f.accountId}/disabled`,
    body: () => ({ disabled: false, reason: 'Matrix enable' }),
  },
  // Money (issue 17 point 5).
  adminOrders: { access: 'admin', method: 'GET', url: () => '/api/admin/orders' },
  adminOrder: { access: 'admin', method: 'GET', url: (f) => `/api/admin/orders/${f.paidOrderId}` },
  adminOrderRefund: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/orders/${f.paidOrderId}/refund`,
    // No captured payment in the fixture: an admin gets 409, which is through the door.
    body: () => ({ reason: 'Matrix refund', idempotencyKey: 'matrix-refund-key-0001' }),
  },
  adminOrderInvoice: {
    access: 'admin',
    method: 'GET',
    url: (f) => `/api/admin/orders/${f.paidOrderId}/invoice`,
  },
  adminCoupons: { access: 'admin', method: 'GET', url: () => '/api/admin/coupons' },
  adminCouponCreate: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/coupons',
    body: () => ({ code: 'MATRIXNEW', kind: 'percent', percent: 10 }),
  },
  adminCouponUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/coupons/${f.couponId}`,
    body: () => ({ code: 'MATRIX10', kind: 'percent', percent: 15 }),
  },
  adminCouponClaims: {
    access: 'admin',
    method: 'GET',
    url: (f) => `/api/admin/coupons/${f.couponId}/claims`,
  },
  adminPaymentLinks: { access: 'admin', method: 'GET', url: () => '/api/admin/payment-links' },
  adminPaymentLinkCreate: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/payment-links',
    body: () => ({ purpose: 'Matrix review', amountMinor: 100_000, currency: 'INR' }),
  },
  adminInstalmentPlans: { access: 'admin', method: 'GET', url: () => '/api/admin/instalment-plans' },
  adminInvoices: { access: 'admin', method: 'GET', url: () => '/api/admin/invoices' },
  // Reports (issue 17 point 7).
  adminReportRevenue: { access: 'admin', method: 'GET', url: () => `/api/admin/reports/revenue?${RANGE}` },
  adminReportEnrolments: {
    access: 'admin',
    method: 'GET',
    url: () => `/api/admin/reports/enrolments?${RANGE}`,
  },
  adminReportFunnel: { access: 'admin', method: 'GET', url: () => `/api/admin/reports/funnel?${RANGE}` },
  adminReportInstalments: {
    access: 'admin',
    method: 'GET',
    url: () => `/api/admin/reports/instalments?${RANGE}&group=month`,
  },
  adminReportQuizzes: { access: 'admin', method: 'GET', url: () => `/api/admin/reports/quizzes?${RANGE}` },
  adminReportAssignments: {
    access: 'admin',
    method: 'GET',
    url: () => `/api/admin/reports/assignments?${RANGE}`,
  },
  // Staff console — teaching (issue 17 points 1 and 4).
  adminTeachingBatches: { access: 'staff', method: 'GET', url: () => '/api/admin/teaching/batches' },
  adminTeachingCurriculum: {
    access: 'own',
    method: 'GET',
    url: (f) => `/api/admin/teaching/batches/${f.batchId}/curriculum`,
  },
  adminTeachingModuleCreate: {
    access: 'own',
    method: 'POST',
    url: (f) => `/api/admin/teaching/batches/${f.batchId}/modules`,
    body: () => ({ title: 'Matrix module' }),
  },
  adminTeachingModuleUpdate: {
    access: 'own',
    method: 'PUT',
    url: (f) => `/api/admin/teaching/modules/${f.moduleId}`,
    body: () => ({ title: 'Module 1', certificateTitle: 'Certificate 1' }),
  },
  adminTeachingSessionCreate: {
    access: 'own',
    method: 'POST',
    url: (f) => `/api/admin/teaching/modules/${f.moduleId}/sessions`,
    body: () => ({ title: 'Matrix session' }),
  },
  adminTeachingSessionUpdate: {
    access: 'own',
    method: 'PUT',
    url: (f) => `/api/admin/teaching/sessions/${f.sessionId}`,
    body: () => ({
      title: 'M1 S1',
      sessionDate: '2026-11-10',
      sessionStartTime: '10:00',
      sessionEndTime: '12:00',
    }),
  },
  adminTeachingSessionsGenerate: {
    access: 'own',
    method: 'POST',
    url: (f) => `/api/admin/teaching/batches/${f.batchId}/sessions/generate`,
    body: (f) => ({ moduleId: f.moduleId, create: false }),
  },
  adminTeachingAssignmentCreate: {
    access: 'own',
    method: 'POST',
    url: (f) => `/api/admin/teaching/sessions/${f.sessionId}/assignments`,
    body: () => ({ title: 'Matrix exercise', maxPoints: 10 }),
  },
  adminTeachingAssignmentUpdate: {
    access: 'own',
    method: 'PUT',
    url: (f) => `/api/admin/teaching/assignments/${f.assignmentId}`,
    body: () => ({ title: 'Exercise 1', maxPoints: 10 }),
  },
  adminTeachingQuizUpdate: {
    access: 'own',
    method: 'PUT',
    url: (f) => `/api/admin/teaching/modules/${f.moduleId}/quiz`,
    body: () => ({ title: 'Quiz', passPercentage: 60 }),
  },
  adminTeachingQuestionCreate: {
    access: 'own',
    method: 'POST',
    url: (f) => `/api/admin/teaching/modules/${f.moduleId}/quiz/questions`,
    body: () => ({ question: 'Matrix?', options: [{ text: 'Yes', isCorrect: true }, { text: 'No' }] }),
  },
  adminTeachingQuestionUpdate: {
    access: 'own',
    method: 'PUT',
    url: (f) => `/api/admin/teaching/quiz-questions/${f.questionId}`,
    body: () => ({ question: 'Q1', options: [{ text: 'Right', isCorrect: true }, { text: 'Wrong' }] }),
  },
  adminTeachingQuestionDelete: {
    access: 'own',
    method: 'DELETE',
    url: (f) => `/api/admin/teaching/quiz-questions/${f.spareQuestionIds.shift() ?? 0}`,
  },
  adminTeachingResponses: {
    access: 'own',
    method: 'GET',
    url: (f) => `/api/admin/teaching/batches/${f.batchId}/responses`,
  },
  adminTeachingResponseReview: {
    access: 'own',
    method: 'POST',
    url: (f) => `/api/admin/teaching/responses/${f.responseId}/review`,
    body: () => ({ points: 5, comment: 'Good' }),
  },
  adminTeachingResponsePdf: {
    access: 'own',
    method: 'GET',
    url: (f) => `/api/admin/teaching/responses/${f.pdfResponseId}/pdf`,
  },
  adminTeachingAttendance: {
    access: 'own',
    method: 'GET',
    url: (f) => `/api/admin/teaching/batches/${f.batchId}/attendance`,
  },
  adminTeachingAttendanceMark: {
    access: 'own',
    method: 'PUT',
    url: (f) => `/api/admin/teaching/sessions/${f.sessionId}/attendance`,
    body: (f) => ({ userId: f.learnerId, present: true }),
  },
  adminTeachingQuizStats: {
    access: 'own',
    method: 'GET',
    url: (f) => `/api/admin/teaching/batches/${f.batchId}/quiz-stats`,
  },
  adminTeachingProgress: {
    access: 'own',
    method: 'GET',
    url: (f) => `/api/admin/teaching/batches/${f.batchId}/progress`,
  },
  // Content (issue 17 point 2)
  adminBlogs: { access: 'admin', method: 'GET', url: () => '/api/admin/blogs' },
  adminBlogCategories: { access: 'admin', method: 'GET', url: () => '/api/admin/blog-categories' },
  adminBlog: { access: 'admin', method: 'GET', url: (f) => `/api/admin/blogs/${f.blogId}` },
  adminBlogCreate: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/blogs',
    body: () => matrixBlog('matrix-created-blog'),
  },
  adminBlogUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/blogs/${f.blogId}`,
    body: () => matrixBlog('matrix-blog'),
  },
  adminContentTrips: { access: 'admin', method: 'GET', url: () => '/api/admin/trips' },
  adminContentTrip: { access: 'admin', method: 'GET', url: (f) => `/api/admin/trips/${f.tripId}` },
  adminContentTripCreate: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/trips',
    body: () => matrixTrip('matrix-created-trip'),
  },
  adminContentTripUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/trips/${f.tripId}`,
    body: () => matrixTrip('matrix-trip'),
  },
  adminCompetitions: { access: 'admin', method: 'GET', url: () => '/api/admin/competitions' },
  adminCompetition: {
    access: 'admin',
    method: 'GET',
    url: (f) => `/api/admin/competitions/${f.competitionId}`,
  },
  adminCompetitionCreate: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/competitions',
    body: () => matrixCompetition('matrix-created-competition'),
  },
  adminCompetitionUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/competitions/${f.competitionId}`,
    body: () => matrixCompetition('matrix-competition'),
  },
  adminConsultationPackages: {
    access: 'admin',
    method: 'GET',
    url: () => '/api/admin/consultation-packages',
  },
  adminConsultationPackageUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/consultation-packages/${f.consultationPackageId}`,
    body: () => ({
      name: 'Matrix package',
      description: '',
      price: 100,
      dollar: null,
      covered: [],
      detailsRequired: [],
      services: [],
      isActive: true,
    }),
  },
  adminTopBanners: { access: 'admin', method: 'GET', url: () => '/api/admin/top-banners' },
  adminTopBannerCreate: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/top-banners',
    body: () => ({ content: 'Matrix', link: null, isActive: false }),
  },
  adminTopBannerUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/top-banners/${f.topBannerId}`,
    body: () => ({ content: 'Matrix', link: null, isActive: false }),
  },
  adminCampaigns: { access: 'admin', method: 'GET', url: () => '/api/admin/campaigns' },
  adminCampaign: { access: 'admin', method: 'GET', url: (f) => `/api/admin/campaigns/${f.campaignId}` },
  adminCampaignCreate: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/campaigns',
    body: () => matrixCampaign,
  },
  adminCampaignUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/campaigns/${f.campaignId}`,
    body: () => matrixCampaign,
  },
  adminEventObjects: { access: 'admin', method: 'GET', url: () => '/api/admin/event-objects' },
  adminEventObjectCreate: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/event-objects',
    body: () => matrixEvent,
  },
  adminEventObjectUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/event-objects/${f.eventObjectId}`,
    body: () => matrixEvent,
  },
  adminResourceFolders: { access: 'admin', method: 'GET', url: () => '/api/admin/resource-folders' },
  adminResourceFolderCreate: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/resource-folders',
    body: () => matrixFolder,
  },
  adminResourceFolderUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/resource-folders/${f.resourceFolderId}`,
    body: () => matrixFolder,
  },
  adminResourceFiles: { access: 'admin', method: 'GET', url: () => '/api/admin/resource-files' },
  adminResourceFileCreate: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/resource-files',
    body: () => matrixFile,
  },
  adminResourceFileUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/resource-files/${f.resourceFileId}`,
    body: () => matrixFile,
  },
  // Not multipart here: an admin gets 415 (through the door), everyone else 404.
  adminResourceUpload: { access: 'admin', method: 'POST', url: () => '/api/admin/resource-files/upload' },
  // Catalogue authoring (issue 17 point 1; helper "catalogue"): admins only.
  adminCategories: { access: 'admin', method: 'GET', url: () => '/api/admin/categories' },
  adminCategoryCreate: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/categories',
    body: () => ({ name: 'Matrix category', slug: 'matrix-category-new' }),
  },
  adminCategoryUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/categories/${f.categoryId}`,
    body: () => ({ name: 'Matrix category', slug: 'matrix-category' }),
  },
  adminCategoriesReorder: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/categories/reorder',
    body: (f) => ({ ids: [f.categoryId] }),
  },
  adminSubcategoryCreate: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/categories/${f.categoryId}/subcategories`,
    body: () => ({ name: 'Matrix sub new', slug: 'matrix-sub-new' }),
  },
  adminSubcategoriesReorder: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/categories/${f.categoryId}/subcategories/reorder`,
    body: (f) => ({ ids: [f.subcategoryId] }),
  },
  adminSubcategoryUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/subcategories/${f.subcategoryId}`,
    body: () => ({ name: 'Matrix sub', slug: 'matrix-sub' }),
  },
  adminWorkshops: { access: 'admin', method: 'GET', url: () => '/api/admin/workshops' },
  adminWorkshopCreate: {
    access: 'admin',
    method: 'POST',
    url: () => '/api/admin/workshops',
    body: () => ({ type: 1, title: 'Matrix new', shortTitle: 'Matrix new', slug: 'matrix-new' }),
  },
  adminWorkshop: { access: 'admin', method: 'GET', url: (f) => `/api/admin/workshops/${f.workshopId}` },
  adminWorkshopUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/workshops/${f.workshopId}`,
    body: () => ({
      type: 2,
      title: 'Matrix Studio',
      shortTitle: 'Matrix Studio',
      slug: 'matrix-studio-x',
      isPublished: true,
    }),
  },
  adminWorkshopPublish: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/workshops/${f.workshopId}/publish`,
    body: () => ({ isPublished: true }),
  },
  adminWorkshopInstructors: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/workshops/${f.otherWorkshopId}/instructors`,
    body: () => ({ userIds: [] }),
  },
  adminInstructors: { access: 'admin', method: 'GET', url: () => '/api/admin/instructors' },
  adminWorkshopBatches: {
    access: 'admin',
    method: 'GET',
    url: (f) => `/api/admin/workshops/${f.workshopId}/batches`,
  },
  adminBatchCreate: {
    access: 'admin',
    method: 'POST',
    url: (f) => `/api/admin/workshops/${f.otherWorkshopId}/batches`,
    body: () => ({ sessionType: 2 }),
  },
  adminBatchUpdate: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/batches/${f.otherBatchId}`,
    body: () => ({ sessionType: 1, startDate: '2026-12-01' }),
  },
  adminBatchInstalments: {
    access: 'admin',
    method: 'GET',
    url: (f) => `/api/admin/batches/${f.batchId}/instalments`,
  },
  adminBatchInstalmentsSave: {
    access: 'admin',
    method: 'PUT',
    url: (f) => `/api/admin/batches/${f.otherBatchId}/instalments`,
    body: () => ({ items: [] }),
  },
};

const matrixCampaign = {
  name: 'Matrix',
  isPopup: false,
  isSidebar: false,
  startsAt: null,
  endsAt: null,
  banners: [],
};
const matrixFolder = { parentId: null, name: 'Matrix', description: '', isPremium: false, sequence: 0 };
const matrixFile = {
  folderId: null,
  name: 'Matrix',
  description: '',
  kind: 'link',
  path: null,
  url: 'https://example.com/matrix',
  thumbnail: null,
  isPremium: false,
  isPublic: false,
};
const matrixEvent = { name: 'Matrix', payload: {}, startsAt: null, endsAt: null };
function matrixCompetition(slug: string) {
  return {
    title: 'Matrix competition',
    slug,
    summary: '',
    description: '',
    thumbnail: null,
    amount: 0,
    dollar: null,
    registrationDeadline: null,
    startDate: null,
    endDate: null,
    isActive: false,
    brief: { deliverables: [], prizes: [], jury: [], rules: [] },
  };
}

function matrixBlog(url: string) {
  return {
    title: 'Matrix blog',
    url,
    categoryId: null,
    excerpt: '',
    content: '<p>Matrix</p>',
    cover: null,
    authorName: null,
    readingMinutes: null,
    isTrending: false,
    isFeatured: false,
    publishedAt: null,
    meta: {},
  };
}
function matrixTrip(slug: string) {
  return {
    title: 'Matrix trip',
    slug,
    location: 'Jaipur',
    startDate: null,
    endDate: null,
    price: null,
    dollar: null,
    thumbnail: null,
    isActive: true,
    details: { summary: '', highlights: [], itinerary: [], inclusions: [], exclusions: [] },
  };
}

const NOW = new Date('2026-11-20T10:00:00Z');

/** Teaching's part of the fixture: the learner's answer and quiz questions of the taught batch. */
async function teachingFixture(db: Db, curriculum: SeededCurriculum, learnerId: number, dataDir: string) {
  const [response] = await db
    .insert(assignmentResponses)
    .values({
      assignmentId: curriculum.sessions[0]!.assignmentIds[0]!,
      userId: learnerId,
      link: 'https://example.com/work',
    })
    .returning();
  // An answer with a PDF in the private storage area (as the learner's upload leaves it).
  const key = `private/assignments/${'ab'.repeat(16)}.pdf`;
  mkdirSync(path.join(dataDir, 'files', 'private', 'assignments'), { recursive: true });
  writeFileSync(path.join(dataDir, 'files', key), tinyPdf());
  const [pdfResponse] = await db
    .insert(assignmentResponses)
    .values({
      assignmentId: curriculum.sessions[1]!.assignmentIds[0]!,
      userId: learnerId,
      pdf: key,
      pdfName: 'plan.pdf',
    })
    .returning();
  const moduleId = curriculum.modules[0]!.id;
  const questions = await db
    .insert(courseQuizQuestions)
    .values([1, 2, 3, 4, 5, 6].map((n) => ({ moduleId, sequence: 10 + n, question: `Spare ${n}` })))
    .returning({ id: courseQuizQuestions.id });
  await db.insert(courseQuizOptions).values(
    questions.flatMap((q) => [
      { questionId: q.id, text: 'A', isCorrect: true },
      { questionId: q.id, text: 'B' },
    ]),
  );
  return {
    responseId: response!.id,
    pdfResponseId: pdfResponse!.id,
    questionId: questions[0]!.id,
    spareQuestionIds: questions.slice(1).map((q) => q.id),
  };
}

describe('staff console role matrix (issue 17)', () => {
  let t: TestContext;
  let f: Fixture;
  const headers: Partial<Record<Caller, Record<string, string>>> = {};

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
    const db = t.database.db;
    const session = async (role: 'admin' | 'instructor' | 'learner') => {
      const user = await insertUser(db, { role, name: `Matrix ${role}` });
      return { id: user.id, headers: bearer((await insertSession(db, user.id, NOW)).token) };
    };
    const admin = await session('admin');
    const own = await session('instructor');
    const other = await session('instructor');
    const learner = await session('learner');
    headers.admin = admin.headers;
    headers.instructorOwn = own.headers;
    headers.instructorOther = other.headers;
    headers.learner = learner.headers;

    const workshop = await createWorkshop(db, { shortTitle: 'Matrix Studio' });
    const batch = await createBatch(db, workshop.id);
    const otherWorkshop = await createWorkshop(db, { shortTitle: 'Untaught Studio' });
    const otherBatch = await createBatch(db, otherWorkshop.id);
    await db.insert(workshopInstructors).values({ workshopId: workshop.id, userId: own.id });
    const curriculum = await createCurriculum(db, batch.id, {
      modules: 1,
      sessionsPerModule: 2,
      firstDate: '2026-11-10',
      quiz: true,
    });
    await enrol(db, learner.id, batch.id);
    const [job] = await db
      .insert(jobs)
      .values({ topic: 'crm.lead', payload: {}, dedupeKey: 'matrix:dead', status: 'dead', attempts: 8 })
      .returning();
    const trip = await createTrip(db, { title: 'Matrix Trip' });
    const category = await createCategory(db, { name: 'Matrix category' });
    const subcategory = await createSubcategory(db, category.id, { name: 'Matrix sub' });
    const [application] = await db
      .insert(tripApplications)
      .values({ userId: learner.id, tripId: trip.id, details: { city: 'Pune' } })
      .returning();
    // Learners and staff: a second enrolment of the learner (in the untaught workshop, with a
    // second batch to move to), a payout request, and an account to act on.
    const movable = await enrol(db, learner.id, await createBatch(db, otherWorkshop.id).then((b) => b.id));
    const account = await insertUser(db, { name: 'Matrix account' });
    await db.transaction((tx) =>
      moveCoins(tx, { userId: learner.id, delta: 100, reason: 'referral_reward', ref: 'matrix:coins' }),
    );
    const payout = await db.transaction((tx) =>
      createPayoutClaim(tx, { userId: learner.id, coins: 50, upiId: 'matrix@upi' }),
    );
    const [paidOrder] = await db
      .insert(orders)
      .values({
        userId: learner.id,
        kind: 'course',
        batchId: batch.id,
        amountMinor: 100_000,
        currency: 'INR',
        provider: 'sandbox',
        status: 'paid',
        paidAt: NOW,
      })
      .returning();
    const [coupon] = await db
      .insert(coupons)
      .values({ code: 'MATRIX10', kind: 'percent', value: 10 })
      .returning();
    f = {
      enrolmentId: movable.id,
      payoutId: payout.id,
      accountId: account.id,
      accountEmail: account.email!,
      workshopId: workshop.id,
      batchId: batch.id,
      moduleId: curriculum.modules[0]!.id,
      sessionId: curriculum.sessions[0]!.id,
      assignmentId: curriculum.sessions[0]!.assignmentIds[0]!,
      learnerId: learner.id,
      otherWorkshopId: otherWorkshop.id,
      otherBatchId: otherBatch.id,
      deadJobId: job!.id,
      tripApplicationId: application!.id,
      paidOrderId: paidOrder!.id,
      couponId: coupon!.id,
      ...(await teachingFixture(db, curriculum, learner.id, t.config.dataDir)),
      blogId: (await createBlog(db, { url: 'matrix-blog' })).id,
      tripId: trip.id,
      competitionId: (
        await db
          .insert(competitions)
          .values({ title: 'Matrix competition', slug: 'matrix-competition' })
          .returning()
      )[0]!.id,
      consultationPackageId: (await createConsultationPackage(db, { id: 1 })).id,
      topBannerId: (await createTopBanner(db)).id,
      campaignId: (await createCampaign(db)).id,
      eventObjectId: (await createEventObject(db)).id,
      resourceFolderId: (await db.insert(resourceFolders).values({ name: 'Matrix folder' }).returning())[0]!
        .id,
      resourceFileId: (
        await db
          .insert(resourceFiles)
          .values({ name: 'Matrix file', kind: 'link', url: 'https://example.com/m' })
          .returning()
      )[0]!.id,
      categoryId: category.id,
      subcategoryId: subcategory.id,
    };
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('when the contract has a /api/admin/* call, then the matrix has its row (and no row names a call that is gone)', () => {
    const consoleCalls = (Object.keys(endpoints) as EndpointName[]).filter((name) =>
      endpoints[name].path.startsWith('/api/admin/'),
    );
    expect(consoleCalls.filter((name) => !MATRIX[name]).sort()).toEqual([]);
    expect(Object.keys(MATRIX).filter((name) => !consoleCalls.includes(name as EndpointName))).toEqual([]);
  });

  it('when each caller tries each call, then only those the row names get through; everyone else gets 404', async () => {
    const seen: Record<string, Record<Caller, string>> = {};
    const expected: Record<string, Record<Caller, string>> = {};
    for (const [name, row] of Object.entries(MATRIX) as [EndpointName, Row][]) {
      expect(endpoints[name].method).toBe(row.method);
      seen[name] = {} as Record<Caller, string>;
      expected[name] = {} as Record<Caller, string>;
      for (const caller of CALLERS) {
        const allowed =
          caller === 'admin' ||
          (row.access === 'staff' && caller.startsWith('instructor')) ||
          (row.access === 'own' && caller === 'instructorOwn');
        const body = row.body?.(f);
        const res = await t.app.inject({
          method: row.method,
          url: row.url(f),
          headers: headers[caller] ?? {},
          ...(body === undefined ? {} : { payload: body as Record<string, unknown> }),
        });
        const s = res.statusCode;
        seen[name][caller] =
          s === 404 ? '404' : s === 401 || s === 403 || s >= 500 ? `refused ${s}` : 'through';
        if (seen[name][caller] === 'through' && !allowed) seen[name][caller] = `through ${s}`;
        expected[name][caller] = allowed ? 'through' : '404';
        // A row whose call answers 404 to an allowed caller must be given ids that exist.
        if (allowed && s === 404) seen[name][caller] = `404 (${res.body.slice(0, 120)})`;
      }
    }
    expect(seen).toEqual(expected);
  });
});
