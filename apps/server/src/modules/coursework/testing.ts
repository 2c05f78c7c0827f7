/*
 * Test support for coursework (no test runner imports): a batch with modules, sessions and
 * assignments; enrolled learners with sessions; hand-built multipart bodies and small PDFs.
 */
import type { Db } from '../../db/client.js';
import {
  assignments,
  batches,
  courseModuleDetails,
  courseModules,
  courseModuleSessions,
  enrolments,
  workshops,
} from '../../db/schema/index.js';
import { insertSession, insertUser } from '../auth/testing.js';

let counter = 0;

/** A batch with one module, one session and `count` assignments (the first `closed` ones closed). */
export async function createCourseworkBatch(
  db: Db,
  opts: { assignments?: number; closed?: number; maxPoints?: number } = {},
) {
  const slug = `coursework-${++counter}-${Math.random().toString(36).slice(2, 8)}`;
  const [workshop] = await db
    .insert(workshops)
    .values({ type: 2, title: `Course ${slug}`, shortTitle: `Course ${counter}`, slug })
    .returning();
  const [batch] = await db
    .insert(batches)
    .values({ workshopId: workshop!.id, startDate: '2026-12-01', endDate: '2026-12-20', sessionType: 1 })
    .returning();
  const [module] = await db
    .insert(courseModules)
    .values({ batchId: batch!.id, sequence: 1, title: 'Module one', certificateTitle: 'Module one' })
    .returning();
  const [detail] = await db
    .insert(courseModuleDetails)
    .values({ moduleId: module!.id, sequence: 1, title: 'Week one' })
    .returning();
  const [session] = await db
    .insert(courseModuleSessions)
    .values({
      detailId: detail!.id,
      sequence: 1,
      title: 'Session one',
      sessionDate: '2026-12-02',
      sessionStartTime: '10:00',
      sessionEndTime: '12:00',
      assignmentLastDate: '2026-12-05',
    })
    .returning();
  const count = opts.assignments ?? 2;
  const rows = [];
  for (let i = 0; i < count; i++) {
    const [row] = await db
      .insert(assignments)
      .values({
        sessionId: session!.id,
        title: `Assignment ${i + 1}`,
        details: 'Draw a plan.',
        status: i < (opts.closed ?? 0) ? 'closed' : 'open',
        maxPoints: opts.maxPoints ?? 10,
      })
      .returning();
    rows.push(row!);
  }
  return { workshop: workshop!, batch: batch!, module: module!, session: session!, assignments: rows };
}

/** A learner (named `name`) enrolled in `batchId` (or in nothing), with a bearer token. */
export async function createLearner(
  db: Db,
  now: Date,
  opts: {
    batchId?: number;
    name?: string;
    isRefund?: boolean;
    role?: 'learner' | 'moderator' | 'instructor' | 'admin';
  } = {},
) {
  const user = await insertUser(db, { name: opts.name ?? 'Test Learner', role: opts.role ?? 'learner' });
  if (opts.batchId !== undefined) {
    await db
      .insert(enrolments)
      .values({ userId: user.id, batchId: opts.batchId, isRefund: opts.isRefund ?? false });
  }
  const { token } = await insertSession(db, user.id, now);
  return { user, token };
}

/** A small, well-formed PDF whose body carries `marker` (to tell uploads apart). */
export function tinyPdf(marker = 'assignment'): Buffer {
  return Buffer.from(
    `%PDF-1.4\n1 0 obj\n<< /Type /Catalog /Pages 2 0 R >>\nendobj\n2 0 obj\n<< /Type /Pages /Kids [] /Count 0 >>\nendobj\n% ${marker}\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n`,
    'latin1',
  );
}

/** The first bytes of a real PNG file (signature and IHDR), padded. */
export function fakePng(): Buffer {
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
    Buffer.alloc(200, 1),
  ]);
}
