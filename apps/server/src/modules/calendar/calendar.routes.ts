import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../platform/context.js';

/** The calendar calls (issue 15). */
export async function calendarRoutes(_api: FastifyInstance, _ctx: AppContext): Promise<void> {}
