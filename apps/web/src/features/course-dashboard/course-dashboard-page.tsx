import type { CourseDashboard, ResponseOf } from '@atelier/contract';
import { feedbackFormsDue, overdueAssignments, toWireDate, type FeedbackType } from '@atelier/domain';
import { skipToken } from '@reduxjs/toolkit/query/react';
import { useEffect, useMemo, useState } from 'react';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { CalendarIcon, ClockIcon, PlayIcon } from '../../components/ui/icons';
import { ErrorNote } from '../../components/ui/load-states';
import { useGetPendingPaymentsQuery, useGetProfileCoursesQuery } from '../../lib/api/money-api';
import { readId } from '../../lib/api/paths';
import { formatDay, formatDayRange } from '../../lib/format';
import { useSession } from '../../lib/session';
import { readStoredText, STORAGE_KEYS, writeStoredText } from '../../lib/storage';
import {
  useGetAssignmentPointsQuery,
  useGetBatchDetailsQuery,
  useGetCourseDashboardQuery,
  useGetLeaderboardQuery,
  useMarkCertificateModalSeenMutation,
  type CourseDashboardArgs,
} from './api';
import { AssignmentItem, OverdueList, type CourseworkContext } from './assignments';
import { CertificatePopup, FeedbackDialog } from './course-dialogs';
import { CourseSwitcher, switcherCourses } from './course-switcher';
import {
  allSessions,
  joinableSession,
  latestRecording,
  moduleViews,
  nextSessionView,
  type ModuleView,
  type SessionStatus,
  type SessionView,
} from './course-view';
import { isInstalmentDue, isNotFound } from './errors';
import { LeaderboardChart } from './leaderboard-chart';
import { LockScreen } from './lock-screen';
import { courseDashboardPath } from './paths';
import { CourseSidebar } from './sidebar/course-sidebar';
import type { SidebarPanel, SidebarTarget } from './sidebar/types';
import '../../lib/forms.css';
import './course-dashboard.css';

/** How often the page re-reads the clock (the JOIN window, session statuses). */
const CLOCK_TICK_MS = 30_000;

/** The current instant, re-read every `intervalMs` while mounted. */
export function useNow(intervalMs: number = CLOCK_TICK_MS): Date {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), intervalMs);
    return () => window.clearInterval(timer);
  }, [intervalMs]);
  return new Date(now);
}

const STATUS_LABEL: Record<SessionStatus, string> = {
  held: 'Held',
  today: 'Today',
  upcoming: 'Upcoming',
  unscheduled: 'Not scheduled',
};

function Skeleton() {
  return (
    <div className="container course-dash__body" role="status" aria-busy="true">
      <span className="visually-hidden">Loading your course…</span>
      <div className="course-dash__main">
        <div className="skeleton skeleton--title" />
        <div className="skeleton skeleton--line" />
        <div className="skeleton skeleton--card" />
        <div className="skeleton skeleton--card" />
      </div>
    </div>
  );
}

function NotInDashboard() {
  return (
    <div className="container course-dash__body">
      <section className="course-card course-dash__missing" aria-labelledby="missing-title">
        <h1 id="missing-title" className="course-card__title">
          This course isn’t in your dashboard
        </h1>
        <p className="section-lede">
          It may belong to another account, or the address may be mistyped. Your courses are on your
          dashboard.
        </p>
        <Link to="/dashboard" className="button button--primary">
          Go to your dashboard
        </Link>
      </section>
    </div>
  );
}

/** `/dashboard/*` that matches no page: a not-found state inside the dashboard frame. */
export function DashboardNotFoundPage() {
  return (
    <div className="container course-dash__body">
      <section className="course-card course-dash__missing" aria-labelledby="missing-title">
        <h1 id="missing-title" className="course-card__title">
          Page not found
        </h1>
        <p className="section-lede">There is no dashboard page at this address.</p>
        <Link to="/dashboard" className="button button--primary">
          Go to your dashboard
        </Link>
      </section>
    </div>
  );
}

