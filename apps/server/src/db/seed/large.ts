/**
 * The large benchmark data set: at scale 1, 5,000 workshops, 20,000 batches, 100,000 users and
 * 1,000,000 quiz responses, with proportional categories, schedules, curricula, enrolments,
 * assignment responses and blogs.
 *
 * Every table is filled by one set-based `INSERT … SELECT … FROM generate_series(…)`, with ids
 * assigned explicitly (`OVERRIDING SYSTEM VALUE`) as offsets past the rows already there, so
 * related rows can be computed from the series index instead of looked up, and the identity
 * sequences are moved past them at the end. Values derive from the index only (no random()), so
 * the same `now` gives the same data. Runs in seconds on PostgreSQL and minutes on PGlite.
 */
import { sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../client.js';
import { queryRow, queryRows } from '../query.js';
import { calendarDay } from './calendar.js';
import { CITIES, FIRST_NAMES, LAST_NAMES } from './content/site.js';
import type { Tx } from './context.js';
import { seedDemo } from './demo.js';

/** Options of {@link seedLarge}. */
export interface LargeSeedOptions {
  /** The moment the data set is built for; batch and session dates are placed around its day. */
  now: Date;
  /** IANA time zone of the platform's calendar day. */
  tz: string;
  /** 1 (default) = the full benchmark sizes; e.g. 0.01 for a quick check. */
  scale?: number;
  /** Seed the demo data set first, so the demo accounts exist too (default true). */
  withDemo?: boolean;
  /** Called after each step with its name and duration (progress output, profiling). */
  onStep?: (step: string, ms: number) => void;
}

/** Rows per table after seeding (demo rows included when the demo was seeded too). */
export interface LargeSeedResult {
  counts: Record<string, number>;
}

/** Tables whose identity sequence the seed moves past its explicit ids, and whose rows it counts. */
const SEEDED_TABLES = [
  'users',
  'coins_wallets',
  'categories',
  'subcategories',
  'workshops',
  'meta_tags',
  'course_categories',
  'batches',
  'batch_schedules',
  'course_modules',
  'course_module_details',
  'course_module_sessions',
  'assignments',
  'assignment_responses',
  'course_quizzes',
  'course_quiz_questions',
  'course_quiz_options',
  'enrolments',
  'course_quiz_responses',
  'blog_categories',
  'blogs',
] as const;
type SeededTable = (typeof SEEDED_TABLES)[number];

const TOPICS = [
  'Revit',
  'Grasshopper',
  'Rhino',
  'Lumion',
  'Twinmotion',
  'Enscape',
  'Unreal Engine',
  'SketchUp',
  'AutoCAD',
  'V-Ray',
  'Corona',
  'Blender',
  'QGIS',
  'Dynamo',
  'Python',
  'Navisworks',
  'Photoshop',
  'InDesign',
  'Illustrator',
  'Fusion 360',
  'Ladybug',
  'Climate Studio',
  'DIALux',
  'Archicad',
  'Stable Diffusion',
  'Figma',
  'KeyShot',
  '3ds Max',
  'Houdini',
  'Substance Painter',
];
const FOCUSES = [
  'Foundations',
  'Advanced Workflows',
  'Studio Project',
  'Portfolio Sprint',
  'Documentation',
  'Visualisation',
  'Automation',
  'Professional Practice',
];
const AREAS = [
  'Architecture',
  'Interiors',
  'Urbanism',
  'Landscape',
  'Visualisation',
  'Computation',
  'BIM',
  'Fabrication',
];
const BLOG_TOPICS = [
  'Studio Notes',
  'Practice',
  'Materials',
  'Urbanism',
  'Technology',
  'History',
  'Interiors',
  'Landscape',
  'Careers',
  'Events',
];

/** An integer inlined into the SQL text (our own computed sizes and offsets, never input). */
function int(n: number): SQL {
  if (!Number.isSafeInteger(n)) throw new Error(`seedLarge: not an integer: ${n}`);
  return sql.raw(String(n));
}

/** A text[] literal of our own constants, inlined. */
function textArray(values: readonly string[]): SQL {
  return sql.raw(`ARRAY[${values.map((v) => `'${v.replace(/'/g, "''")}'`).join(', ')}]::text[]`);
}

/**
 * Seeds the large benchmark data set, on top of an empty migrated database (after seeding the
 * demo data set first, unless `withDemo` is false).
 *
 * @param db the database handle
 * @param opts `now`, the time zone `tz`, and `scale` (1 = 5,000 workshops, 20,000 batches,
 *   100,000 users, 1,000,000 quiz responses)
 * @returns the number of rows in each seeded table afterwards
 */
