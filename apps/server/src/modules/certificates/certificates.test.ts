import { and, eq } from 'drizzle-orm';
import QRCode from 'qrcode';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { certificates, enrolments, moduleCertificateModals, users } from '../../db/schema/index.js';
import { createBatch, createWorkshop } from '../../test/factories.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../auth/testing.js';
import { pdfText } from '../invoices/testing.js';
import { QR_SIZE } from './certificate-pdf.js';
import { CODE_PATTERN } from './certificates.service.js';
import { certificatePdfCache, certificateRenderGate } from './render-gate.js';
import { answerQuiz, enrol, insertModuleWithQuiz, lockWithInstalment, pdfSquares } from './testing.js';

/** 09:30 in India on 26 November 2026. */
const NOW = new Date('2026-11-26T04:00:00Z');

let t: TestContext;
beforeAll(async () => {
  t = await createTestApp({ env: { JOBS_WORKER: 'off', PUBLIC_URL: 'https://atelier.test' }, now: NOW });
}, 120_000);
afterAll(async () => t?.close());
beforeEach(() => {
  t.now.value = NOW;
});

const db = () => t.database.db;

async function learner(name = 'Asha Verma') {
  const user = await insertUser(db(), { name });
  const { token } = await insertSession(db(), user.id, NOW);
  return { user, headers: bearer(token) };
}

/** A live course that ended on 20 November (completed) unless told otherwise. */
async function course(values: { endDate?: string | null; sessionType?: 1 | 2; title?: string } = {}) {
  const workshop = await createWorkshop(db(), {
    title: values.title ?? 'Parametric Facades with Grasshopper',
  });
  const batch = await createBatch(db(), workshop.id, {
    startDate: values.endDate === null ? null : '2026-10-01',
    endDate: values.endDate === undefined ? '2026-11-20' : values.endDate,
    sessionType: values.sessionType ?? 1,
  });
  return { workshop, batch };
}

const coursePdf = (batchId: number, headers: Record<string, string>) =>
  t.app.inject({ method: 'GET', url: `/api/user/course/${batchId}/certificate?type=course`, headers });
const modulePdf = (moduleId: number, headers: Record<string, string>) =>
  t.app.inject({
    method: 'POST',
    url: '/api/user/course/module/certificate',
    headers,
    payload: { moduleId },
  });
const listOf = async (headers: Record<string, string>) =>
  (await t.app.inject({ method: 'GET', url: '/api/user/certificates', headers })).json().data as {
    id: number;
    code: string;
    type: string;
    courseName: string;
    certificateTitle: string | null;
    issuedAt: string;
    verifyUrl: string;
  }[];