/** The header: course, dates, progress, the next session and the JOIN button or latest recording. */
function CourseHeader({
  dashboard,
  details,
  sessions,
  now,
}: {
  dashboard: CourseDashboard;
  details: ResponseOf<'batchDetails'> | undefined;
  sessions: readonly SessionView[];
  now: Date;
}) {
  const next = nextSessionView(sessions, now);
  const joinable = joinableSession(sessions, now);
  const recording = latestRecording(sessions);
  const held = sessions.filter((view) => view.status === 'held').length;
  const dates = formatDayRange(dashboard.batch.startDate, dashboard.batch.endDate);
  const totals = details?.totals;
  const assignments = sessions.flatMap((view) => view.session.Assignments);
  const submitted = assignments.filter((assignment) =>
    assignment.AssignmentResponses.some((response) => response.link || response.pdf),
  ).length;
  return (
    <div className="course-head">
      <div className="course-head__text">
        <p className="eyebrow">{dashboard.batch.sessionType === 2 ? 'Recorded course' : 'Live course'}</p>
        <h1 className="course-head__title">{dashboard.course.name}</h1>
        {dates ? (
          <p className="course-head__dates">
            <CalendarIcon /> {dates}
          </p>
        ) : null}
        <dl className="course-head__progress">
          <div>
            <dt>Sessions held</dt>
            <dd>
              {totals?.sessionsHeld ?? held}/{totals?.sessions ?? sessions.length}
            </dd>
          </div>
          <div>
            <dt>Assignments submitted</dt>
            <dd>
              {totals?.assignmentsSubmitted ?? submitted}/{totals?.assignments ?? assignments.length}
            </dd>
          </div>
          <div>
            <dt>Modules</dt>
            <dd>{totals?.modules ?? dashboard.courseModules.length}</dd>
          </div>
        </dl>
      </div>
      <div className="course-head__next" aria-live="polite">
        {joinable ? (
          <>
            <p>
              <span className="chip chip--live">Live now</span>
            </p>
            <p className="course-head__session">
              {joinable.label} · {joinable.session.title}
            </p>
            {dashboard.course.zoomLink ? (
              <a
                className="button button--primary button--large course-head__join"
                href={dashboard.course.zoomLink}
                target="_blank"
                rel="noreferrer noopener"
              >
                JOIN
              </a>
            ) : (
              <p className="course-head__note">The meeting link will appear here. Check back in a moment.</p>
            )}
          </>
        ) : next ? (
          <>
            <p className="course-head__label">Next session</p>
            <p className="course-head__when">
              <ClockIcon /> <span>{next.when}</span>
            </p>
            <p className="course-head__session">
              {next.label} · {next.session.title}
            </p>
            {next.isLive ? (
              <p className="course-head__note">The JOIN button appears here 15 minutes before it starts.</p>
            ) : null}
          </>
        ) : (
          <p className="course-head__label">No sessions coming up</p>
        )}
        {recording?.session.recordingUrl ? (
          <a
            className="text-link course-head__recording"
            href={recording.session.recordingUrl}
            target="_blank"
            rel="noreferrer noopener"
          >
            <PlayIcon /> Watch the latest recording ({recording.label})
          </a>
        ) : null}
      </div>
    </div>
  );
}

function SessionRow({
  view,
  context,
  onOpen,
  active,
}: {
  view: SessionView;
  context: CourseworkContext;
  onOpen: () => void;
  active: boolean;
}) {
  const { session } = view;
  return (
    <li className={`session session--${view.status}`}>
      <div className="session__row">
        <button
          type="button"
          className="session__open"
          onClick={onOpen}
          aria-expanded={active}
          aria-label={`${view.label}: ${session.title}. Open session overview`}
        >
          <span className="session__label">{view.label}</span>
          <span className="session__title">{session.title}</span>
        </button>
        <span className="session__meta">
          {view.when ? (
            <span>
              {formatDay(session.sessionDate, false)} · {view.when}
            </span>
          ) : null}
          <span className="chip chip--quiet">{view.isLive ? 'Live' : 'Recorded'}</span>
          <span className={`chip session__status session__status--${view.status}`}>
            {STATUS_LABEL[view.status]}
          </span>
          {view.status === 'held' && session.recordingUrl ? (
            <a className="text-link" href={session.recordingUrl} target="_blank" rel="noreferrer noopener">
              Recording
            </a>
          ) : null}
        </span>
      </div>
      {session.Assignments.length > 0 ? (
        <div className="session__assignments">
          {session.Assignments.map((assignment) => (
            <AssignmentItem key={assignment.id} assignment={assignment} session={session} context={context} />
          ))}
        </div>
      ) : null}
    </li>
  );
}

