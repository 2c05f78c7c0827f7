import { slugify } from '@atelier/domain';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../apps/server/src/test/start-server';
import { apiAt, CHROMIUM, CHROMIUM_ARGS, LEARNER, openHydrated, SLOW } from './browser';

/*
 * The staff console's journey of issue 17 ("Proof"), in Chromium against the real built server
 * with the sandbox payment provider and the demo seed: the admin creates a workshop in the console
 * (details and a subcategory, a batch with an INR price and a weekly slot, the demo instructor),
 * publishes it and it appears in the public catalogue; in the teaching section the admin adds a
 * module, generates its weekly sessions from the schedule (preview, then create), gives each session
 * an assignment and sets up the module quiz with one question. The demo learner buys the batch in
 * the sandbox and answers an assignment on the course dashboard; the instructor reviews it in the
 * review queue and the points appear on the learner's leaderboard; the admin refunds the order in
 * full from the orders section and, once the sandbox refund settles, the learner loses access.
 * Set E2E_BASE_URL to drive a server that is already running (not in production mode).
 */

const ADMIN = { email: 'admin@atelier.test', password: 'atelier-admin-2026' };
const INSTRUCTOR = { email: 'instructor@atelier.test', password: 'atelier-instructor-2026' };
const DESKTOP = { viewport: { width: 1280, height: 900 } };

interface Account {
  token: string;
  user: { id: number; name: string };
}
interface AdminCategories {
  items: { name: string; subcategories: { id: number; name: string; isActive: boolean }[] }[];
}
interface EnrolledCourse {
  isRefund: boolean;
  isDashboardAccess: boolean;
  Batch: { id: number };
}

let baseUrl = '';

function api<T>(method: string, path: string, token?: string, body?: unknown): Promise<T> {
  return apiAt<T>(baseUrl, method, path, token, body);
}

function ready(page: Page, path: string) {
  return openHydrated(page, baseUrl, path);
}

/** A date `days` after today in India (the school's calendar), as YYYY-MM-DD. */
function indiaDate(days: number): string {
  return new Date(Date.now() + 5.5 * 3_600_000 + days * 86_400_000).toISOString().slice(0, 10);
}

/** The weekday of an ISO date, 1 = Monday … 7 = Sunday (the batch schedule's numbering). */
function weekdayOf(date: string): number {
  const day = new Date(`${date}T00:00:00Z`).getUTCDay();
  return day === 0 ? 7 : day;
}

/** Every workshop of the public catalogue (by short title) with its batch ids. */
async function catalogueBatches(): Promise<Map<string, number[]>> {
  const data = await api<unknown>('GET', '/api/masterclasses-and-courses');
  const found = new Map<string, number[]>();
  const walk = (value: unknown) => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value && typeof value === 'object') {
      const w = value as { shortTitle?: unknown; Batches?: { id: number }[] };
      if (typeof w.shortTitle === 'string' && Array.isArray(w.Batches)) {
        found.set(w.shortTitle, [...(found.get(w.shortTitle) ?? []), ...w.Batches.map((b) => b.id)]);
        return;
      }
      Object.values(value).forEach(walk);
    }
  };
  walk(data);
  return found;
}

