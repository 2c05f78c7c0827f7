import type { NotificationPreferences } from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { z } from 'zod';
import type { AppConfig } from '../../config.js';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/query.js';
import {
  batches,
  certificates,
  competitionRegistrations,
  competitions,
  instalmentPlans,
  instalments,
  tripApplications,
  trips,
  users,
  workshops,
} from '../../db/schema/index.js';
import type { MessageSender, OutgoingMessage } from '../../integrations/messaging/message-sender.js';
import { renderEmail, type EmailContent } from '../../integrations/messaging/templates.js';
import { PermanentJobError, type JobHandler } from '../../platform/jobs/index.js';
import { buildFeed, feedSessions } from '../calendar/index.js';
import { isSuppressed, normaliseEmail, preferencesOf } from './preferences.js';
import { unsubscribePageUrl, unsubscribeUrl } from './unsubscribe.js';
import { addDays, formatDay, formatInstant, localDate, zonedInstant } from './zoned-time.js';

/*
 * The `notification.send` handler: one notification job becomes at most one e-mail and one SMS
 * in the message outbox. It reads what the message needs now (a job may run later than it was
 * asked for), checks the recipient's preferences per channel, renders the e-mail from its
 * template, and queues each message with a dedupe key `msg:{kind}:{ids}:{channel}`, so a
 * notification asked for twice (or a job run twice) sends each message once. A message whose
 * subject is gone (a paid instalment, an unenrolled learner, a disabled account) is not sent.
 */

export interface NotificationDeps {
  config: Pick<AppConfig, 'publicUrl' | 'appSecret' | 'tz'>;
  database: { db: Db };
  clock: () => Date;
  messages: MessageSender;
}

const UserTo = z.object({ userId: z.number().int().positive() }).strict();
const AnyTo = z.union([
  UserTo,
  z.object({ email: z.string().email().max(254), name: z.string().max(200).nullable() }).strict(),
]);
const id = z.number().int().positive();

/** The payload of each kind (what `enqueueNotification` wrote). */
const Payload = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('trip-application'), to: UserTo, applicationId: id }),
  z.object({ kind: z.literal('trip-itinerary'), to: UserTo, tripId: id }),
  z.object({
    kind: z.literal('certificate-issued'),
    to: UserTo,
    certificateCode: z.string().min(1).max(100),
  }),
  z.object({ kind: z.literal('competition-registration'), to: UserTo, registrationId: id }),
  z.object({
    kind: z.literal('instalment-reminder'),
    to: UserTo,
    instalmentId: id,
    when: z.enum(['in-3-days', 'today']),
  }),
  z.object({
    kind: z.literal('session-reminder'),
    to: UserTo,
    sessionId: id,
    batchId: id,
    when: z.enum(['24h', '1h']),
  }),
  z.object({ kind: z.literal('brochure'), to: AnyTo, workshopId: id }),
  z.object({ kind: z.literal('newsletter-welcome'), to: AnyTo, list: z.string().min(1).max(60) }),
]);
type Payload = z.infer<typeof Payload>;

interface Account {
  id: number;
  name: string | null;
  email: string | null;
  mobile: string | null;
}

/** One message to queue, before its channel-specific dedupe key. */
interface Draft {
  message: OutgoingMessage;
  /** `msg:{kind}:{ids}` — the channel is appended. */
  key: string;
}

export function notificationHandler(deps: NotificationDeps): JobHandler {
  return async (job) => {
    const parsed = Payload.safeParse(job.payload);
    if (!parsed.success)
      throw new PermanentJobError(
        `notification.send: malformed payload (${parsed.error.issues[0]?.message ?? ''})`,
      );
    await deps.database.db.transaction(async (tx) => {
      const drafts = await compose(deps, tx, parsed.data, job.id);
      for (const draft of drafts)
        await deps.messages.send(tx, draft.message, { dedupeKey: `${draft.key}:${draft.message.channel}` });
    });
  };
}

async function accountOf(db: Executor, userId: number): Promise<Account | undefined> {
  const [row] = await db
    .select({
      id: users.id,
      name: users.name,
      email: users.email,
      mobile: users.mobile,
      disabledAt: users.disabledAt,
    })
    .from(users)
    .where(eq(users.id, userId));
  if (!row || row.disabledAt) return undefined;
  return { id: row.id, name: row.name, email: row.email, mobile: row.mobile };
}

const hello = (name: string | null | undefined) => `Hello ${name?.trim().split(/\s+/)[0] || 'there'},`;

function money(amountMinor: number, currency: string): string {
  return new Intl.NumberFormat('en-IN', { style: 'currency', currency }).format(amountMinor / 100);
}