describe('course certificates', () => {
  it('when the course has not ended, then the certificate is refused with the reason; once it has, the PDF carries the name, course, date and code', async () => {
    const { user, headers } = await learner('Asha Verma');
    const { batch } = await course({ endDate: '2026-11-30' });
    await enrol(db(), user.id, batch.id);

    const early = await coursePdf(batch.id, headers);
    expect(early.statusCode).toBe(403);
    expect(early.json().message).toMatch(/once the course is completed.*2026-11-30/);
    expect(await db().select().from(certificates).where(eq(certificates.userId, user.id))).toHaveLength(0);

    // 1 December 00:30 in India: the end day has passed in the platform time zone.
    t.now.value = new Date('2026-11-30T19:00:00Z');
    const res = await coursePdf(batch.id, headers);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['cache-control']).toBe('private, no-store');
    const [row] = await db().select().from(certificates).where(eq(certificates.userId, user.id));
    expect(row!.serial).toMatch(CODE_PATTERN);
    expect(row!.moduleId).toBeNull();
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="certificate-parametric-facades-with-grasshopper-${row!.serial}.pdf"`,
    );
    expect(res.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Asha Verma');
    expect(text).toContain('Parametric Facades with Grasshopper');
    expect(text).toContain(row!.serial);
    expect(text).toContain('1 December 2026');
    expect(text).toContain('has successfully completed the course');
  }, 60_000);

  it('when a recorded course is downloaded, then it needs every module quiz passed', async () => {
    const { user, headers } = await learner();
    const { batch } = await course({ endDate: null, sessionType: 2 });
    await enrol(db(), user.id, batch.id);
    const one = await insertModuleWithQuiz(db(), batch.id, { sequence: 1 });
    const two = await insertModuleWithQuiz(db(), batch.id, { sequence: 2, certificateTitle: null });
    await answerQuiz(db(), user.id, one, { correct: 4 });
    const refused = await coursePdf(batch.id, headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/1 of 2 passed/);
    await answerQuiz(db(), user.id, two, { correct: 3 });
    expect((await coursePdf(batch.id, headers)).statusCode).toBe(200);
  }, 60_000);

  it('when a recorded course has no quizzes, then its certificate is not claimable', async () => {
    const { user, headers } = await learner();
    const { batch } = await course({ endDate: null, sessionType: 2 });
    await enrol(db(), user.id, batch.id);
    const res = await coursePdf(batch.id, headers);
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toMatch(/no quizzes yet/);
  }, 60_000);

  it('when five first downloads race, then one certificate is issued and every PDF carries its code', async () => {
    const { user, headers } = await learner();
    const { batch } = await course();
    await enrol(db(), user.id, batch.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => coursePdf(batch.id, headers)));
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200]);
    const rows = await db().select().from(certificates).where(eq(certificates.userId, user.id));
    expect(rows).toHaveLength(1);
    for (const a of answers) expect(pdfText(a.rawPayload)).toContain(rows[0]!.serial);
  }, 60_000);

  it('when the learner has no name, then they are asked to add one first', async () => {
    const { user, headers } = await learner('  ');
    const { batch } = await course();
    await enrol(db(), user.id, batch.id);
    const res = await coursePdf(batch.id, headers);
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/Add your name/);
  }, 60_000);
});

describe('module certificates', () => {
  it('when the quiz is not passed, then the certificate is refused; an attempt at the pass mark with every question answered earns it', async () => {
    const { user, headers } = await learner('Ravi Iyer');
    const { batch } = await course({ endDate: '2026-12-31' });
    await enrol(db(), user.id, batch.id);
    const quiz = await insertModuleWithQuiz(db(), batch.id, { questions: 4, passPercentage: 75 });

    // Attempt 1: three right but one question unanswered; attempt 2: all answered, 2 of 4 = 50 %.
    await answerQuiz(db(), user.id, quiz, { correct: 3, answered: 3, attempt: 1 });
    await answerQuiz(db(), user.id, quiz, { correct: 2, attempt: 2 });
    const refused = await modulePdf(quiz.moduleId, headers);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().message).toMatch(/at least 75%/);

    // Attempt 3: 3 of 4 = 75 %, at the mark.
    await answerQuiz(db(), user.id, quiz, { correct: 3, attempt: 3 });
    const res = await modulePdf(quiz.moduleId, headers);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain('Ravi Iyer');
    expect(text).toContain('Grasshopper Foundations');
    expect(text).toContain('in the course Parametric Facades with Grasshopper');
    const [row] = await db().select().from(certificates).where(eq(certificates.userId, user.id));
    expect(row!.moduleId).toBe(quiz.moduleId);
    expect(row!.certificateTitle).toBe('Grasshopper Foundations');
    expect(text).toContain(row!.serial);
  }, 60_000);

  it('when a module has no pass mark set, then 60 % passes and 50 % does not', async () => {
    const { user, headers } = await learner();
    const { batch } = await course();
    await enrol(db(), user.id, batch.id);
    const fifty = await insertModuleWithQuiz(db(), batch.id, { questions: 4 });
    const sixty = await insertModuleWithQuiz(db(), batch.id, { questions: 5, sequence: 2 });
    await answerQuiz(db(), user.id, fifty, { correct: 2 });
    await answerQuiz(db(), user.id, sixty, { correct: 3 });
    expect((await modulePdf(fifty.moduleId, headers)).statusCode).toBe(403);
    expect((await modulePdf(sixty.moduleId, headers)).statusCode).toBe(200);
  }, 60_000);

  it('when a module has no certificate title, then there is no certificate (404)', async () => {
    const { user, headers } = await learner();
    const { batch } = await course();
    await enrol(db(), user.id, batch.id);
    const quiz = await insertModuleWithQuiz(db(), batch.id, { certificateTitle: null });
    await answerQuiz(db(), user.id, quiz, { correct: 4 });
    const res = await modulePdf(quiz.moduleId, headers);
    expect(res.statusCode).toBe(404);
    expect(res.json().message).toMatch(/no certificate/);
  }, 60_000);
});

describe('who may have a certificate', () => {
  it('when the learner was refunded, then every certificate call answers 404 and verification no longer vouches for it', async () => {
    const { user, headers } = await learner();
    const { batch } = await course();
    await enrol(db(), user.id, batch.id);
    const quiz = await insertModuleWithQuiz(db(), batch.id);
    await answerQuiz(db(), user.id, quiz, { correct: 4 });
    expect((await coursePdf(batch.id, headers)).statusCode).toBe(200);
    const [issued] = await listOf(headers);

    await db()
      .update(enrolments)
      .set({ isRefund: true })
      .where(and(eq(enrolments.userId, user.id), eq(enrolments.batchId, batch.id)));
    expect((await coursePdf(batch.id, headers)).statusCode).toBe(404);
    expect((await modulePdf(quiz.moduleId, headers)).statusCode).toBe(404);
    const share = await t.app.inject({
      method: 'POST',
      url: '/api/user/course/module/certificate/share',
      headers,
      payload: { certificateId: issued!.id },
    });
    expect(share.statusCode).toBe(404);
    expect(await listOf(headers)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/api/certificates/${issued!.code}` })).statusCode).toBe(
      404,
    );
  }, 60_000);

  it('when an instalment locks the course, then its certificates answer 402 and the lock lifts when paid', async () => {
    const { user, headers } = await learner();
    const { batch } = await course();
    await enrol(db(), user.id, batch.id);
    const quiz = await insertModuleWithQuiz(db(), batch.id);
    await answerQuiz(db(), user.id, quiz, { correct: 4 });
    await lockWithInstalment(db(), user.id, batch.id, '2026-11-28');
    const locked = await coursePdf(batch.id, headers);
    expect(locked.statusCode).toBe(402);
    expect(locked.json().error).toBe('INSTALMENT_DUE');
    expect((await modulePdf(quiz.moduleId, headers)).statusCode).toBe(402);
    expect(await db().select().from(certificates).where(eq(certificates.userId, user.id))).toHaveLength(0);
  }, 60_000);

  it('when another learner uses any id of a learner’s certificates, then every call answers 404 and changes nothing', async () => {
    const a = await learner('Owner Person');
    const b = await learner('Other Person');
    const { batch } = await course();
    const { batch: bBatch } = await course();
    await enrol(db(), a.user.id, batch.id);
    await enrol(db(), b.user.id, bBatch.id);
    const quiz = await insertModuleWithQuiz(db(), batch.id);
    await answerQuiz(db(), a.user.id, quiz, { correct: 4 });
    // b answered a's quiz too (as if by forged ids): still not b's course.
    await answerQuiz(db(), b.user.id, quiz, { correct: 4 });
    await db().insert(moduleCertificateModals).values({ userId: a.user.id, moduleId: quiz.moduleId });
    expect((await coursePdf(batch.id, a.headers)).statusCode).toBe(200);
    const [owned] = await listOf(a.headers);

    expect((await coursePdf(batch.id, b.headers)).statusCode).toBe(404);
    expect((await modulePdf(quiz.moduleId, b.headers)).statusCode).toBe(404);
    const share = await t.app.inject({
      method: 'POST',
      url: '/api/user/course/module/certificate/share',
      headers: b.headers,
      payload: { certificateId: owned!.id },
    });
    expect(share.statusCode).toBe(404);
    const modal = await t.app.inject({
      method: 'POST',
      url: '/api/user/course/module/certificate/modal',
      headers: b.headers,
      payload: { moduleId: quiz.moduleId },
    });
    expect(modal.statusCode).toBe(404);
    expect(await listOf(b.headers)).toEqual([]);
    const details = await t.app.inject({
      method: 'GET',
      url: '/api/user/certificate/details',
      headers: b.headers,
    });
    expect(details.json().data).toMatchObject({ name: 'Other Person', certificates: [] });
    expect(details.json().data.claimable.map((c: { batchId: number }) => c.batchId)).not.toContain(batch.id);
    const [popup] = await db()
      .select()
      .from(moduleCertificateModals)
      .where(eq(moduleCertificateModals.userId, a.user.id));
    expect(popup!.isSeen).toBe(false);
    expect(await db().select().from(certificates).where(eq(certificates.userId, b.user.id))).toHaveLength(0);
    // A visitor is asked to sign in.
    expect((await t.app.inject({ method: 'GET', url: '/api/user/certificates' })).statusCode).toBe(401);
  }, 60_000);
});