export async function seedLarge(db: Db, opts: LargeSeedOptions): Promise<LargeSeedResult> {
  const scale = opts.scale ?? 1;
  if (!(scale > 0)) throw new Error('seedLarge: scale must be positive');
  if (opts.withDemo ?? true) await seedDemo(db, { now: opts.now, tz: opts.tz });

  const size = {
    categories: Math.max(2, Math.round(40 * scale)),
    subcategoriesPerCategory: 5,
    workshops: Math.max(10, Math.round(5_000 * scale)),
    batchesPerWorkshop: 4,
    modulesPerBatch: 3,
    questionsPerQuiz: 5,
    users: Math.max(10, Math.round(100_000 * scale)),
    enrolmentsPerUser: 3,
    blogs: Math.max(10, Math.round(2_000 * scale)),
  };
  const today = calendarDay(opts.now, opts.tz);
  const now = opts.now.toISOString();

  await db.transaction(async (tx) => {
    const run = async (step: string, query: SQL) => {
      const started = performance.now();
      await tx.execute(query);
      opts.onStep?.(step, Math.round(performance.now() - started));
    };
    // Row-by-row foreign-key checks (and their per-row trigger queue) and index maintenance
    // dominate bulk inserts; checking each constraint once afterwards with a join, and building
    // each index once with a sort, is several times faster. Everything is dropped and re-created
    // inside this transaction, so no other session ever sees the tables without them.
    const deferred = await dropConstraintsAndIndexes(tx);
    const base = await readOffsets(tx);
    const b = (t: SeededTable) => int(base[t]);

    const W = size.workshops;
    const B = W * size.batchesPerWorkshop;
    const S = size.categories * size.subcategoriesPerCategory;
    const M = B * size.modulesPerBatch;
    const Q = B * size.questionsPerQuiz;
    const U = size.users;
    const catSeq = base.categoriesSequence;

    // ── catalogue ──
    await run(
      'categories',
      sql`
      INSERT INTO categories (id, name, slug, sequence)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('categories')} + g,
             (${textArray(AREAS)})[1 + g % ${int(AREAS.length)}] || ' Track ' || g,
             'track-' || (${b('categories')} + g),
             ${int(catSeq)} + g
      FROM generate_series(1, ${int(size.categories)}) AS g`,
    );
    await run(
      'subcategories',
      sql`
      INSERT INTO subcategories (id, category_id, name, slug, sequence)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('subcategories')} + g,
             ${b('categories')} + 1 + (g - 1) / ${int(size.subcategoriesPerCategory)},
             (${textArray(TOPICS)})[1 + g % ${int(TOPICS.length)}] || ' ' || (${textArray(FOCUSES)})[1 + g % ${int(FOCUSES.length)}],
             'sub-' || (${b('subcategories')} + g),
             1 + (g - 1) % ${int(size.subcategoriesPerCategory)}
      FROM generate_series(1, ${int(S)}) AS g`,
    );

    // Workshop g: odd = masterclass (type 1), even = course (type 2).
    await run(
      'workshops',
      sql`
      INSERT INTO workshops (id, type, title, short_title, slug, search_keys, mark_as, description,
                             thumbnail, brochure_url, amount, dollar, slash_amount, slash_dollar,
                             hero, sections, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('workshops')} + g,
             w.type,
             w.topic || ': ' || w.focus || ' (Cohort ' || g || ')',
             w.topic || ' ' || w.focus,
             lower(replace(w.topic || '-' || w.focus, ' ', '-')) || '-' || (${b('workshops')} + g),
             lower(w.topic || ' ' || w.focus || ' ' || w.area),
             CASE WHEN g % 17 = 0 THEN 'Top Seller' END,
             'Learn ' || w.topic || ' for ' || lower(w.area) || ' through live sessions, assignments and reviews. '
               || 'This ' || CASE w.type WHEN 1 THEN 'masterclass' ELSE 'course' END
               || ' focuses on ' || lower(w.focus) || ' with real project briefs.',
             '/images/workshops/placeholder-' || (1 + g % 24) || '.jpg',
             CASE WHEN w.type = 2 THEN '/brochures/cohort-' || g || '.pdf' END,
             w.amount, w.dollar, w.amount * 8 / 5, w.dollar * 8 / 5,
             jsonb_build_object('tagline', 'Master ' || w.topic || ' with practising professionals',
                                'level', (ARRAY['Beginner', 'Intermediate', 'Advanced'])[1 + g % 3],
                                'language', 'English', 'hasCertificate', true),
             jsonb_build_object(
               'curriculum', jsonb_build_array(
                 jsonb_build_object('title', 'Module 1: Getting started with ' || w.topic, 'points', jsonb_build_array('Interface and setup', 'First exercise')),
                 jsonb_build_object('title', 'Module 2: ' || w.focus, 'points', jsonb_build_array('Live demonstration', 'Guided project work')),
                 jsonb_build_object('title', 'Module 3: Review and portfolio', 'points', jsonb_build_array('Studio review', 'Portfolio page'))),
               'outcomes', jsonb_build_array('Confident use of ' || w.topic, 'A portfolio-ready project', 'A certificate of completion'),
               'instructors', jsonb_build_array(jsonb_build_object('name', 'Instructor ' || (1 + g % 97), 'role', w.area || ' professional', 'bio', 'Practising professional and mentor.'))),
             ${now}::timestamptz - make_interval(days => g % 900)
      FROM generate_series(1, ${int(W)}) AS g
      CROSS JOIN LATERAL (SELECT
        CASE WHEN g % 2 = 1 THEN 1 ELSE 2 END AS type,
        (${textArray(TOPICS)})[1 + g % ${int(TOPICS.length)}] AS topic,
        (${textArray(FOCUSES)})[1 + (g / ${int(TOPICS.length)}) % ${int(FOCUSES.length)}] AS focus,
        (${textArray(AREAS)})[1 + g % ${int(AREAS.length)}] AS area,
        CASE WHEN g % 2 = 1 THEN 999 + (g % 16) * 100 ELSE 14999 + (g % 21) * 1000 END AS amount,
        CASE WHEN g % 2 = 1 THEN 19 + g % 20 ELSE 199 + (g % 21) * 10 END AS dollar) AS w`,
    );
    await run(
      'meta_tags',
      sql`
      INSERT INTO meta_tags (id, workshop_id, title, description, keywords)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('meta_tags')} + w.id - ${b('workshops')}, w.id, w.title || ' | Atelier', left(w.description, 155), w.search_keys
      FROM workshops w WHERE w.id > ${b('workshops')}`,
    );
    // Each workshop in one subcategory; every third also in a second one.
    await run(
      'course_categories',
      sql`
      INSERT INTO course_categories (id, subcategory_id, workshop_id, sequence)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('course_categories')} + row_number() OVER (ORDER BY g, k), 
             ${b('subcategories')} + 1 + (g - 1 + k * 7) % ${int(S)},
             ${b('workshops')} + g,
             1 + (g - 1) / ${int(S)} + k * ${int(W)}
      FROM generate_series(1, ${int(W)}) AS g
      CROSS JOIN generate_series(0, 1) AS k
      WHERE k = 0 OR g % 3 = 0`,
    );

    // Batch g of workshop 1 + (g - 1) / 4; slot k = (g - 1) % 4: 0 future, 1 ongoing, 2 past,
    // 3 one of recorded / undated / coming soon (no schedule).
    await run(
      'batches',
      sql`
      INSERT INTO batches (id, workshop_id, name, start_date, end_date, session_type,
                           amount, dollar, slash_amount, slash_dollar, zoom_link, capacity)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('batches')} + g, w.id,
             CASE x.kind WHEN 'recorded' THEN 'Recorded edition' WHEN 'undated' THEN 'Dates to be announced'
                         WHEN 'soon' THEN 'Coming soon' ELSE to_char(x.start_date, 'FMMonth YYYY') || ' batch' END,
             x.start_date,
             CASE WHEN x.kind = 'recorded' THEN NULL
                  WHEN x.kind = 'ongoing' THEN ${today}::date + CASE w.type WHEN 1 THEN 1 ELSE 1 + g % 40 END
                  ELSE x.start_date + CASE w.type WHEN 1 THEN 1 ELSE 42 END END,
             CASE x.kind WHEN 'recorded' THEN 2 ELSE 1 END,
             w.amount, w.dollar, w.slash_amount, w.slash_dollar,
             CASE WHEN x.kind <> 'recorded' THEN 'https://zoom.us/j/' || (8100000000 + g) END,
             CASE w.type WHEN 1 THEN 300 ELSE 60 END
      FROM generate_series(1, ${int(B)}) AS g
      JOIN workshops w ON w.id = ${b('workshops')} + 1 + (g - 1) / 4
      CROSS JOIN LATERAL (SELECT kind,
        CASE kind
          WHEN 'future' THEN ${today}::date + 3 + g % 60
          WHEN 'ongoing' THEN ${today}::date - 1 - g % 20
          WHEN 'past' THEN ${today}::date - 60 - g % 300
          WHEN 'recorded' THEN ${today}::date - 120 - g % 200
          WHEN 'soon' THEN ${today}::date + 30 + g % 60
        END AS start_date
        FROM (SELECT CASE (g - 1) % 4 WHEN 0 THEN 'future' WHEN 1 THEN 'ongoing' WHEN 2 THEN 'past'
                       ELSE (ARRAY['recorded', 'undated', 'soon'])[1 + ((g - 1) / 4) % 3] END AS kind) AS k) AS x`,
    );
    await run(
      'batch_schedules',
      sql`
      INSERT INTO batch_schedules (id, batch_id, day, start_time, end_time)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('batch_schedules')} + row_number() OVER (ORDER BY g, k),
             ${b('batches')} + g,
             1 + (g + k * 3) % 7,
             CASE g % 2 WHEN 0 THEN time '19:30' ELSE time '11:00' END,
             CASE g % 2 WHEN 0 THEN time '21:00' ELSE time '13:00' END
      FROM generate_series(1, ${int(B)}) AS g
      CROSS JOIN generate_series(0, 1) AS k
      WHERE (g - 1) % 4 < 3`,
    );

    // ── curricula: 3 modules per batch, 1 detail per module, 2 sessions per detail ──
    await run(
      'course_modules',
      sql`
      INSERT INTO course_modules (id, batch_id, sequence, title, certificate_title)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('course_modules')} + g, ${b('batches')} + 1 + (g - 1) / 3, 1 + (g - 1) % 3,
             (ARRAY['Getting Started', 'Core Techniques', 'Project & Review'])[1 + (g - 1) % 3],
             'Module ' || (1 + (g - 1) % 3) || ' certificate'
      FROM generate_series(1, ${int(M)}) AS g`,
    );
    await run(
      'course_module_details',
      sql`
      INSERT INTO course_module_details (id, module_id, sequence, title)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('course_module_details')} + g, ${b('course_modules')} + g, 1, 'Week ' || (1 + (g - 1) % 3)
      FROM generate_series(1, ${int(M)}) AS g`,
    );
    await run(
      'course_module_sessions',
      sql`
      INSERT INTO course_module_sessions (id, detail_id, sequence, type, title, session_date,
                                          session_start_time, session_end_time, assignment_last_date, recording_url)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('course_module_sessions')} + (m.g - 1) * 2 + s,
             ${b('course_module_details')} + m.g, s, bt.session_type,
             CASE s WHEN 1 THEN 'Lecture ' ELSE 'Studio review ' END || (1 + (m.g - 1) % 3),
             x.session_date,
             CASE WHEN bt.session_type = 1 THEN time '19:30' END,
             CASE WHEN bt.session_type = 1 THEN time '21:00' END,
             CASE WHEN (m.g - 1) % 3 = 2 AND s = 2 THEN x.session_date + 3 END,
             CASE WHEN x.session_date < ${today}::date THEN 'recordings/large/' || m.g || '-' || s || '.mp4' END
      FROM generate_series(1, ${int(M)}) AS m(g)
      CROSS JOIN generate_series(1, 2) AS s
      JOIN batches bt ON bt.id = ${b('batches')} + 1 + (m.g - 1) / 3
      CROSS JOIN LATERAL (SELECT bt.start_date + (((m.g - 1) % 3) * 2 + s - 1) * 3 AS session_date) AS x`,
    );
    // One assignment per batch, in the last session of its last module.
    await run(
      'assignments',
      sql`
      INSERT INTO assignments (id, session_id, title, details, max_points)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('assignments')} + g, ${b('course_module_sessions')} + ((g - 1) * 3 + 2) * 2 + 2,
             'Final project submission', 'Submit your project as a link or a PDF with a short statement.', 10
      FROM generate_series(1, ${int(B)}) AS g`,
    );
    // A five-question quiz per batch, on its last module; option 1 + q % 4 is the correct one.
    await run(
      'course_quizzes',
      sql`
      INSERT INTO course_quizzes (id, module_id, title, pass_percentage)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('course_quizzes')} + g, ${b('course_modules')} + (g - 1) * 3 + 3, 'Final quiz', 60
      FROM generate_series(1, ${int(B)}) AS g`,
    );
    await run(
      'course_quiz_questions',
      sql`
      INSERT INTO course_quiz_questions (id, module_id, sequence, question)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('course_quiz_questions')} + q, ${b('course_modules')} + ((q - 1) / 5) * 3 + 3, 1 + (q - 1) % 5,
             'Question ' || (1 + (q - 1) % 5) || ': which statement about ' || (${textArray(TOPICS)})[1 + q % ${int(TOPICS.length)}] || ' is true?'
      FROM generate_series(1, ${int(Q)}) AS q`,
    );
    await run(
      'course_quiz_options',
      sql`
      INSERT INTO course_quiz_options (id, question_id, sequence, text, is_correct)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('course_quiz_options')} + (q - 1) * 4 + j, ${b('course_quiz_questions')} + q, j,
             'Statement ' || chr(64 + j), j = 1 + q % 4
      FROM generate_series(1, ${int(Q)}) AS q
      CROSS JOIN generate_series(1, 4) AS j`,
    );

    // ── users, wallets, enrolments ──
    await run(
      'users',
      sql`
      INSERT INTO users (id, name, email, mobile, gender, city, dob, iam, is_verified, role,
                         refer_code, secret_key, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('users')} + g, p.first || ' ' || p.last,
             lower(p.first || '.' || p.last || '.' || g || '@example.com'),
             '+91 7' || lpad(g::text, 9, '0'),
             CASE g % 2 WHEN 0 THEN 'female' ELSE 'male' END,
             (${textArray(CITIES)})[1 + g % ${int(CITIES.length)}],
             date '1990-01-01' + (g % 5000),
             (ARRAY['student', 'graduate', 'professional'])[1 + g % 3],
             g % 5 <> 0, 'learner',
             'LRG' || lpad(g::text, 8, '0'),
             md5('atelier-large-secret-a-' || g) || md5('atelier-large-secret-b-' || g),
             ${now}::timestamptz - make_interval(days => g % 700, mins => g % 1440)
      FROM generate_series(1, ${int(U)}) AS g
      CROSS JOIN LATERAL (SELECT (${textArray(FIRST_NAMES)})[1 + g % ${int(FIRST_NAMES.length)}] AS first,
                                 (${textArray(LAST_NAMES)})[1 + (g / ${int(FIRST_NAMES.length)}) % ${int(LAST_NAMES.length)}] AS last) AS p`,
    );
    await run(
      'coins_wallets',
      sql`
      INSERT INTO coins_wallets (id, user_id, wallet_coins)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('coins_wallets')} + g, ${b('users')} + g, 0
      FROM generate_series(1, ${int(U)}) AS g`,
    );
    // User u's k-th batch: 1 + (7u + k·⌊B/3⌋) mod B, distinct for k = 0, 1, 2.
    const userBatch = (u: SQL, k: SQL) =>
      sql`(1 + (7 * ${u} + ${k} * ${int(Math.floor(B / 3))}) % ${int(B)})`;
    await run(
      'enrolments',
      sql`
      INSERT INTO enrolments (id, user_id, batch_id, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('enrolments')} + (u - 1) * 3 + k + 1, ${b('users')} + u, ${b('batches')} + ${userBatch(sql`u`, sql`k`)},
             ${now}::timestamptz - make_interval(days => (u + k) % 300)
      FROM generate_series(1, ${int(U)}) AS u
      CROSS JOIN generate_series(0, ${int(size.enrolmentsPerUser - 1)}) AS k`,
    );
    // Each user submits the assignment of their first batch.
    await run(
      'assignment_responses',
      sql`
      INSERT INTO assignment_responses (id, assignment_id, user_id, link, points, reviewed_at)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('assignment_responses')} + u, ${b('assignments')} + ${userBatch(sql`u`, sql`0`)}, ${b('users')} + u,
             'https://www.behance.net/gallery/large-' || u,
             CASE WHEN u % 3 <> 0 THEN u % 11 END,
             CASE WHEN u % 3 <> 0 THEN ${now}::timestamptz - make_interval(days => u % 30) END
      FROM generate_series(1, ${int(U)}) AS u`,
    );
    // Each user answers the five quiz questions of their first two batches (10 responses per
    // user); three answers in five are correct.
    await run(
      'course_quiz_responses',
      sql`
      INSERT INTO course_quiz_responses (id, question_id, user_id, option_id, attempt, created_at)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('course_quiz_responses')} + (u - 1) * 10 + r + 1,
             ${b('course_quiz_questions')} + x.q, ${b('users')} + u,
             ${b('course_quiz_options')} + (x.q - 1) * 4 + CASE WHEN (u + r) % 5 < 3 THEN 1 + x.q % 4 ELSE 1 + (x.q + 1) % 4 END,
             1,
             ${now}::timestamptz - make_interval(days => (u + r) % 60, mins => u % 1440)
      FROM generate_series(1, ${int(U)}) AS u
      CROSS JOIN generate_series(0, 9) AS r
      CROSS JOIN LATERAL (SELECT (${userBatch(sql`u`, sql`(r / 5)`)} - 1) * 5 + r % 5 + 1 AS q) AS x`,
    );

    // ── blogs ──
    await run(
      'blog_categories',
      sql`
      INSERT INTO blog_categories (id, name, slug, sequence)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('blog_categories')} + g, (${textArray(BLOG_TOPICS)})[g],
             lower(replace((${textArray(BLOG_TOPICS)})[g], ' ', '-')) || '-' || (${b('blog_categories')} + g),
             100 + g
      FROM generate_series(1, ${int(BLOG_TOPICS.length)}) AS g`,
    );
    await run(
      'blogs',
      sql`
      INSERT INTO blogs (id, category_id, title, url, excerpt, content, cover, author_name, reading_minutes,
                         is_trending, is_featured, published_at, meta)
      OVERRIDING SYSTEM VALUE
      SELECT ${b('blogs')} + g, ${b('blog_categories')} + 1 + g % ${int(BLOG_TOPICS.length)},
             x.title, 'notes-' || g || '-' || lower(replace(x.topic, ' ', '-')),
             'Practical notes on ' || x.topic || ' from working architects and designers.',
             '<p>' || x.topic || ' keeps changing how studios work. In this note we look at what changed this year and what it means for everyday projects.</p>'
               || '<h2>What we tried</h2><p>We used ' || x.topic || ' on a live project for six weeks and kept a log of what saved time and what did not.</p>'
               || '<p>The short version: start small, agree on standards early, and share what you learn with the whole team.</p>',
             '/images/blogs/placeholder-' || (1 + g % 12) || '.jpg',
             (${textArray(FIRST_NAMES)})[1 + g % ${int(FIRST_NAMES.length)}] || ' ' || (${textArray(LAST_NAMES)})[1 + g % ${int(LAST_NAMES.length)}],
             3 + g % 6, g % 50 = 0, g % 200 = 0,
             ${now}::timestamptz - make_interval(days => g % 1000, hours => g % 24),
             jsonb_build_object('title', x.title, 'description', 'Notes on ' || x.topic)
      FROM generate_series(1, ${int(size.blogs)}) AS g
      CROSS JOIN LATERAL (SELECT (${textArray(TOPICS)})[1 + g % ${int(TOPICS.length)}] AS topic,
                                 (${textArray(TOPICS)})[1 + g % ${int(TOPICS.length)}] || ' in practice: field notes #' || g AS title) AS x`,
    );

    for (const item of deferred) await run(`restore ${item.name}`, sql.raw(item.restore));

    // Move every identity sequence past the explicit ids.
    for (const table of SEEDED_TABLES) {
      await run(
        `setval ${table}`,
        sql`SELECT setval(pg_get_serial_sequence(${table}, 'id'), (SELECT max(id) FROM ${sql.identifier(table)}))`,
      );
    }
  });
  const cohortStarted = performance.now();
  await seedDashboardCohort(db, {
    today,
    now,
    learners: Math.max(50, Math.round(2_000 * scale)),
  });
  opts.onStep?.('dashboard cohort', Math.round(performance.now() - cohortStarted));

  // Fresh statistics so the planner sees the new sizes at once.
  const analyzeStarted = performance.now();
  await db.execute(
    sql`ANALYZE ${sql.join(
      SEEDED_TABLES.map((t) => sql.identifier(t)),
      sql`, `,
    )}`,
  );
  opts.onStep?.('analyze', Math.round(performance.now() - analyzeStarted));

  const counts: Record<string, number> = {};
  for (const table of SEEDED_TABLES) {
    const row = await queryRow(
      db,
      sql`SELECT count(*)::int AS n FROM ${sql.identifier(table)}`,
      z.object({ n: z.number() }),
    );
    counts[table] = row?.n ?? 0;
  }
  return { counts };
}

