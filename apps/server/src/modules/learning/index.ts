/*
 * The learning module's face (docs/decisions/0013): the learner's dashboard home and course
 * dashboard calls (issue 15), and the one gate every course-scoped learner call goes through
 * (`courseAccess`: whose data, enrolment, the EMI lock, the moderator's audited read-only view).
 * Writers of a batch's curriculum call `invalidateCurriculum` after their transaction commits
 * (the course dashboard caches it, docs/decisions/0022); every write that changes what a learner's
 * course dashboard shows calls `learnerDashboardChanged` after it commits (the answers are cached
 * per learner and batch).
 */
export { learningRoutes } from './learning.routes.js';
export { profileCourses } from './learning.service.js';
export {
  assertLearnerWrite,
  batchOfModule,
  courseAccess,
  type CourseAccess,
  type CourseAccessInput,
} from './course-access.js';
export {
  assignmentPdfUrl,
  CURRICULUM_TAG,
  curriculumOf,
  invalidateCurriculum,
  type Curriculum,
} from './course-dashboard.js';
export { dashboardKey, learnerCachePrefix, learnerDashboardChanged } from './dashboard-cache.js';
