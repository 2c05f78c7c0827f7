/*
 * Certificates (issue 15, decision 0025): who may have which certificate, issuing it on first
 * download, the list and details, sharing, the popup flag and public verification.
 *
 * Course certificate: the learner holds the batch (the `courseAccess` gate: enrolled, not
 * refunded, not EMI-locked) and the course is completed — for a dated live batch its end has
 * passed in the platform time zone (the domain's `courseTiming`); for a recorded batch or one
 * without an end date, every module quiz of the batch is passed (and it has at least one).
 * Module certificate: the module has a certificate title and its quiz is passed — some attempt
 * answered every question with a score (rounded, the domain's `quizPercentage`) at or above the
 * module's pass mark (`course_quizzes.pass_percentage`, 60 when the module has no settings row).
 */
import { randomInt } from 'node:crypto';
import { createHash } from 'node:crypto';
import { courseTiming, quizPercentage } from '@atelier/domain';
import { AppError } from '../../http/app-error.js';
import type { Executor } from '../../db/query.js';
import { renderCertificatePdf, type CertificateView } from './certificate-pdf.js';
import {
  attemptScores,
  batchFacts,
  certificateByCode,
  findCertificate,
  heldBatchIds,
  insertCertificate,
  listCertificates,
  markModalSeen,
  moduleFacts,
  ownCertificate,
  userName,
  type AttemptScore,
  type BatchFacts,
  type CertificateRow,
  type ModuleFacts,
} from './certificates.repository.js';
import { certificatePdfCache, certificateRenderGate } from './render-gate.js';
import { enqueueNotification } from '../notifications/index.js';

/** The name of the issuer printed on certificates and sent to LinkedIn. */
export const ORGANIZATION = 'Atelier';

/** Letters and digits that cannot be mistaken for one another (no I, L, O, 0, 1). */
export const CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
/** `ATL-XXXX-XXXX-XXXX`: 12 random characters of 31, some 59 bits. */
export const CODE_PATTERN = /^ATL(-[ABCDEFGHJKMNPQRSTUVWXYZ23456789]{4}){3}$/;

export function newCertificateCode(): string {
  const groups: string[] = [];
  for (let g = 0; g < 3; g += 1) {
    let group = '';
    for (let i = 0; i < 4; i += 1) group += CODE_ALPHABET[randomInt(CODE_ALPHABET.length)];
    groups.push(group);
  }
  return `ATL-${groups.join('-')}`;
}

export interface CertificateSettings {
  publicUrl: string;
  tz: string;
}

export const verifyUrlOf = (settings: CertificateSettings, code: string) =>
  `${settings.publicUrl}/verify/${encodeURIComponent(code)}`;

/** Whether an attempt passed: every question answered and the score at or above the pass mark. */
export function attemptPassed(
  module: ModuleFacts,
  attempt: Pick<AttemptScore, 'answered' | 'correct'>,
): boolean {
  return (
    module.questions > 0 &&
    attempt.answered >= module.questions &&
    quizPercentage(attempt.correct, module.questions) >= module.passPercentage
  );
}

/** The ids of `modules` whose quiz the learner passed in some attempt. */
function passedModuleIds(modules: ModuleFacts[], attempts: AttemptScore[]): Set<number> {
  const byId = new Map(modules.map((m) => [m.moduleId, m]));
  const passed = new Set<number>();
  for (const attempt of attempts) {
    const module = byId.get(attempt.moduleId);
    if (module && attemptPassed(module, attempt)) passed.add(module.moduleId);
  }
  return passed;
}

/** Why the course certificate is not yet earned, or null when it is. */
export function courseRefusal(
  batch: BatchFacts,
  modules: ModuleFacts[],
  passed: Set<number>,
  now: Date,
  tz: string,
): string | null {
  if (batch.sessionType === 2 || batch.endDate === null) {
    const quizzes = modules.filter((m) => m.batchId === batch.batchId && m.questions > 0);
    if (quizzes.length === 0)
      return 'This course’s certificate is given once every module quiz is passed, and it has no quizzes yet.';
    const done = quizzes.filter((m) => passed.has(m.moduleId)).length;
    if (done < quizzes.length)
      return `Pass every module quiz to get the course certificate: ${done} of ${quizzes.length} passed so far.`;
    return null;
  }
  const timing = courseTiming(
    {
      Batch: {
        startDate: batch.startDate,
        endDate: batch.endDate,
        Workshop: { type: batch.workshopType },
        BatchSchedules:
          batch.scheduleStart && batch.scheduleEnd
            ? [{ startTime: batch.scheduleStart, endTime: batch.scheduleEnd }]
            : [],
      },
    },
    now,
    tz,
  );
  if (timing === 'completed') return null;
  return `The course certificate is available once the course is completed (it ends on ${batch.endDate}).`;
}

