import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

/** The certificates calls (issue 15). */
export async function certificatesRoutes(_api: FastifyInstance, _ctx: AppContext): Promise<void> {}
