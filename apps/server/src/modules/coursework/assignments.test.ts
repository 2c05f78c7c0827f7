import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webRoot } from '../../app.js';
import {
  assignmentResponses,
  instalments,
  moderatorAccessAudit,
  workshopInstructors,
} from '../../db/schema/index.js';
import { pdfKeyOf } from '../../integrations/brochures/stored-pdfs.js';
import { createTestApp, type TestContext } from '../../test/test-app.js';
import { bearer, insertSession } from '../auth/testing.js';
import { fixInstalmentPlan, markInstalmentPaid } from '../checkout/index.js';
import { insertOrder } from '../checkout/testing.js';
import { multipart, type Part } from '../../test/multipart.js';
import { createCourseworkBatch, createLearner, fakePng, tinyPdf } from './testing.js';
import { MAX_UPLOADS_IN_FLIGHT } from './coursework.routes.js';

const SUBMIT = '/api/user/course/module/session/assignment/response';
const UPDATE = '/api/user/course/module/session/assignment/update';
const del = (id: number) => `/api/user/course/session/assignment/${id}/delete`;
const pdfUrl = (id: number) => `/api/user/course/assignment/response/${id}/pdf`;
const pointsUrl = (batchId: number) => `/api/user/course/batch/${batchId}/assignment/points`;
const boardUrl = (batchId: number) => `/api/user/course/batch/${batchId}/leaderboard/score`;

// 2026-12-10, 12:00 in Kolkata: after the session's assignment last date (2026-12-05).
const NOW = new Date('2026-12-10T06:30:00Z');
const DAY = 86_400_000;