/** Why the module certificate is not yet earned (and its status), or null when it is. */
function moduleRefusal(module: ModuleFacts, passed: Set<number>): AppError | null {
  if (!module.certificateTitle) return new AppError('NOT_FOUND', 'This module has no certificate.');
  if (module.questions === 0)
    return new AppError(
      'FORBIDDEN',
      'This module’s quiz is not open yet: its certificate comes with passing it.',
    );
  if (!passed.has(module.moduleId))
    return new AppError(
      'FORBIDDEN',
      `Pass this module’s quiz with at least ${module.passPercentage}% (every question answered) to get its certificate.`,
    );
  return null;
}

const needsName = () =>
  new AppError(
    'VALIDATION_FAILED',
    'Add your name to your profile first: it is the name printed on your certificate.',
  );

/**
 * Issues a certificate once: the row that exists, or a new one with a fresh random code. Concurrent
 * first downloads meet at the unique key and read the one row.
 */
async function issueOnce(
  db: Executor,
  values: {
    userId: number;
    batchId: number;
    moduleId: number | null;
    courseName: string;
    certificateTitle: string | null;
    now: Date;
  },
): Promise<CertificateRow> {
  // The row and its "certificate issued" notification in one transaction (a savepoint when `db`
  // is one already): the mail exists exactly when the certificate does, once per certificate code.
  const runner = db as unknown as { transaction<T>(fn: (tx: Executor) => Promise<T>): Promise<T> };
  for (let tries = 0; tries < 5; tries += 1) {
    const inserted = await runner.transaction(async (tx) => {
      const row = await insertCertificate(tx, {
        userId: values.userId,
        batchId: values.batchId,
        moduleId: values.moduleId,
        courseName: values.courseName,
        certificateTitle: values.certificateTitle,
        serial: newCertificateCode(),
        issuedAt: values.now,
      });
      if (row)
        await enqueueNotification(
          tx,
          { kind: 'certificate-issued', to: { userId: row.userId }, certificateCode: row.serial },
          `certificate-issued:${row.serial}`,
        );
      return row;
    });
    if (inserted) return inserted;
    const existing = await findCertificate(db, values);
    if (existing) return existing;
    // Otherwise the random code collided with another certificate's: draw again.
  }
  throw new AppError('SERVICE_UNAVAILABLE', 'The certificate could not be issued. Please try again.');
}

export interface IssueInput {
  userId: number;
  batchId: number;
  /** True in a moderator's read-only view: an issued certificate may be read, none is issued. */
  readOnly: boolean;
  now: Date;
  settings: CertificateSettings;
}

/** The learner's course certificate of a batch they hold (the gate has run): issued if earned. */
export async function courseCertificate(db: Executor, input: IssueInput): Promise<CertificateRow> {
  const key = { userId: input.userId, batchId: input.batchId, moduleId: null };
  const existing = await findCertificate(db, key);
  if (existing) return existing;
  const [batch] = await batchFacts(db, [input.batchId]);
  if (!batch) throw new AppError('NOT_FOUND', 'That course is not in your dashboard.');
  const modules = await moduleFacts(db, [input.batchId]);
  const passed = passedModuleIds(
    modules,
    await attemptScores(
      db,
      input.userId,
      modules.filter((m) => m.questions > 0).map((m) => m.moduleId),
    ),
  );
  const refusal = courseRefusal(batch, modules, passed, input.now, input.settings.tz);
  if (refusal) throw new AppError('FORBIDDEN', refusal);
  if (input.readOnly)
    throw new AppError(
      'FORBIDDEN',
      'A moderator view is read-only: the learner has not downloaded this certificate yet.',
    );
  if (!(await userName(db, input.userId))) throw needsName();
  return issueOnce(db, { ...key, courseName: batch.courseName, certificateTitle: null, now: input.now });
}

