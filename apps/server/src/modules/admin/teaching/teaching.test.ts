import { and, eq } from 'drizzle-orm';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assignmentResponses,
  auditLog,
  courseModuleDetails,
  courseModuleSessions,
  courseQuizOptions,
  courseQuizQuestions,
  courseQuizResponses,
  sessionAttendance,
  workshopInstructors,
} from '../../../db/schema/index.js';
import { createBatch, createWorkshop } from '../../../test/factories.js';
import { createTestApp, type TestContext } from '../../../test/test-app.js';
import { bearer, insertSession, insertUser } from '../../auth/testing.js';
import { tinyPdf } from '../../coursework/testing.js';
import { createCurriculum, enrol, type SeededCurriculum } from '../../learning/testing.js';

/*
 * The teaching console (issue 17 points 1 and 4) through the real app: scope (an instructor's own
 * batch vs another's → 404 with the body of a missing id), validation, audit rows, the weekly
 * generator, and a review reaching the learner (dashboard points and comment, the leaderboard).
 */

const NOW = new Date('2026-11-20T10:00:00Z');
const T = '/api/admin/teaching';
type H = Record<string, string>;

describe('staff console: teaching (issue 17)', () => {
  let t: TestContext;
  let admin: H;
  let own: H;
  let other: H;
  let ownId = 0;
  let batchId = 0;
  let otherBatchId = 0;
  let curriculum: SeededCurriculum;
  let otherCurriculum: SeededCurriculum;
  const learners: { id: number; headers: H }[] = [];

  const call = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: H, payload?: unknown) =>
    t.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const auditOf = (action: string, entityId: number | string) =>
    t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.entityId, String(entityId))));

  beforeAll(async () => {
    t = await createTestApp({ now: NOW, env: { JOBS_WORKER: 'off' } });
    const db = t.database.db;
    const session = async (role: 'admin' | 'instructor' | 'learner', name: string) => {
      const user = await insertUser(db, { role, name });
      return { id: user.id, headers: bearer((await insertSession(db, user.id, NOW)).token) };
    };
    admin = (await session('admin', 'Ada Admin')).headers;
    const ownUser = await session('instructor', 'Ila Instructor');
    ownId = ownUser.id;
    own = ownUser.headers;
    const otherUser = await session('instructor', 'Omar Other');
    other = otherUser.headers;
    const workshop = await createWorkshop(db, { shortTitle: 'Facade Studio' });
    // Mondays and Thursdays, 18:30–20:00 (platform time), from Tuesday 1 Dec to Sunday 20 Dec.
    const batch = await createBatch(db, workshop.id, {
      startDate: '2026-12-01',
      endDate: '2026-12-20',
      schedules: [
        { day: 1, startTime: '18:30', endTime: '20:00' },
        { day: 4, startTime: '18:30', endTime: '20:00' },
      ],
    });
    batchId = batch.id;
    const otherWorkshop = await createWorkshop(db, { shortTitle: 'Other Studio' });
    const otherBatch = await createBatch(db, otherWorkshop.id);
    otherBatchId = otherBatch.id;
    await db.insert(workshopInstructors).values([
      { workshopId: workshop.id, userId: ownUser.id },
      { workshopId: otherWorkshop.id, userId: otherUser.id },
    ]);
    curriculum = await createCurriculum(db, batchId, {
      modules: 1,
      sessionsPerModule: 2,
      firstDate: '2026-12-03',
      quiz: true,
    });
    otherCurriculum = await createCurriculum(db, otherBatchId, {
      modules: 1,
      sessionsPerModule: 1,
      firstDate: '2026-12-03',
      quiz: true,
    });
    for (const name of ['Asha Rao', 'Bea Sen']) {
      const learner = await session('learner', name);
      await enrol(db, learner.id, batchId);
      learners.push(learner);
    }
  }, 120_000);
  afterAll(async () => {
    await t.close();
  });

  it('when an instructor lists batches, then only those of workshops they teach come back; an admin sees all', async () => {
    const mine = await call('GET', `${T}/batches`, own);
    expect(mine.statusCode).toBe(200);
    const items = mine.json().data.items as { id: number; learners: number }[];
    expect(items.map((b) => b.id)).toEqual([batchId]);
    expect(items[0]!.learners).toBe(2);
    const all = (await call('GET', `${T}/batches`, admin)).json().data.items as { id: number }[];
    expect(all.map((b) => b.id)).toEqual(expect.arrayContaining([batchId, otherBatchId]));
  });

  it("when an instructor reaches for another instructor's batch or anything under it, then 404 with the body of a missing id", async () => {
    const o = otherCurriculum;
    const oSession = o.sessions[0]!;
    const [oQuestion] = await t.database.db
      .select({ id: courseQuizQuestions.id })
      .from(courseQuizQuestions)
      .where(eq(courseQuizQuestions.moduleId, o.modules[0]!.id))
      .limit(1);
    const pairs: [string, string, string, unknown?][] = [
      ['GET', `${T}/batches/${otherBatchId}/curriculum`, `${T}/batches/999999/curriculum`],
      ['GET', `${T}/batches/${otherBatchId}/responses`, `${T}/batches/999999/responses`],
      ['GET', `${T}/batches/${otherBatchId}/attendance`, `${T}/batches/999999/attendance`],
      ['GET', `${T}/batches/${otherBatchId}/quiz-stats`, `${T}/batches/999999/quiz-stats`],
      ['GET', `${T}/batches/${otherBatchId}/progress`, `${T}/batches/999999/progress`],
      ['PUT', `${T}/modules/${o.modules[0]!.id}`, `${T}/modules/999999`, { title: 'Taken over' }],
      ['PUT', `${T}/sessions/${oSession.id}`, `${T}/sessions/999999`, { title: 'Taken over' }],
      [
        'PUT',
        `${T}/assignments/${oSession.assignmentIds[0]}`,
        `${T}/assignments/999999`,
        { title: 'Taken over', maxPoints: 5 },
      ],
      [
        'PUT',
        `${T}/quiz-questions/${oQuestion!.id}`,
        `${T}/quiz-questions/999999`,
        { question: 'Taken?', options: [{ text: 'a', isCorrect: true }, { text: 'b' }] },
      ],
    ];
    for (const [method, url, missing, body] of pairs) {
      const theirs = await call(method as 'GET', url, own, body);
      const none = await call(method as 'GET', missing, own, body);
      expect({ url, status: theirs.statusCode }).toEqual({ url, status: 404 });
      const { requestId: _a, ...theirBody } = theirs.json();
      const { requestId: _b, ...noneBody } = none.json();
      expect(theirBody).toEqual(noneBody);
      // The other instructor (their own batch) gets through.
      expect((await call(method as 'GET', url, other, body)).statusCode).not.toBe(404);
    }
  });

  it('when an instructor builds a module with a session, an assignment and a quiz question, then the curriculum shows them and each write has its audit row', async () => {
    const created = await call('POST', `${T}/batches/${batchId}/modules`, own, {
      title: 'Module two',
      certificateTitle: 'Facades II',
    });
    expect(created.statusCode).toBe(200);
    const moduleId = created.json().data.id as number;
    const session = await call('POST', `${T}/modules/${moduleId}/sessions`, own, {
      title: 'Brick bonds',
      sessionDate: '2026-12-14',
      sessionStartTime: '18:30',
      sessionEndTime: '20:00',
      assignmentLastDate: '2026-12-17',
    });
    expect(session.statusCode).toBe(200);
    const sessionId = session.json().data.id as number;
    const assignment = await call('POST', `${T}/sessions/${sessionId}/assignments`, own, {
      title: 'Draw a Flemish bond',
      maxPoints: 20,
    });
    expect(assignment.statusCode).toBe(200);
    expect(
      (await call('PUT', `${T}/modules/${moduleId}/quiz`, own, { title: 'Bonds', passPercentage: 70 }))
        .statusCode,
    ).toBe(200);
    const question = await call('POST', `${T}/modules/${moduleId}/quiz/questions`, own, {
      question: 'Which bond alternates headers and stretchers in each course?',
      options: [{ text: 'Flemish', isCorrect: true }, { text: 'English' }, { text: 'Stretcher' }],
    });
    expect(question.statusCode).toBe(200);

    const view = (await call('GET', `${T}/batches/${batchId}/curriculum`, own)).json().data;
    const mod = view.modules.find((m: { id: number }) => m.id === moduleId);
    expect(mod).toMatchObject({
      title: 'Module two',
      certificateTitle: 'Facades II',
      quiz: { title: 'Bonds', passPercentage: 70 },
      sessions: [
        {
          title: 'Brick bonds',
          sessionDate: '2026-12-14',
          sessionStartTime: '18:30',
          sessionEndTime: '20:00',
          assignments: [{ title: 'Draw a Flemish bond', maxPoints: 20, responses: 0 }],
        },
      ],
      questions: [
        { options: [{ text: 'Flemish', isCorrect: true }, { isCorrect: false }, { isCorrect: false }] },
      ],
    });
    expect(view.schedules).toEqual([
      { day: 1, startTime: '18:30', endTime: '20:00' },
      { day: 4, startTime: '18:30', endTime: '20:00' },
    ]);
    for (const [action, id] of [
      ['course_module.create', moduleId],
      ['course_session.create', sessionId],
      ['assignment.create', assignment.json().data.id],
      ['quiz_question.create', question.json().data.id],
    ] as const) {
      const rows = await auditOf(action, id);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ actorId: ownId, actorRole: 'instructor' });
    }
  });

  it('when bodies are wrong, then 400 with field messages (two correct answers, end before start, bad URL, extra fields)', async () => {
    const moduleId = curriculum.modules[0]!.id;
    const twoCorrect = await call('POST', `${T}/modules/${moduleId}/quiz/questions`, own, {
      question: 'Both?',
      options: [
        { text: 'a', isCorrect: true },
        { text: 'b', isCorrect: true },
      ],
    });
    expect(twoCorrect.statusCode).toBe(400);
    expect(JSON.stringify(twoCorrect.json())).toContain('must have exactly one correct answer');
    const noCorrect = await call('POST', `${T}/modules/${moduleId}/quiz/questions`, own, {
      question: 'None?',
      options: [{ text: 'a' }, { text: 'b' }],
    });
    expect(noCorrect.statusCode).toBe(400);
    const times = await call('POST', `${T}/modules/${moduleId}/sessions`, own, {
      title: 'Backwards',
      sessionStartTime: '20:00',
      sessionEndTime: '18:00',
      recordingUrl: 'http://insecure.example/video',
    });
    expect(times.statusCode).toBe(400);
    const text = JSON.stringify(times.json());
    expect(text).toContain('must be after the start time');
    expect(text).toContain('must be an https:// address');
    const extra = await call('POST', `${T}/batches/${batchId}/modules`, own, { title: 'x', amount: 999 });
    expect(extra.statusCode).toBe(400);
    const pass = await call('PUT', `${T}/modules/${moduleId}/quiz`, own, { title: 'Q', passPercentage: 101 });
    expect(pass.statusCode).toBe(400);
  });

  it('when the generator previews and then creates weekly sessions, then it follows the schedule in the batch dates, skips days that have a session, and creates in one go', async () => {
    const created = await call('POST', `${T}/batches/${batchId}/modules`, own, { title: 'Weekly' });
    const moduleId = created.json().data.id as number;
    const preview = await call('POST', `${T}/batches/${batchId}/sessions/generate`, own, {
      moduleId,
      titlePrefix: 'Studio',
      assignmentDueDays: 3,
    });
    expect(preview.statusCode).toBe(200);
    // Mondays and Thursdays between Tue 1 and Sun 20 Dec: 3, 7, 10, 14, 17 — but the 3rd already
    // has a session (the seeded curriculum), and the 14th has one (the earlier test's module).
    expect(preview.json().data).toEqual({
      sessions: [
        { date: '2026-12-07', startTime: '18:30', endTime: '20:00', title: 'Studio 1' },
        { date: '2026-12-10', startTime: '18:30', endTime: '20:00', title: 'Studio 2' },
        { date: '2026-12-17', startTime: '18:30', endTime: '20:00', title: 'Studio 3' },
      ],
      skipped: ['2026-12-03', '2026-12-14'],
      created: false,
    });
    const before = await t.database.db.select().from(courseModuleSessions);
    const done = await call('POST', `${T}/batches/${batchId}/sessions/generate`, own, {
      moduleId,
      titlePrefix: 'Studio',
      assignmentDueDays: 3,
      create: true,
    });
    expect(done.statusCode).toBe(200);
    expect(done.json().data.created).toBe(true);
    const after = await t.database.db.select().from(courseModuleSessions);
    expect(after.length - before.length).toBe(3);
    const view = (await call('GET', `${T}/batches/${batchId}/curriculum`, own)).json().data;
    const weekly = view.modules.find((m: { id: number }) => m.id === moduleId);
    expect(
      weekly.sessions.map((s: { sessionDate: string; assignmentLastDate: string }) => [
        s.sessionDate,
        s.assignmentLastDate,
      ]),
    ).toEqual([
      ['2026-12-07', '2026-12-10'],
      ['2026-12-10', '2026-12-13'],
      ['2026-12-17', '2026-12-20'],
    ]);
    expect(await auditOf('course_session.generate', moduleId)).toHaveLength(1);
    // Running it again adds nothing: every date now has a session.
    const again = await call('POST', `${T}/batches/${batchId}/sessions/generate`, own, {
      moduleId,
      create: true,
    });
    expect(again.json().data.sessions).toEqual([]);
    // A module of another batch is refused, and another instructor's batch is a 404.
    const wrongModule = await call('POST', `${T}/batches/${batchId}/sessions/generate`, admin, {
      moduleId: otherCurriculum.modules[0]!.id,
    });
    expect(wrongModule.statusCode).toBe(400);
    const theirs = await call('POST', `${T}/batches/${otherBatchId}/sessions/generate`, own, {
      moduleId: otherCurriculum.modules[0]!.id,
    });
    expect(theirs.statusCode).toBe(404);
  });

  it("when the instructor reviews a learner's answer, then the learner sees the points and comment on the dashboard and the leaderboard moves", async () => {
    const db = t.database.db;
    const [asha, bea] = learners;
    const [first, second] = curriculum.sessions;
    await db.insert(assignmentResponses).values([
      { assignmentId: first!.assignmentIds[0]!, userId: asha!.id, link: 'https://drive.example/asha' },
      { assignmentId: first!.assignmentIds[0]!, userId: bea!.id, link: 'https://drive.example/bea' },
      {
        assignmentId: second!.assignmentIds[0]!,
        userId: bea!.id,
        link: 'https://drive.example/bea-2',
        points: 2,
      },
    ]);
    const boardUrl = `/api/user/course/batch/${batchId}/leaderboard/score`;
    const dashboard = () => call('POST', '/api/user/course/batch/module/session', asha!.headers, { batchId });
    // The learner's dashboard is built (and cached) before the review.
    const seen = await dashboard();
    expect(seen.statusCode).toBe(200);
    const boardBefore = (await call('GET', boardUrl, asha!.headers)).json().data;

    const queue = await call('GET', `${T}/batches/${batchId}/responses?status=pending`, own);
    expect(queue.statusCode).toBe(200);
    const pending = queue.json().data.items as { id: number; learner: { id: number }; link: string }[];
    expect(pending.map((r) => r.learner.id).sort()).toEqual([asha!.id, bea!.id].sort());
    const ashaAnswer = pending.find((r) => r.learner.id === asha!.id)!;
    expect(ashaAnswer.link).toBe('https://drive.example/asha');

    const tooMany = await call('POST', `${T}/responses/${ashaAnswer.id}/review`, own, { points: 11 });
    expect(tooMany.statusCode).toBe(400);
    expect(JSON.stringify(tooMany.json())).toContain('must be at most 10');

    const reviewed = await call('POST', `${T}/responses/${ashaAnswer.id}/review`, own, {
      points: 9,
      comment: 'Crisp linework; label the joints.',
    });
    expect(reviewed.statusCode).toBe(200);
    expect(reviewed.json().data).toMatchObject({ points: 9, reviewer: 'Ila Instructor' });

    const after = await dashboard();
    expect(after.body).toContain('Crisp linework; label the joints.');
    expect(JSON.stringify(after.json())).toMatch(/"points":9/);
    const boardAfter = (await call('GET', boardUrl, asha!.headers)).json().data;
    expect(JSON.stringify(boardAfter)).not.toEqual(JSON.stringify(boardBefore));
    const top = JSON.stringify(boardAfter);
    expect(top).toContain('"score":9');

    const rows = await auditOf('assignment_response.review', ashaAnswer.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      actorId: ownId,
      before: { points: null, comment: null },
      after: { points: 9, comment: 'Crisp linework; label the joints.' },
    });
    // It has left the pending queue and is in the reviewed one.
    const stillPending = (await call('GET', `${T}/batches/${batchId}/responses`, own)).json().data.items as {
      id: number;
    }[];
    expect(stillPending.map((r) => r.id)).not.toContain(ashaAnswer.id);
    const done = (await call('GET', `${T}/batches/${batchId}/responses?status=reviewed`, own)).json().data
      .items as { id: number }[];
    expect(done.map((r) => r.id)).toContain(ashaAnswer.id);
    // Another instructor cannot review it.
    expect(
      (await call('POST', `${T}/responses/${ashaAnswer.id}/review`, other, { points: 1 })).statusCode,
    ).toBe(404);
  });

  it("when an instructor opens a learner's PDF answer, then their own batch's comes as a PDF (audited) and another instructor gets 404", async () => {
    const [asha] = learners;
    const key = `private/assignments/${'cd'.repeat(16)}.pdf`;
    mkdirSync(path.join(t.config.dataDir, 'files', 'private', 'assignments'), { recursive: true });
    writeFileSync(path.join(t.config.dataDir, 'files', key), tinyPdf('asha-plan'));
    const [row] = await t.database.db
      .insert(assignmentResponses)
      .values({
        assignmentId: curriculum.sessions[1]!.assignmentIds[0]!,
        userId: asha!.id,
        pdf: key,
        pdfName: 'Plan.pdf',
      })
      .returning();
    const queue = (await call('GET', `${T}/batches/${batchId}/responses?status=all`, own)).json().data
      .items as {
      id: number;
      pdf: string | null;
    }[];
    const listed = queue.find((r) => r.id === row!.id)!;
    expect(listed.pdf).toBe(`${T}/responses/${row!.id}/pdf`);
    const res = await call('GET', listed.pdf!, own);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toContain('Plan.pdf');
    expect(res.rawPayload.toString('latin1')).toContain('asha-plan');
    expect(await auditOf('assignment_response.pdf_open', row!.id)).toHaveLength(1);
    const theirs = await call('GET', listed.pdf!, other);
    expect(theirs.statusCode).toBe(404);
    // An answer without a PDF: 404 too.
    const linkOnly = queue.find((r) => r.pdf === null)!;
    expect((await call('GET', `${T}/responses/${linkOnly.id}/pdf`, own)).statusCode).toBe(404);
  });

  it('when attendance is marked and cleared, then the grid and counts follow, outsiders are refused, and each mark is audited', async () => {
    const [asha, bea] = learners;
    const sessionId = curriculum.sessions[0]!.id;
    const mark = (userId: number, present: boolean | null) =>
      call('PUT', `${T}/sessions/${sessionId}/attendance`, own, { userId, present });
    expect((await mark(asha!.id, true)).json().data).toMatchObject({ presentCount: 1, absentCount: 0 });
    expect((await mark(bea!.id, false)).json().data).toMatchObject({ presentCount: 1, absentCount: 1 });
    expect((await mark(bea!.id, true)).json().data).toMatchObject({ presentCount: 2, absentCount: 0 });
    expect((await mark(bea!.id, null)).json().data).toMatchObject({ presentCount: 1, absentCount: 0 });
    const stranger = await insertUser(t.database.db, { name: 'Not Enrolled' });
    const refused = await mark(stranger.id, true);
    expect(refused.statusCode).toBe(400);
    expect(JSON.stringify(refused.json())).toContain('must be a learner of this batch');

    const grid = (await call('GET', `${T}/batches/${batchId}/attendance`, own)).json().data;
    expect(grid.learners.map((l: { name: string }) => l.name)).toEqual(['Asha Rao', 'Bea Sen']);
    expect(grid.marks).toEqual([{ sessionId, userId: asha!.id, present: true }]);
    expect(grid.sessions.find((s: { id: number }) => s.id === sessionId)).toMatchObject({
      present: 1,
      absent: 0,
    });
    expect(await auditOf('attendance.mark', sessionId)).toHaveLength(4);
    const rows = await t.database.db
      .select()
      .from(sessionAttendance)
      .where(eq(sessionAttendance.sessionId, sessionId));
    expect(rows).toEqual([expect.objectContaining({ userId: asha!.id, present: true, markedBy: ownId })]);
  });

  it('when learners have answered the quiz, then quiz stats give attempts, pass rate, average and per-question correct rate, and progress sums each learner', async () => {
    const db = t.database.db;
    const [asha, bea] = learners;
    const moduleId = curriculum.modules[0]!.id;
    const options = await db
      .select({
        id: courseQuizOptions.id,
        questionId: courseQuizOptions.questionId,
        isCorrect: courseQuizOptions.isCorrect,
      })
      .from(courseQuizOptions)
      .innerJoin(courseQuizQuestions, eq(courseQuizQuestions.id, courseQuizOptions.questionId))
      .where(eq(courseQuizQuestions.moduleId, moduleId));
    const seededQuestions = [...new Set(options.map((o) => o.questionId))].sort((a, b) => a - b).slice(0, 2);
    const pick = (questionId: number, right: boolean) =>
      options.find((o) => o.questionId === questionId && o.isCorrect === right)!.id;
    // Asha: both right (100 %), Bea: one right (50 %); pass mark 60 %.
    await db.insert(courseQuizResponses).values([
      { questionId: seededQuestions[0]!, userId: asha!.id, optionId: pick(seededQuestions[0]!, true) },
      { questionId: seededQuestions[1]!, userId: asha!.id, optionId: pick(seededQuestions[1]!, true) },
      { questionId: seededQuestions[0]!, userId: bea!.id, optionId: pick(seededQuestions[0]!, true) },
      { questionId: seededQuestions[1]!, userId: bea!.id, optionId: pick(seededQuestions[1]!, false) },
    ]);
    const stats = (await call('GET', `${T}/batches/${batchId}/quiz-stats`, own)).json().data;
    const mod = stats.modules.find((m: { moduleId: number }) => m.moduleId === moduleId);
    expect(mod).toMatchObject({
      questions: 2,
      attempts: 2,
      attempted: 2,
      passed: 1,
      passRate: 50,
      averageScore: 75,
    });
    expect(mod.perQuestion.map((q: { correctRate: number }) => q.correctRate)).toEqual([100, 50]);

    const progress = (await call('GET', `${T}/batches/${batchId}/progress`, own)).json().data;
    const ashaRow = progress.learners.find((l: { id: number }) => l.id === asha!.id);
    // Two answers: the reviewed link and the PDF (not reviewed yet).
    expect(ashaRow).toMatchObject({ attended: 1, submitted: 2, reviewed: 1, points: 9, quizzesPassed: 1 });
    const beaRow = progress.learners.find((l: { id: number }) => l.id === bea!.id);
    expect(beaRow).toMatchObject({ submitted: 2, reviewed: 1, points: 2, quizzesPassed: 0 });
  });

  it('when learners have answered a question, then only its wording may change (re-marking the answer is a 409)', async () => {
    const moduleId = curriculum.modules[0]!.id;
    const view = (await call('GET', `${T}/batches/${batchId}/curriculum`, own)).json().data;
    const q = view.modules.find((m: { id: number }) => m.id === moduleId).questions[0];
    expect(q.answers).toBeGreaterThan(0);
    const remark = await call('PUT', `${T}/quiz-questions/${q.id}`, own, {
      question: q.question,
      options: [{ text: 'Right' }, { text: 'Wrong', isCorrect: true }],
    });
    expect(remark.statusCode).toBe(409);
    const reword = await call('PUT', `${T}/quiz-questions/${q.id}`, own, {
      question: 'Reworded?',
      options: [{ text: 'Right (reworded)', isCorrect: true }, { text: 'Wrong' }],
    });
    expect(reword.statusCode).toBe(200);
    expect(await auditOf('quiz_question.update', q.id)).toHaveLength(1);
    const detail = await t.database.db
      .select()
      .from(courseModuleDetails)
      .where(eq(courseModuleDetails.moduleId, moduleId));
    expect(detail.length).toBeGreaterThan(0);
  });
});
