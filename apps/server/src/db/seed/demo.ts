/**
 * The demo data set: a believable catalogue, content and four accounts (learner, moderator,
 * admin, instructor), with dates placed around "today" so that every dashboard state is on
 * show: ongoing, upcoming, completed, recorded and "coming soon" courses, an instalment due in
 * three days, overdue and reviewed assignments, answered quizzes, certificates, coins.
 *
 * Deterministic: the same `now` and `tz` on an empty database give the same rows and ids.
 */
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../client.js';
import { hashPassword } from '../../modules/auth/index.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { CODE_ALPHABET as CERTIFICATE_CODE_ALPHABET } from '../../modules/certificates/index.js';
import {
  assessmentProgresses,
  assignmentResponses,
  assignments,
  batchSchedules,
  batches,
  batchInstalmentTemplates,
  categories,
  certificates,
  coinsLedger,
  coinsWallets,
  couponClaims,
  coupons,
  courseCategories,
  courseModuleDetails,
  courseModuleSessions,
  courseModules,
  courseQuizOptions,
  courseQuizQuestions,
  courseQuizResponses,
  courseQuizzes,
  enrolments,
  feedbackRatings,
  instalmentPlans,
  instalments,
  metaTags,
  moduleCertificateModals,
  notifications,
  orders,
  payments,
  referrals,
  subcategories,
  users,
  workshopInstructors,
  workshopRatings,
  workshops,
  type UserRole,
  type WorkshopSections,
} from '../schema/index.js';
import { addDays, calendarDay, isoWeekday, shiftInstant } from './calendar.js';
import {
  DEMO_BONUSES,
  DEMO_CASE_STUDIES,
  DEMO_CATEGORIES,
  DEMO_INSTRUCTORS,
  DEMO_TESTIMONIALS,
  DEMO_WORKSHOPS,
  type DemoWorkshop,
} from './content/catalogue.js';
import { DEMO_QUIZ_BANK } from './content/quiz-bank.js';
import { seedPaymentLinks } from './payment-links.js';
import { CITIES, FIRST_NAMES, LAST_NAMES } from './content/site.js';
import type { SeedContext, Tx } from './context.js';
import { storeDemoDocuments } from './documents.js';
import { storeLibraryFiles } from './library-files.js';
import { seedSiteContent } from './demo-site.js';
import { seedLearnerLibraryExtras } from './learner-resources.js';
import { createPrng, type Prng } from './random.js';
import { at, slugify } from './util.js';

/** A demo account and the password to sign in with. */
export interface DemoAccount {
  id: number;
  role: UserRole;
  name: string;
  email: string;
  mobile: string;
  password: string;
}

/** What {@link seedDemo} created: the accounts to sign in with, and row counts per table. */
export interface DemoSeedResult {
  accounts: DemoAccount[];
  counts: Record<string, number>;
}

/** Options of {@link seedDemo}. */
export interface DemoSeedOptions {
  /** The moment the demo is built for; dates are placed around its calendar day. */
  now: Date;
  /** IANA time zone of the platform's calendar day, e.g. 'Asia/Kolkata'. */
  tz: string;
  /**
   * Where the library's documents are stored (the app's file storage). With it the demo's PDFs
   * are rendered, stored, and listed with the length of the bytes written; without it (a
   * database-only seed) they are listed without a size, since nothing was written.
   */
  files?: FileStorage;
}

/** The demo accounts (their passwords are printed at start in development and listed in the README). */
export const DEMO_ACCOUNTS: readonly Omit<DemoAccount, 'id'>[] = [
  {
    role: 'learner',
    name: 'Asha Learner',
    email: 'learner@atelier.test',
    mobile: '+91 9876500001',
    password: 'atelier-learner-2026',
  },
  {
    role: 'moderator',
    name: 'Manav Moderator',
    email: 'moderator@atelier.test',
    mobile: '+91 9876500002',
    password: 'atelier-moderator-2026',
  },
  {
    role: 'admin',
    name: 'Aparna Admin',
    email: 'admin@atelier.test',
    mobile: '+91 9876500003',
    password: 'atelier-admin-2026',
  },
  {
    role: 'instructor',
    name: 'Ishaan Instructor',
    email: 'instructor@atelier.test',
    mobile: '+91 9876500004',
    password: 'atelier-instructor-2026',
  },
];

/** How many classmates share the learner's ongoing course (for the leaderboard). */
const CLASSMATE_COUNT = 12;

/** The workshops the demo learner is enrolled in, by short title. */
const LEARNER_COURSES = {
  /** Paid in full: the course with everything on show (issue 15). */
  ongoingCourse: 'Parametric Design with Grasshopper',
  /** Bought by instalments, the next due in three days: the EMI lock and "Pay now" (spec §4). */
  lockedCourse: 'Architectural Design Studio',
  upcomingMasterclass: 'Architecture Portfolio Design',
  completedCourse: 'Revit Architecture',
  recordedCourse: 'AI for Architects',
  ongoingMasterclass: 'Lumion Rendering',
} as const;

/** How many consecutive days a masterclass meets (its copy says so). */
const MASTERCLASS_DAYS = 2;

type BatchKind = 'future' | 'comingSoon' | 'undated' | 'ongoing' | 'recorded' | 'past';

/** Batch mixes, cycled over the catalogue so every kind appears many times. */
const BATCH_PATTERNS: readonly BatchKind[][] = [
  ['future', 'ongoing'],
  ['future', 'past'],
  ['comingSoon'],
  ['undated'],
  ['future', 'recorded', 'past'],
  ['ongoing', 'recorded'],
];

/** The learner's workshops get the batches their enrolments need. */
const PATTERN_OVERRIDES: Readonly<Record<string, BatchKind[]>> = {
  [LEARNER_COURSES.ongoingCourse]: ['future', 'ongoing', 'past'],
  [LEARNER_COURSES.upcomingMasterclass]: ['future', 'past'],
  [LEARNER_COURSES.completedCourse]: ['future', 'past'],
  [LEARNER_COURSES.recordedCourse]: ['future', 'recorded'],
  [LEARNER_COURSES.ongoingMasterclass]: ['future', 'ongoing'],
};

interface PlannedSession {
  title: string;
  date: string;
  startTime: string | null;
  endTime: string | null;
}

interface PlannedBatch {
  workshop: DemoWorkshop;
  workshopIndex: number;
  kind: BatchKind;
  startDate: string | null;
  endDate: string | null;
  sessionType: 1 | 2;
  schedule: { day: number; startTime: string; endTime: string }[];
  /** Sessions grouped by module; empty when the batch has no curriculum yet. */
  modules: { title: string; sessions: PlannedSession[] }[];
}

/** Ids of one batch's curriculum after insertion, in course order. */
interface SeededModule {
  id: number;
  title: string;
  sessions: { id: number; date: string }[];
  assignment: { id: number; sessionDate: string; lastDate: string } | null;
  questions: { id: number; optionIds: number[]; correctOptionId: number }[];
}

