import type { AdminTripReviewBodySchema } from '@atelier/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { jobs, tripApplications } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/app-error.js';
import { enqueueNotification } from '../notifications/index.js';
import { recordAudit, type AuditActor, type AuditRequest } from './audit.js';
import { tripApplicationById, type AdminTripApplicationRow } from './lists.service.js';

/*
 * The console's writes (issue 17 point 6): each one runs in one transaction with its audit row
 * (and, for a review, the applicant's notification job).
 */

/** Whether `error` is PostgreSQL's unique violation (23505), however the driver wraps it. */
function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; depth += 1) {
    if ((e as { code?: unknown }).code === '23505') return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
}

/**
 * `POST /api/admin/outbox/{id}/retry`: a dead (or waiting) job is due now with its full attempts
 * again; its last error stays until it runs. A running or finished job is a 409.
 */
export async function retryJob(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  jobId: number,
): Promise<{ id: number; status: 'pending' }> {
  return db.transaction(async (tx) => {
    const [job] = await tx
      .select({
        id: jobs.id,
        topic: jobs.topic,
        status: jobs.status,
        attempts: jobs.attempts,
        runAt: jobs.runAt,
        lastError: jobs.lastError,
      })
      .from(jobs)
      .where(eq(jobs.id, jobId))
      .for('update');
    if (!job) throw notFound('The job');
    if (job.status === 'running' || job.status === 'done')
      throw new AppError(
        'CONFLICT',
        job.status === 'running'
          ? 'This job is running now; it can be retried only if it fails.'
          : 'This job is done; there is nothing to retry.',
      );
    // Time in the queue is the database's (the runner compares run_at with now()).
    const [after] = await tx
      .update(jobs)
      .set({
        status: 'pending',
        attempts: 0,
        runAt: sql`now()`,
        lockedAt: null,
        lockedBy: null,
        finishedAt: null,
        updatedAt: sql`now()`,
      })
      .where(eq(jobs.id, jobId))
      .returning({ status: jobs.status, attempts: jobs.attempts, runAt: jobs.runAt });
    await recordAudit(tx, actor, request, {
      action: 'job.retry',
      entity: 'job',
      entityId: jobId,
      before: {
        topic: job.topic,
        status: job.status,
        attempts: job.attempts,
        runAt: job.runAt.toISOString(),
        lastError: job.lastError,
      },
      after: {
        topic: job.topic,
        status: after!.status,
        attempts: after!.attempts,
        runAt: after!.runAt.toISOString(),
      },
    });
    return { id: jobId, status: 'pending' as const };
  });
}

/**
 * `POST /api/admin/trip-applications/{id}/review`: the decision and its note, the audit row and the
 * applicant's notification, in one transaction. A withdrawn application is a 409; a decision that
 * would make a second live application of the same learner for the same trip is a 409 too.
 */
export async function reviewTripApplication(
  db: Db,
  actor: AuditActor,
  request: AuditRequest,
  applicationId: number,
  body: z.output<typeof AdminTripReviewBodySchema>,
  now: Date,
): Promise<AdminTripApplicationRow> {
  const note = body.note ? body.note : null;
  try {
    return await db.transaction(async (tx) => {
      const [current] = await tx
        .select({
          id: tripApplications.id,
          userId: tripApplications.userId,
          status: tripApplications.status,
          reviewNote: tripApplications.reviewNote,
        })
        .from(tripApplications)
        .where(eq(tripApplications.id, applicationId))
        .for('update');
      if (!current) throw notFound('The trip application');
      if (current.status === 'withdrawn')
        throw new AppError(
          'CONFLICT',
          'The applicant has withdrawn this application; it cannot be reviewed.',
        );
      await tx
        .update(tripApplications)
        .set({ status: body.decision, reviewNote: note, updatedAt: now })
        .where(eq(tripApplications.id, applicationId));
      await recordAudit(tx, actor, request, {
        action: 'trip_application.review',
        entity: 'trip_application',
        entityId: applicationId,
        before: { status: current.status, reviewNote: current.reviewNote },
        after: { status: body.decision, reviewNote: note },
      });
      await enqueueNotification(
        tx,
        { kind: 'trip-application', to: { userId: current.userId }, applicationId },
        `trip-application:${applicationId}:${body.decision}:${now.toISOString()}`,
      );
      return (await tripApplicationById(tx, applicationId))!;
    });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new AppError(
        'CONFLICT',
        'The applicant has another live application for this trip; that one has to be reviewed instead.',
      );
    throw error;
  }
}