/** A constraint or index dropped for the bulk load, with the statement that re-creates it. */
interface Deferred {
  name: string;
  restore: string;
}

/**
 * Drops the foreign keys, unique constraints and secondary indexes of the seeded tables (primary
 * keys stay) and returns, in a safe order, the statements that re-create them: indexes and
 * unique constraints first, then foreign keys.
 */
async function dropConstraintsAndIndexes(tx: Tx): Promise<Deferred[]> {
  const tables = sql.join(
    SEEDED_TABLES.map((t) => sql`${t}`),
    sql`, `,
  );
  const constraints = await queryRows(
    tx,
    sql`
    SELECT r.relname AS table, c.conname AS name, c.contype AS kind, pg_get_constraintdef(c.oid) AS definition
    FROM pg_constraint c
    JOIN pg_class r ON r.oid = c.conrelid
    JOIN pg_namespace n ON n.oid = r.relnamespace
    WHERE c.contype IN ('f', 'u') AND n.nspname = current_schema() AND r.relname IN (${tables})
    ORDER BY c.contype, r.relname, c.conname`,
    z.object({ table: z.string(), name: z.string(), kind: z.string(), definition: z.string() }),
  );
  const indexes = await queryRows(
    tx,
    sql`
    SELECT i.relname AS name, pg_get_indexdef(x.indexrelid) AS definition
    FROM pg_index x
    JOIN pg_class i ON i.oid = x.indexrelid
    JOIN pg_class r ON r.oid = x.indrelid
    JOIN pg_namespace n ON n.oid = r.relnamespace
    WHERE n.nspname = current_schema() AND r.relname IN (${tables}) AND NOT x.indisprimary
      AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = x.indexrelid)
    ORDER BY r.relname, i.relname`,
    z.object({ name: z.string(), definition: z.string() }),
  );
  const quote = (identifier: string) => `"${identifier.replace(/"/g, '""')}"`;
  // Foreign keys go first (a unique constraint may be the target of one), then the rest.
  const byDropOrder = [...constraints].sort((a, b) => (a.kind === b.kind ? 0 : a.kind === 'f' ? -1 : 1));
  for (const c of byDropOrder) {
    await tx.execute(sql.raw(`ALTER TABLE ${quote(c.table)} DROP CONSTRAINT ${quote(c.name)}`));
  }
  for (const i of indexes) await tx.execute(sql.raw(`DROP INDEX ${quote(i.name)}`));
  return [
    ...indexes.map((i) => ({ name: i.name, restore: i.definition })),
    ...byDropOrder.reverse().map((c) => ({
      name: c.name,
      restore: `ALTER TABLE ${quote(c.table)} ADD CONSTRAINT ${quote(c.name)} ${c.definition}`,
    })),
  ];
}