interface SeededBatch {
  id: number;
  workshopId: number;
  plan: PlannedBatch;
  modules: SeededModule[];
}

/**
 * Seeds the demo data set into an empty, migrated database in one transaction.
 *
 * @param db the database handle
 * @param opts `now` and the platform time zone `tz`; "today" is `now`'s calendar day in `tz`
 * @returns the demo accounts (with their passwords) and how many rows each table received
 */
export async function seedDemo(db: Db, opts: DemoSeedOptions): Promise<DemoSeedResult> {
  const passwordHashes = await Promise.all(DEMO_ACCOUNTS.map((a) => hashPassword(a.password)));
  // The library's files, stored first: each is listed with the byte length stored (context.ts).
  const storedSizes = opts.files
    ? new Map([...(await storeDemoDocuments(opts.files)), ...(await storeLibraryFiles(opts.files))])
    : new Map<string, number>();
  return db.transaction(async (tx) => {
    const seeder = new DemoSeeder(tx, opts.now, calendarDay(opts.now, opts.tz), storedSizes);
    return seeder.run(passwordHashes);
  });
}

class DemoSeeder {
  private readonly rng: Prng = createPrng(20260101);
  private readonly counts: Record<string, number> = {};

  constructor(
    private readonly tx: Tx,
    private readonly now: Date,
    private readonly today: string,
    private readonly storedSizes: ReadonlyMap<string, number>,
  ) {}

  async run(passwordHashes: string[]): Promise<DemoSeedResult> {
    const { accounts, classmateIds } = await this.seedPeople(passwordHashes);
    const learner = at(accounts, 0);
    const workshopIds = await this.seedCatalogue();
    const seededBatches = await this.seedBatches(workshopIds);
    await this.seedInstructorWorkshops(accounts, seededBatches);
    await this.seedCurricula(seededBatches);
    const couponIds = await this.seedCoupons(workshopIds, classmateIds);
    await this.seedLearnerJourney(learner.id, classmateIds, seededBatches, couponIds);
    await this.seedClassmates(classmateIds, seededBatches);
    await seedSiteContent(this.context(), learner.id);
    await seedLearnerLibraryExtras(this.context());
    await seedPaymentLinks(this.context());
    return { accounts, counts: this.counts };
  }

  /**
   * The demo instructor teaches the learner's courses (so the staff console shows them the
   * learner's assignments to review) and nothing else: the other workshops show instructor scoping.
   */
  private async seedInstructorWorkshops(
    accounts: { id: number; role: string }[],
    seeded: SeededBatch[],
  ): Promise<void> {
    const instructor = accounts.find((a) => a.role === 'instructor');
    if (!instructor) return;
    const taught = new Set<string>(Object.values(LEARNER_COURSES));
    const workshopIds = [
      ...new Set(seeded.filter((b) => taught.has(b.plan.workshop.shortTitle)).map((b) => b.workshopId)),
    ];
    if (workshopIds.length === 0) return;
    await this.tx
      .insert(workshopInstructors)
      .values(workshopIds.map((workshopId) => ({ workshopId, userId: instructor.id })));
    this.count('workshop_instructors', workshopIds.length);
  }

  private count(table: string, n: number): void {
    this.counts[table] = (this.counts[table] ?? 0) + n;
  }

  private context(): SeedContext {
    return {
      tx: this.tx,
      now: this.now,
      today: this.today,
      rng: this.rng,
      count: (table, n) => this.count(table, n),
      storedSizes: this.storedSizes,
    };
  }

  // ── people ────────────────────────────────────────────────────────────────────────────────

  private async seedPeople(passwordHashes: string[]) {
    const rng = this.rng;
    const accountRows = DEMO_ACCOUNTS.map((a, i) => ({
      name: a.name,
      email: a.email,
      mobile: a.mobile,
      role: a.role,
      passwordHash: at(passwordHashes, i),
      isVerified: true,
      referCode: `ATL${a.role.slice(0, 3).toUpperCase()}${String(i + 1).padStart(3, '0')}`,
      secretKey: deterministicKey(rng),
      createdAt: shiftInstant(this.now, -200 + i),
      ...(a.role === 'learner'
        ? {
            gender: 'female',
            city: 'Pune',
            dob: '2001-08-14',
            iam: 'student',
            college: 'Pune Institute of Architecture',
            upiId: 'asha.learner@okbank',
            instagram: 'https://instagram.com/asha.sketches',
            linkedin: 'https://www.linkedin.com/in/asha-learner',
            behance: 'https://www.behance.net/ashalearner',
          }
        : { city: 'Bengaluru' }),
    }));
    const names = rng.sample(
      FIRST_NAMES.flatMap((f) => LAST_NAMES.map((l) => [f, l] as const)),
      CLASSMATE_COUNT,
    );
    const classmateRows = names.map(([first, last], i) => ({
      name: `${first} ${last}`,
      email: `${first}.${last}${i + 1}@example.com`.toLowerCase(),
      mobile: `+91 98765001${String(i + 10).padStart(2, '0')}`,
      role: 'learner' as const,
      isVerified: true,
      gender: i % 2 === 0 ? 'male' : 'female',
      city: rng.pick(CITIES),
      dob: `${1996 + (i % 7)}-${String(1 + (i % 12)).padStart(2, '0')}-${String(3 + i).padStart(2, '0')}`,
      iam: rng.pick(['student', 'graduate', 'professional'] as const),
      college: 'School of Planning and Design',
      referCode: `ATLMATE${String(i + 1).padStart(3, '0')}`,
      secretKey: deterministicKey(rng),
      createdAt: shiftInstant(this.now, -150 + i * 3),
    }));
    const inserted = await this.tx
      .insert(users)
      .values([...accountRows, ...classmateRows])
      .returning({ id: users.id });
    this.count('users', inserted.length);
    const accounts = DEMO_ACCOUNTS.map((a, i) => ({ ...a, id: at(inserted, i).id }));
    const classmateIds = inserted.slice(DEMO_ACCOUNTS.length).map((r) => r.id);

    // Every user has a wallet; learners start with the sign-up bonus (ledger = balance).
    const learnerIds = [at(accounts, 0).id, ...classmateIds];
    const wallets = await this.tx
      .insert(coinsWallets)
      .values(
        inserted.map((u) => ({
          userId: u.id,
          walletCoins: learnerIds.includes(u.id) ? 100 : 0,
          isCoinPopupSeen: u.id !== at(accounts, 0).id,
        })),
      )
      .returning({ id: coinsWallets.id, userId: coinsWallets.userId });
    this.count('coins_wallets', wallets.length);
    const bonusRows = wallets
      .filter((w) => learnerIds.includes(w.userId))
      .map((w) => ({
        walletId: w.id,
        delta: 100,
        reason: 'signup_bonus' as const,
        ref: `signup:${w.userId}`,
        note: 'Welcome to Atelier',
        createdAt: shiftInstant(this.now, -150),
      }));
    await this.tx.insert(coinsLedger).values(bonusRows);
    this.count('coins_ledger', bonusRows.length);
    return { accounts, classmateIds };
  }

