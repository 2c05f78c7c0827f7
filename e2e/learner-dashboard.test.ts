import { readFile } from 'node:fs/promises';
import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../apps/server/src/test/start-server';
import { apiAt, CHROMIUM, CHROMIUM_ARGS, LEARNER, openHydrated, SLOW } from './browser';

/*
 * The learner dashboard's journey of issue 15 ("Proof"), in Chromium against the real built
 * server and the demo seed, once on a desktop and once on a 390 px phone: the demo learner opens
 * their ongoing course, submits an assignment link, takes a module quiz, sees the result panel,
 * downloads the module certificate (a PDF), and the certificate's verification page opens signed
 * out. The quiz's correct answers are learnt the way a learner would (a first attempt through the
 * API, then a retake), so the attempt in the browser passes.
 * Set E2E_BASE_URL to drive a server that is already running (not in production mode).
 */

const ONGOING_COURSE = 'Parametric Design with Grasshopper';

interface EnrolledCourse {
  isRefund: boolean;
  isDashboardAccess: boolean;
  Batch: { id: number; Workshop: { title: string; shortTitle: string } };
}
interface Assignment {
  id: number;
  title: string;
  status: string;
  AssignmentResponses: unknown[];
}
interface Dashboard {
  course: { name: string };
  courseModules: {
    id: number;
    title: string;
    certificateTitle: string | null;
    hasQuiz: boolean;
    CourseModuleDetails: { CourseModuleSession: { Assignments: Assignment[] } }[];
  }[];
}
interface ModuleQuiz {
  attempt: number;
  CourseQuizQuestions: {
    id: number;
    question: string;
    CourseQuizOptions: { id: number; text: string }[];
    CourseQuizResponses: unknown[];
  }[];
}
interface Certificate {
  moduleId: number | null;
  code: string;
  certificateTitle: string | null;
}

let baseUrl = '';

function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  return apiAt<T>(baseUrl, method, path, token, body);
}

function ready(page: Page, path: string) {
  return openHydrated(page, baseUrl, path);
}

/**
 * What the journey uses in the learner's ongoing course: a module quiz with a certificate that is
 * not attempted yet and an open assignment without an answer, not used by an earlier run.
 */
async function pickWork(token: string, used: { modules: Set<number>; assignments: Set<number> }) {
  const courses = await api<{ enrolledCourses: EnrolledCourse[] }>('GET', '/api/user/profile/courses', token);
  const course = courses.enrolledCourses.find(
    (c) => c.Batch.Workshop.shortTitle === ONGOING_COURSE && !c.isRefund && c.isDashboardAccess,
  );
  expect(course, 'the demo learner’s ongoing course').toBeDefined();
  const batchId = course!.Batch.id;
  const dashboard = await api<Dashboard>('POST', '/api/user/course/batch/module/session', token, { batchId });
  const assignment = dashboard.courseModules
    .flatMap((m) => m.CourseModuleDetails.flatMap((d) => d.CourseModuleSession.Assignments))
    .find((a) => a.status === 'open' && a.AssignmentResponses.length === 0 && !used.assignments.has(a.id));
  expect(assignment, 'an open assignment without an answer').toBeDefined();
  let quizModule: Dashboard['courseModules'][number] | undefined;
  for (const m of dashboard.courseModules) {
    if (!m.hasQuiz || !m.certificateTitle || used.modules.has(m.id)) continue;
    const quiz = await api<ModuleQuiz>('GET', `/api/user/course/module/${m.id}/quiz`, token);
    if (quiz.CourseQuizQuestions.every((q) => q.CourseQuizResponses.length === 0)) {
      quizModule = m;
      break;
    }
  }
  expect(quizModule, 'a module quiz with a certificate, not attempted').toBeDefined();
  used.modules.add(quizModule!.id);
  used.assignments.add(assignment!.id);
  return { batchId, courseName: dashboard.course.name, assignment: assignment!, module: quizModule! };
}

/** A first attempt through the API (the learner sees every correct answer), then a retake. */
async function learnAnswers(token: string, moduleId: number): Promise<Map<string, string>> {
  const quiz = await api<ModuleQuiz>('GET', `/api/user/course/module/${moduleId}/quiz`, token);
  const answers = new Map<string, string>();
  for (const question of quiz.CourseQuizQuestions) {
    const result = await api<{ correctOptionId: number }>('POST', '/api/user/quiz/response/submit', token, {
      questionId: question.id,
      optionId: question.CourseQuizOptions[0]!.id,
    });
    const correct = question.CourseQuizOptions.find((o) => o.id === result.correctOptionId)!;
    answers.set(question.question, correct.text);
  }
  await api('POST', '/api/user/course/module/quiz/retake', token, { moduleId });
  return answers;
}