function ModuleCard({
  view,
  context,
  panel,
  target,
  onPanel,
}: {
  view: ModuleView;
  context: CourseworkContext;
  panel: SidebarPanel | null;
  target: SidebarTarget;
  onPanel: (panel: SidebarPanel, target: SidebarTarget) => void;
}) {
  const { module } = view;
  const titleId = `module-${module.id}-title`;
  return (
    <section className="course-card module" aria-labelledby={titleId}>
      <header className="module__head">
        <div>
          <p className="module__index">Module {view.index}</p>
          <h3 id={titleId} className="module__title">
            {module.title}
          </h3>
        </div>
        {module.hasQuiz ? (
          <div className="module__actions">
            <button
              type="button"
              className="button button--quiet"
              onClick={() => onPanel('quiz-onboarding', { moduleId: module.id })}
            >
              Take quiz<span className="visually-hidden"> for {module.title}</span>
            </button>
            {module.certificateTitle ? (
              <button
                type="button"
                className="button button--quiet"
                onClick={() => onPanel('certificate', { moduleId: module.id })}
              >
                Certificate<span className="visually-hidden"> for {module.title}</span>
              </button>
            ) : null}
          </div>
        ) : null}
      </header>
      {view.sessions.length === 0 ? (
        <p className="empty-note">Sessions of this module are announced soon.</p>
      ) : (
        <ol className="sessions">
          {view.sessions.map((session) => (
            <SessionRow
              key={session.session.id}
              view={session}
              context={context}
              active={panel === 'session' && target.sessionId === session.session.id}
              onOpen={() => onPanel('session', { sessionId: session.session.id })}
            />
          ))}
        </ol>
      )}
    </section>
  );
}

function isModeratorFlagSet(): boolean {
  const value = readStoredText(STORAGE_KEYS.isModerator);
  return value !== null && value !== '' && value !== 'false' && value !== '0';
}