  // ── catalogue ─────────────────────────────────────────────────────────────────────────────

  private async seedCatalogue(): Promise<number[]> {
    const tx = this.tx;
    const cats = await tx
      .insert(categories)
      .values(DEMO_CATEGORIES.map((c, i) => ({ name: c.name, slug: c.slug, sequence: i + 1 })))
      .returning({ id: categories.id });
    const subRows = DEMO_CATEGORIES.flatMap((c, ci) =>
      c.subcategories.map((name, si) => ({
        categoryId: at(cats, ci).id,
        name,
        slug: slugify(name),
        sequence: si + 1,
      })),
    );
    const subs = await tx.insert(subcategories).values(subRows).returning({ id: subcategories.id });
    this.count('categories', cats.length);
    this.count('subcategories', subs.length);
    const subId = ([c, s]: [number, number]) => at(subs, c * 3 + s).id;

    const rows = DEMO_WORKSHOPS.map((w, i) => this.workshopRow(w, i));
    const inserted = await tx.insert(workshops).values(rows).returning({ id: workshops.id });
    const ids = inserted.map((r) => r.id);
    this.count('workshops', ids.length);

    const metaRows = DEMO_WORKSHOPS.map((w, i) => {
      const category = at(DEMO_CATEGORIES, w.home[0]);
      return {
        workshopId: at(ids, i),
        title: `${w.title} | Atelier`,
        description: w.pitch,
        keywords: [w.shortTitle, ...w.tools, category.name, 'online course', 'architecture']
          .join(', ')
          .toLowerCase(),
      };
    });
    await tx.insert(metaTags).values(metaRows);
    this.count('meta_tags', metaRows.length);

    const nextSequence = new Map<number, number>();
    const linkRows = DEMO_WORKSHOPS.flatMap((w, i) =>
      [w.home, ...(w.also ? [w.also] : [])].map((place) => {
        const subcategoryId = subId(place);
        const sequence = (nextSequence.get(subcategoryId) ?? 0) + 1;
        nextSequence.set(subcategoryId, sequence);
        return { subcategoryId, workshopId: at(ids, i), sequence };
      }),
    );
    await tx.insert(courseCategories).values(linkRows);
    this.count('course_categories', linkRows.length);
    return ids;
  }

  private workshopRow(w: DemoWorkshop, index: number): typeof workshops.$inferInsert {
    const rng = this.rng;
    const [categoryIndex] = w.home;
    const category = at(DEMO_CATEGORIES, categoryIndex);
    const slug = slugify(w.shortTitle);
    const prices = pricesFor(w.amount);
    // Each instructor's monogram portrait, drawn by apps/web/scripts/generate-images.mjs.
    const instructors = at(DEMO_INSTRUCTORS, categoryIndex).map((person) => ({
      ...person,
      image: `/images/instructors/${slugify(person.name)}.svg`,
    }));
    const isCourse = w.type === 2;
    const sections: WorkshopSections = {
      curriculum: w.modules.map((title, m) => ({
        title: isCourse ? `Module ${m + 1}: ${title}` : `Day ${m + 1}: ${title}`,
        points: [
          `Live lecture and demonstration on ${title.toLowerCase()}`,
          isCourse ? 'Guided exercise on the course project' : 'Follow-along exercise with files provided',
          isCourse ? 'Studio review with feedback on your work' : 'Open Q&A with the instructor',
        ],
      })),
      instructors: isCourse ? [...instructors] : [at(instructors, index % 2)],
      outcomes: [
        isCourse
          ? `A finished ${w.shortTitle.toLowerCase()} project for your portfolio`
          : `A practical grasp of ${w.shortTitle.toLowerCase()} you can use the next day`,
        `Confident, hands-on use of ${w.tools.join(', ')}`,
        'Answers to your own questions from a practising professional',
        'A shareable certificate of completion',
      ],
      bonus: isCourse ? [...DEMO_BONUSES] : DEMO_BONUSES.slice(0, 2),
      testimonials: rng.sample(DEMO_TESTIMONIALS, 3),
      caseStudies: isCourse ? [...at(DEMO_CASE_STUDIES, categoryIndex)] : [],
      learners: {
        headline: `Join ${(1200 + index * 137).toLocaleString('en-IN')}+ learners`,
        count: 1200 + index * 137,
        profiles: ['Architecture students', 'Young architects', 'Interior designers', 'Design professionals'],
      },
    };
    return {
      type: w.type,
      title: w.title,
      shortTitle: w.shortTitle,
      slug,
      searchKeys: [...w.tools, category.name, ...category.subcategories, w.level].join(' ').toLowerCase(),
      markAs: w.isTopSeller ? 'Top Seller' : null,
      description: `${w.pitch} ${
        isCourse
          ? `Over ${w.modules.length} modules of live sessions, assignments and reviews you will build real project work with ${w.tools.join(', ')}.`
          : `In two focused live sessions you will work alongside the instructor in ${w.tools.join(', ')}.`
      } Suitable for ${w.level.toLowerCase()} learners; every session is recorded.`,
      thumbnail: `/images/workshops/${slug}.jpg`,
      brochureUrl: isCourse ? `/brochures/${slug}.pdf` : null,
      ...prices,
      hero: {
        tagline: w.pitch,
        highlights: isCourse
          ? [
              'Live sessions twice a week',
              'Weekly assignments with feedback',
              'Module quizzes and certificates',
              'Lifetime access to recordings',
            ]
          : [
              'Live, hands-on sessions',
              'Files to follow along',
              'Recording included',
              'Certificate of completion',
            ],
        duration: isCourse
          ? `${w.modules.length} weeks · ${w.modules.length * 2} live sessions`
          : `${MASTERCLASS_DAYS} days · live online`,
        level: w.level,
        language: 'English',
        hasCertificate: true,
      },
      sections,
      createdAt: shiftInstant(this.now, -300 + index),
    };
  }

  // ── batches ───────────────────────────────────────────────────────────────────────────────

  private planBatches(): PlannedBatch[] {
    return DEMO_WORKSHOPS.flatMap((w, i) => {
      const kinds = PATTERN_OVERRIDES[w.shortTitle] ?? at(BATCH_PATTERNS, i % BATCH_PATTERNS.length);
      return kinds.map((kind) => this.planBatch(w, i, kind));
    });
  }