/** The learner's certificate of a module of a batch they hold (the gate has run): issued if earned. */
export async function moduleCertificate(
  db: Executor,
  input: IssueInput & { moduleId: number },
): Promise<CertificateRow> {
  const key = { userId: input.userId, batchId: input.batchId, moduleId: input.moduleId };
  const existing = await findCertificate(db, key);
  if (existing) return existing;
  const module = (await moduleFacts(db, [input.batchId])).find((m) => m.moduleId === input.moduleId);
  if (!module) throw new AppError('NOT_FOUND', 'That module is not in your dashboard.');
  const passed = passedModuleIds([module], await attemptScores(db, input.userId, [module.moduleId]));
  const refusal = moduleRefusal(module, passed);
  if (refusal) throw refusal;
  if (input.readOnly)
    throw new AppError(
      'FORBIDDEN',
      'A moderator view is read-only: the learner has not downloaded this certificate yet.',
    );
  if (!(await userName(db, input.userId))) throw needsName();
  const [batch] = await batchFacts(db, [input.batchId]);
  return issueOnce(db, {
    ...key,
    courseName: batch!.courseName,
    certificateTitle: module.certificateTitle,
    now: input.now,
  });
}

/** `26 November 2026`: the issue day in the platform time zone. */
export function issueDate(at: Date, tz: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: tz,
  }).format(at);
}

/** The PDF of an issued certificate: from the cache when nothing printed has changed. */
export async function certificatePdf(
  db: Executor,
  certificate: CertificateRow,
  settings: CertificateSettings,
): Promise<{ pdf: Buffer; fileName: string }> {
  const name = await userName(db, certificate.userId);
  if (!name) throw needsName();
  const view: CertificateView = {
    type: certificate.moduleId === null ? 'course' : 'module',
    name,
    courseName: certificate.courseName,
    certificateTitle: certificate.certificateTitle,
    code: certificate.serial,
    issuedOn: issueDate(certificate.issuedAt, settings.tz),
    verifyUrl: verifyUrlOf(settings, certificate.serial),
    organization: ORGANIZATION,
  };
  const key = createHash('sha256').update(JSON.stringify(view)).digest('base64url');
  let pdf = certificatePdfCache.get(key);
  if (!pdf) {
    pdf = await certificateRenderGate.run(() => renderCertificatePdf(view));
    certificatePdfCache.set(key, pdf);
  }
  return { pdf, fileName: certificateFileName(view) };
}

/** `certificate-parametric-facades-ATL-XXXX-XXXX-XXXX.pdf`: ASCII letters, digits and dashes only. */
export function certificateFileName(
  view: Pick<CertificateView, 'type' | 'courseName' | 'certificateTitle' | 'code'>,
): string {
  const title = view.type === 'course' ? view.courseName : (view.certificateTitle ?? view.courseName);
  const slug = title
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  const code = view.code.replace(/[^A-Za-z0-9-]/g, '');
  return `certificate-${slug ? `${slug}-` : ''}${code}.pdf`;
}

/** The wire shape of a certificate (`CertificateSchema`). */
export function certificateWire(row: CertificateRow, settings: CertificateSettings) {
  const type = row.moduleId === null ? ('course' as const) : ('module' as const);
  return {
    id: row.id,
    type,
    batchId: row.batchId,
    moduleId: row.moduleId,
    courseName: row.courseName,
    certificateTitle: row.certificateTitle,
    code: row.serial,
    issuedAt: row.issuedAt.toISOString(),
    verifyUrl: verifyUrlOf(settings, row.serial),
    downloadUrl:
      type === 'course'
        ? `/api/user/course/${row.batchId}/certificate?type=course`
        : '/api/user/course/module/certificate',
  };
}

export async function certificatesOf(db: Executor, userId: number, settings: CertificateSettings) {
  return (await listCertificates(db, userId)).map((row) => certificateWire(row, settings));
}

