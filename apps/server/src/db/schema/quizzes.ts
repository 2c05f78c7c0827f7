/**
 * Module quizzes (spec §3 "Quiz") and certificates. The server grades: `isCorrect` never leaves
 * it before the learner has answered (checklist C4).
 */
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  smallint,
  text,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { batches } from './catalogue.js';
import { createdAt, id, instant } from './columns.js';
import { courseModules } from './learning.js';
import { users } from './users.js';

/** Quiz settings of a module (one per module); its questions hang off the module itself. */
export const courseQuizzes = pgTable(
  'course_quizzes',
  {
    id: id(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    /** Percentage needed to pass and earn the module certificate. */
    passPercentage: smallint('pass_percentage').notNull().default(60),
    createdAt: createdAt(),
  },
  (t) => [
    unique('course_quizzes_module_uq').on(t.moduleId),
    check('course_quizzes_pass_percentage_ck', sql`${t.passPercentage} BETWEEN 0 AND 100`),
  ],
);

/** A question of a module's quiz, in `sequence` order. */
export const courseQuizQuestions = pgTable(
  'course_quiz_questions',
  {
    id: id(),
    moduleId: integer('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    question: text('question').notNull(),
    explanation: text('explanation'),
  },
  (t) => [index('course_quiz_questions_module_sequence_idx').on(t.moduleId, t.sequence)],
);

/** A choice of a question; at most one choice per question is correct. */
export const courseQuizOptions = pgTable(
  'course_quiz_options',
  {
    id: id(),
    questionId: integer('question_id')
      .notNull()
      .references(() => courseQuizQuestions.id, { onDelete: 'cascade' }),
    sequence: integer('sequence').notNull().default(0),
    text: text('text').notNull(),
    isCorrect: boolean('is_correct').notNull().default(false),
  },
  (t) => [
    index('course_quiz_options_question_idx').on(t.questionId, t.sequence),
    // Target of the responses' (option, question) foreign key.
    unique('course_quiz_options_id_question_uq').on(t.id, t.questionId),
    uniqueIndex('course_quiz_options_one_correct_uq')
      .on(t.questionId)
      .where(sql`${t.isCorrect}`),
  ],
);

/**
 * A learner's answer to a question in one attempt (a retake starts attempt n + 1). Sized for
 * millions of rows: the unique key serves "this learner's answers" lookups and the question
 * index serves per-question statistics and cascading deletes.
 */
export const courseQuizResponses = pgTable(
  'course_quiz_responses',
  {
    id: id(),
    questionId: integer('question_id')
      .notNull()
      .references(() => courseQuizQuestions.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The chosen option; it must belong to `questionId` (composite foreign key). */
    optionId: integer('option_id').notNull(),
    attempt: smallint('attempt').notNull().default(1),
    createdAt: createdAt(),
  },
  (t) => [
    unique('course_quiz_responses_user_question_attempt_uq').on(t.userId, t.questionId, t.attempt),
    index('course_quiz_responses_question_idx').on(t.questionId),
    foreignKey({
      name: 'course_quiz_responses_option_question_fk',
      columns: [t.optionId, t.questionId],
      foreignColumns: [courseQuizOptions.id, courseQuizOptions.questionId],
    }).onDelete('cascade'),
    check('course_quiz_responses_attempt_ck', sql`${t.attempt} >= 1`),
  ],
);

/**
 * A certificate earned server-side: for a whole batch (`moduleId` null) or for one module.
 * One of each per learner; `serial` is the public verification number.
 */
export const certificates = pgTable(
  'certificates',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    batchId: integer('batch_id')
      .notNull()
      .references(() => batches.id, { onDelete: 'restrict' }),
    moduleId: integer('module_id').references(() => courseModules.id, { onDelete: 'restrict' }),
    courseName: text('course_name').notNull(),
    certificateTitle: text('certificate_title'),
    serial: text('serial').notNull(),
    issuedAt: instant('issued_at').notNull().defaultNow(),
  },
  (t) => [
    unique('certificates_serial_uq').on(t.serial),
    unique('certificates_user_batch_module_uq').on(t.userId, t.batchId, t.moduleId).nullsNotDistinct(),
  ],
);

/**
 * A learner's current attempt at a module's quiz (issue 15): no row = attempt 1. A retake moves
 * it to n + 1, so the quiz shows no answers again; earlier attempts' responses are kept.
 */
export const courseQuizAttempts = pgTable(
  'course_quiz_attempts',
  {
    id: id(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    moduleId: integer('module_id')
      .notNull()
      .references(() => courseModules.id, { onDelete: 'cascade' }),
    attempt: smallint('attempt').notNull().default(1),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    unique('course_quiz_attempts_user_module_uq').on(t.userId, t.moduleId),
    check('course_quiz_attempts_attempt_ck', sql`${t.attempt} >= 1`),
  ],
);