/** The e-mail of `content` to `to`, rendered from the template. */
function email(
  deps: NotificationDeps,
  kind: string,
  to: string,
  subject: string,
  content: EmailContent,
  extra: { marketing?: boolean; attachments?: OutgoingMessage['attachments'] } = {},
): OutgoingMessage {
  // The header is the one-click API address; the footer link, for a person, is the page.
  const unsubscribe = extra.marketing ? unsubscribeUrl(deps.config, to) : undefined;
  const { html, text } = renderEmail(content, {
    publicUrl: deps.config.publicUrl,
    ...(extra.marketing ? { unsubscribeUrl: unsubscribePageUrl(deps.config, to) } : {}),
  });
  return {
    channel: 'email',
    to,
    subject,
    body: text,
    html,
    kind,
    ...(extra.attachments ? { attachments: extra.attachments } : {}),
    ...(unsubscribe ? { listUnsubscribe: unsubscribe } : {}),
  };
}

function sms(kind: string, to: string, body: string, vars: Record<string, string>): OutgoingMessage {
  return { channel: 'sms', to, subject: null, body, kind, smsVars: vars };
}

/** The messages of one notification (none when nothing is to be sent). */
async function compose(
  deps: NotificationDeps,
  tx: Executor,
  payload: Payload,
  jobId: number,
): Promise<Draft[]> {
  switch (payload.kind) {
    case 'trip-application':
      return tripApplication(deps, tx, payload);
    case 'trip-itinerary':
      return tripItinerary(deps, tx, payload, jobId);
    case 'certificate-issued':
      return certificateIssued(deps, tx, payload);
    case 'competition-registration':
      return competitionRegistration(deps, tx, payload);
    case 'instalment-reminder':
      return instalmentReminder(deps, tx, payload);
    case 'session-reminder':
      return sessionReminder(deps, tx, payload);
    case 'brochure':
    case 'newsletter-welcome':
      return marketing(deps, tx, payload, jobId);
  }
}

type Of<K extends Payload['kind']> = Extract<Payload, { kind: K }>;

/** The account and its preferences, when it exists and has an e-mail (for e-mail-only kinds). */
async function recipient(tx: Executor, userId: number) {
  const account = await accountOf(tx, userId);
  if (!account) return undefined;
  return { account, prefs: await preferencesOf(tx, userId) };
}

const TRIP_STATUS_TEXT: Record<string, { subject: string; line: string }> = {
  submitted: {
    subject: 'We received your trip application',
    line: 'Thank you for applying. Our team reviews every application and writes to you with the decision; until then you can still edit it from your dashboard.',
  },
  shortlisted: {
    subject: 'Your trip application is shortlisted',
    line: 'Good news: your application is shortlisted. We will be in touch with the next steps shortly.',
  },
  accepted: {
    subject: 'Your trip application is accepted',
    line: 'Congratulations, your application is accepted! Your dashboard has the details of what happens next.',
  },
  rejected: {
    subject: 'About your trip application',
    line: 'Thank you for applying. We are sorry that we cannot offer you a place on this trip; we hope to see you on another one.',
  },
  withdrawn: {
    subject: 'Your trip application is withdrawn',
    line: 'Your application has been withdrawn. You can apply again while applications are open.',
  },
};

/** The reviewer's note to the applicant, with a decision (issue 17); none with "received". */
function reviewNoteParagraph(status: string, note: string | null): string[] {
  if (!note || !['shortlisted', 'accepted', 'rejected'].includes(status)) return [];
  return [`A note from our team: ${note}`];
}

async function tripApplication(
  deps: NotificationDeps,
  tx: Executor,
  p: Of<'trip-application'>,
): Promise<Draft[]> {
  const [row] = await tx
    .select({
      status: tripApplications.status,
      userId: tripApplications.userId,
      reviewNote: tripApplications.reviewNote,
      title: trips.title,
      location: trips.location,
      startDate: trips.startDate,
      endDate: trips.endDate,
    })
    .from(tripApplications)
    .innerJoin(trips, eq(trips.id, tripApplications.tripId))
    .where(eq(tripApplications.id, p.applicationId));
  if (!row || row.userId !== p.to.userId) return [];
  const r = await recipient(tx, p.to.userId);
  if (!r?.account.email || !r.prefs.tripUpdatesEmail) return [];
  const text = TRIP_STATUS_TEXT[row.status] ?? TRIP_STATUS_TEXT.submitted!;
  const details: [string, string][] = [
    ['Trip', row.title],
    ['Where', row.location],
  ];
  if (row.startDate)
    details.push([
      'When',
      row.endDate ? `${formatDay(row.startDate)} – ${formatDay(row.endDate)}` : formatDay(row.startDate),
    ]);
  return [
    {
      key: `msg:trip-application:${p.applicationId}:${row.status}`,
      message: email(deps, 'trip-application', r.account.email, `${text.subject}: ${row.title}`, {
        preheader: text.line,
        heading: text.subject,
        paragraphs: [hello(r.account.name), text.line, ...reviewNoteParagraph(row.status, row.reviewNote)],
        details,
        action: { label: 'See your applications', url: `${deps.config.publicUrl}/dashboard` },
      }),
    },
  ];
}