/** The course dashboard of one batch. */
function CourseDashboardView({ batchId, userId }: { batchId: number; userId: number | undefined }) {
  const session = useSession();
  const now = useNow();
  const args: CourseDashboardArgs = useMemo(
    () => (userId === undefined ? { batchId } : { batchId, userId }),
    [batchId, userId],
  );
  const dashboard = useGetCourseDashboardQuery(args);
  const details = useGetBatchDetailsQuery(batchId);
  const points = useGetAssignmentPointsQuery(batchId);
  const leaderboard = useGetLeaderboardQuery(batchId);
  const ownId = session?.user.id;
  const courses = useGetProfileCoursesQuery(ownId ?? skipToken);
  const [lockedByWrite, setLockedByWrite] = useState(false);
  const locked =
    lockedByWrite ||
    [dashboard.error, details.error, points.error, leaderboard.error].some((error) => isInstalmentDue(error));
  const pending = useGetPendingPaymentsQuery(locked && ownId !== undefined ? ownId : skipToken);
  const [open, setOpen] = useState<{ panel: SidebarPanel | null; target: SidebarTarget }>({
    panel: null,
    target: {},
  });
  const [dismissedForms, setDismissedForms] = useState<FeedbackType[]>([]);
  const [markSeen] = useMarkCertificateModalSeenMutation();

  const data = dashboard.currentData;
  const opened = data !== undefined && !data.isModeratorView;
  // Spec §3 local storage `courseId`: the course last opened, which `/dashboard/course` reopens.
  useEffect(() => {
    if (opened) writeStoredText(STORAGE_KEYS.courseId, String(batchId));
  }, [opened, batchId]);
  const modules = useMemo(() => (data ? moduleViews(data, now) : []), [data, now]);
  const sessions = allSessions(modules);
  const readOnly = data?.isModeratorView ?? false;
  const today = toWireDate(now);

  // A moderator's view shows the learner's course alone: the switcher lists the signed-in user's courses.
  const switcher =
    courses.currentData && !readOnly ? (
      <CourseSwitcher courses={courses.currentData.enrolledCourses} batchId={batchId} now={now} />
    ) : null;
  const courseTitle =
    courses.currentData?.enrolledCourses.find((course) => course.Batch.id === batchId)?.Batch.Workshop
      .title ?? null;

  if (locked) {
    return (
      <div className="course-dash">
        <div className="container course-dash__body">
          {switcher}
          <LockScreen
            batchId={batchId}
            courseTitle={data?.course.name ?? courseTitle}
            pending={pending.currentData}
            pendingLoading={pending.isLoading}
            now={now}
          />
        </div>
      </div>
    );
  }
  if (dashboard.isError && isNotFound(dashboard.error)) return <NotInDashboard />;
  if (dashboard.isError) {
    return (
      <div className="container course-dash__body">
        {switcher}
        <ErrorNote what="Your course" error={dashboard.error} onRetry={() => void dashboard.refetch()} />
      </div>
    );
  }
  if (!data) return <Skeleton />;

  const context: CourseworkContext = { batchId, readOnly, today, onLocked: () => setLockedByWrite(true) };
  const onPanel = (panel: SidebarPanel | null, target: SidebarTarget = {}) => setOpen({ panel, target });

  const overdue = overdueAssignments(
    sessions.map((view) => view.session),
    now,
  ).map((assignment) => {
    const owner = sessions.find((view) => view.session.Assignments.includes(assignment));
    return {
      assignment,
      label: owner?.label ?? '',
      sessionTitle: owner?.session.title ?? '',
      due: owner?.session.assignmentLastDate ?? '',
    };
  });

  // One popup at a time: a due certificate first, then a due feedback form.
  const certModule = readOnly
    ? null
    : (modules.find((view) => view.module.Modals.some((modal) => !modal.isSeen))?.module ?? null);
  const forms = feedbackFormsDue(
    sessions.map((view) => view.session),
    data.feedbackRatings,
    now,
    readOnly || isModeratorFlagSet(),
  ).filter((type) => !dismissedForms.includes(type));
  const form = certModule ? null : (forms[0] ?? null);

  return (
    <div className="course-dash">
      {readOnly ? (
        <div className="moderator-banner" role="note">
          <div className="container">
            <strong>Read-only view.</strong> You are looking at this learner’s course as a moderator: nothing
            can be submitted, changed or deleted here.
          </div>
        </div>
      ) : null}
      <div className="course-dash__top">
        <div className="container">
          {switcher}
          <CourseHeader dashboard={data} details={details.currentData} sessions={sessions} now={now} />
        </div>
      </div>
      <div className="container course-dash__body course-dash__layout">
        <div className="course-dash__main">
          <OverdueList overdue={overdue} />
          <section className="course-dash__section" aria-labelledby="modules-title">
            <h2 id="modules-title" className="section-title section-title--small">
              Modules and sessions
            </h2>
            {modules.length === 0 ? (
              <p className="empty-note">The course plan is on its way: modules and sessions appear here.</p>
            ) : (
              modules.map((view) => (
                <ModuleCard
                  key={view.module.id}
                  view={view}
                  context={context}
                  panel={open.panel}
                  target={open.target}
                  onPanel={onPanel}
                />
              ))
            )}
          </section>
          <section className="course-card" aria-labelledby="leaderboard-title">
            <h2 id="leaderboard-title" className="course-card__title">
              Leaderboard
            </h2>
            {leaderboard.isLoading ? (
              <div className="skeleton skeleton--card" aria-hidden="true" />
            ) : leaderboard.isError ? (
              <ErrorNote
                what="The leaderboard"
                error={leaderboard.error}
                onRetry={() => void leaderboard.refetch()}
              />
            ) : (
              <LeaderboardChart rows={leaderboard.currentData ?? []} points={points.currentData} />
            )}
          </section>
        </div>
        <CourseSidebar
          dashboard={data}
          batchId={batchId}
          panel={open.panel}
          target={open.target}
          onPanel={onPanel}
          readOnly={readOnly}
          learnerId={userId}
        />
      </div>
      {certModule ? (
        <CertificatePopup
          key={certModule.id}
          title={certModule.certificateTitle ?? certModule.title}
          onGet={() => {
            void markSeen({ dashboard: args, moduleId: certModule.id });
            onPanel('certificate', { moduleId: certModule.id });
          }}
          onClose={() => void markSeen({ dashboard: args, moduleId: certModule.id })}
        />
      ) : form ? (
        <FeedbackDialog
          key={form}
          type={form}
          dashboard={args}
          onLocked={() => setLockedByWrite(true)}
          onClose={() => setDismissedForms((list) => [...list, form])}
        />
      ) : null}
    </div>
  );
}