  private planBatch(w: DemoWorkshop, workshopIndex: number, kind: BatchKind): PlannedBatch {
    const rng = this.rng;
    const isCourse = w.type === 2;
    const base = { workshop: w, workshopIndex, kind };
    if (kind === 'undated') {
      return { ...base, startDate: null, endDate: null, sessionType: 1, schedule: [], modules: [] };
    }
    const learnerRole = Object.entries(LEARNER_COURSES).find(([, t]) => t === w.shortTitle)?.[0];
    const offset = (() => {
      switch (kind) {
        case 'future':
          return learnerRole === 'upcomingMasterclass' ? 6 : rng.int(5, 45);
        case 'comingSoon':
          return rng.int(30, 75);
        case 'ongoing':
          return isCourse ? -14 : -1;
        case 'past':
          return learnerRole === 'completedCourse' ? -110 : -rng.int(60, 160);
        case 'recorded':
          return -rng.int(180, 300);
      }
    })();
    const start = addDays(this.today, offset);
    const [startTime, endTime] = isCourse
      ? rng.pick([
          ['19:30:00', '21:00:00'],
          ['10:30:00', '12:30:00'],
        ] as const)
      : rng.pick([
          ['11:00:00', '13:00:00'],
          ['19:00:00', '21:00:00'],
        ] as const);

    // Session dates: courses meet twice a week (start's weekday and three days later);
    // masterclasses meet on two consecutive days, as their copy says ("2 days · live online"); the
    // ongoing one began yesterday, so today is its second day.
    const sessionDates: string[] = [];
    if (isCourse) {
      const days = new Set([isoWeekday(start), ((isoWeekday(start) + 2) % 7) + 1]);
      for (let d = start; sessionDates.length < w.modules.length * 2; d = addDays(d, 1)) {
        if (days.has(isoWeekday(d))) sessionDates.push(d);
      }
    } else {
      for (let n = 0; n < MASTERCLASS_DAYS; n += 1) sessionDates.push(addDays(start, n));
    }
    const endDate = at(sessionDates, sessionDates.length - 1);
    const isRecorded = kind === 'recorded';
    const hasSchedule = kind !== 'comingSoon' && !isRecorded;
    const schedule = hasSchedule
      ? [...new Set(sessionDates.map(isoWeekday))].map((day) => ({ day, startTime, endTime }))
      : [];
    const timed = (date: string, title: string): PlannedSession => ({
      title,
      date,
      startTime,
      endTime,
    });
    const modules =
      kind === 'comingSoon'
        ? []
        : isCourse
          ? w.modules.map((title, m) => ({
              title,
              sessions: [
                timed(at(sessionDates, m * 2), `${title}: lecture & demo`),
                timed(at(sessionDates, m * 2 + 1), `${title}: studio review`),
              ],
            }))
          : [
              {
                title: w.shortTitle,
                sessions: sessionDates.map((date, n) =>
                  timed(date, w.modules[n] ?? 'Live Q&A and portfolio reviews'),
                ),
              },
            ];
    return {
      ...base,
      startDate: start,
      // A recorded batch stays open: no end date, so it never counts as completed.
      endDate: isRecorded ? null : endDate,
      sessionType: isRecorded ? 2 : 1,
      schedule,
      modules,
    };
  }

  private async seedBatches(workshopIds: number[]): Promise<SeededBatch[]> {
    const plans = this.planBatches();
    const rows = plans.map((p, i) => {
      const prices = pricesFor(p.workshop.amount);
      return {
        workshopId: at(workshopIds, p.workshopIndex),
        name: batchName(p),
        startDate: p.startDate,
        endDate: p.endDate,
        sessionType: p.sessionType,
        ...prices,
        zoomLink: p.sessionType === 1 ? `https://zoom.us/j/9${String(810_000_000 + i * 7_919)}` : null,
        capacity: p.workshop.type === 2 ? 60 : 300,
        // Late joining (issue 14 rule 10): a live batch is sold for a week after its start.
        lateJoinDays: 7,
      };
    });
    const inserted = await this.tx.insert(batches).values(rows).returning({ id: batches.id });
    this.count('batches', inserted.length);
    await this.seedInstalmentTemplates(plans, inserted);
    const seeded = plans.map((plan, i) => ({
      id: at(inserted, i).id,
      workshopId: at(workshopIds, plan.workshopIndex),
      plan,
      modules: [] as SeededModule[],
    }));
    const scheduleRows = seeded.flatMap((b) => b.plan.schedule.map((s) => ({ batchId: b.id, ...s })));
    await this.tx.insert(batchSchedules).values(scheduleRows);
    this.count('batch_schedules', scheduleRows.length);
    return seeded;
  }

  /**
   * Instalment plans on the live courses (issue 14 rules 3 and 9): every dated live batch of a
   * course is offered in three instalments, 40 % at purchase and 30 % on each of the 30th and
   * 60th days after the start (whole rupees and dollars; the first takes the remainder), in
   * INR and USD. Staff may edit them later.
   */
  private async seedInstalmentTemplates(plans: PlannedBatch[], inserted: { id: number }[]): Promise<void> {
    const rows = plans.flatMap((p, i) => {
      if (p.workshop.type !== 2 || p.sessionType !== 1 || p.startDate === null) return [];
      const prices = pricesFor(p.workshop.amount);
      const split = (major: number) => {
        const later = Math.floor(major * 0.3) * 100;
        return [major * 100 - 2 * later, later, later] as const;
      };
      const inr = split(prices.amount);
      const usd = split(prices.dollar);
      const start = p.startDate;
      return [0, 1, 2].map((k) => ({
        batchId: at(inserted, i).id,
        sequence: k + 1,
        amountInrMinor: inr[k]!,
        amountUsdMinor: usd[k]!,
        dueDate: k === 0 ? null : addDays(start, 30 * k),
        dueAfterDays: k === 0 ? 0 : null,
      }));
    });
    if (rows.length === 0) return;
    await this.tx.insert(batchInstalmentTemplates).values(rows);
    this.count('batch_instalment_templates', rows.length);
  }

  // ── curricula: modules, sessions, assignments, quizzes ────────────────────────────────────

