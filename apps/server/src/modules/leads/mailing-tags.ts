import type { MailingTagsBodySchema } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.js';
import { mailingTagRequests, users } from '../../db/schema/index.js';
import { AppError } from '../../http/app-error.js';
import { MailingError, type MailingListClient } from '../../integrations/mailing-lists/index.js';
import { enqueue, PermanentJobError, type JobHandler } from '../../platform/jobs/index.js';
import { CRM_MAX_ATTEMPTS } from './crm-jobs.js';

/*
 * Mailing-list tags (issue 16; `POST /api/{mailing}/email/tags` and `/audience/tags`): a signed-in
 * caller tags their OWN address (the account's e-mail; the body carries only tags) on a list of the
 * closed MAILING_LISTS map. The request is recorded with its `mailing.tags` job in one transaction
 * and answered at once; the job calls the provider (Mailchimp-shaped, or the local adapter) with the
 * CRM jobs' retries (backoff with jitter, dead letter after the last attempt), so a slow provider
 * never slows the answer.
 */

export const MAILING_TAGS_TOPIC = 'mailing.tags';

export interface MailingTagsDeps {
  db: Db;
  clock: () => Date;
  /** The closed map: list name → provider list id. */
  lists: Record<string, string>;
}

/** Records the caller's tags on `list` and queues their delivery; answers the stored tags. */
export async function tagOwnAddress(
  deps: MailingTagsDeps,
  userId: number,
  list: string,
  scope: 'email' | 'audience',
  body: z.output<typeof MailingTagsBodySchema>,
): Promise<{ accepted: true; tags: string[] }> {
  if (!Object.hasOwn(deps.lists, list)) throw new AppError('NOT_FOUND', 'Unknown mailing list.');
  const listId = deps.lists[list]!;
  const [user] = await deps.db
    .select({ email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  const email = user?.email?.trim().toLowerCase();
  if (!email)
    throw new AppError('CONFLICT', 'Your account has no e-mail address. Add one on your profile first.');
  // The contract trims and lower-cases each tag; the same tag twice is stored once, in order.
  const tags = [...new Set(body.tags.map((t) => t.trim().toLowerCase()))];
  await deps.db.transaction(async (tx) => {
    const [row] = await tx
      .insert(mailingTagRequests)
      .values({ list, listId, scope, userId, email, tags, createdAt: deps.clock() })
      .returning({ id: mailingTagRequests.id });
    await enqueue(tx, {
      topic: MAILING_TAGS_TOPIC,
      payload: { requestId: row!.id },
      dedupeKey: `${MAILING_TAGS_TOPIC}:${row!.id}`,
      maxAttempts: CRM_MAX_ATTEMPTS,
    });
  });
  return { accepted: true, tags };
}

const Payload = z.object({ requestId: z.number().int().positive() });

/** `mailing.tags {requestId}`: one provider call (tagging is idempotent there), then the stamp. */
export function mailingTagsHandler(deps: {
  db: Db;
  mailing: MailingListClient;
  clock: () => Date;
}): JobHandler {
  return async (job) => {
    const parsed = Payload.safeParse(job.payload);
    if (!parsed.success) throw new PermanentJobError('mailing.tags: malformed payload');
    const [request] = await deps.db
      .select()
      .from(mailingTagRequests)
      .where(eq(mailingTagRequests.id, parsed.data.requestId))
      .limit(1);
    if (!request)
      throw new PermanentJobError(`mailing.tags: request ${parsed.data.requestId} no longer exists`);
    if (request.deliveredAt !== null) return;
    try {
      await deps.mailing.tag(
        { listId: request.listId, email: request.email, tags: request.tags, scope: request.scope },
        { signal: job.signal },
      );
    } catch (error) {
      if (error instanceof MailingError && !error.retryable) throw new PermanentJobError(error.message);
      throw error;
    }
    await deps.db
      .update(mailingTagRequests)
      .set({ deliveredAt: deps.clock(), deliveredBy: deps.mailing.kind })
      .where(eq(mailingTagRequests.id, request.id));
  };
}

/** Registers the mailing-list job (the composition root calls it beside `registerLeadJobs`). */
export function registerMailingJobs(
  jobs: { registerHandler(topic: string, handler: JobHandler): void },
  deps: { db: Db; mailing: MailingListClient; clock: () => Date },
): void {
  jobs.registerHandler(MAILING_TAGS_TOPIC, mailingTagsHandler(deps));
}
