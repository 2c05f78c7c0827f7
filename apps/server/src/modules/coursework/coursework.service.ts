/**
 * Coursework (issue 15; spec §3 "Assignment", §4 "Assignment", §7 "Course dashboard"): a learner's
 * answer to an assignment (an https link or a PDF), their points, and the batch leaderboard.
 * Every call goes through the learning module's `courseAccess` gate (404 for what is not the
 * caller's, 402 while the EMI rule locks the course, read-only moderator views); see
 * docs/decisions/0023-coursework.md for the rules chosen where the spec is silent.
 */
import { endpointPaths, type AssignmentResponse } from '@atelier/contract';
import { assignmentStatus } from '@atelier/domain';
import type { Db } from '../../db/client.js';
import { AppError } from '../../http/app-error.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { hasRole, type Role, type SessionIdentity } from '../../platform/identity.js';
import type { PublicCache } from '../../platform/cache/index.js';
import { assertLearnerWrite, courseAccess, learnerDashboardChanged } from '../learning/index.js';
import { isAssignmentPdfKey, newAssignmentPdfKey, type UploadedPdf } from './assignment-pdf.js';
import * as repo from './coursework.repository.js';

export interface CourseworkDeps {
  db: Db;
  /** The invalidation bus: each committed answer drops the learner's cached course dashboard. */
  publicCache: PublicCache;
  storage: FileStorage;
  clock: () => Date;
  /** Where an orphaned file is reported (the app's logger). */
  log: { warn(details: object, message: string): void };
}

/** Who may download any learner's assignment PDF (on their own session, not a moderator view). */
export const ASSIGNMENT_REVIEWER_ROLES: readonly Role[] = ['moderator', 'instructor', 'admin'];

/** Rows of the leaderboard shown: the top 50, plus the caller's own row when it falls below. */
export const LEADERBOARD_TOP = 50;

/** The caller of a call: identity from the token, address for the moderator audit. */
export interface Caller {
  session: SessionIdentity;
  ip: string;
}

/** What the learner sends: exactly one of a link or a PDF. */
export interface AnswerInput {
  link?: string | undefined;
  pdf?: UploadedPdf | undefined;
}

const responseNotFound = () =>
  new AppError('NOT_FOUND', 'That assignment response is not in your dashboard.');
const assignmentNotFound = () => new AppError('NOT_FOUND', 'That assignment is not in your dashboard.');

/** The download address of response `id`'s PDF (its owner and staff only). */
export function assignmentPdfUrl(id: number): string {
  return endpointPaths.assignmentPdf.path.replace('{responseId}', String(id));
}