/** The name printed, the certificates issued and those the learner may claim now. */
export async function certificateDetails(
  db: Executor,
  input: { userId: number; now: Date; settings: CertificateSettings },
) {
  const [name, issued, held] = [
    await userName(db, input.userId),
    await listCertificates(db, input.userId),
    await heldBatchIds(db, input.userId),
  ];
  const batches = await batchFacts(db, held);
  const modules = await moduleFacts(db, held);
  const passed = passedModuleIds(
    modules,
    await attemptScores(
      db,
      input.userId,
      modules.filter((m) => m.questions > 0).map((m) => m.moduleId),
    ),
  );
  const has = new Set(issued.map((c) => `${c.batchId}:${c.moduleId ?? ''}`));
  const byBatch = new Map(batches.map((b) => [b.batchId, b]));
  const claimable: {
    type: 'course' | 'module';
    batchId: number;
    moduleId: number | null;
    courseName: string;
    certificateTitle: string | null;
  }[] = [];
  for (const batchId of held) {
    const batch = byBatch.get(batchId);
    if (!batch) continue;
    if (
      !has.has(`${batchId}:`) &&
      courseRefusal(batch, modules, passed, input.now, input.settings.tz) === null
    )
      claimable.push({
        type: 'course',
        batchId,
        moduleId: null,
        courseName: batch.courseName,
        certificateTitle: null,
      });
    for (const module of modules) {
      if (module.batchId !== batchId || has.has(`${batchId}:${module.moduleId}`)) continue;
      if (moduleRefusal(module, passed) === null)
        claimable.push({
          type: 'module',
          batchId,
          moduleId: module.moduleId,
          courseName: batch.courseName,
          certificateTitle: module.certificateTitle,
        });
    }
  }
  return { name, certificates: issued.map((row) => certificateWire(row, input.settings)), claimable };
}

/** The caller's certificate by id (404 for anyone else's). */
export async function certificateOf(
  db: Executor,
  certificateId: number,
  userId: number,
): Promise<CertificateRow> {
  const row = await ownCertificate(db, certificateId, userId);
  if (!row) throw new AppError('NOT_FOUND', 'That certificate is not in your dashboard.');
  return row;
}

/** The verification link and a LinkedIn "add to profile" address for an issued certificate. */
export function shareLinks(row: CertificateRow, settings: CertificateSettings) {
  const url = verifyUrlOf(settings, row.serial);
  const parts = new Intl.DateTimeFormat('en-GB', {
    year: 'numeric',
    month: 'numeric',
    timeZone: settings.tz,
  }).formatToParts(row.issuedAt);
  const year = parts.find((p) => p.type === 'year')?.value ?? String(row.issuedAt.getUTCFullYear());
  const month = parts.find((p) => p.type === 'month')?.value ?? String(row.issuedAt.getUTCMonth() + 1);
  const linkedIn = new URL('https://www.linkedin.com/profile/add');
  linkedIn.searchParams.set('startTask', 'CERTIFICATION_NAME');
  linkedIn.searchParams.set('name', row.certificateTitle ?? row.courseName);
  linkedIn.searchParams.set('organizationName', ORGANIZATION);
  linkedIn.searchParams.set('issueYear', year);
  linkedIn.searchParams.set('issueMonth', String(Number(month)));
  linkedIn.searchParams.set('certUrl', url);
  linkedIn.searchParams.set('certId', row.serial);
  return { code: row.serial, url, linkedInUrl: linkedIn.toString() };
}

/** What the public may know of a certificate by its code; undefined when no valid one has it. */
export async function verifyCertificate(db: Executor, code: string) {
  const normalised = code.trim().toUpperCase();
  if (!CODE_PATTERN.test(normalised)) return undefined;
  const row = await certificateByCode(db, normalised);
  if (!row) return undefined;
  return {
    code: row.serial,
    name: row.name?.trim() || 'Atelier learner',
    type: row.moduleId === null ? ('course' as const) : ('module' as const),
    courseName: row.courseName,
    certificateTitle: row.certificateTitle,
    issuedAt: row.issuedAt.toISOString(),
  };
}

/** Marks the learner's certificate popup of a module seen (404 when they have none). */
export async function markPopupSeen(db: Executor, userId: number, moduleId: number): Promise<void> {
  if (!(await markModalSeen(db, userId, moduleId)))
    throw new AppError('NOT_FOUND', 'There is no certificate popup for that module.');
}
