/*
 * The certificates module's queries. It reads the tables of batches, modules, quizzes and
 * enrolments directly (their own modules are written in parallel; decision 0025) and owns the
 * `certificates` rows and the popups' `is_seen` flag.
 */
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import { z } from 'zod';
import { queryRows, type Executor } from '../../db/query.js';
import { certificates, enrolments, moduleCertificateModals, users } from '../../db/schema/index.js';

/** What the course-completion rule needs to know about a batch. */
export interface BatchFacts {
  batchId: number;
  courseName: string;
  workshopType: number;
  sessionType: number;
  startDate: string | null;
  endDate: string | null;
  scheduleStart: string | null;
  scheduleEnd: string | null;
}

const BatchFactsRow = z.object({
  batchId: z.number(),
  courseName: z.string(),
  workshopType: z.number(),
  sessionType: z.number(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
  scheduleStart: z.string().nullable(),
  scheduleEnd: z.string().nullable(),
});

/** The batches' course names, dates and first weekly schedule. */
export async function batchFacts(db: Executor, batchIds: number[]): Promise<BatchFacts[]> {
  if (batchIds.length === 0) return [];
  return queryRows(
    db,
    sql`select b.id as "batchId", w.title as "courseName", w.type::int as "workshopType",
          b.session_type::int as "sessionType",
          to_char(b.start_date, 'YYYY-MM-DD') as "startDate",
          to_char(b.end_date, 'YYYY-MM-DD') as "endDate",
          to_char(s.start_time, 'HH24:MI') as "scheduleStart",
          to_char(s.end_time, 'HH24:MI') as "scheduleEnd"
        from batches b
        join workshops w on w.id = b.workshop_id
        left join lateral (
          select bs.start_time, bs.end_time from batch_schedules bs
          where bs.batch_id = b.id order by bs.id limit 1
        ) s on true
        where b.id in (${sql.join(
          batchIds.map((id) => sql`${id}`),
          sql`, `,
        )})`,
    BatchFactsRow,
  );
}

/** A batch module with what its certificate needs: title, pass mark and number of questions. */
export interface ModuleFacts {
  moduleId: number;
  batchId: number;
  sequence: number;
  certificateTitle: string | null;
  passPercentage: number;
  questions: number;
}

const ModuleFactsRow = z.object({
  moduleId: z.number(),
  batchId: z.number(),
  sequence: z.number(),
  certificateTitle: z.string().nullable(),
  passPercentage: z.number(),
  questions: z.number(),
});

/** The modules of `batchIds`, in order; a module without a `course_quizzes` row passes at 60 %. */
export async function moduleFacts(db: Executor, batchIds: number[]): Promise<ModuleFacts[]> {
  if (batchIds.length === 0) return [];
  return queryRows(
    db,
    sql`select m.id as "moduleId", m.batch_id as "batchId", m.sequence,
          nullif(btrim(m.certificate_title), '') as "certificateTitle",
          coalesce(q.pass_percentage, 60)::int as "passPercentage",
          (select count(*) from course_quiz_questions qq where qq.module_id = m.id)::int as "questions"
        from course_modules m
        left join course_quizzes q on q.module_id = m.id
        where m.batch_id in (${sql.join(
          batchIds.map((id) => sql`${id}`),
          sql`, `,
        )})
        order by m.batch_id, m.sequence, m.id`,
    ModuleFactsRow,
  );
}

/** One attempt of a learner at a module's quiz: questions answered and answered correctly. */
export interface AttemptScore {
  moduleId: number;
  attempt: number;
  answered: number;
  correct: number;
}

const AttemptScoreRow = z.object({
  moduleId: z.number(),
  attempt: z.number(),
  answered: z.number(),
  correct: z.number(),
});

/** Every attempt of `userId` at the quizzes of `moduleIds` (one response per question per attempt). */
export async function attemptScores(
  db: Executor,
  userId: number,
  moduleIds: number[],
): Promise<AttemptScore[]> {
  if (moduleIds.length === 0) return [];
  return queryRows(
    db,
    sql`select qq.module_id as "moduleId", r.attempt::int as attempt,
          count(distinct r.question_id)::int as answered,
          count(distinct r.question_id) filter (where o.is_correct)::int as correct
        from course_quiz_responses r
        join course_quiz_questions qq on qq.id = r.question_id
        join course_quiz_options o on o.id = r.option_id
        where r.user_id = ${userId}
          and qq.module_id in (${sql.join(
            moduleIds.map((id) => sql`${id}`),
            sql`, `,
          )})
        group by qq.module_id, r.attempt`,
    AttemptScoreRow,
  );
}

/** The batches `userId` holds: enrolled, with dashboard access, not refunded. */
export async function heldBatchIds(db: Executor, userId: number): Promise<number[]> {
  const rows = await db
    .select({ batchId: enrolments.batchId })
    .from(enrolments)
    .where(
      and(
        eq(enrolments.userId, userId),
        eq(enrolments.isEnrolled, true),
        eq(enrolments.isDashboardAccess, true),
        eq(enrolments.isRefund, false),
      ),
    )
    .orderBy(desc(enrolments.createdAt), desc(enrolments.id));
  return rows.map((r) => r.batchId);
}

export type CertificateRow = typeof certificates.$inferSelect;

/** The learner's certificate of a batch (`moduleId` null) or of a module, if issued. */
export async function findCertificate(
  db: Executor,
  key: { userId: number; batchId: number; moduleId: number | null },
): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(
      and(
        eq(certificates.userId, key.userId),
        eq(certificates.batchId, key.batchId),
        key.moduleId === null ? isNull(certificates.moduleId) : eq(certificates.moduleId, key.moduleId),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Inserts a certificate unless the learner already has it: the unique key (user, batch, module;
 * nulls not distinct) makes two concurrent first downloads issue one row. Undefined when nothing
 * was inserted (it exists, or the random code collided).
 */
export async function insertCertificate(
  db: Executor,
  values: typeof certificates.$inferInsert,
): Promise<CertificateRow | undefined> {
  const [row] = await db.insert(certificates).values(values).onConflictDoNothing().returning();
  return row;
}

/** The certificates of `userId` whose batch they still hold (not refunded), newest first. */
export async function listCertificates(db: Executor, userId: number): Promise<CertificateRow[]> {
  return db
    .select({
      id: certificates.id,
      userId: certificates.userId,
      batchId: certificates.batchId,
      moduleId: certificates.moduleId,
      courseName: certificates.courseName,
      certificateTitle: certificates.certificateTitle,
      serial: certificates.serial,
      issuedAt: certificates.issuedAt,
    })
    .from(certificates)
    .innerJoin(
      enrolments,
      and(eq(enrolments.userId, certificates.userId), eq(enrolments.batchId, certificates.batchId)),
    )
    .where(
      and(eq(certificates.userId, userId), eq(enrolments.isRefund, false), eq(enrolments.isEnrolled, true)),
    )
    .orderBy(desc(certificates.issuedAt), desc(certificates.id));
}

/** A certificate by id, only when it is `userId`'s. */
export async function ownCertificate(
  db: Executor,
  certificateId: number,
  userId: number,
): Promise<CertificateRow | undefined> {
  const [row] = await db
    .select()
    .from(certificates)
    .where(and(eq(certificates.id, certificateId), eq(certificates.userId, userId)))
    .limit(1);
  return row;
}

/** A certificate by its public code, with its holder's name, while the holder keeps the batch. */
export async function certificateByCode(db: Executor, code: string) {
  const [row] = await db
    .select({
      id: certificates.id,
      batchId: certificates.batchId,
      moduleId: certificates.moduleId,
      courseName: certificates.courseName,
      certificateTitle: certificates.certificateTitle,
      serial: certificates.serial,
      issuedAt: certificates.issuedAt,
      name: users.name,
    })
    .from(certificates)
    .innerJoin(users, eq(users.id, certificates.userId))
    .innerJoin(
      enrolments,
      and(eq(enrolments.userId, certificates.userId), eq(enrolments.batchId, certificates.batchId)),
    )
    .where(
      and(eq(certificates.serial, code), eq(enrolments.isRefund, false), eq(enrolments.isEnrolled, true)),
    )
    .limit(1);
  return row;
}

/** The name printed on the learner's certificates (trimmed; empty when none). */
export async function userName(db: Executor, userId: number): Promise<string> {
  const [row] = await db.select({ name: users.name }).from(users).where(eq(users.id, userId)).limit(1);
  return row?.name?.trim() ?? '';
}

/** Marks the learner's popup of `moduleId` seen; false when there is none. */
export async function markModalSeen(db: Executor, userId: number, moduleId: number): Promise<boolean> {
  const rows = await db
    .update(moduleCertificateModals)
    .set({ isSeen: true })
    .where(and(eq(moduleCertificateModals.userId, userId), eq(moduleCertificateModals.moduleId, moduleId)))
    .returning({ id: moduleCertificateModals.id });
  return rows.length > 0;
}