describe('the learner dashboard journey', () => {
  let close: () => Promise<void> = async () => {};
  let browser: Browser | undefined;
  const used = { modules: new Set<number>(), assignments: new Set<number>() };

  beforeAll(async () => {
    if (process.env.E2E_BASE_URL) {
      baseUrl = process.env.E2E_BASE_URL.replace(/\/$/, '');
    } else {
      const server = await startTestServer({ NODE_ENV: 'test' });
      baseUrl = server.url;
      close = () => server.close();
    }
    browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  }, 180_000);

  afterAll(async () => {
    await browser?.close();
    await close();
  });

  const journey = async (name: string, device: BrowserContextOptions) => {
    const learner = await api<{ token: string; user: { id: number; name: string } }>(
      'POST',
      '/api/auth/login',
      undefined,
      LEARNER,
    );
    const work = await pickWork(learner.token, used);
    const answers = await learnAnswers(learner.token, work.module.id);

    const context = await browser!.newContext({ ...device, acceptDownloads: true });
    const page = await context.newPage();
    const pageErrors: string[] = [];
    page.on('pageerror', (error) => pageErrors.push(error.message));
    // The site's campaign offer may open on any page, over another dialog too: closed by its button.
    await page.addLocatorHandler(page.locator('dialog.campaign-popup[open]'), async () => {
      await page.locator('dialog.campaign-popup[open]').getByRole('button', { name: 'Close offer' }).click();
    });
    // The reminder of the other course's instalment (due in 3 days) greets the learner first.
    await page.addLocatorHandler(page.locator('dialog.emi-popup[open]'), async () => {
      await page.getByRole('button', { name: 'Close reminder' }).click();
    });
    // The course's feedback form (due once its session is reached): the learner rates it.
    await page.addLocatorHandler(page.locator('dialog.feedback-dialog[open]'), async () => {
      const dialog = page.locator('dialog.feedback-dialog[open]');
      await dialog.locator('label.stars__star').last().click();
      await dialog.getByRole('button', { name: 'Send feedback' }).click();
      await dialog.waitFor({ state: 'detached', ...SLOW }).catch(() => {});
    });
    // A passed quiz raises the certificate popup; this journey goes on from the sidebar.
    await page.addLocatorHandler(page.locator('dialog.cert-popup[open]'), async () => {
      await page.locator('dialog.cert-popup[open]').getByRole('button', { name: 'Close' }).first().click();
    });

    try {
      await ready(page, '/auth/login');
      await page.getByLabel('E-mail or mobile number').fill(LEARNER.email);
      await page.getByRole('button', { name: 'Continue' }).click();
      await page.getByRole('heading', { level: 1, name: 'Enter your password' }).waitFor(SLOW);
      await page.getByLabel('Password', { exact: true }).fill(LEARNER.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await page.waitForURL(/\/dashboard/, SLOW);

      // The dashboard home lists the course; "Open course" opens its course dashboard.
      await page
        .getByRole('link', { name: `Open course ${work.courseName}` })
        .first()
        .click(SLOW);
      await page.waitForURL(new RegExp(`/dashboard/course/${work.batchId}$`), SLOW);
      await page.getByRole('heading', { level: 1, name: work.courseName }).waitFor(SLOW);

      // An assignment answered with a link.
      const form = page.locator('form.answer-form', {
        has: page.getByRole('group', { name: `Answer for “${work.assignment.title}”` }),
      });
      await form.scrollIntoViewIfNeeded(SLOW);
      await form.getByLabel('Link to your work').fill(`https://drive.example.com/e2e-${name}`);
      await form.getByRole('button', { name: 'Submit' }).click();
      await form.waitFor({ state: 'detached', ...SLOW });
      const sent = await api<Dashboard>('POST', '/api/user/course/batch/module/session', learner.token, {
        batchId: work.batchId,
      });
      const answered = sent.courseModules
        .flatMap((m) => m.CourseModuleDetails.flatMap((d) => d.CourseModuleSession.Assignments))
        .find((a) => a.id === work.assignment.id);
      expect(answered?.AssignmentResponses).toHaveLength(1);

      // The module quiz in the sidebar: onboarding, one question at a time, the result panel.
      await page.getByRole('button', { name: `Take quiz for ${work.module.title}` }).click();
      await page.getByRole('button', { name: 'Start quiz' }).click(SLOW);
      for (let i = 0; i < answers.size; i += 1) {
        const group = page
          .getByRole('group')
          .filter({ has: page.getByRole('radio') })
          .last();
        const legend = (await group.locator('legend').textContent(SLOW)) ?? '';
        const question = [...answers.keys()].find((q) => legend.includes(q));
        expect(question, `a known question in “${legend}”`).toBeDefined();
        await group.getByRole('radio', { name: answers.get(question!)!, exact: true }).check();
        await page.getByRole('button', { name: 'Submit answer' }).click();
        const next = page.getByRole('button', { name: i === answers.size - 1 ? 'See your result' : 'Next' });
        await next.click(SLOW);
      }
      await page
        .getByText(/^Passed/)
        .first()
        .waitFor(SLOW);
      await page.getByText(`${answers.size} of ${answers.size} correct`).first().waitFor(SLOW);

      // The certificate downloader: a real PDF.
      await page.getByRole('button', { name: 'Get certificate' }).first().click();
      const download = page.waitForEvent('download', SLOW);
      await page.getByRole('button', { name: 'Download PDF' }).click();
      const file = await download;
      const pdf = await readFile(await file.path());
      expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');

      // Its verification page, signed out.
      const certificates = await api<Certificate[]>('GET', '/api/user/certificates', learner.token);
      const issued = certificates.find((c) => c.moduleId === work.module.id);
      expect(issued, 'the module certificate is issued').toBeDefined();
      const visitor = await browser!.newContext(device);
      const verify = await visitor.newPage();
      const response = await verify.goto(`${baseUrl}/verify/${issued!.code}`);
      expect(response?.status()).toBe(200);
      await verify.getByText('Verified certificate').waitFor(SLOW);
      await verify.getByText(learner.user.name).first().waitFor(SLOW);
      await verify.getByText(work.module.certificateTitle!).first().waitFor(SLOW);
      const width = await verify.evaluate(() => document.documentElement.scrollWidth);
      expect(width).toBeLessThanOrEqual((device.viewport?.width ?? 1280) + 1);
      await visitor.close();

      expect(pageErrors).toEqual([]);
    } catch (error) {
      await page.screenshot({ path: `/tmp/e2e-dashboard-${name}.png`, fullPage: true }).catch(() => {});
      throw new Error(`${page.url()}: ${String(error)}`);
    } finally {
      await context.close();
    }
  };

  it('on a desktop, the learner answers an assignment, passes a module quiz, downloads the certificate and it verifies signed out', async () => {
    await journey('desktop', { viewport: { width: 1280, height: 900 } });
  }, 300_000);

  it('on a 390 px phone, the same journey works with the sidebar as a bottom sheet', async () => {
    await journey('phone', {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      deviceScaleFactor: 2,
    });
  }, 300_000);

  it('on a 390 px phone, the learner downloads a premium archive from the library: the file saved is the one listed, at its listed size', async () => {
    const learner = await api<{ token: string; user: unknown }>(
      'POST',
      '/api/auth/login',
      undefined,
      LEARNER,
    );
    const context = await browser!.newContext({
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
      acceptDownloads: true,
    });
    try {
      await context.addInitScript((stored) => {
        window.localStorage.setItem('token', stored.token);
        window.localStorage.setItem('user', JSON.stringify(stored.user));
      }, learner);
      const page = await context.newPage();
      // The campaign offer and the instalment reminder, closed by their buttons.
      await page.addLocatorHandler(page.locator('dialog.campaign-popup[open]'), async () => {
        await page
          .locator('dialog.campaign-popup[open]')
          .getByRole('button', { name: 'Close offer' })
          .click();
      });
      await page.addLocatorHandler(page.locator('dialog.emi-popup[open]'), async () => {
        await page.getByRole('button', { name: 'Close reminder' }).click();
      });
      await ready(page, '/dashboard/resources');
      await page
        .getByRole('link', { name: /Revit Family Library/ })
        .first()
        .click();
      const name = 'Doors - Flush & Panel Set.zip';
      const row = page.locator('li.lib-file', { has: page.getByRole('heading', { name }) });
      const meta = (await row.locator('.lib-file__meta').textContent(SLOW)) ?? '';
      expect(meta).toMatch(/^Archive · \d+ KB/);
      const download = page.waitForEvent('download', SLOW);
      await row.getByRole('button', { name: `Download ${name}` }).click();
      const file = await download;
      expect(file.suggestedFilename()).toBe(name);
      const bytes = await readFile(await file.path());
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\u0003\u0004');
      const found = await api<{ results: { file?: { name: string; sizeBytes: number } }[] }>(
        'GET',
        `/api/user/resource/search?query=${encodeURIComponent('doors flush')}`,
        learner.token,
      );
      const hit = found.results.find((r) => r.file?.name === name);
      expect(bytes.length).toBe(hit!.file!.sizeBytes);
      expect(meta).toContain(`${Math.round(bytes.length / 1024)} KB`);
    } finally {
      await context.close();
    }
  }, 180_000);
});
