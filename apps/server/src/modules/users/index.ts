/*
 * The users module's face (docs/decisions/0013). Plugins: the profile calls under `/api` and the
 * avatars under `/media`. Service API: a user's profile (sign-in answers carry it).
 */
export { mediaRoutes, usersRoutes } from './users.routes.js';
export { getOwnProfile, getProfile } from './users.service.js';