/**
 * `/dashboard/course` without a batch: the only dropdown course opens by itself (spec §4); with
 * several, the one last opened (if still in the dropdown); else the learner chooses.
 */
function CourseChooser() {
  const session = useSession();
  const now = useNow();
  const courses = useGetProfileCoursesQuery(session?.user.id ?? skipToken);
  if (courses.isError) {
    return (
      <div className="container course-dash__body">
        <ErrorNote what="Your courses" error={courses.error} onRetry={() => void courses.refetch()} />
      </div>
    );
  }
  if (!courses.currentData) return <Skeleton />;
  const arranged = switcherCourses(courses.currentData.enrolledCourses, now);
  if (arranged.selected) return <Navigate to={courseDashboardPath(arranged.selected.Batch.id)} replace />;
  const lastOpened = readId(readStoredText(STORAGE_KEYS.courseId));
  const reopen = arranged.courses.find((course) => course.isDropdown && course.Batch.id === lastOpened);
  if (reopen) return <Navigate to={courseDashboardPath(reopen.Batch.id)} replace />;
  return (
    <div className="container course-dash__body">
      <section className="course-card" aria-labelledby="choose-title">
        <h1 id="choose-title" className="course-card__title">
          Choose a course
        </h1>
        {arranged.courses.length === 0 ? (
          <>
            <p className="section-lede">You are not enrolled in a course yet.</p>
            <Link to="/courses-and-workshops" className="button button--primary">
              Browse courses and workshops
            </Link>
          </>
        ) : (
          <ul className="course-choices">
            {arranged.courses.map((course) => (
              <li key={course.Batch.id}>
                <Link className="text-link" to={courseDashboardPath(course.Batch.id)}>
                  {course.Batch.Workshop.title}
                </Link>{' '}
                {course.isCompleted ? <span className="chip chip--quiet">Completed</span> : null}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

/**
 * `/dashboard/course/:batchId` (spec §2, issue 15): the course dashboard — switcher, header with
 * the next session and JOIN, modules and sessions with their assignments, the leaderboard, the
 * feedback forms and certificate popups — beside the course sidebar (one panel at a time). A
 * moderator's read-only view passes the learner as `?userId=`. `/dashboard/course` picks the course.
 */
export function CourseDashboardPage() {
  const { batchId: raw } = useParams();
  const [search] = useSearchParams();
  if (raw === undefined) return <CourseChooser />;
  const batchId = readId(raw);
  if (batchId === null) return <NotInDashboard />;
  const userId = readId(search.get('userId')) ?? undefined;
  return <CourseDashboardView key={`${batchId}-${userId ?? ''}`} batchId={batchId} userId={userId} />;
}
