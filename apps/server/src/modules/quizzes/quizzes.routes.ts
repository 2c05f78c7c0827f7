import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

/** The quizzes calls (issue 15). */
export async function quizzesRoutes(_api: FastifyInstance, _ctx: AppContext): Promise<void> {}
