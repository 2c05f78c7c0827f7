/*
 * The learning module's face (docs/decisions/0013): the learner's dashboard calls, starting with
 * `GET /api/user/profile/courses` (issue 14; the learner-dashboard issue grows it).
 */
export { learningRoutes } from './learning.routes.js';
export { profileCourses } from './learning.service.js';
