import type { CourseDashboard, CourseModuleSessionWire, CourseModuleWire } from '@atelier/contract';
import {
  DEFAULT_TIME_ZONE,
  SESSION_TYPE,
  formatSessionTime,
  nextSession,
  sessionLabel,
  toWireDate,
} from '@atelier/domain';

/*
 * Pure views of the course dashboard answer (issue 15, spec §2, §4): modules and sessions in
 * course order with their `M{m}_S{s}` labels, each session's status against today, the next
 * session and the window in which its JOIN button shows the meeting link. Times are wall-clock
 * times in the platform's zone (the server schedules sessions there), whatever the browser's zone.
 */

/** How long before a live session its JOIN button appears. */
export const JOIN_OPENS_MINUTES_BEFORE = 15;
/** How long a live session is taken to last when it has no end time. */
export const DEFAULT_SESSION_MINUTES = 120;

export type SessionStatus = 'held' | 'today' | 'upcoming' | 'unscheduled';

export interface SessionView {
  session: CourseModuleSessionWire;
  /** `M{m}_S{s}`: 1-based module and session positions after ordering by `sequence`. */
  label: string;
  moduleId: number;
  status: SessionStatus;
  isLive: boolean;
  /** `'ddd, hh:mm A'`, or `''` when unscheduled. */
  when: string;
}

export interface ModuleView {
  module: CourseModuleWire;
  /** 1-based position in course order. */
  index: number;
  sessions: SessionView[];
}

function bySequence<T extends { sequence: number; id: number }>(items: readonly T[]): T[] {
  return [...items].sort((a, b) => a.sequence - b.sequence || a.id - b.id);
}

/** Held (before today), today, upcoming, or unscheduled — by the session's date in `tz`. */
export function sessionStatus(
  session: Pick<CourseModuleSessionWire, 'sessionDate'>,
  now: Date,
  tz: string = DEFAULT_TIME_ZONE,
): SessionStatus {
  const date = session.sessionDate;
  if (!date || date === '0000-00-00') return 'unscheduled';
  const today = toWireDate(now, tz);
  if (date < today) return 'held';
  return date === today ? 'today' : 'upcoming';
}

/** The modules in course order, each with its sessions in order, labelled `M{m}_S{s}`. */
export function moduleViews(
  dashboard: Pick<CourseDashboard, 'courseModules'>,
  now: Date,
  tz: string = DEFAULT_TIME_ZONE,
): ModuleView[] {
  return bySequence(dashboard.courseModules).map((module, moduleIndex) => ({
    module,
    index: moduleIndex + 1,
    sessions: bySequence(module.CourseModuleDetails).map((detail, sessionIndex) => {
      const session = detail.CourseModuleSession;
      return {
        session,
        label: sessionLabel(moduleIndex + 1, sessionIndex + 1),
        moduleId: module.id,
        status: sessionStatus(session, now, tz),
        isLive: session.type === SESSION_TYPE.live,
        when: formatSessionTime(session.sessionDate, session.sessionStartTime),
      };
    }),
  }));
}

/** Every session of the course in course order (the order the feedback thresholds count in). */
export function allSessions(modules: readonly ModuleView[]): SessionView[] {
  return modules.flatMap((module) => module.sessions);
}

/** The next session (domain `nextSession`: today's, else the earliest future one), or null. */
export function nextSessionView(
  sessions: readonly SessionView[],
  now: Date,
  tz: string = DEFAULT_TIME_ZONE,
): SessionView | null {
  const next = nextSession(
    sessions.map((view) => view.session),
    now,
    tz,
  );
  return next ? (sessions.find((view) => view.session === next) ?? null) : null;
}

const wallFormatters = new Map<string, Intl.DateTimeFormat>();

/** `now`'s wall clock in `tz` as if it were UTC, in ms: comparable with {@link wallMs}. */
function wallNowMs(now: Date, tz: string): number {
  let formatter = wallFormatters.get(tz);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone: tz,
      hourCycle: 'h23',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
    });
    wallFormatters.set(tz, formatter);
  }
  const parts: Record<string, number> = {};
  for (const part of formatter.formatToParts(now)) parts[part.type] = Number(part.value);
  const hour = parts.hour === 24 ? 0 : (parts.hour ?? 0);
  return Date.UTC(
    parts.year ?? 1970,
    (parts.month ?? 1) - 1,
    parts.day ?? 1,
    hour,
    parts.minute ?? 0,
    parts.second ?? 0,
  );
}

/** A wire date and `HH:mm[:ss]` time as wall-clock ms (read as UTC), or null when either is invalid. */
function wallMs(date: string | null | undefined, time: string | null | undefined): number | null {
  const day = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date ?? '');
  const clock = /^(\d{2}):(\d{2})(?::(\d{2}))?$/.exec(time ?? '');
  if (!day || !clock) return null;
  const [y, m, d] = [Number(day[1]), Number(day[2]), Number(day[3])];
  if (m < 1 || m > 12 || d < 1 || d > 31) return null;
  const [h, min, s] = [Number(clock[1]), Number(clock[2]), Number(clock[3] ?? 0)];
  if (h > 23 || min > 59 || s > 59) return null;
  return Date.UTC(y, m - 1, d, h, min, s);
}

/** Where `now` stands against a live session's JOIN window. */
export type JoinState = 'before' | 'open' | 'ended' | 'none';

/**
 * The JOIN window of a session (spec §2, issue 15): open from {@link JOIN_OPENS_MINUTES_BEFORE}
 * minutes before a live session starts until it ends (its end time, or
 * {@link DEFAULT_SESSION_MINUTES} after the start when it has none; an end at or before the start
 * is taken as after midnight). `'none'` for recorded sessions and sessions without a date or start.
 */
export function joinState(
  session: Pick<CourseModuleSessionWire, 'type' | 'sessionDate' | 'sessionStartTime' | 'sessionEndTime'>,
  now: Date,
  tz: string = DEFAULT_TIME_ZONE,
): JoinState {
  if (session.type !== SESSION_TYPE.live) return 'none';
  const start = wallMs(session.sessionDate, session.sessionStartTime);
  if (start === null) return 'none';
  let end = wallMs(session.sessionDate, session.sessionEndTime) ?? start + DEFAULT_SESSION_MINUTES * 60_000;
  if (end <= start) end += 86_400_000;
  const current = wallNowMs(now, tz);
  if (current < start - JOIN_OPENS_MINUTES_BEFORE * 60_000) return 'before';
  return current < end ? 'open' : 'ended';
}

/** The live session whose JOIN window is open now (the earliest in course order), or null. */
export function joinableSession(
  sessions: readonly SessionView[],
  now: Date,
  tz: string = DEFAULT_TIME_ZONE,
): SessionView | null {
  return sessions.find((view) => joinState(view.session, now, tz) === 'open') ?? null;
}

/** The most recent held session with a recording, or null. */
export function latestRecording(sessions: readonly SessionView[]): SessionView | null {
  const held = sessions.filter((view) => view.status === 'held' && view.session.recordingUrl);
  return held.at(-1) ?? null;
}