describe('a moderator’s read-only view', () => {
  it('when a moderator views a learner, then an issued certificate downloads but none is issued and the popup is left alone', async () => {
    const { user, headers } = await learner('Viewed Learner');
    const { batch } = await course();
    await enrol(db(), user.id, batch.id);
    const quiz = await insertModuleWithQuiz(db(), batch.id);
    await answerQuiz(db(), user.id, quiz, { correct: 4 });
    await db().insert(moduleCertificateModals).values({ userId: user.id, moduleId: quiz.moduleId });
    const moderator = await insertUser(db(), { name: 'Mona Moderator', role: 'moderator' });
    const { token } = await insertSession(db(), moderator.id, NOW, { viewedUserId: user.id });
    const view = bearer(token);

    const notYet = await coursePdf(batch.id, view);
    expect(notYet.statusCode).toBe(403);
    expect(notYet.json().message).toMatch(/read-only/);
    expect((await modulePdf(quiz.moduleId, view)).statusCode).toBe(403);
    expect(await db().select().from(certificates).where(eq(certificates.userId, user.id))).toHaveLength(0);

    expect((await coursePdf(batch.id, headers)).statusCode).toBe(200);
    const seen = await coursePdf(batch.id, view);
    expect(seen.statusCode).toBe(200);
    expect(pdfText(seen.rawPayload)).toContain('Viewed Learner');
    const modal = await t.app.inject({
      method: 'POST',
      url: '/api/user/course/module/certificate/modal',
      headers: view,
      payload: { moduleId: quiz.moduleId },
    });
    expect(modal.statusCode).toBe(403);
    const [popup] = await db()
      .select()
      .from(moduleCertificateModals)
      .where(eq(moduleCertificateModals.userId, user.id));
    expect(popup!.isSeen).toBe(false);
  }, 60_000);
});