  private async seedCurricula(seeded: SeededBatch[]): Promise<void> {
    const tx = this.tx;
    const withModules = seeded.filter((b) => b.plan.modules.length > 0);
    const moduleRows = withModules.flatMap((b) =>
      b.plan.modules.map((m, mi) => ({
        batchId: b.id,
        sequence: mi + 1,
        title: m.title,
        certificateTitle:
          b.plan.workshop.type === 2 ? `${b.plan.workshop.shortTitle}: ${m.title}` : b.plan.workshop.title,
      })),
    );
    const moduleIds = (
      await tx.insert(courseModules).values(moduleRows).returning({ id: courseModules.id })
    ).map((r) => r.id);
    const detailIds = (
      await tx
        .insert(courseModuleDetails)
        .values(moduleRows.map((m, i) => ({ moduleId: at(moduleIds, i), sequence: 1, title: m.title })))
        .returning({ id: courseModuleDetails.id })
    ).map((r) => r.id);
    this.count('course_modules', moduleIds.length);
    this.count('course_module_details', detailIds.length);

    // Attach the module ids back to their batches, in order.
    let cursor = 0;
    for (const b of withModules) {
      b.modules = b.plan.modules.map((m) => ({
        id: at(moduleIds, cursor++),
        title: m.title,
        sessions: [],
        assignment: null,
        questions: [],
      }));
    }

    const sessionRows: (typeof courseModuleSessions.$inferInsert)[] = [];
    const sessionOwners: { module: SeededModule; date: string }[] = [];
    cursor = 0;
    for (const b of withModules) {
      b.plan.modules.forEach((m, mi) => {
        const detailId = at(detailIds, cursor++);
        m.sessions.forEach((s, si) => {
          const isPast = s.date < this.today;
          sessionRows.push({
            detailId,
            sequence: si + 1,
            type: b.plan.sessionType,
            title: s.title,
            description: `Session ${si + 1} of ${m.title}.`,
            sessionDate: s.date,
            sessionStartTime: s.startTime,
            sessionEndTime: s.endTime,
            // The module's assignment is set in its last session, due three days later.
            assignmentLastDate: si === m.sessions.length - 1 ? addDays(s.date, 3) : null,
            recordingUrl: isPast ? `recordings/batch-${b.id}/m${mi + 1}-s${si + 1}.mp4` : null,
          });
          sessionOwners.push({ module: at(b.modules, mi), date: s.date });
        });
      });
    }
    const sessionIds = await tx
      .insert(courseModuleSessions)
      .values(sessionRows)
      .returning({ id: courseModuleSessions.id });
    sessionIds.forEach((r, i) => {
      const owner = at(sessionOwners, i);
      owner.module.sessions.push({ id: r.id, date: owner.date });
    });
    this.count('course_module_sessions', sessionIds.length);

    // One assignment per module, in its last session.
    const assignmentModules = withModules.flatMap((b) => b.modules.map((m) => ({ b, m })));
    const assignmentRows = assignmentModules.map(({ b, m }) => {
      const session = at(m.sessions, m.sessions.length - 1);
      return {
        sessionId: session.id,
        title:
          b.plan.workshop.type === 2
            ? `${m.title}: weekly exercise`
            : `${b.plan.workshop.shortTitle}: take-home exercise`,
        details: `Apply what was covered in "${m.title}" to your own project. Submit a link (Drive, Behance or GitHub) or a PDF of no more than 10 pages, with a short note on your decisions.`,
        maxPoints: 10,
      };
    });
    const assignmentIds = await tx
      .insert(assignments)
      .values(assignmentRows)
      .returning({ id: assignments.id });
    assignmentModules.forEach(({ m }, i) => {
      const sessionDate = at(m.sessions, m.sessions.length - 1).date;
      m.assignment = { id: at(assignmentIds, i).id, sessionDate, lastDate: addDays(sessionDate, 3) };
    });
    this.count('assignments', assignmentIds.length);

    // A three-question quiz per module, drawn from the category's question bank.
    const quizRows = assignmentModules.map(({ m }) => ({
      moduleId: m.id,
      title: `${m.title} quiz`,
      passPercentage: 60,
    }));
    await tx.insert(courseQuizzes).values(quizRows);
    this.count('course_quizzes', quizRows.length);
    const questionPlan = assignmentModules.flatMap(({ b, m }, mi) => {
      const bank = at(DEMO_QUIZ_BANK, b.plan.workshop.home[0]);
      return [0, 1, 2].map((k) => ({ m, q: at(bank, (mi + k) % bank.length), sequence: k + 1 }));
    });
    const questionIds = await tx
      .insert(courseQuizQuestions)
      .values(
        questionPlan.map(({ m, q, sequence }) => ({
          moduleId: m.id,
          sequence,
          question: q.question,
          explanation: q.explanation,
        })),
      )
      .returning({ id: courseQuizQuestions.id });
    this.count('course_quiz_questions', questionIds.length);
    const optionRows = questionPlan.flatMap(({ q }, qi) =>
      q.options.map((text, oi) => ({
        questionId: at(questionIds, qi).id,
        sequence: oi + 1,
        text,
        isCorrect: oi === q.correct,
      })),
    );
    const optionIds = await tx
      .insert(courseQuizOptions)
      .values(optionRows)
      .returning({ id: courseQuizOptions.id });
    this.count('course_quiz_options', optionIds.length);
    questionPlan.forEach(({ m, q }, qi) => {
      const ids = [0, 1, 2, 3].map((oi) => at(optionIds, qi * 4 + oi).id);
      m.questions.push({ id: at(questionIds, qi).id, optionIds: ids, correctOptionId: at(ids, q.correct) });
    });
  }

  // ── coupons ───────────────────────────────────────────────────────────────────────────────

  private async seedCoupons(workshopIds: number[], classmateIds: number[]) {
    const revit = DEMO_WORKSHOPS.findIndex((w) => w.shortTitle === LEARNER_COURSES.completedCourse);
    const rows: (typeof coupons.$inferInsert)[] = [
      // Issue 14 rule 9: 10 % off every live batch, one use per learner, no total limit.
      {
        code: 'WELCOME10',
        kind: 'percent',
        value: 10,
        maxClaims: null,
        claimedCount: 1,
        liveOnly: true,
      },
      // Issue 14 rule 9: ₹500 / $6 off any course, 10 uses in all.
      {
        code: 'LIMITED10',
        kind: 'flat',
        value: 50_000,
        currency: 'INR',
        flatInrMinor: 50_000,
        flatUsdMinor: 600,
        maxClaims: 10,
        claimedCount: 0,
      },
      {
        code: 'FLAT500',
        kind: 'flat',
        value: 50_000,
        currency: 'INR',
        maxClaims: 200,
        claimedCount: 0,
        expiresAt: shiftInstant(this.now, 45),
      },
      {
        code: 'EARLYBIRD25',
        kind: 'percent',
        value: 25,
        maxClaims: 5,
        claimedCount: 5,
        expiresAt: shiftInstant(this.now, 20),
      },
      {
        code: 'MONSOON15',
        kind: 'percent',
        value: 15,
        maxClaims: 500,
        claimedCount: 3,
        startsAt: shiftInstant(this.now, -40),
        expiresAt: shiftInstant(this.now, -3),
      },
      {
        code: 'REVIT20',
        kind: 'percent',
        value: 20,
        maxClaims: 100,
        claimedCount: 0,
        expiresAt: shiftInstant(this.now, 30),
        workshopId: at(workshopIds, revit),
      },
    ];
    const ids = await this.tx.insert(coupons).values(rows).returning({ id: coupons.id, code: coupons.code });
    this.count('coupons', ids.length);
    const idOf = (code: string) => {
      const found = ids.find((c) => c.code === code);
      if (!found) throw new Error(`coupon ${code} missing`);
      return found.id;
    };
    // Claims behind the counts above (the learner's WELCOME10 claim is added with its order).
    const claimRows = [
      ...classmateIds
        .slice(0, 5)
        .map((userId) => ({ couponId: idOf('EARLYBIRD25'), userId, status: 'used' as const })),
      ...classmateIds
        .slice(5, 8)
        .map((userId) => ({ couponId: idOf('MONSOON15'), userId, status: 'used' as const })),
    ];
    await this.tx.insert(couponClaims).values(claimRows);
    this.count('coupon_claims', claimRows.length);
    return { welcome10: idOf('WELCOME10') };
  }