/** The current maximum id of each seeded table (0 when empty), and the last category sequence. */
async function readOffsets(tx: Tx): Promise<Record<SeededTable, number> & { categoriesSequence: number }> {
  const columns = SEEDED_TABLES.map(
    (t) => sql`(SELECT coalesce(max(id), 0) FROM ${sql.identifier(t)})::int AS ${sql.identifier(t)}`,
  );
  const row = await queryRow(
    tx,
    sql`SELECT ${sql.join(columns, sql`, `)}, (SELECT coalesce(max(sequence), 0) FROM categories)::int AS categories_sequence`,
    z.record(z.string(), z.number()),
  );
  if (!row) throw new Error('seedLarge: could not read offsets');
  const offsets = { categoriesSequence: Number(row['categories_sequence'] ?? 0) } as Record<
    SeededTable,
    number
  > & {
    categoriesSequence: number;
  };
  for (const t of SEEDED_TABLES) offsets[t] = Number(row[t] ?? 0);
  return offsets;
}

/** Name of the large seed's course-dashboard batch (`npm run bench`'s dashboard section finds it by it). */
export const DASHBOARD_COHORT_BATCH = 'Large: dashboard cohort';

/**
 * The course-dashboard benchmark's batch (issue 15): a live course of 12 modules and 60 sessions
 * (one a day from 20 days ago, so a third are past), an assignment in every session and a
 * five-question quiz in every module, with `learners` of the large users enrolled. Learner i has
 * submitted the first i mod 20 assignments (some reviewed), answered the first module's quiz when
 * i is even, has the first module's certificate popup due when i mod 3 = 0, and both feedback forms
 * pending. Set-based inserts with ordinary ids, after the bulk load.
 */
