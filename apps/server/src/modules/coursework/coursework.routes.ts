import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

/** The coursework calls (issue 15). */
export async function courseworkRoutes(_api: FastifyInstance, _ctx: AppContext): Promise<void> {}