describe('the certificate PDF', () => {
  it('when the name is hostile, then it is printed as literal text', async () => {
    const name = '<script>alert(1)</script> %PDF-1.7 ) Tj (';
    const { user, headers } = await learner(name);
    const { batch } = await course({ title: '<b>Bold</b> & “Quoted” course' });
    await enrol(db(), user.id, batch.id);
    const res = await coursePdf(batch.id, headers);
    expect(res.statusCode).toBe(200);
    const text = pdfText(res.rawPayload);
    expect(text).toContain(name);
    expect(text).toContain('<b>Bold</b> & "Quoted" course');
    expect(res.rawPayload.toString('latin1').match(/%PDF-/g)).toHaveLength(1);
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="certificate-b-bold-b-quoted-course-ATL-[A-Z0-9-]+\.pdf"$/,
    );
  }, 60_000);

  it('when a name is outside Latin-1, then Latin-1 letters print as they are, other accented letters without their accent, and other scripts as ?', async () => {
    const { user, headers } = await learner('Zoë Ñandú Łukasz Śiwa 李');
    const { batch } = await course();
    await enrol(db(), user.id, batch.id);
    const text = pdfText((await coursePdf(batch.id, headers)).rawPayload);
    expect(text).toContain('Zoë Ñandú Lukasz Siwa ?');
  }, 60_000);

  it('when rendered, then its QR code is the verification address, also linked', async () => {
    const { user, headers } = await learner();
    const { batch } = await course();
    await enrol(db(), user.id, batch.id);
    const res = await coursePdf(batch.id, headers);
    const [row] = await db().select().from(certificates).where(eq(certificates.userId, user.id));
    const url = `https://atelier.test/verify/${row!.serial}`;
    expect(res.rawPayload.toString('latin1')).toContain(`/URI (${url})`);
    expect(pdfText(res.rawPayload)).toContain(`Verify at ${url}`);

    const qr = QRCode.create(url, { errorCorrectionLevel: 'M' });
    const cell = QR_SIZE / qr.modules.size;
    const squares = pdfSquares(res.rawPayload).filter((s) => Math.abs(s.size - cell) < 0.01);
    const x0 = Math.min(...squares.map((s) => s.x));
    const y0 = Math.min(...squares.map((s) => s.y));
    const drawn = new Set(
      squares.map((s) => `${Math.round((s.y - y0) / cell)},${Math.round((s.x - x0) / cell)}`),
    );
    const expected = new Set<string>();
    for (let r = 0; r < qr.modules.size; r += 1)
      for (let c = 0; c < qr.modules.size; c += 1) if (qr.modules.get(r, c)) expected.add(`${r},${c}`);
    expect(drawn).toEqual(expected);
  }, 60_000);

  it('when downloaded again, then the cached bytes are sent; a new name renders anew', async () => {
    const { user, headers } = await learner('First Name');
    const { batch } = await course();
    await enrol(db(), user.id, batch.id);
    const first = await coursePdf(batch.id, headers);
    const cached = certificatePdfCache.size;
    const second = await coursePdf(batch.id, headers);
    expect(second.rawPayload.equals(first.rawPayload)).toBe(true);
    expect(certificatePdfCache.size).toBe(cached);

    await db().update(users).set({ name: 'Second Name' }).where(eq(users.id, user.id));
    const renamed = await coursePdf(batch.id, headers);
    expect(certificatePdfCache.size).toBe(cached + 1);
    expect(pdfText(renamed.rawPayload)).toContain('Second Name');
    expect(pdfText(renamed.rawPayload)).not.toContain('First Name');
  }, 60_000);

  it('when every render slot and the queue are taken, then a new render answers 503 with Retry-After; cached certificates still come', async () => {
    const { user, headers } = await learner();
    const { batch } = await course();
    const { batch: other } = await course();
    await enrol(db(), user.id, batch.id);
    await enrol(db(), user.id, other.id);
    expect((await coursePdf(batch.id, headers)).statusCode).toBe(200);

    const held = [await certificateRenderGate.acquire(), await certificateRenderGate.acquire()];
    const queued = Array.from({ length: certificateRenderGate.queueLimit }, () =>
      certificateRenderGate.acquire(),
    );
    expect(certificateRenderGate.load).toEqual({ running: 2, waiting: certificateRenderGate.queueLimit });
    try {
      const busy = await coursePdf(other.id, headers);
      expect(busy.statusCode).toBe(503);
      expect(busy.json().error).toBe('SERVICE_UNAVAILABLE');
      expect(Number(busy.headers['retry-after'])).toBeGreaterThan(0);
      // Already rendered: no slot needed.
      expect((await coursePdf(batch.id, headers)).statusCode).toBe(200);
    } finally {
      held.forEach((release) => release());
      // Each waiter gets a slot as one is given back, and gives it back in turn.
      await Promise.all(queued.map((slot) => slot.then((release) => release())));
    }
    expect(certificateRenderGate.load).toEqual({ running: 0, waiting: 0 });
    expect((await coursePdf(other.id, headers)).statusCode).toBe(200);
  }, 60_000);
});