/** A response row on the wire: the PDF as its download address, never the storage key. */
export function assignmentResponseWire(row: repo.ResponseRow): AssignmentResponse {
  return {
    id: row.id,
    assignmentId: row.assignmentId,
    link: row.link,
    pdf: row.pdf ? assignmentPdfUrl(row.id) : null,
    pdfName: row.pdf ? (row.pdfName ?? 'assignment.pdf') : null,
    points: row.points,
    reviewComment: row.reviewComment,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

function exactlyOne(input: AnswerInput): void {
  if (input.link !== undefined && input.pdf !== undefined) {
    throw new AppError('VALIDATION_FAILED', 'Send either a link or a PDF, not both.', [
      { path: 'link', message: 'must not be sent with a PDF' },
    ]);
  }
  if (input.link === undefined && input.pdf === undefined) {
    throw new AppError(
      'VALIDATION_FAILED',
      'Send a link (JSON field "link", https only) or a PDF (multipart/form-data, file field "pdf").',
      [{ path: 'link', message: 'is required (or upload a PDF in the field "pdf")' }],
    );
  }
}

/**
 * Stores the PDF (if any) under a fresh private key, runs `write`, and removes the new file
 * again when `write` fails, so a refused or failed write leaves no file behind.
 */
async function withStoredPdf<T>(
  deps: CourseworkDeps,
  pdf: UploadedPdf | undefined,
  write: (answer: repo.Answer) => Promise<T>,
  link: string | undefined,
): Promise<T> {
  if (!pdf) return write({ link: link ?? null, pdf: null, pdfName: null });
  const key = newAssignmentPdfKey();
  await deps.storage.put(key, pdf.bytes, 'application/pdf');
  try {
    return await write({ link: null, pdf: key, pdfName: pdf.fileName });
  } catch (error) {
    await removeFile(deps, key);
    throw error;
  }
}

/** Deletes a stored PDF; a failure is logged (an orphan file), never the learner's problem. */
async function removeFile(deps: CourseworkDeps, key: string | null): Promise<void> {
  if (!isAssignmentPdfKey(key)) return;
  try {
    await deps.storage.delete(key);
  } catch (error) {
    deps.log.warn({ err: error, key }, 'an assignment PDF could not be deleted');
  }
}

/**
 * `POST …/assignment/response`: the learner's first answer to an assignment. One per learner and
 * assignment (a second → 409, use update); a closed assignment → 409. Late answers (after the
 * session's `assignmentLastDate`) are accepted and count as submitted.
 */
export async function submitAssignment(
  deps: CourseworkDeps,
  caller: Caller,
  input: { assignmentId: number } & AnswerInput,
): Promise<AssignmentResponse> {
  exactlyOne(input);
  const target = await repo.assignmentTarget(deps.db, input.assignmentId);
  if (!target) throw assignmentNotFound();
  const access = await courseAccess(deps.db, {
    session: caller.session,
    batchId: target.batchId,
    now: deps.clock(),
    ip: caller.ip,
  });
  assertLearnerWrite(access);
  if (target.status === 'closed') {
    throw new AppError('CONFLICT', 'This assignment is closed and no longer accepts answers.');
  }
  const alreadyAnswered = () =>
    new AppError(
      'CONFLICT',
      'You have already answered this assignment. Use update to change your answer, or delete it first.',
    );
  if (await repo.responseOf(deps.db, target.id, access.userId)) throw alreadyAnswered();
  const row = await withStoredPdf(
    deps,
    input.pdf,
    async (answer) => {
      const inserted = await repo.insertResponse(deps.db, {
        assignmentId: target.id,
        userId: access.userId,
        now: deps.clock(),
        ...answer,
      });
      if (!inserted) throw alreadyAnswered();
      return inserted;
    },
    input.link,
  );
  await learnerDashboardChanged(deps.publicCache, access);
  return assignmentResponseWire(row);
}

/** The caller's own response `responseId` with its batch, after the gate; 404 for anyone else's. */
async function ownResponse(deps: CourseworkDeps, caller: Caller, responseId: number) {
  const target = await repo.responseTarget(deps.db, responseId);
  if (!target || target.response.userId !== caller.session.userId) throw responseNotFound();
  const access = await courseAccess(deps.db, {
    session: caller.session,
    batchId: target.batchId,
    now: deps.clock(),
    ip: caller.ip,
  });
  return { target, access };
}

const alreadyReviewed = (what: string) =>
  new AppError('CONFLICT', `This answer has been reviewed (points are set), so it can no longer be ${what}.`);

/**
 * `POST …/assignment/update`: replaces the answer (a link, or a new PDF) while the assignment is
 * open and the answer not yet reviewed. The previous PDF is deleted once the change is committed.
 */
export async function updateAssignment(
  deps: CourseworkDeps,
  caller: Caller,
  input: { responseId: number } & AnswerInput,
): Promise<AssignmentResponse> {
  exactlyOne(input);
  const { target, access } = await ownResponse(deps, caller, input.responseId);
  assertLearnerWrite(access);
  if (target.assignmentStatus === 'closed') {
    throw new AppError('CONFLICT', 'This assignment is closed; its answers can no longer be changed.');
  }
  if (target.response.points !== null) throw alreadyReviewed('changed');
  let previousPdf: string | null = null;
  const row = await withStoredPdf(
    deps,
    input.pdf,
    (answer) =>
      deps.db.transaction(async (tx) => {
        const locked = await repo.lockResponse(tx, input.responseId);
        if (!locked || locked.userId !== access.userId) throw responseNotFound();
        if (locked.points !== null) throw alreadyReviewed('changed');
        previousPdf = locked.pdf;
        return repo.replaceAnswer(tx, locked.id, answer, deps.clock());
      }),
    input.link,
  );
  await learnerDashboardChanged(deps.publicCache, access);
  if (previousPdf !== row.pdf) await removeFile(deps, previousPdf);
  return assignmentResponseWire(row);
}

/**
 * `DELETE …/assignment/{responseId}/delete`: removes the learner's answer and its PDF, only
 * before it is reviewed (points set → 409).
 */
export async function deleteAssignmentResponse(
  deps: CourseworkDeps,
  caller: Caller,
  responseId: number,
): Promise<{ id: number; deleted: true }> {
  const { target, access } = await ownResponse(deps, caller, responseId);
  assertLearnerWrite(access);
  if (target.response.points !== null) throw alreadyReviewed('deleted');
  const removed = await deps.db.transaction(async (tx) => {
    const locked = await repo.lockResponse(tx, responseId);
    if (!locked || locked.userId !== access.userId) throw responseNotFound();
    if (locked.points !== null) throw alreadyReviewed('deleted');
    await repo.deleteResponse(tx, locked.id);
    return locked;
  });
  await learnerDashboardChanged(deps.publicCache, access);
  await removeFile(deps, removed.pdf);
  return { id: responseId, deleted: true };
}

/**
 * `GET …/assignment/response/{responseId}/pdf`: the PDF's bytes and name, to its owner (through
 * the gate, so a locked course answers 402) or to staff on their own session (audited): moderators
 * and admins, and instructors for the batches they teach. Anyone else, a response without a PDF,
 * or a missing file: 404.
 */
export async function assignmentPdf(
  deps: CourseworkDeps,
  caller: Caller,
  responseId: number,
): Promise<{ bytes: Buffer; fileName: string }> {
  const { session } = caller;
  const target = await repo.responseTarget(deps.db, responseId);
  if (!target || !isAssignmentPdfKey(target.response.pdf)) throw responseNotFound();
  const { response } = target;
  if (response.userId === session.userId) {
    await courseAccess(deps.db, { session, batchId: target.batchId, now: deps.clock(), ip: caller.ip });
  } else if (
    !session.isModeratorView &&
    hasRole(session.role, ASSIGNMENT_REVIEWER_ROLES) &&
    // An instructor reads the answers of the batches they teach only; another's answers 404.
    (session.role !== 'instructor' || (await repo.teachesBatch(deps.db, session.userId, target.batchId)))
  ) {
    await repo.auditStaffAccess(deps.db, {
      moderatorId: session.actingUserId,
      learnerId: response.userId,
      sessionId: session.sessionId,
      reason: `assignment PDF of response ${response.id}`,
      ip: caller.ip,
    });
  } else {
    throw responseNotFound();
  }
  const bytes = await deps.storage.get(response.pdf!);
  if (!bytes) throw responseNotFound();
  return { bytes, fileName: response.pdfName ?? 'assignment.pdf' };
}

/** `GET …/batch/{id}/assignment/points`: the learner's own points and status per assignment. */
export async function assignmentPoints(deps: CourseworkDeps, caller: Caller, batchId: number) {
  const access = await courseAccess(deps.db, {
    session: caller.session,
    batchId,
    now: deps.clock(),
    ip: caller.ip,
  });
  const rows = await repo.batchAssignmentsWithResponse(deps.db, batchId, access.userId);
  let totalPoints = 0;
  let maxPoints = 0;
  const list = rows.map((row) => {
    totalPoints += row.points ?? 0;
    maxPoints += row.maxPoints;
    const responses = row.responseId === null ? [] : [{ link: row.link, pdf: row.pdf }];
    return {
      assignmentId: row.assignmentId,
      title: row.title,
      sessionId: row.sessionId,
      maxPoints: row.maxPoints,
      points: row.points,
      status: assignmentStatus({ AssignmentResponses: responses }),
    };
  });
  return { totalPoints, maxPoints, assignments: list };
}

/** Words never shown as a name: anything like an e-mail address or a phone number. */
const CONTACT_LIKE = /@|\d{5,}|^\+?\d[\d\s-]*$/;

/**
 * The leaderboard's name of a learner: first name and the initial of the last name ("Asha R."),
 * or the first name alone; "Learner" when no name is usable. Words that look like an e-mail
 * address or a phone number are dropped, so a name field holding one never shows it.
 */
export function leaderboardName(full: string | null): string {
  const words = (full ?? '')
    .normalize('NFC')
    .replace(/[\u0000-\u001f\u007f]/g, ' ')
    .split(/\s+/)
    .filter((word) => word.length > 0 && !CONTACT_LIKE.test(word));
  const first = words[0];
  if (!first) return 'Learner';
  const shortFirst = Array.from(first).slice(0, 40).join('');
  if (words.length === 1) return shortFirst;
  const initial = Array.from(words[words.length - 1]!)[0]!.toLocaleUpperCase('en');
  return `${shortFirst} ${initial}.`;
}

/**
 * `GET …/batch/{id}/leaderboard/score`: the batch's learners by score (reviewed assignment points
 * plus correct answers in current quiz attempts), competition-ranked, top 50 plus the caller.
 * Only a display name, the score and whether the row is the caller's.
 */
export async function leaderboard(deps: CourseworkDeps, caller: Caller, batchId: number) {
  const access = await courseAccess(deps.db, {
    session: caller.session,
    batchId,
    now: deps.clock(),
    ip: caller.ip,
  });
  const rows = await repo.leaderboardRows(deps.db, {
    batchId,
    userId: access.userId,
    limit: LEADERBOARD_TOP,
  });
  return rows.map((row) => ({
    rank: row.rank,
    name: leaderboardName(row.name),
    score: row.score,
    isYou: row.user_id === access.userId,
  }));
}