async function seedDashboardCohort(db: Db, opts: { today: string; now: string; learners: number }) {
  await db.transaction(async (tx) => {
    const ids = z.object({ id: z.number() });
    const batch = await queryRow(
      tx,
      sql`INSERT INTO batches (workshop_id, name, start_date, end_date, session_type, amount, dollar, zoom_link, capacity)
          SELECT w.id, ${DASHBOARD_COHORT_BATCH}, ${opts.today}::date - 20, ${opts.today}::date + 40, 1, 19999, 249,
                 'https://zoom.us/j/9900000001', NULL
          FROM workshops w WHERE w.type = 2 ORDER BY w.id DESC LIMIT 1
          RETURNING id`,
      ids,
    );
    if (!batch) throw new Error('seedLarge: no course to hold the dashboard cohort');
    const modules = await queryRows(
      tx,
      sql`INSERT INTO course_modules (batch_id, sequence, title, certificate_title)
          SELECT ${batch.id}, g, 'Module ' || g, 'Dashboard cohort: module ' || g
          FROM generate_series(1, 12) AS g ORDER BY g RETURNING id`,
      ids,
    );
    const moduleIds = modules.map((m) => m.id);
    await tx.execute(sql`
      INSERT INTO course_module_details (module_id, sequence, title)
      SELECT m.id, 1, m.title FROM course_modules m WHERE m.batch_id = ${batch.id}`);
    await tx.execute(sql`
      INSERT INTO course_module_sessions (detail_id, sequence, type, title, description, session_date,
                                          session_start_time, session_end_time, assignment_last_date, recording_url)
      SELECT d.id, s, 1, m.title || ': session ' || s, 'Session ' || s || ' of ' || m.title || '.',
             x.day, time '19:30', time '21:00', x.day + 3,
             CASE WHEN x.day < ${opts.today}::date THEN 'recordings/cohort/' || m.sequence || '-' || s || '.mp4' END
      FROM course_modules m
      JOIN course_module_details d ON d.module_id = m.id
      CROSS JOIN generate_series(1, 5) AS s
      CROSS JOIN LATERAL (SELECT ${opts.today}::date - 20 + (m.sequence - 1) * 5 + s - 1 AS day) AS x
      WHERE m.batch_id = ${batch.id}`);
    await tx.execute(sql`
      INSERT INTO assignments (session_id, title, details, max_points)
      SELECT s.id, s.title || ': exercise', 'Submit a link or a PDF of your work.', 10
      FROM course_module_sessions s
      JOIN course_module_details d ON d.id = s.detail_id
      JOIN course_modules m ON m.id = d.module_id
      WHERE m.batch_id = ${batch.id}`);
    await tx.execute(sql`
      INSERT INTO course_quizzes (module_id, title, pass_percentage)
      SELECT m.id, m.title || ' quiz', 60 FROM course_modules m WHERE m.batch_id = ${batch.id}`);
    await tx.execute(sql`
      INSERT INTO course_quiz_questions (module_id, sequence, question)
      SELECT m.id, q, 'Question ' || q || ' of ' || m.title
      FROM course_modules m CROSS JOIN generate_series(1, 5) AS q WHERE m.batch_id = ${batch.id}`);
    await tx.execute(sql`
      INSERT INTO course_quiz_options (question_id, sequence, text, is_correct)
      SELECT q.id, j, 'Option ' || chr(64 + j), j = 1 + q.sequence % 4
      FROM course_quiz_questions q
      JOIN course_modules m ON m.id = q.module_id
      CROSS JOIN generate_series(1, 4) AS j
      WHERE m.batch_id = ${batch.id}`);
    // The learners: the newest large-seed learners not yet in the batch, numbered 1..n.
    await tx.execute(sql`
      CREATE TEMP TABLE cohort ON COMMIT DROP AS
      SELECT u.id AS user_id, row_number() OVER (ORDER BY u.id DESC) AS i
      FROM users u WHERE u.role = 'learner' AND u.email LIKE '%@example.com'
      ORDER BY u.id DESC LIMIT ${opts.learners}`);
    await tx.execute(sql`
      INSERT INTO enrolments (user_id, batch_id, created_at)
      SELECT c.user_id, ${batch.id}, ${opts.now}::timestamptz - make_interval(days => 21 + (c.i % 5)::int)
      FROM cohort c`);
    await tx.execute(sql`
      WITH ordered AS (
        SELECT a.id, row_number() OVER (ORDER BY m.sequence, s.sequence) AS n
        FROM assignments a
        JOIN course_module_sessions s ON s.id = a.session_id
        JOIN course_module_details d ON d.id = s.detail_id
        JOIN course_modules m ON m.id = d.module_id
        WHERE m.batch_id = ${batch.id})
      INSERT INTO assignment_responses (assignment_id, user_id, link, points, reviewed_at)
      SELECT o.id, c.user_id, 'https://www.behance.net/gallery/cohort-' || c.i || '-' || o.n,
             CASE WHEN o.n % 2 = 0 THEN 5 + (c.i + o.n) % 6 END,
             CASE WHEN o.n % 2 = 0 THEN ${opts.now}::timestamptz - make_interval(days => 1) END
      FROM cohort c JOIN ordered o ON o.n <= c.i % 20`);
    await tx.execute(sql`
      INSERT INTO course_quiz_responses (question_id, user_id, option_id, attempt)
      SELECT q.id, c.user_id, o.id, 1
      FROM cohort c
      JOIN course_quiz_questions q ON q.module_id = ${moduleIds[0]!}
      JOIN course_quiz_options o ON o.question_id = q.id AND o.sequence = 1
      WHERE c.i % 2 = 0`);
    await tx.execute(sql`
      INSERT INTO module_certificate_modals (user_id, module_id, is_seen)
      SELECT c.user_id, ${moduleIds[0]!}, false FROM cohort c WHERE c.i % 3 = 0`);
    await tx.execute(sql`
      INSERT INTO feedback_ratings (user_id, batch_id, type, status)
      SELECT c.user_id, ${batch.id}, t, 0 FROM cohort c CROSS JOIN generate_series(1, 2) AS t`);
  });
}
