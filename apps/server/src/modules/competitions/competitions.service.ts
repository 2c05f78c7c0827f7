import type {
  CompetitionCard,
  CompetitionDetails,
  CompetitionPhase,
  CompetitionRegistration,
} from '@atelier/contract';
import { slugify, toWireDate, wireDateOrNone } from '@atelier/domain';
import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import type { Executor } from '../../db/query.js';
import { competitionRegistrations, competitions } from '../../db/schema/index.js';
import { AppError, notFound } from '../../http/app-error.js';
import { enqueueNotification } from '../notifications/index.js';

/*
 * Design competitions (issue 16 "Trips and competitions"): the public list and page, and free
 * registration. A competition's phase is computed from the platform's today (`config.tz`):
 *   open   — registration open: no deadline, or today is on or before `registrationDeadline`;
 *   closed — the deadline has passed but the competition has not ended;
 *   over   — its end date (or, without one, its start date) is before today.
 * A paid competition is registered through `POST /api/competition/payment/initiate`; the paid
 * order confirms the registration (payments' purchase effects) with the same notification.
 */

type Row = typeof competitions.$inferSelect;
type RegistrationRow = typeof competitionRegistrations.$inferSelect;

/** The competition's page: `/competition/{slug}?id={id}`, like the trip and blog pages. */
export function competitionPath(row: { id: number; slug: string }): string {
  return `/competition/${slugify(row.slug) || 'competition'}?id=${row.id}`;
}

/** The phase of `row` on the platform day `today` (`YYYY-MM-DD`). */
export function competitionPhase(
  row: Pick<Row, 'registrationDeadline' | 'startDate' | 'endDate'>,
  today: string,
): CompetitionPhase {
  const last = row.endDate ?? row.startDate;
  if (last !== null && last < today) return 'over';
  if (row.registrationDeadline !== null && row.registrationDeadline < today) return 'closed';
  return 'open';
}

function toCard(row: Row, today: string): CompetitionCard {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    path: competitionPath(row),
    summary: row.summary,
    amount: row.amount,
    dollar: row.dollar,
    registrationDeadline: wireDateOrNone(row.registrationDeadline),
    startDate: wireDateOrNone(row.startDate),
    endDate: wireDateOrNone(row.endDate),
    phase: competitionPhase(row, today),
    thumbnail: row.thumbnail,
  };
}

const PHASE_ORDER: Record<CompetitionPhase, number> = { open: 0, closed: 1, over: 2 };
/** A missing date sorts after every real one. */
const LATE = '9999-12-31';

/**
 * `GET /api/competitions`: every active competition — open ones first, soonest deadline first
 * (no deadline last); then closed ones by end date; then those that are over, latest first.
 */
export async function listCompetitions(db: Db, now: Date, tz: string): Promise<CompetitionCard[]> {
  const today = toWireDate(now, tz);
  const rows = await db.select().from(competitions).where(eq(competitions.isActive, true));
  const cards = rows.map((r) => ({ row: r, card: toCard(r, today) }));
  const key = ({ row, card }: (typeof cards)[number]): string =>
    card.phase === 'open' ? (row.registrationDeadline ?? LATE) : (row.endDate ?? row.startDate ?? LATE);
  cards.sort((a, b) => {
    const byPhase = PHASE_ORDER[a.card.phase] - PHASE_ORDER[b.card.phase];
    if (byPhase !== 0) return byPhase;
    const ka = key(a);
    const kb = key(b);
    const byDate = a.card.phase === 'over' ? kb.localeCompare(ka) : ka.localeCompare(kb);
    return byDate !== 0 ? byDate : a.row.id - b.row.id;
  });
  return cards.map((c) => c.card);
}

const strings = (value: unknown): string[] =>
  Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];

/** `GET /api/competition/{id}/details`: an active competition's page; inactive or unknown → 404. */
export async function getCompetitionDetails(
  db: Db,
  id: number,
  now: Date,
  tz: string,
): Promise<CompetitionDetails> {
  const [row] = await db
    .select()
    .from(competitions)
    .where(and(eq(competitions.id, id), eq(competitions.isActive, true)));
  if (!row) throw notFound('That competition');
  const brief = row.brief;
  return {
    ...toCard(row, toWireDate(now, tz)),
    description: row.description,
    brief: {
      ...(typeof brief.siteArea === 'string' && brief.siteArea ? { siteArea: brief.siteArea } : {}),
      deliverables: strings(brief.deliverables),
      prizes: strings(brief.prizes),
      jury: strings(brief.jury),
      rules: strings(brief.rules),
    },
  };
}