  // ── the demo learner ──────────────────────────────────────────────────────────────────────

  private async seedLearnerJourney(
    learnerId: number,
    classmateIds: number[],
    seeded: SeededBatch[],
    couponIds: { welcome10: number },
  ): Promise<void> {
    const tx = this.tx;
    const batchOf = (shortTitle: string, kind: BatchKind) => {
      const found = seeded.find((b) => b.plan.workshop.shortTitle === shortTitle && b.plan.kind === kind);
      if (!found) throw new Error(`demo batch ${shortTitle}/${kind} missing`);
      return found;
    };
    const ongoing = batchOf(LEARNER_COURSES.ongoingCourse, 'ongoing');
    const upcoming = batchOf(LEARNER_COURSES.upcomingMasterclass, 'future');
    const completed = batchOf(LEARNER_COURSES.completedCourse, 'past');
    const recorded = batchOf(LEARNER_COURSES.recordedCourse, 'recorded');
    const liveMasterclass = batchOf(LEARNER_COURSES.ongoingMasterclass, 'ongoing');
    const locked = batchOf(LEARNER_COURSES.lockedCourse, 'ongoing');

    // Orders and captured payments. Prices are whole rupees; orders hold paise.
    const paise = (b: SeededBatch) => b.plan.workshop.amount * 100;
    const lockedTotal = paise(locked);
    // Instalments in whole rupees; the last one takes the remainder.
    const firstInstalment = Math.floor(locked.plan.workshop.amount / 3) * 100;
    const welcomeDiscount = Math.round(paise(upcoming) * 0.1);
    const coinsSpent = 250;
    const orderPlan: {
      batch: SeededBatch;
      kind: 'course' | 'instalment' | 'recording';
      amountMinor: number;
      discountMinor: number;
      coinsUsed: number;
      couponId: number | null;
      daysAgo: number;
    }[] = [
      {
        batch: ongoing,
        kind: 'course',
        amountMinor: paise(ongoing),
        discountMinor: 0,
        coinsUsed: 0,
        couponId: null,
        daysAgo: 20,
      },
      {
        batch: upcoming,
        kind: 'course',
        amountMinor: paise(upcoming) - welcomeDiscount,
        discountMinor: welcomeDiscount,
        coinsUsed: 0,
        couponId: couponIds.welcome10,
        daysAgo: 4,
      },
      {
        batch: completed,
        kind: 'course',
        amountMinor: paise(completed),
        discountMinor: 0,
        coinsUsed: 0,
        couponId: null,
        daysAgo: 125,
      },
      {
        batch: recorded,
        kind: 'recording',
        amountMinor: paise(recorded),
        discountMinor: 0,
        coinsUsed: 0,
        couponId: null,
        daysAgo: 60,
      },
      {
        batch: liveMasterclass,
        kind: 'course',
        amountMinor: paise(liveMasterclass) - coinsSpent * 100,
        discountMinor: 0,
        coinsUsed: coinsSpent,
        couponId: null,
        daysAgo: 9,
      },
      {
        batch: locked,
        kind: 'instalment',
        amountMinor: firstInstalment,
        discountMinor: 0,
        coinsUsed: 0,
        couponId: null,
        daysAgo: 19,
      },
    ];
    const orderIds = await tx
      .insert(orders)
      .values(
        orderPlan.map((o, i) => ({
          userId: learnerId,
          kind: o.kind,
          batchId: o.batch.id,
          amountMinor: o.amountMinor,
          discountMinor: o.discountMinor,
          coinsUsed: o.coinsUsed,
          currency: 'INR',
          status: 'paid' as const,
          provider: 'sandbox' as const,
          providerOrderId: `order_demo_${String(i + 1).padStart(4, '0')}`,
          couponId: o.couponId,
          paidAt: shiftInstant(this.now, -o.daysAgo),
          createdAt: shiftInstant(this.now, -o.daysAgo, -1),
        })),
      )
      .returning({ id: orders.id });
    this.count('orders', orderIds.length);
    await tx.insert(payments).values(
      orderPlan.map((o, i) => ({
        orderId: at(orderIds, i).id,
        providerPaymentId: `pay_demo_${String(i + 1).padStart(4, '0')}`,
        amountMinor: o.amountMinor,
        currency: 'INR',
        status: 'captured' as const,
        method: i % 2 === 0 ? 'upi' : 'card',
        signatureVerified: true,
        capturedAt: shiftInstant(this.now, -o.daysAgo),
      })),
    );
    this.count('payments', orderPlan.length);
    await tx.insert(couponClaims).values({
      couponId: couponIds.welcome10,
      userId: learnerId,
      orderId: at(orderIds, 1).id,
      status: 'used',
    });
    this.count('coupon_claims', 1);

    await tx.insert(enrolments).values(
      orderPlan.map((o, i) => ({
        userId: learnerId,
        batchId: o.batch.id,
        sourceOrderId: at(orderIds, i).id,
        createdAt: shiftInstant(this.now, -o.daysAgo),
      })),
    );
    this.count('enrolments', orderPlan.length);

    // Instalments for the locked course: the first paid, the next due in three days (the EMI
    // popup window, spec §4: that course, and only it, is locked), the last a month later.
    const lockedOrderId = at(orderIds, 5).id;
    const [plan] = await tx
      .insert(instalmentPlans)
      .values({
        userId: learnerId,
        batchId: locked.id,
        orderId: lockedOrderId,
        totalMinor: lockedTotal,
        currency: 'INR',
      })
      .returning({ id: instalmentPlans.id });
    if (!plan) throw new Error('instalment plan not created');
    await tx.insert(instalments).values([
      {
        planId: plan.id,
        sequence: 1,
        dueDate: addDays(this.today, -19),
        amountMinor: firstInstalment,
        paidOrderId: lockedOrderId,
        paidAt: shiftInstant(this.now, -19),
      },
      { planId: plan.id, sequence: 2, dueDate: addDays(this.today, 3), amountMinor: firstInstalment },
      {
        planId: plan.id,
        sequence: 3,
        dueDate: addDays(this.today, 33),
        amountMinor: lockedTotal - 2 * firstInstalment,
      },
    ]);
    this.count('instalment_plans', 1);
    this.count('instalments', 3);

    // Coursework: the completed course fully done; the ongoing one part-way, with one
    // assignment overdue; the live masterclass assignment submitted as a PDF.
    const responseRows: (typeof assignmentResponses.$inferInsert)[] = [];
    for (const m of completed.modules) {
      if (!m.assignment) continue;
      responseRows.push({
        assignmentId: m.assignment.id,
        userId: learnerId,
        link: `https://www.behance.net/gallery/asha-revit-${m.id}`,
        points: 8 + (m.id % 3),
        reviewComment: 'Clean documentation and well-organised views. Watch your dimension styles.',
        reviewedAt: shiftInstant(this.now, -80),
      });
    }
    const firstOngoing = at(ongoing.modules, 0);
    if (firstOngoing.assignment) {
      responseRows.push({
        assignmentId: firstOngoing.assignment.id,
        userId: learnerId,
        link: 'https://drive.google.com/file/d/asha-grasshopper-week1/view',
        points: 9,
        reviewComment: 'Great use of data trees. Try remapping the attractor falloff next.',
        reviewedAt: shiftInstant(this.now, -6),
      });
    }
    const masterclassModule = at(liveMasterclass.modules, 0);
    if (masterclassModule.assignment) {
      responseRows.push({
        assignmentId: masterclassModule.assignment.id,
        userId: learnerId,
        pdf: `uploads/assignments/${learnerId}/lumion-dusk-render.pdf`,
      });
    }
    await tx.insert(assignmentResponses).values(responseRows);
    this.count('assignment_responses', responseRows.length);

    // Quizzes: every module of the completed course answered; module 1 of the ongoing one.
    const quizRows: (typeof courseQuizResponses.$inferInsert)[] = [];
    const answer = (m: SeededModule, wrongIndex: number | null, daysAgo: number) =>
      m.questions.forEach((q, qi) => {
        const optionId =
          qi === wrongIndex
            ? at(
                q.optionIds.filter((o) => o !== q.correctOptionId),
                0,
              )
            : q.correctOptionId;
        quizRows.push({
          questionId: q.id,
          userId: learnerId,
          optionId,
          createdAt: shiftInstant(this.now, -daysAgo),
        });
      });
    completed.modules.forEach((m, mi) => answer(m, mi === 1 ? 2 : null, 90 - mi * 5));
    answer(firstOngoing, 1, 7);
    await tx.insert(courseQuizResponses).values(quizRows);
    this.count('course_quiz_responses', quizRows.length);

    // Feedback: both forms given on the completed course, both still due on the ongoing one.
    await tx.insert(feedbackRatings).values([
      {
        userId: learnerId,
        batchId: completed.id,
        type: 1,
        status: 1,
        rating: 5,
        comment: 'Sneha explains Revit so clearly. The weekly pace is just right.',
      },
      {
        userId: learnerId,
        batchId: completed.id,
        type: 2,
        status: 1,
        rating: 4,
        comment: 'Loved the documentation module. More time on families would help.',
      },
      { userId: learnerId, batchId: ongoing.id, type: 1, status: 0 },
      { userId: learnerId, batchId: ongoing.id, type: 2, status: 0 },
    ]);
    this.count('feedback_ratings', 4);

    // Certificates: the completed course and each of its modules, plus module 1 of the
    // ongoing course (whose certificate popup has not been seen yet).
    // Codes in the issued format (ATL-XXXX-XXXX-XXXX), drawn from the seed's generator so the
    // data set stays the same on every run.
    const serial = (_batchId: number, _moduleId: number | null) =>
      `ATL-${[0, 1, 2].map(() => Array.from({ length: 4 }, () => this.rng.pick([...CERTIFICATE_CODE_ALPHABET])).join('')).join('-')}`;
    const completedWorkshop = completed.plan.workshop;
    const certificateRows = [
      {
        userId: learnerId,
        batchId: completed.id,
        moduleId: null,
        courseName: completedWorkshop.title,
        certificateTitle: completedWorkshop.title,
        serial: serial(completed.id, null),
        issuedAt: shiftInstant(this.now, -70),
      },
      ...completed.modules.map((m) => ({
        userId: learnerId,
        batchId: completed.id,
        moduleId: m.id,
        courseName: completedWorkshop.title,
        certificateTitle: `${completedWorkshop.shortTitle}: ${m.title}`,
        serial: serial(completed.id, m.id),
        issuedAt: shiftInstant(this.now, -75),
      })),
      {
        userId: learnerId,
        batchId: ongoing.id,
        moduleId: firstOngoing.id,
        courseName: ongoing.plan.workshop.title,
        certificateTitle: `${ongoing.plan.workshop.shortTitle}: ${firstOngoing.title}`,
        serial: serial(ongoing.id, firstOngoing.id),
        issuedAt: shiftInstant(this.now, -7),
      },
    ];
    await tx.insert(certificates).values(certificateRows);
    this.count('certificates', certificateRows.length);
    await tx
      .insert(moduleCertificateModals)
      .values([
        { userId: learnerId, moduleId: firstOngoing.id, isSeen: false },
        ...completed.modules.map((m) => ({ userId: learnerId, moduleId: m.id, isSeen: true })),
      ]);
    this.count('module_certificate_modals', 1 + completed.modules.length);
    await tx.insert(workshopRatings).values({
      userId: learnerId,
      workshopId: completed.workshopId,
      batchId: completed.id,
      rating: 5,
      comment: 'The best Revit course I have taken. I now lead BIM on my internship project.',
    });
    this.count('workshop_ratings', 1);

    // Coins: two rewarded referrals (+250 each) and 250 coins spent on the masterclass.
    const [wallet] = await tx
      .select({ id: coinsWallets.id })
      .from(coinsWallets)
      .where(eq(coinsWallets.userId, learnerId));
    if (!wallet) throw new Error('learner wallet missing');
    const referralIds = await tx
      .insert(referrals)
      .values([
        {
          referrerId: learnerId,
          refereeId: at(classmateIds, 0),
          status: 'rewarded',
          rewardLedgerRef: `referral:${at(classmateIds, 0)}`,
          referrerCoins: 250,
          rewardedAt: shiftInstant(this.now, -30),
          createdAt: shiftInstant(this.now, -45),
        },
        {
          referrerId: learnerId,
          refereeId: at(classmateIds, 1),
          status: 'rewarded',
          rewardLedgerRef: `referral:${at(classmateIds, 1)}`,
          referrerCoins: 250,
          rewardedAt: shiftInstant(this.now, -18),
          createdAt: shiftInstant(this.now, -25),
        },
        {
          referrerId: learnerId,
          refereeId: at(classmateIds, 2),
          status: 'pending',
          // The offer when the friend joined: paid when their first payment is captured.
          referrerCoins: 250,
          createdAt: shiftInstant(this.now, -2),
        },
      ])
      .returning({ id: referrals.id });
    this.count('referrals', referralIds.length);
    await tx.insert(coinsLedger).values([
      {
        walletId: wallet.id,
        delta: 250,
        reason: 'referral_reward',
        ref: `referral:${at(classmateIds, 0)}`,
        note: 'Referral reward',
        createdAt: shiftInstant(this.now, -30),
      },
      {
        walletId: wallet.id,
        delta: 250,
        reason: 'referral_reward',
        ref: `referral:${at(classmateIds, 1)}`,
        note: 'Referral reward',
        createdAt: shiftInstant(this.now, -18),
      },
      {
        walletId: wallet.id,
        delta: -coinsSpent,
        reason: 'spend',
        ref: `order:${at(orderIds, 4).id}:coins`,
        orderId: at(orderIds, 4).id,
        note: 'Coins used at checkout',
        createdAt: shiftInstant(this.now, -9),
      },
    ]);
    this.count('coins_ledger', 3);
    await tx
      .update(coinsWallets)
      .set({ walletCoins: sql`${coinsWallets.walletCoins} + ${250 + 250 - coinsSpent}` })
      .where(eq(coinsWallets.id, wallet.id));

    const nextDue = addDays(this.today, 3);
    const notificationRows = [
      {
        title: 'Your next instalment is due soon',
        body: `Instalment 2 of 3 for ${locked.plan.workshop.shortTitle} is due on ${nextDue}. Pay it to unlock the course's dashboard.`,
        link: '/dashboard',
        daysAgo: 0,
      },
      {
        title: 'Assignment reviewed',
        body: `Your submission for "${firstOngoing.title}" scored 9/10.`,
        link: '/dashboard',
        daysAgo: 6,
      },
      {
        title: 'New recording available',
        body: `The recording of "${at(ongoing.plan.modules, 1).title}: studio review" is ready to watch.`,
        link: '/dashboard',
        daysAgo: 3,
      },
      {
        title: 'Your masterclass starts soon',
        body: `${upcoming.plan.workshop.title} starts on ${upcoming.plan.startDate ?? ''}. Add it to your calendar.`,
        link: '/dashboard',
        daysAgo: 1,
      },
      {
        title: 'You earned 250 coins',
        body: 'A friend you referred joined a course. Use your coins at checkout.',
        link: '/dashboard',
        daysAgo: 18,
        read: true,
      },
      {
        title: 'Welcome to Atelier',
        body: 'Complete your profile to get course recommendations made for you.',
        link: '/dashboard',
        daysAgo: 150,
        read: true,
      },
    ];
    await tx.insert(notifications).values(
      notificationRows.map((n) => ({
        userId: learnerId,
        title: n.title,
        body: n.body,
        link: n.link,
        readAt: n.read ? shiftInstant(this.now, -n.daysAgo + 1) : null,
        createdAt: shiftInstant(this.now, -n.daysAgo, -2),
      })),
    );
    this.count('notifications', notificationRows.length);
    await tx.insert(assessmentProgresses).values({
      userId: learnerId,
      cpId: 3,
      progress: { step: 4, answers: { interest: 'computational-design', experience: 'student' } },
      completedAt: shiftInstant(this.now, -100),
    });
    this.count('assessment_progresses', 1);
  }