/** Waits (bounded) until `check` answers something truthy. */
async function eventually<T>(what: string, check: () => Promise<T>, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  let last: unknown = null;
  while (Date.now() < end) {
    try {
      const value = await check();
      if (value) return value;
      last = value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`${what}: not within ${timeoutMs} ms (last: ${String(last)})`);
}

describe('the staff console journey', () => {
  let close: () => Promise<void> = async () => {};
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];

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

  /** A desktop page signed in as `who` through the login page, with the site's popups dismissed. */
  async function signedInPage(who: { email: string; password: string }, errors: string[]): Promise<Page> {
    const context = await browser!.newContext(DESKTOP);
    contexts.push(context);
    const page = await context.newPage();
    page.on('pageerror', (error) => errors.push(`${who.email}: ${error.message}`));
    page.on('dialog', (dialog) => void dialog.accept());
    await page.addLocatorHandler(page.locator('dialog.campaign-popup[open]'), async () => {
      await page.locator('dialog.campaign-popup[open]').getByRole('button', { name: 'Close offer' }).click();
    });
    await page.addLocatorHandler(page.locator('dialog.emi-popup[open]'), async () => {
      await page.getByRole('button', { name: 'Close reminder' }).click();
    });
    await page.addLocatorHandler(page.locator('dialog.feedback-dialog[open]'), async () => {
      const dialog = page.locator('dialog.feedback-dialog[open]');
      await dialog.locator('label.stars__star').last().click();
      await dialog.getByRole('button', { name: 'Send feedback' }).click();
      await dialog.waitFor({ state: 'detached', ...SLOW }).catch(() => {});
    });
    await ready(page, '/auth/login');
    await page.getByLabel('E-mail or mobile number').fill(who.email);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByRole('heading', { level: 1, name: 'Enter your password' }).waitFor(SLOW);
    await page.getByLabel('Password', { exact: true }).fill(who.password);
    await page.getByRole('button', { name: 'Log in' }).click();
    await page.waitForURL((url) => !url.pathname.startsWith('/auth'), SLOW);
    return page;
  }

  it('an admin authors and publishes a workshop, a learner buys it, the instructor reviews, the admin refunds', async () => {
    const stamp = Date.now();
    const title = `E2E Console Studio ${stamp}`;
    const shortTitle = `Console Studio ${stamp}`;
    const admin = await api<Account>('POST', '/api/auth/login', undefined, ADMIN);
    const learner = await api<Account>('POST', '/api/auth/login', undefined, LEARNER);
    const instructors = await api<{ items: { id: number; name: string | null; email: string | null }[] }>(
      'GET',
      '/api/admin/instructors',
      admin.token,
    );
    const teacher = instructors.items.find((i) => i.email === INSTRUCTOR.email);
    expect(teacher, 'the demo instructor').toBeDefined();
    const categories = await api<AdminCategories>('GET', '/api/admin/categories', admin.token);
    const subcategory = categories.items.flatMap((c) => c.subcategories).find((s) => s.isActive);
    expect(subcategory, 'an active subcategory').toBeDefined();

    // The batch started three days ago (still on sale: late joining is open for a week) and runs
    // two weeks more, weekly on yesterday's weekday: sessions yesterday, in six and in thirteen days.
    const startDate = indiaDate(-3);
    const endDate = indiaDate(14);
    const slotDay = weekdayOf(indiaDate(-1));
    const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

    const pageErrors: string[] = [];
    const pages: Page[] = [];
    try {
      // --- The admin: a new workshop in the console ---------------------------------------------
      const staff = await signedInPage(ADMIN, pageErrors);
      pages.push(staff);
      await ready(staff, '/admin/catalogue');
      await staff.getByRole('link', { name: 'New workshop' }).click(SLOW);
      await staff.getByRole('heading', { level: 1, name: 'New workshop' }).waitFor(SLOW);
      await staff.getByLabel('Title', { exact: true }).fill(title);
      await staff.getByLabel(/^Short title/).fill(shortTitle);
      await staff
        .getByLabel(/^Description/)
        .fill('A studio course authored end to end in the staff console.');
      await staff.getByLabel('Price in INR', { exact: false }).first().fill('4999');
      await staff
        .getByRole('group', { name: 'Listed in' })
        .getByRole('checkbox', { name: subcategory!.name, exact: true })
        .first()
        .check();
      await staff.getByRole('button', { name: 'Create the workshop' }).click();
      await staff.waitForURL(/\/admin\/catalogue\/workshops\/\d+$/, SLOW);
      const workshopId = Number(/workshops\/(\d+)$/.exec(staff.url())?.[1]);
      await staff.getByRole('heading', { level: 1, name: title }).waitFor(SLOW);

      // Batches tab: a batch with an INR price, dates around today and a weekly slot.
      await staff.getByRole('tab', { name: 'Batches' }).click();
      await staff.getByRole('button', { name: 'New batch' }).click();
      const batchDialog = staff.getByRole('dialog', { name: 'New batch' });
      await batchDialog.waitFor(SLOW);
      await batchDialog.getByLabel(/^Name/).fill('Console cohort');
      await batchDialog.getByLabel(/^Start date/).fill(startDate);
      await batchDialog.getByLabel(/^End date/).fill(endDate);
      await batchDialog.getByLabel(/^Price in INR/).fill('4999');
      await batchDialog.getByLabel(/^Price in USD/).fill('79');
      await batchDialog.getByRole('button', { name: 'Add a weekly slot' }).click();
      await batchDialog.getByLabel('Slot 1: day').selectOption({ label: WEEKDAYS[slotDay - 1]! });
      await batchDialog.getByLabel('Slot 1: starts').fill('10:00');
      await batchDialog.getByLabel('Slot 1: ends').fill('12:00');
      await batchDialog.getByRole('button', { name: 'Create the batch' }).click();
      await staff.getByText('Batch Console cohort saved.').waitFor(SLOW);
      await batchDialog.waitFor({ state: 'detached', ...SLOW });

      // Instructors tab: the demo instructor teaches it.
      await staff.getByRole('tab', { name: 'Instructors' }).click();
      await staff.getByRole('checkbox', { name: teacher!.name ?? teacher!.email!, exact: true }).check();
      await staff.getByRole('button', { name: 'Save the instructors' }).click();
      await staff.getByText(/^Instructors saved/).waitFor(SLOW);

      // Publish it from the workshops list.
      await staff.getByRole('link', { name: '← All workshops' }).click();
      await staff.getByRole('button', { name: `Publish ${shortTitle}`, exact: true }).click(SLOW);
      await staff.getByText(`${shortTitle} is published: the site shows it now.`).waitFor(SLOW);

      const batches = await api<{ items: { id: number }[] }>(
        'GET',
        `/api/admin/workshops/${workshopId}/batches`,
        admin.token,
      );
      expect(batches.items).toHaveLength(1);
      const batchId = batches.items[0]!.id;

      // It is in the public catalogue, with its batch.
      const listed = await eventually('the workshop in the public catalogue', async () =>
        (await catalogueBatches()).get(shortTitle)?.includes(batchId),
      );
      expect(listed).toBe(true);

      // --- Teaching: module, weekly sessions with assignments, quiz ------------------------------
      // From the workshop's batch to its teaching page (the instructor below uses the batch list).
      await ready(staff, `/admin/catalogue/workshops/${workshopId}`);
      await staff.getByRole('tab', { name: 'Batches' }).click(SLOW);
      await staff.getByRole('table').getByRole('link', { name: 'Teaching', exact: true }).click(SLOW);
      await staff.waitForURL(new RegExp(`/admin/teaching/${batchId}/curriculum$`), SLOW);
      await staff.getByRole('button', { name: 'Add a module' }).click(SLOW);
      const moduleDialog = staff.getByRole('dialog', { name: 'New module' });
      await moduleDialog.getByLabel('Title', { exact: true }).fill('Foundations');
      await moduleDialog.getByLabel(/^Certificate title/).fill('Console Studio Foundations');
      await moduleDialog.getByRole('button', { name: 'Add the module' }).click();
      await moduleDialog.waitFor({ state: 'detached', ...SLOW });
      const moduleCard = staff.getByRole('region', { name: /Foundations$/ });
      await moduleCard.waitFor(SLOW);

      await moduleCard.getByRole('button', { name: 'Weekly sessions…' }).click();
      const generate = staff.getByRole('dialog', { name: 'Weekly sessions' });
      expect(await generate.getByLabel('From', { exact: true }).inputValue()).toBe(startDate);
      await generate.getByLabel(/^Assignments due after/).fill('7');
      await generate.getByRole('button', { name: 'Preview' }).click();
      await generate.getByText('3 sessions to add:').waitFor(SLOW);
      await generate.getByRole('button', { name: 'Create 3 sessions' }).click();
      await generate.waitFor({ state: 'detached', ...SLOW });
      await staff.getByText('3 weekly sessions added.').waitFor(SLOW);
      const sessionRows = moduleCard.getByRole('table').getByRole('row');
      await expect.poll(() => sessionRows.count(), SLOW).toBe(4);

      // An assignment for each session.
      for (let i = 1; i <= 3; i += 1) {
        await sessionRows.nth(i).getByRole('button', { name: 'Add assignment' }).click();
        const dialog = staff.getByRole('dialog', { name: 'New assignment' });
        await dialog.getByLabel('Title', { exact: true }).fill(`Sketch ${i} · ${stamp}`);
        await dialog.getByRole('button', { name: 'Add the assignment' }).click();
        await dialog.waitFor({ state: 'detached', ...SLOW });
        await moduleCard.getByRole('button', { name: `Sketch ${i} · ${stamp}` }).waitFor(SLOW);
      }

      // The module quiz: settings, then one question with its correct option.
      await moduleCard.getByRole('button', { name: 'Set up the quiz' }).click();
      const quizDialog = staff.getByRole('dialog', { name: 'Quiz of Foundations' });
      await quizDialog.getByLabel('Quiz title', { exact: true }).fill('Foundations check');
      await quizDialog.getByLabel('Pass mark (%)', { exact: false }).fill('50');
      await quizDialog.getByRole('button', { name: 'Save the quiz' }).click();
      await quizDialog.waitFor({ state: 'detached', ...SLOW });
      await moduleCard.getByText('Quiz: Foundations check (pass mark 50 %)').waitFor(SLOW);
      await moduleCard.getByRole('button', { name: 'Add a question' }).click();
      const question = staff.getByRole('dialog', { name: 'New question' });
      await question.getByLabel('Question', { exact: true }).fill('Which drawing shows a building cut open?');
      await question.getByLabel('Option 1', { exact: true }).fill('An elevation');
      await question.getByLabel('Option 2', { exact: true }).fill('A section');
      await question.getByRole('radio', { name: 'Option 2 is the correct answer' }).check();
      await question.getByRole('button', { name: 'Add the question' }).click();
      await question.waitFor({ state: 'detached', ...SLOW });
      await moduleCard.getByText('Which drawing shows a building cut open?').waitFor(SLOW);
      await moduleCard.getByText('correct', { exact: true }).waitFor();

      // --- The learner buys the batch in the sandbox ---------------------------------------------
      const buyer = await signedInPage(LEARNER, pageErrors);
      pages.push(buyer);
      await ready(buyer, `/payments/${slugify(shortTitle)}?id=${batchId}`);
      await buyer.getByRole('heading', { level: 1, name: title }).waitFor(SLOW);
      const full = buyer.getByRole('radio', { name: /^Pay in full/ });
      if (await full.count()) await full.check();
      const summary = buyer.getByRole('complementary', { name: 'Summary' });
      await summary.getByRole('button', { name: /^Pay / }).click();
      const sandbox = buyer.getByRole('dialog', { name: 'Sandbox payment — no money moves' });
      await sandbox.waitFor(SLOW);
      await sandbox.getByRole('button', { name: /successfully$/ }).click();
      await buyer
        .getByRole('heading', { level: 1, name: 'Payment received — you are enrolled' })
        .waitFor(SLOW);
      const orderId = Number(/\/payments\/success\/(\d+)/.exec(buyer.url())?.[1]);
      expect(orderId).toBeGreaterThan(0);

      // The learner answers the first session's assignment on the course dashboard.
      const assignmentTitle = `Sketch 1 · ${stamp}`;
      await ready(buyer, `/dashboard/course/${batchId}`);
      await buyer.getByRole('heading', { level: 1, name: new RegExp(shortTitle) }).waitFor(SLOW);
      const answer = buyer.locator('form.answer-form', {
        has: buyer.getByRole('group', { name: `Answer for “${assignmentTitle}”` }),
      });
      await answer.scrollIntoViewIfNeeded(SLOW);
      await answer.getByLabel('Link to your work').fill(`https://drive.example.com/e2e-console-${stamp}`);
      await answer.getByRole('button', { name: 'Submit' }).click();
      await answer.waitFor({ state: 'detached', ...SLOW });

      // --- The instructor reviews it in the review queue -----------------------------------------
      const teaching = await signedInPage(INSTRUCTOR, pageErrors);
      pages.push(teaching);
      await ready(teaching, '/admin/teaching');
      await teaching
        .getByRole('link', { name: new RegExp(shortTitle) })
        .first()
        .click(SLOW);
      await teaching.waitForURL(new RegExp(`/admin/teaching/${batchId}/curriculum$`), SLOW);
      await teaching.getByRole('link', { name: 'Review queue' }).click();
      const panel = teaching.getByRole('region', { name: new RegExp(`${assignmentTitle}$`) });
      await panel.waitFor(SLOW);
      await panel.getByLabel(/^Points \(out of 10\)/).fill('8');
      await panel.getByLabel(/^Comment to the learner/).fill('A clear section; label the levels next time.');
      await panel.getByRole('button', { name: /^Save (the review|and open the next)$/ }).click();
      await teaching.getByText(/^Saved 8\/10 for /).waitFor(SLOW);

      // The points are on the learner's leaderboard.
      const board = await api<{ score: number; isYou: boolean }[]>(
        'GET',
        `/api/user/course/batch/${batchId}/leaderboard/score`,
        learner.token,
      );
      expect(board.find((row) => row.isYou)?.score).toBe(8);
      // …and on the learner's course dashboard, with the reviewer's comment.
      await ready(buyer, `/dashboard/course/${batchId}`);
      await buyer.getByText('A clear section; label the levels next time.').first().waitFor(SLOW);
      const leaderboard = buyer.getByRole('region', { name: 'Leaderboard' });
      await leaderboard.getByText('Your score').waitFor(SLOW);
      await expect
        .poll(() => leaderboard.locator('.leaderboard__summary').innerText(), SLOW)
        .toMatch(/(^|\s)8\s+Your score/);

      // --- The admin refunds the order in full ---------------------------------------------------
      await ready(staff, `/admin/orders/${orderId}`);
      await staff.getByRole('button', { name: 'Refund…' }).click(SLOW);
      const refund = staff.getByRole('dialog', { name: `Refund order #${orderId}` });
      await refund.getByRole('radio', { name: /^Everything left/ }).check();
      await refund.getByLabel(/^Reason/).fill('E2E: the learner asked to cancel.');
      await refund.getByRole('button', { name: 'Review the refund' }).click();
      await refund.getByRole('button', { name: /^Yes, refund / }).click();
      await staff.getByText(new RegExp(`requested for order #${orderId}`)).waitFor(SLOW);

      // The sandbox refund settles through the job worker; then the access is gone.
      await eventually('the order refunded', async () => {
        const order = await api<{ status: string }>('GET', `/api/admin/orders/${orderId}`, admin.token);
        return order.status === 'refunded';
      });
      const courses = await api<{ enrolledCourses: EnrolledCourse[] }>(
        'GET',
        '/api/user/profile/courses',
        learner.token,
      );
      expect(
        courses.enrolledCourses.filter((c) => c.Batch.id === batchId && !c.isRefund && c.isDashboardAccess),
      ).toEqual([]);
      await expect(
        api('POST', '/api/user/course/batch/module/session', learner.token, { batchId }),
      ).rejects.toThrow(/→ 404/);
      // The learner's browser says so too.
      await ready(buyer, `/dashboard/course/${batchId}`);
      await buyer
        .getByRole('heading', { level: 1, name: 'This course isn’t in your dashboard' })
        .waitFor(SLOW);

      expect(pageErrors).toEqual([]);
    } catch (error) {
      await Promise.all(
        pages.map((p, i) =>
          p.screenshot({ path: `/tmp/e2e-staff-console-${i}.png`, fullPage: true }).catch(() => {}),
        ),
      );
      throw new Error(`${pages.map((p) => p.url()).join(' | ')}: ${String(error)}`);
    } finally {
      await Promise.all(contexts.map((c) => c.close()));
    }
  }, 300_000);
});