describe('lists, sharing and popups', () => {
  it('when a learner has certificates, then the list is newest first and details say what is claimable', async () => {
    const { user, headers } = await learner('Meera Nair');
    const { batch } = await course();
    const { batch: ongoing } = await course({ endDate: '2026-12-31', title: 'Rhino Basics' });
    await enrol(db(), user.id, batch.id);
    await enrol(db(), user.id, ongoing.id);
    const quiz = await insertModuleWithQuiz(db(), ongoing.id, { certificateTitle: 'Rhino Modelling' });
    await answerQuiz(db(), user.id, quiz, { correct: 4 });

    const before = (
      await t.app.inject({ method: 'GET', url: '/api/user/certificate/details', headers })
    ).json().data;
    expect(before.name).toBe('Meera Nair');
    expect(before.certificates).toEqual([]);
    expect(before.claimable).toEqual(
      expect.arrayContaining([
        {
          type: 'course',
          batchId: batch.id,
          moduleId: null,
          courseName: 'Parametric Facades with Grasshopper',
          certificateTitle: null,
        },
        {
          type: 'module',
          batchId: ongoing.id,
          moduleId: quiz.moduleId,
          courseName: 'Rhino Basics',
          certificateTitle: 'Rhino Modelling',
        },
      ]),
    );
    expect(before.claimable).toHaveLength(2);

    await coursePdf(batch.id, headers);
    t.now.value = new Date(NOW.getTime() + 60_000);
    await modulePdf(quiz.moduleId, headers);
    const list = await listOf(headers);
    expect(list.map((c) => [c.type, c.courseName, c.certificateTitle])).toEqual([
      ['module', 'Rhino Basics', 'Rhino Modelling'],
      ['course', 'Parametric Facades with Grasshopper', null],
    ]);
    expect(list[0]!.verifyUrl).toBe(`https://atelier.test/verify/${list[0]!.code}`);
    const after = (
      await t.app.inject({ method: 'GET', url: '/api/user/certificate/details', headers })
    ).json().data;
    expect(after.claimable).toEqual([]);
    expect(after.certificates).toHaveLength(2);
  }, 60_000);

  it('when the owner shares a certificate, then they get its verification link and a LinkedIn add-to-profile address', async () => {
    const { user, headers } = await learner();
    const { batch } = await course();
    await enrol(db(), user.id, batch.id);
    await coursePdf(batch.id, headers);
    const [cert] = await listOf(headers);
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/user/course/module/certificate/share',
      headers,
      payload: { certificateId: cert!.id },
    });
    expect(res.statusCode).toBe(200);
    const { code, url, linkedInUrl } = res.json().data;
    expect(code).toBe(cert!.code);
    expect(url).toBe(`https://atelier.test/verify/${code}`);
    const linkedIn = new URL(linkedInUrl);
    expect(linkedIn.origin + linkedIn.pathname).toBe('https://www.linkedin.com/profile/add');
    expect(Object.fromEntries(linkedIn.searchParams)).toEqual({
      startTask: 'CERTIFICATION_NAME',
      name: 'Parametric Facades with Grasshopper',
      organizationName: 'Atelier',
      issueYear: '2026',
      issueMonth: '11',
      certUrl: url,
      certId: code,
    });
  }, 60_000);

  it('when the popup is marked seen, then only the caller’s row changes; without a popup it is 404', async () => {
    const { user, headers } = await learner();
    const { batch } = await course();
    await enrol(db(), user.id, batch.id);
    const quiz = await insertModuleWithQuiz(db(), batch.id);
    const other = await insertModuleWithQuiz(db(), batch.id, { sequence: 2 });
    await db().insert(moduleCertificateModals).values({ userId: user.id, moduleId: quiz.moduleId });
    const seen = await t.app.inject({
      method: 'POST',
      url: '/api/user/course/module/certificate/modal',
      headers,
      payload: { moduleId: quiz.moduleId },
    });
    expect(seen.statusCode).toBe(200);
    expect(seen.json().data).toEqual({ moduleId: quiz.moduleId, isSeen: true });
    const [row] = await db()
      .select()
      .from(moduleCertificateModals)
      .where(eq(moduleCertificateModals.userId, user.id));
    expect(row!.isSeen).toBe(true);
    const none = await t.app.inject({
      method: 'POST',
      url: '/api/user/course/module/certificate/modal',
      headers,
      payload: { moduleId: other.moduleId },
    });
    expect(none.statusCode).toBe(404);
  }, 60_000);
});