async function tripItinerary(
  deps: NotificationDeps,
  tx: Executor,
  p: Of<'trip-itinerary'>,
  jobId: number,
): Promise<Draft[]> {
  const [trip] = await tx.select().from(trips).where(eq(trips.id, p.tripId));
  const account = await accountOf(tx, p.to.userId);
  // Asked for by the learner themselves: sent whatever the preferences.
  if (!trip || !account?.email) return [];
  const days = [...(trip.details.itinerary ?? [])].sort((a, b) => a.day - b.day);
  const details: [string, string][] = days.map((d) => [
    `Day ${d.day}`,
    d.description ? `${d.title} — ${d.description}` : d.title,
  ]);
  const when = trip.startDate
    ? trip.endDate
      ? `${formatDay(trip.startDate)} – ${formatDay(trip.endDate)}`
      : formatDay(trip.startDate)
    : 'Dates to be announced';
  return [
    {
      // Each request is its own message (a learner may ask again); a retried job sends it once.
      key: `msg:trip-itinerary:${p.tripId}:${p.to.userId}:job-${jobId}`,
      message: email(deps, 'trip-itinerary', account.email, `Your itinerary: ${trip.title}`, {
        preheader: `${trip.location} · ${when}`,
        heading: `${trip.title} — itinerary`,
        paragraphs: [
          hello(account.name),
          `Here is the day-by-day plan of ${trip.title} in ${trip.location} (${when}), as you asked.`,
          ...(days.length === 0
            ? ['The detailed itinerary is being finalised; we will share it as soon as it is ready.']
            : []),
        ],
        details,
        action: {
          label: 'See the trip',
          url: `${deps.config.publicUrl}/trip/${encodeURIComponent(trip.slug)}?id=${trip.id}`,
        },
      }),
    },
  ];
}

async function certificateIssued(
  deps: NotificationDeps,
  tx: Executor,
  p: Of<'certificate-issued'>,
): Promise<Draft[]> {
  const [cert] = await tx.select().from(certificates).where(eq(certificates.serial, p.certificateCode));
  if (!cert || cert.userId !== p.to.userId) return [];
  const r = await recipient(tx, p.to.userId);
  if (!r?.account.email || !r.prefs.achievementsEmail) return [];
  const what = cert.certificateTitle ?? cert.courseName;
  return [
    {
      key: `msg:certificate-issued:${cert.serial}`,
      message: email(deps, 'certificate-issued', r.account.email, `Your certificate: ${what}`, {
        preheader: 'Well done — your certificate is ready to download and share.',
        heading: 'Your certificate is ready',
        paragraphs: [
          hello(r.account.name),
          `Congratulations on completing ${what}${cert.certificateTitle ? ` (${cert.courseName})` : ''}. Your certificate is issued and anyone can verify it with its code.`,
        ],
        details: [
          ['Certificate', what],
          ['Code', cert.serial],
        ],
        action: {
          label: 'Verify and share',
          url: `${deps.config.publicUrl}/verify/${encodeURIComponent(cert.serial)}`,
        },
      }),
    },
  ];
}

async function competitionRegistration(
  deps: NotificationDeps,
  tx: Executor,
  p: Of<'competition-registration'>,
): Promise<Draft[]> {
  const [row] = await tx
    .select({
      status: competitionRegistrations.status,
      userId: competitionRegistrations.userId,
      teamName: competitionRegistrations.teamName,
      title: competitions.title,
      slug: competitions.slug,
      startDate: competitions.startDate,
      competitionId: competitions.id,
    })
    .from(competitionRegistrations)
    .innerJoin(competitions, eq(competitions.id, competitionRegistrations.competitionId))
    .where(eq(competitionRegistrations.id, p.registrationId));
  // Only a confirmed entry is announced (a pending one waits for its payment).
  if (!row || row.userId !== p.to.userId || row.status !== 'confirmed') return [];
  const r = await recipient(tx, p.to.userId);
  if (!r?.account.email || !r.prefs.achievementsEmail) return [];
  const details: [string, string][] = [['Competition', row.title]];
  if (row.teamName) details.push(['Team', row.teamName]);
  if (row.startDate) details.push(['Starts', formatDay(row.startDate)]);
  return [
    {
      key: `msg:competition-registration:${p.registrationId}`,
      message: email(deps, 'competition-registration', r.account.email, `You are registered: ${row.title}`, {
        preheader: 'Your registration is confirmed.',
        heading: 'Your registration is confirmed',
        paragraphs: [
          hello(r.account.name),
          `You are registered for ${row.title}. We will write with the brief and the key dates; good luck!`,
        ],
        details,
        action: {
          label: 'See the competition',
          url: `${deps.config.publicUrl}/competition/${row.slug}?id=${row.competitionId}`,
        },
      }),
    },
  ];
}