describe('coursework: assignment answers, the PDF download and points', () => {
  let t: TestContext;
  const files = () => path.join(t.config.dataDir, 'files', 'private', 'assignments');
  const storedFiles = (): string[] => (existsSync(files()) ? readdirSync(files()).sort() : []);

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
  }, 120_000);
  afterAll(async () => t?.close());

  // Each call from its own address, so the upload rate limit (per address) is tested on its own.
  let ip = 0;
  const remoteAddress = () => `10.9.${Math.floor(++ip / 250) % 250}.${(ip % 250) + 1}`;
  const json = (token: string, url: string, payload: unknown, method: 'POST' | 'DELETE' = 'POST') =>
    t.app.inject({
      method,
      url,
      payload: payload as object,
      headers: bearer(token),
      remoteAddress: remoteAddress(),
    });
  const form = (token: string, url: string, parts: Part[]) => {
    const body = multipart(parts);
    return t.app.inject({
      method: 'POST',
      url,
      payload: body.payload,
      headers: { ...body.headers, ...bearer(token) },
      remoteAddress: remoteAddress(),
    });
  };
  const pdfPart = (data: Buffer, filename = 'My plan.pdf'): Part => ({
    name: 'pdf',
    filename,
    contentType: 'application/pdf',
    data,
  });
  const get = (token: string, url: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
  const responseRows = (assignmentId: number) =>
    t.database.db
      .select()
      .from(assignmentResponses)
      .where(eq(assignmentResponses.assignmentId, assignmentId));

  it('when a learner answers with an https link, then 201 with the response, once; a second answer is 409 pointing to update; late answers count as submitted', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 2 });
    const { token, user } = await createLearner(db, NOW, { batchId: course.batch.id });
    const [first, second] = course.assignments;

    const res = await json(token, SUBMIT, {
      assignmentId: first!.id,
      link: 'https://drive.example.com/plan',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ code: 201 });
    expect(res.json().data).toEqual({
      id: expect.any(Number),
      assignmentId: first!.id,
      link: 'https://drive.example.com/plan',
      pdf: null,
      pdfName: null,
      points: null,
      reviewComment: null,
      createdAt: NOW.toISOString(),
      updatedAt: NOW.toISOString(),
    });

    const again = await json(token, SUBMIT, {
      assignmentId: first!.id,
      link: 'https://drive.example.com/v2',
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().error).toBe('CONFLICT');
    expect(again.json().message).toMatch(/update/i);
    const rows = await responseRows(first!.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ userId: user.id, link: 'https://drive.example.com/plan' });

    const points = await get(token, pointsUrl(course.batch.id));
    expect(points.statusCode).toBe(200);
    expect(points.json().data).toEqual({
      totalPoints: 0,
      maxPoints: 20,
      assignments: [
        {
          assignmentId: first!.id,
          title: 'Assignment 1',
          sessionId: course.session.id,
          maxPoints: 10,
          points: null,
          status: 'submitted',
        },
        {
          assignmentId: second!.id,
          title: 'Assignment 2',
          sessionId: course.session.id,
          maxPoints: 10,
          points: null,
          status: 'pending',
        },
      ],
    });
  }, 60_000);

  it('when the same learner sends two PDF answers at once, then one is stored (201) and the other is 409 with its file removed', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 1 });
    const { token } = await createLearner(db, NOW, { batchId: course.batch.id });
    const before = storedFiles();
    const send = (marker: string) =>
      form(token, SUBMIT, [
        { name: 'assignmentId', data: String(course.assignments[0]!.id) },
        pdfPart(tinyPdf(marker)),
      ]);
    const results = await Promise.all([send('one'), send('two'), send('three')]);
    expect(results.map((r) => r.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await responseRows(course.assignments[0]!.id);
    expect(rows).toHaveLength(1);
    const added = storedFiles().filter((name) => !before.includes(name));
    expect(added).toEqual([rows[0]!.pdf!.split('/').pop()]);
  }, 60_000);

  it('when the assignment is closed, then an answer is refused with 409 and nothing is written', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 1, closed: 1 });
    const { token } = await createLearner(db, NOW, { batchId: course.batch.id });
    const before = storedFiles();
    const res = await json(token, SUBMIT, {
      assignmentId: course.assignments[0]!.id,
      link: 'https://x.example/a',
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().message).toMatch(/closed/);
    const pdf = await form(token, SUBMIT, [
      { name: 'assignmentId', data: String(course.assignments[0]!.id) },
      pdfPart(tinyPdf()),
    ]);
    expect(pdf.statusCode).toBe(409);
    expect(await responseRows(course.assignments[0]!.id)).toHaveLength(0);
    expect(storedFiles()).toEqual(before);
  }, 60_000);

  it('when a link is not https (http:, javascript:, data:, credentials, NUL bytes, too long) or missing, then a 4xx envelope and nothing is written', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 1 });
    const { token } = await createLearner(db, NOW, { batchId: course.batch.id });
    const assignmentId = course.assignments[0]!.id;
    for (const link of [
      'http://drive.example.com/plan',
      'javascript:alert(1)',
      'JaVaScRiPt:alert(document.cookie)//https://x',
      'data:text/html,<script>alert(1)</script>',
      'https://user:secret@example.com/',
      'https://example.com/\u0000plan',
      'ftp://example.com/plan.pdf',
      `https://example.com/${'a'.repeat(2100)}`,
      '',
    ]) {
      const res = await json(token, SUBMIT, { assignmentId, link });
      expect(res.statusCode, link).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, link).toBeLessThan(500);
      expect(res.json()).toMatchObject({ error: 'VALIDATION_FAILED', requestId: expect.any(String) });
      expect(typeof res.json().message).toBe('string');
    }
    const missing = await json(token, SUBMIT, { assignmentId });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toMatch(/link|PDF/);
    const extra = await json(token, SUBMIT, {
      assignmentId,
      link: 'https://ok.example/',
      pdf: 'x',
      userId: 1,
    });
    expect(extra.statusCode).toBe(400);
    expect(await responseRows(assignmentId)).toHaveLength(0);
  }, 60_000);

  it('when a learner uploads a PDF, then it is stored outside the web root under a random private name, served only by the download call, as an attachment', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 1 });
    const { token, user } = await createLearner(db, NOW, { batchId: course.batch.id });
    const bytes = tinyPdf('owner-upload');
    const res = await form(token, SUBMIT, [
      { name: 'assignmentId', data: String(course.assignments[0]!.id) },
      pdfPart(bytes, 'C:/fakepath/Über plan <final>.pdf'),
    ]);
    expect(res.statusCode).toBe(201);
    const answer = res.json().data;
    expect(answer).toMatchObject({
      assignmentId: course.assignments[0]!.id,
      link: null,
      pdf: pdfUrl(answer.id),
      pdfName: 'Über plan final.pdf',
    });

    const [row] = await responseRows(course.assignments[0]!.id);
    expect(row!.userId).toBe(user.id);
    expect(row!.pdf).toMatch(/^private\/assignments\/[0-9a-f]{32}\.pdf$/);
    const file = path.join(t.config.dataDir, 'files', ...row!.pdf!.split('/'));
    expect(existsSync(file)).toBe(true);
    const relative = path.relative(path.resolve(webRoot), file);
    expect(relative.startsWith('..') || path.isAbsolute(relative)).toBe(true);
    // No static address reaches it: not the media route, not the key as a path, and the public
    // PDF store (brochures, resources) refuses private keys whatever a record names.
    const name = row!.pdf!.split('/').pop()!;
    for (const url of [
      `/${row!.pdf}`,
      `/files/${row!.pdf}`,
      `/media/${row!.pdf}`,
      `/media/avatars/${name}`,
      `/api/${row!.pdf}`,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    }
    expect(pdfKeyOf(row!.pdf)).toBeNull();
    expect(pdfKeyOf(`/${row!.pdf}`)).toBeNull();

    const download = await get(token, pdfUrl(answer.id));
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(bytes)).toBe(true);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    const disposition = String(download.headers['content-disposition']);
    expect(disposition).toMatch(/^attachment; filename="_ber plan final\.pdf"; filename\*=UTF-8''/);
    expect(disposition).toContain(encodeURIComponent('Über'));
  }, 60_000);

  it('when the file is not a PDF by its bytes (a renamed PNG, HTML, a truncated PDF, empty), then 415/400 with a clear message and nothing is stored', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 1 });
    const { token } = await createLearner(db, NOW, { batchId: course.batch.id });
    const assignmentId = String(course.assignments[0]!.id);
    const before = storedFiles();

    const png = await form(token, SUBMIT, [
      { name: 'assignmentId', data: assignmentId },
      pdfPart(fakePng(), 'plan.pdf'),
    ]);
    expect(png.statusCode).toBe(415);
    expect(png.json().error).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(png.json().message).toMatch(/not a PDF/);

    const html = await form(token, SUBMIT, [
      { name: 'assignmentId', data: assignmentId },
      pdfPart(Buffer.from('<html><script>alert(1)</script></html>\n%%EOF'), 'x.pdf'),
    ]);
    expect(html.statusCode).toBe(415);

    const truncated = tinyPdf().subarray(0, 60);
    const cut = await form(token, SUBMIT, [{ name: 'assignmentId', data: assignmentId }, pdfPart(truncated)]);
    expect(cut.statusCode).toBe(415);
    expect(cut.json().message).toMatch(/incomplete or damaged/);

    const empty = await form(token, SUBMIT, [
      { name: 'assignmentId', data: assignmentId },
      pdfPart(Buffer.alloc(0)),
    ]);
    expect(empty.statusCode).toBe(400);

    const wrongField = await form(token, SUBMIT, [
      { name: 'assignmentId', data: assignmentId },
      { name: 'file', filename: 'a.pdf', data: tinyPdf() },
    ]);
    expect(wrongField.statusCode).toBe(400);
    expect(wrongField.json().message).toMatch(/"pdf"/);

    const noFile = await form(token, SUBMIT, [{ name: 'assignmentId', data: assignmentId }]);
    expect(noFile.statusCode).toBe(400);

    expect(await responseRows(Number(assignmentId))).toHaveLength(0);
    expect(storedFiles()).toEqual(before);
  }, 60_000);

  it('when the PDF is larger than 20 MB (declared, or streamed without a length), then 413, no record and no file', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 1 });
    const { token } = await createLearner(db, NOW, { batchId: course.batch.id });
    const assignmentId = String(course.assignments[0]!.id);
    const before = storedFiles();
    const big = Buffer.concat([
      tinyPdf().subarray(0, 9),
      Buffer.alloc(21 * 1024 * 1024, 0x20),
      Buffer.from('\n%%EOF\n'),
    ]);

    const declared = await form(token, SUBMIT, [{ name: 'assignmentId', data: assignmentId }, pdfPart(big)]);
    expect(declared.statusCode).toBe(413);
    expect(declared.json().error).toBe('PAYLOAD_TOO_LARGE');

    // The same body streamed in chunks, with no Content-Length: refused once it passes 20 MB.
    const body = multipart([{ name: 'assignmentId', data: assignmentId }, pdfPart(big)]);
    async function* chunks() {
      for (let offset = 0; offset < body.payload.length; offset += 256 * 1024) {
        yield body.payload.subarray(offset, offset + 256 * 1024);
      }
    }
    const streamed = await t.app.inject({
      method: 'POST',
      url: SUBMIT,
      payload: Readable.from(chunks()),
      headers: { ...body.headers, ...bearer(token), 'transfer-encoding': 'chunked' },
    });
    expect(streamed.statusCode).toBe(413);
    expect(streamed.json().error).toBe('PAYLOAD_TOO_LARGE');

    expect(await responseRows(Number(assignmentId))).toHaveLength(0);
    expect(storedFiles()).toEqual(before);
    const leftovers = storedFiles().filter((name) => name.endsWith('.tmp'));
    expect(leftovers).toEqual([]);
  }, 120_000);

  it('when a learner updates an answer, then the new link or PDF replaces the old one and a replaced PDF file is deleted', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 1 });
    const { token } = await createLearner(db, NOW, { batchId: course.batch.id });
    const assignmentId = course.assignments[0]!.id;
    const first = await form(token, SUBMIT, [
      { name: 'assignmentId', data: String(assignmentId) },
      pdfPart(tinyPdf('v1')),
    ]);
    expect(first.statusCode).toBe(201);
    const responseId: number = first.json().data.id;
    const keyOf = async () => (await responseRows(assignmentId))[0]!.pdf;
    const firstKey = (await keyOf())!;

    t.now.value = new Date(NOW.getTime() + 60_000);
    const second = await form(token, UPDATE, [
      { name: 'responseId', data: String(responseId) },
      pdfPart(tinyPdf('v2'), 'second.pdf'),
    ]);
    expect(second.statusCode).toBe(200);
    expect(second.json().data).toMatchObject({ id: responseId, pdfName: 'second.pdf', link: null });
    expect(second.json().data.updatedAt).toBe(t.now.value.toISOString());
    const secondKey = (await keyOf())!;
    expect(secondKey).not.toBe(firstKey);
    expect(existsSync(path.join(t.config.dataDir, 'files', ...firstKey.split('/')))).toBe(false);
    const download = await get(token, pdfUrl(responseId));
    expect(download.rawPayload.toString('latin1')).toContain('% v2');

    const toLink = await json(token, UPDATE, { responseId, link: 'https://drive.example.com/final' });
    expect(toLink.statusCode).toBe(200);
    expect(toLink.json().data).toMatchObject({
      link: 'https://drive.example.com/final',
      pdf: null,
      pdfName: null,
    });
    expect(existsSync(path.join(t.config.dataDir, 'files', ...secondKey.split('/')))).toBe(false);
    expect((await get(token, pdfUrl(responseId))).statusCode).toBe(404);

    const badLink = await json(token, UPDATE, { responseId, link: 'http://insecure.example.com' });
    expect(badLink.statusCode).toBe(400);
    const badPdf = await form(token, UPDATE, [
      { name: 'responseId', data: String(responseId) },
      pdfPart(fakePng()),
    ]);
    expect(badPdf.statusCode).toBe(415);
    expect((await responseRows(assignmentId))[0]!.link).toBe('https://drive.example.com/final');
    t.now.value = NOW;
  }, 60_000);

  it('when an answer has been reviewed (points set), then update and delete answer 409 and the answer stays', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 1 });
    const { token } = await createLearner(db, NOW, { batchId: course.batch.id });
    const res = await form(token, SUBMIT, [
      { name: 'assignmentId', data: String(course.assignments[0]!.id) },
      pdfPart(tinyPdf('reviewed')),
    ]);
    const responseId: number = res.json().data.id;
    await db
      .update(assignmentResponses)
      .set({ points: 8, reviewComment: 'Good' })
      .where(eq(assignmentResponses.id, responseId));
    const files = storedFiles();

    const update = await json(token, UPDATE, { responseId, link: 'https://drive.example.com/late' });
    expect(update.statusCode).toBe(409);
    expect(update.json().message).toMatch(/reviewed/);
    const remove = await json(token, del(responseId), undefined, 'DELETE');
    expect(remove.statusCode).toBe(409);
    expect(await responseRows(course.assignments[0]!.id)).toHaveLength(1);
    expect(storedFiles()).toEqual(files);

    const points = await get(token, pointsUrl(course.batch.id));
    expect(points.json().data).toMatchObject({
      totalPoints: 8,
      maxPoints: 10,
      assignments: [{ points: 8, status: 'submitted' }],
    });
  }, 60_000);

  it('when a learner deletes an unreviewed answer, then the record and its file are gone, and the assignment can be answered again', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 1 });
    const { token } = await createLearner(db, NOW, { batchId: course.batch.id });
    const assignmentId = course.assignments[0]!.id;
    const res = await form(token, SUBMIT, [
      { name: 'assignmentId', data: String(assignmentId) },
      pdfPart(tinyPdf('gone')),
    ]);
    const responseId: number = res.json().data.id;
    const key = (await responseRows(assignmentId))[0]!.pdf!;

    const remove = await json(token, del(responseId), undefined, 'DELETE');
    expect(remove.statusCode).toBe(200);
    expect(remove.json().data).toEqual({ id: responseId, deleted: true });
    expect(await responseRows(assignmentId)).toHaveLength(0);
    expect(existsSync(path.join(t.config.dataDir, 'files', ...key.split('/')))).toBe(false);
    expect((await json(token, del(responseId), undefined, 'DELETE')).statusCode).toBe(404);
    expect((await get(token, pointsUrl(course.batch.id))).json().data.assignments[0].status).toBe('pending');

    const again = await json(token, SUBMIT, { assignmentId, link: 'https://drive.example.com/again' });
    expect(again.statusCode).toBe(201);
  }, 60_000);

  it('when a second learner uses the first one’s assignment, response or batch ids, then every call answers 404 and nothing changes', async () => {
    const { db } = t.database;
    const mine = await createCourseworkBatch(db, { assignments: 1 });
    const theirs = await createCourseworkBatch(db, { assignments: 1 });
    const a = await createLearner(db, NOW, { batchId: mine.batch.id, name: 'Asha Rao' });
    // b is enrolled in another batch, c in the same batch as a.
    const b = await createLearner(db, NOW, { batchId: theirs.batch.id, name: 'Bala Iyer' });
    const c = await createLearner(db, NOW, { batchId: mine.batch.id, name: 'Chitra Das' });
    const res = await form(a.token, SUBMIT, [
      { name: 'assignmentId', data: String(mine.assignments[0]!.id) },
      pdfPart(tinyPdf('secret-of-a')),
    ]);
    expect(res.statusCode).toBe(201);
    const responseId: number = res.json().data.id;
    const files = storedFiles();

    // b is not in a's batch: a's assignment, response and batch are unknown to b.
    const bSubmit = await json(b.token, SUBMIT, {
      assignmentId: mine.assignments[0]!.id,
      link: 'https://b.example/x',
    });
    expect(bSubmit.statusCode).toBe(404);
    const bPdfSubmit = await form(b.token, SUBMIT, [
      { name: 'assignmentId', data: String(mine.assignments[0]!.id) },
      pdfPart(tinyPdf('b')),
    ]);
    expect(bPdfSubmit.statusCode).toBe(404);
    expect((await get(b.token, pointsUrl(mine.batch.id))).statusCode).toBe(404);
    expect((await get(b.token, boardUrl(mine.batch.id))).statusCode).toBe(404);

    for (const other of [b, c]) {
      const update = await json(other.token, UPDATE, { responseId, link: 'https://evil.example/x' });
      expect(update.statusCode).toBe(404);
      const updatePdf = await form(other.token, UPDATE, [
        { name: 'responseId', data: String(responseId) },
        pdfPart(tinyPdf('evil')),
      ]);
      expect(updatePdf.statusCode).toBe(404);
      expect((await json(other.token, del(responseId), undefined, 'DELETE')).statusCode).toBe(404);
      const download = await get(other.token, pdfUrl(responseId));
      expect(download.statusCode).toBe(404);
      expect(download.rawPayload.toString('latin1')).not.toContain('secret-of-a');
    }
    // An unknown id answers the same 404.
    expect((await get(c.token, pdfUrl(responseId + 100_000))).json().message).toBe(
      (await get(c.token, pdfUrl(responseId))).json().message,
    );

    const [row] = await responseRows(mine.assignments[0]!.id);
    expect(row).toMatchObject({ userId: a.user.id, link: null });
    expect(storedFiles()).toEqual(files);
    expect((await get(a.token, pdfUrl(responseId))).statusCode).toBe(200);
  }, 60_000);

  it('when staff (moderator, the course’s instructor, admin) download a learner’s PDF, then they get it and the access is audited; another instructor gets 404; a moderator view cannot write', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 1 });
    const learner = await createLearner(db, NOW, { batchId: course.batch.id });
    const res = await form(learner.token, SUBMIT, [
      { name: 'assignmentId', data: String(course.assignments[0]!.id) },
      pdfPart(tinyPdf('for-review')),
    ]);
    const responseId: number = res.json().data.id;
    // An instructor who does not teach the course gets 404, as for an answer that does not exist.
    const stranger = await createLearner(db, NOW, { role: 'instructor' });
    expect((await get(stranger.token, pdfUrl(responseId))).statusCode).toBe(404);
    for (const role of ['moderator', 'instructor', 'admin'] as const) {
      const staff = await createLearner(db, NOW, { role });
      if (role === 'instructor')
        await db
          .insert(workshopInstructors)
          .values({ workshopId: course.batch.workshopId, userId: staff.user.id });
      const download = await get(staff.token, pdfUrl(responseId));
      expect(download.statusCode, role).toBe(200);
      expect(download.rawPayload.toString('latin1')).toContain('for-review');
      const audit = await db
        .select()
        .from(moderatorAccessAudit)
        .where(
          and(
            eq(moderatorAccessAudit.moderatorId, staff.user.id),
            eq(moderatorAccessAudit.learnerId, learner.user.id),
          ),
        );
      expect(audit, role).toHaveLength(1);
      // Staff cannot answer or change a learner's assignment: they hold no enrolment.
      expect(
        (await json(staff.token, UPDATE, { responseId, link: 'https://staff.example/' })).statusCode,
      ).toBe(404);
    }

    // A moderator's read-only view of the learner: reads work (points, leaderboard, the PDF), writes do not.
    const moderator = await createLearner(db, NOW, { role: 'moderator' });
    const view = await insertSession(db, moderator.user.id, NOW, { viewedUserId: learner.user.id });
    expect((await get(view.token, pdfUrl(responseId))).statusCode).toBe(200);
    expect((await get(view.token, pointsUrl(course.batch.id))).statusCode).toBe(200);
    const board = await get(view.token, boardUrl(course.batch.id));
    expect(board.statusCode).toBe(200);
    expect(board.json().data.find((r: { isYou: boolean }) => r.isYou)).toBeDefined();
    const write = await json(view.token, UPDATE, { responseId, link: 'https://moderator.example/' });
    expect(write.statusCode).toBe(403);
    expect((await json(view.token, del(responseId), undefined, 'DELETE')).statusCode).toBe(403);
    expect((await responseRows(course.assignments[0]!.id))[0]!.link).toBeNull();
  }, 60_000);

  it('when more uploads arrive at once than the server reads in memory, then the excess answers 503 and the slots free up afterwards', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 1, closed: 1 });
    const { token } = await createLearner(db, NOW, { batchId: course.batch.id });
    const bodies = Array.from({ length: MAX_UPLOADS_IN_FLIGHT + 1 }, () =>
      multipart([{ name: 'assignmentId', data: String(course.assignments[0]!.id) }, pdfPart(tinyPdf())]),
    );
    const streams = bodies.map(() => new PassThrough());
    const calls = bodies.map((body, i) => {
      // Half of each body now; the rest only once the excess upload has been refused.
      streams[i]!.write(body.payload.subarray(0, 100));
      return t.app.inject({
        method: 'POST',
        url: SUBMIT,
        payload: streams[i]!,
        headers: { ...body.headers, ...bearer(token), 'transfer-encoding': 'chunked' },
        remoteAddress: remoteAddress(),
      });
    });
    const first = await Promise.race(calls);
    expect(first.statusCode).toBe(503);
    expect(first.json().error).toBe('SERVICE_UNAVAILABLE');
    expect(first.headers['retry-after']).toBe('5');
    bodies.forEach((body, i) => streams[i]!.end(body.payload.subarray(100)));
    const statuses = (await Promise.all(calls)).map((r) => r.statusCode).sort();
    expect(statuses).toEqual([...Array<number>(MAX_UPLOADS_IN_FLIGHT).fill(409), 503]);
    // Every slot was given back.
    for (let i = 0; i < MAX_UPLOADS_IN_FLIGHT + 1; i++) {
      const again = await form(token, SUBMIT, [
        { name: 'assignmentId', data: String(course.assignments[0]!.id) },
        pdfPart(tinyPdf()),
      ]);
      expect(again.statusCode).toBe(409);
    }
  }, 60_000);

  it('when one address sends more than 20 answers a minute, then further uploads answer 429', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 1, closed: 1 });
    const { token } = await createLearner(db, NOW, { batchId: course.batch.id });
    const statuses: number[] = [];
    for (let i = 0; i < 22; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: SUBMIT,
        payload: { assignmentId: course.assignments[0]!.id, link: 'https://x.example/a' },
        headers: bearer(token),
        remoteAddress: '10.200.0.1',
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.slice(0, 20).every((s) => s === 409)).toBe(true);
    expect(statuses.slice(20)).toEqual([429, 429]);
  }, 60_000);

  it('when the course is locked by a due instalment, then every coursework call on it answers 402 INSTALMENT_DUE, and the lock lifts with the payment', async () => {
    const { db } = t.database;
    const course = await createCourseworkBatch(db, { assignments: 2 });
    const { token, user } = await createLearner(db, NOW, { batchId: course.batch.id });
    const answered = await form(token, SUBMIT, [
      { name: 'assignmentId', data: String(course.assignments[0]!.id) },
      pdfPart(tinyPdf('locked')),
    ]);
    expect(answered.statusCode).toBe(201);
    const responseId: number = answered.json().data.id;
    const order = await insertOrder(db, { userId: user.id, batchId: course.batch.id, now: NOW });
    const day = (n: number) => new Date(NOW.getTime() + n * DAY).toISOString().slice(0, 10);
    const plan = await fixInstalmentPlan(db, {
      userId: user.id,
      batchId: course.batch.id,
      orderId: order.id,
      currency: 'INR',
      instalments: [
        { sequence: 1, dueDate: day(0), amountMinor: 100_000 },
        { sequence: 2, dueDate: day(3), amountMinor: 100_000 },
      ],
      now: NOW,
    });
    const files = storedFiles();

    const calls = [
      () => json(token, SUBMIT, { assignmentId: course.assignments[1]!.id, link: 'https://x.example/a' }),
      () =>
        form(token, SUBMIT, [
          { name: 'assignmentId', data: String(course.assignments[1]!.id) },
          pdfPart(tinyPdf()),
        ]),
      () => json(token, UPDATE, { responseId, link: 'https://x.example/b' }),
      () => json(token, del(responseId), undefined, 'DELETE'),
      () => get(token, pdfUrl(responseId)),
      () => get(token, pointsUrl(course.batch.id)),
      () => get(token, boardUrl(course.batch.id)),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(402);
      expect(res.json().error).toBe('INSTALMENT_DUE');
    }
    expect(await responseRows(course.assignments[1]!.id)).toHaveLength(0);
    expect(storedFiles()).toEqual(files);

    // Once the due instalment is paid, the same calls work again.
    const [due] = await db
      .select()
      .from(instalments)
      .where(and(eq(instalments.planId, plan.planId), eq(instalments.sequence, 2)));
    const payment = await insertOrder(db, {
      userId: user.id,
      batchId: course.batch.id,
      now: NOW,
      kind: 'instalment',
      instalmentId: due!.id,
    });
    expect(await markInstalmentPaid(db, { instalmentId: due!.id, orderId: payment.id, now: NOW })).toBe(
      'paid',
    );
    expect((await get(token, pointsUrl(course.batch.id))).statusCode).toBe(200);
    expect((await get(token, pdfUrl(responseId))).statusCode).toBe(200);
  }, 60_000);
});