describe('public verification', () => {
  it('when a known code is verified, then anyone sees whose certificate it is, for what and when, in the API and on the page', async () => {
    const { user, headers } = await learner('<img src=x onerror=alert(1)> Kiran');
    const { batch } = await course();
    await enrol(db(), user.id, batch.id);
    const quiz = await insertModuleWithQuiz(db(), batch.id, { certificateTitle: 'Facade <Systems>' });
    await answerQuiz(db(), user.id, quiz, { correct: 4 });
    await modulePdf(quiz.moduleId, headers);
    const [cert] = await listOf(headers);

    const api = await t.app.inject({ method: 'GET', url: `/api/certificates/${cert!.code.toLowerCase()}` });
    expect(api.statusCode).toBe(200);
    expect(api.headers['cache-control']).toBe('public, max-age=60');
    expect(api.json().data).toEqual({
      code: cert!.code,
      name: '<img src=x onerror=alert(1)> Kiran',
      type: 'module',
      courseName: 'Parametric Facades with Grasshopper',
      certificateTitle: 'Facade <Systems>',
      issuedAt: NOW.toISOString(),
    });

    const page = await t.app.inject({ method: 'GET', url: `/verify/${cert!.code}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['x-robots-tag']).toBe('noindex, nofollow');
    expect(page.headers['x-frame-options']).toBe('DENY');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    expect(csp).not.toContain('unsafe-inline');
    expect(page.body).toContain('<meta name="robots" content="noindex, nofollow">');
    expect(page.body).toContain('Verified certificate');
    expect(page.body).toContain('&#60;img src=x onerror=alert(1)&#62; Kiran');
    expect(page.body).not.toContain('<img');
    expect(page.body).toContain('Facade &#60;Systems&#62;');
    expect(page.body).toContain('26 November 2026');
    expect(page.body).toContain(cert!.code);
    expect(page.body).not.toContain('<script');
  }, 60_000);

  it('when a code is unknown, then the API answers 404 with a clear message and the page says so with a 404', async () => {
    const api = await t.app.inject({ method: 'GET', url: '/api/certificates/ATL-AAAA-BBBB-CCCC' });
    expect(api.statusCode).toBe(404);
    expect(api.json().message).toMatch(/No certificate was issued with this code/);
    const malformed = await t.app.inject({ method: 'GET', url: '/api/certificates/not%20a%20code' });
    expect(malformed.statusCode).toBe(400);

    const page = await t.app.inject({ method: 'GET', url: '/verify/ATL-AAAA-BBBB-CCCC' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.body).toContain('We could not find this certificate');
    const hostile = await t.app.inject({ method: 'GET', url: '/verify/%3Cscript%3Ealert(1)%3C%2Fscript%3E' });
    expect(hostile.statusCode).toBe(404);
    expect(hostile.body).toContain('&#60;script&#62;alert(1)&#60;/script&#62;');
    expect(hostile.body).not.toContain('<script>');
  }, 60_000);
});