async function instalmentReminder(
  deps: NotificationDeps,
  tx: Executor,
  p: Of<'instalment-reminder'>,
): Promise<Draft[]> {
  const [row] = await tx
    .select({
      dueDate: instalments.dueDate,
      amountMinor: instalments.amountMinor,
      paidAt: instalments.paidAt,
      sequence: instalments.sequence,
      currency: instalmentPlans.currency,
      planStatus: instalmentPlans.status,
      userId: instalmentPlans.userId,
      course: workshops.shortTitle,
    })
    .from(instalments)
    .innerJoin(instalmentPlans, eq(instalmentPlans.id, instalments.planId))
    .innerJoin(batches, eq(batches.id, instalmentPlans.batchId))
    .innerJoin(workshops, eq(workshops.id, batches.workshopId))
    .where(eq(instalments.id, p.instalmentId));
  // Paid meanwhile, or the plan is over: nothing to remind of.
  if (!row || row.paidAt || row.planStatus !== 'active' || row.userId !== p.to.userId) return [];
  const r = await recipient(tx, p.to.userId);
  if (!r) return [];
  const amount = money(row.amountMinor, row.currency);
  const due = formatDay(row.dueDate);
  const today = localDate(deps.clock(), deps.config.tz) === row.dueDate;
  const key = `msg:instalment-reminder:${p.instalmentId}:${p.when}`;
  const drafts: Draft[] = [];
  const prefs: NotificationPreferences = r.prefs;
  if (r.account.email && prefs.instalmentRemindersEmail) {
    const subject = today
      ? `Your instalment of ${amount} is due today`
      : `Your instalment of ${amount} is due on ${due}`;
    drafts.push({
      key,
      message: email(deps, 'instalment-reminder', r.account.email, subject, {
        preheader: `${row.course}: instalment ${row.sequence}, ${amount}, due ${today ? 'today' : due}.`,
        heading: today ? 'Your instalment is due today' : 'Your next instalment is coming up',
        paragraphs: [
          hello(r.account.name),
          `Instalment ${row.sequence} of your ${row.course} plan is due ${today ? 'today' : `on ${due}`}. Pay it on time to keep your course dashboard open.`,
        ],
        details: [
          ['Course', row.course],
          ['Amount', amount],
          ['Due', due],
        ],
        action: { label: 'Pay now', url: `${deps.config.publicUrl}/dashboard` },
        footer: 'Paid already? Then you can ignore this message.',
      }),
    });
  }
  if (r.account.mobile && prefs.instalmentRemindersSms) {
    drafts.push({
      key,
      message: sms(
        'instalment-reminder',
        r.account.mobile,
        `Atelier: your ${row.course} instalment of ${amount} is due ${today ? 'today' : `on ${due}`}. Pay at ${deps.config.publicUrl}/dashboard`,
        { course: row.course, amount, due: today ? 'today' : due },
      ),
    });
  }
  return drafts;
}

/** `Today` / `Tomorrow` / `Coming up`, for the session's day as seen at `now`. */
function dayWord(date: string, now: Date, tz: string): string {
  const today = localDate(now, tz);
  if (date === today) return 'Today';
  return date === addDays(today, 1) ? 'Tomorrow' : 'Coming up';
}