  // ── classmates (the leaderboard of the learner's ongoing course) ──────────────────────────

  private async seedClassmates(classmateIds: number[], seeded: SeededBatch[]): Promise<void> {
    const rng = this.rng;
    const tx = this.tx;
    const ongoing = seeded.find(
      (b) => b.plan.workshop.shortTitle === LEARNER_COURSES.ongoingCourse && b.plan.kind === 'ongoing',
    );
    if (!ongoing) throw new Error('ongoing demo batch missing');
    await tx.insert(enrolments).values(
      classmateIds.map((userId, i) => ({
        userId,
        batchId: ongoing.id,
        createdAt: shiftInstant(this.now, -30 + i),
      })),
    );
    this.count('enrolments', classmateIds.length);

    const dueModules = ongoing.modules.filter((m) => m.assignment && m.assignment.sessionDate < this.today);
    const responseRows = classmateIds.flatMap((userId) =>
      dueModules.flatMap((m) => {
        if (!m.assignment || rng.chance(0.2)) return [];
        const reviewed = m.assignment.lastDate < this.today;
        return [
          {
            assignmentId: m.assignment.id,
            userId,
            link: `https://www.behance.net/gallery/${userId}-${m.id}`,
            points: reviewed ? rng.int(5, 10) : null,
            reviewedAt: reviewed ? shiftInstant(this.now, -2) : null,
          },
        ];
      }),
    );
    if (responseRows.length > 0) await tx.insert(assignmentResponses).values(responseRows);
    this.count('assignment_responses', responseRows.length);

    const firstModule = at(ongoing.modules, 0);
    const quizRows = classmateIds.flatMap((userId) =>
      firstModule.questions.map((q) => ({
        questionId: q.id,
        userId,
        optionId: rng.chance(0.7) ? q.correctOptionId : rng.pick(q.optionIds),
        createdAt: shiftInstant(this.now, -rng.int(5, 9)),
      })),
    );
    await tx.insert(courseQuizResponses).values(quizRows);
    this.count('course_quiz_responses', quizRows.length);

    const feedbackRows = classmateIds
      .flatMap((userId) => [
        { userId, batchId: ongoing.id, type: 1, status: rng.chance(0.6) ? 1 : 0 },
        { userId, batchId: ongoing.id, type: 2, status: 0 },
      ])
      .map((r) =>
        r.status === 1
          ? { ...r, rating: rng.int(4, 5), comment: 'Really enjoying the pace and the studio reviews.' }
          : r,
      );
    await tx.insert(feedbackRatings).values(feedbackRows);
    this.count('feedback_ratings', feedbackRows.length);

    // Public ratings on the top sellers, for social proof on the catalogue pages.
    const topSellers = [
      ...new Set(seeded.filter((b) => b.plan.workshop.isTopSeller).map((b) => b.workshopId)),
    ];
    const comments = [
      'Practical, well paced and full of real project examples.',
      'The instructor answered every question patiently. Highly recommended.',
      'Worth every rupee. I use what I learnt every day at work.',
      'Clear explanations and great files to follow along with.',
    ];
    const ratingRows = topSellers.flatMap((workshopId) =>
      rng
        .sample(classmateIds, 3)
        .map((userId) => ({ userId, workshopId, rating: rng.int(4, 5), comment: rng.pick(comments) })),
    );
    await tx.insert(workshopRatings).values(ratingRows);
    this.count('workshop_ratings', ratingRows.length);
  }
}

/** Catalogue prices from a rupee price: a dollar price and struck-through "was" prices. */
function pricesFor(amount: number) {
  const dollar = Math.max(9, Math.round(amount / 800) * 10 - 1);
  return {
    amount,
    dollar,
    slashAmount: Math.ceil((amount * 1.6) / 500) * 500 - 1,
    slashDollar: Math.ceil((dollar * 1.6) / 10) * 10 - 1,
  };
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];

function batchName(p: PlannedBatch): string {
  if (p.kind === 'recorded') return 'Recorded edition';
  if (!p.startDate) return 'Next batch (dates to be announced)';
  const month = MONTHS[Number(p.startDate.slice(5, 7)) - 1] ?? '';
  return `${month} ${p.startDate.slice(0, 4)} batch`;
}

/** A 64-hex-character key drawn from the seed's generator (calendar-feed keys of demo users). */
function deterministicKey(rng: Prng): string {
  let key = '';
  while (key.length < 64)
    key += Math.floor(rng.next() * 0x1_0000_0000)
      .toString(16)
      .padStart(8, '0');
  return key;
}