/** Every active competition's page, for the sitemap. */
export async function listCompetitionPages(db: Db): Promise<{ path: string; lastmod: string }[]> {
  const rows = await db
    .select()
    .from(competitions)
    .where(eq(competitions.isActive, true))
    .orderBy(asc(competitions.id));
  return rows.map((r) => ({ path: competitionPath(r), lastmod: r.createdAt.toISOString() }));
}

function toRegistration(row: RegistrationRow): CompetitionRegistration {
  return {
    id: row.id,
    competitionId: row.competitionId,
    status: row.status,
    teamName: row.teamName,
    createdAt: row.createdAt.toISOString(),
  };
}

async function registrationOf(
  db: Executor,
  competitionId: number,
  userId: number,
): Promise<RegistrationRow | undefined> {
  const [row] = await db
    .select()
    .from(competitionRegistrations)
    .where(
      and(
        eq(competitionRegistrations.competitionId, competitionId),
        eq(competitionRegistrations.userId, userId),
      ),
    );
  return row;
}

/**
 * `GET /api/user/competition/{id}/registration`: the caller's registration, or null. An unknown
 * competition → 404 (an inactive one still shows a registration made while it was on).
 */
export async function getRegistration(
  db: Db,
  userId: number,
  competitionId: number,
): Promise<{ registration: CompetitionRegistration | null }> {
  const [competition] = await db
    .select({ id: competitions.id })
    .from(competitions)
    .where(eq(competitions.id, competitionId));
  if (!competition) throw notFound('That competition');
  const row = await registrationOf(db, competitionId, userId);
  return { registration: row ? toRegistration(row) : null };
}

/** The one notification of a confirmed registration (free here, paid in purchase effects). */
export function registrationNotificationKey(registrationId: number): string {
  return `competition-registration:${registrationId}`;
}

/**
 * `POST /api/competition/register`: a free, open competition → the caller's registration,
 * confirmed at once, with its confirmation message. Asking again answers the same registration
 * (and queues no second message). A paid competition → 409 pointing at the payment call; not
 * open → 409; inactive or unknown → 404.
 */
export async function registerFree(
  deps: { db: Db; clock: () => Date; tz: string },
  userId: number,
  input: { competitionId: number; teamName?: string | undefined },
): Promise<{ registration: CompetitionRegistration; created: boolean }> {
  const now = deps.clock();
  return deps.db.transaction(async (tx) => {
    const [competition] = await tx
      .select()
      .from(competitions)
      .where(and(eq(competitions.id, input.competitionId), eq(competitions.isActive, true)));
    if (!competition) throw notFound('That competition');
    const existing = await registrationOf(tx, competition.id, userId);
    if (existing?.status === 'confirmed') return { registration: toRegistration(existing), created: false };
    const phase = competitionPhase(competition, toWireDate(now, deps.tz));
    if (phase !== 'open')
      throw new AppError(
        'CONFLICT',
        phase === 'over' ? 'This competition is over.' : 'Registration for this competition has closed.',
      );
    if (competition.amount > 0)
      throw new AppError(
        'CONFLICT',
        'This competition has an entry fee: register by paying it with POST /api/competition/payment/initiate.',
      );
    const [row] = await tx
      .insert(competitionRegistrations)
      .values({
        competitionId: competition.id,
        userId,
        status: 'confirmed',
        teamName: input.teamName ?? null,
        createdAt: now,
      })
      .onConflictDoUpdate({
        target: [competitionRegistrations.competitionId, competitionRegistrations.userId],
        // A registration left pending or cancelled (the fee was dropped since) is confirmed now;
        // a confirmed one, registered meanwhile by a parallel call, is left as it is.
        set: { status: 'confirmed', ...(input.teamName ? { teamName: input.teamName } : {}) },
      })
      .returning();
    await enqueueNotification(
      tx,
      { kind: 'competition-registration', to: { userId }, registrationId: row!.id },
      registrationNotificationKey(row!.id),
    );
    return { registration: toRegistration(row!), created: true };
  });
}