async function sessionReminder(
  deps: NotificationDeps,
  tx: Executor,
  p: Of<'session-reminder'>,
): Promise<Draft[]> {
  const r = await recipient(tx, p.to.userId);
  if (!r) return [];
  // The learner's own dated sessions (enrolled, not refunded): a learner who left gets nothing.
  const session = (await feedSessions(tx, p.to.userId)).find(
    (s) => s.id === p.sessionId && s.batchId === p.batchId,
  );
  if (!session?.sessionStartTime) return [];
  const now = deps.clock();
  const startsAt = zonedInstant(session.sessionDate, session.sessionStartTime, deps.config.tz);
  // Too late to remind (the job ran after the session began).
  if (startsAt.getTime() <= now.getTime()) return [];
  const when = formatInstant(startsAt, deps.config.tz);
  const link = `${deps.config.publicUrl}/dashboard/course/${session.batchId}`;
  const soon = p.when === '1h';
  const key = `msg:session-reminder:${p.sessionId}:${p.to.userId}:${p.when}`;
  const drafts: Draft[] = [];
  if (r.account.email && r.prefs.sessionRemindersEmail) {
    const ics = buildFeed({ sessions: [session], now, publicUrl: deps.config.publicUrl, tz: deps.config.tz });
    drafts.push({
      key,
      message: email(
        deps,
        'session-reminder',
        r.account.email,
        `${soon ? 'Starting soon' : dayWord(session.sessionDate, now, deps.config.tz)}: ${session.title} (${when})`,
        {
          preheader: `${session.courseShortTitle} · ${when}`,
          heading: soon ? 'Your session starts within the hour' : 'Your session is coming up',
          paragraphs: [
            hello(r.account.name),
            `${session.title} of ${session.courseShortTitle} starts ${when}. The calendar invitation is attached.`,
          ],
          details: [
            ['Session', session.title],
            ['Course', session.courseShortTitle],
            ['Starts', when],
          ],
          action: { label: 'Open the course', url: link },
        },
        {
          attachments: [
            {
              filename: 'session.ics',
              contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
              content: ics,
            },
          ],
        },
      ),
    });
  }
  if (r.account.mobile && r.prefs.sessionRemindersSms) {
    drafts.push({
      key,
      message: sms(
        'session-reminder',
        r.account.mobile,
        `Atelier: ${session.title} (${session.courseShortTitle}) starts ${when}. Join from ${link}`,
        {
          session: session.title,
          course: session.courseShortTitle,
          time: when,
        },
      ),
    });
  }
  return drafts;
}

/**
 * Marketing mail (a brochure, a newsletter's welcome): sent because the visitor just asked for it
 * with consent on a form, unless their address unsubscribed. Carries List-Unsubscribe.
 */
async function marketing(
  deps: NotificationDeps,
  tx: Executor,
  p: Of<'brochure'> | Of<'newsletter-welcome'>,
  jobId: number,
): Promise<Draft[]> {
  let to: string | null;
  let name: string | null;
  if ('userId' in p.to) {
    const account = await accountOf(tx, p.to.userId);
    to = account?.email ?? null;
    name = account?.name ?? null;
  } else {
    to = p.to.email;
    name = p.to.name;
  }
  if (!to) return [];
  to = normaliseEmail(to);
  if (await isSuppressed(tx, to)) return [];
  if (p.kind === 'newsletter-welcome') {
    return [
      {
        // One welcome per list and address, however often the form is sent.
        key: `msg:newsletter-welcome:${p.list}:${to}`,
        message: email(
          deps,
          'newsletter-welcome',
          to,
          'Welcome to the Atelier newsletter',
          {
            preheader: 'Design ideas, new courses and events, about twice a month.',
            heading: 'Welcome aboard',
            paragraphs: [
              hello(name),
              'Thank you for subscribing. About twice a month we send design ideas, new courses, trips and competitions — never more.',
            ],
            action: { label: 'Browse the courses', url: `${deps.config.publicUrl}/` },
          },
          { marketing: true },
        ),
      },
    ];
  }
  const [workshop] = await tx
    .select({ id: workshops.id, title: workshops.title, shortTitle: workshops.shortTitle })
    .from(workshops)
    .where(and(eq(workshops.id, p.workshopId), eq(workshops.isPublished, true)));
  if (!workshop) return [];
  return [
    {
      // Each request is answered (a visitor may ask again later); a retried job sends it once.
      key: `msg:brochure:${p.workshopId}:${to}:job-${jobId}`,
      message: email(
        deps,
        'brochure',
        to,
        `Your brochure: ${workshop.shortTitle}`,
        {
          preheader: `The curriculum of ${workshop.shortTitle}, as a PDF.`,
          heading: `${workshop.shortTitle}: the brochure`,
          paragraphs: [
            hello(name),
            `Thank you for your interest in ${workshop.title}. The brochure has the full curriculum, the schedule and what you will make; a counsellor will also call you to answer any question.`,
          ],
          action: {
            label: 'Download the brochure (PDF)',
            url: `${deps.config.publicUrl}/api/brochure/pdf?id=${workshop.id}`,
          },
        },
        { marketing: true },
      ),
    },
  ];
}
