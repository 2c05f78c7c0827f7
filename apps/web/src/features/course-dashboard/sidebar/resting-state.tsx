import { courseTiming, formatSessionTime, nextSession } from '@atelier/domain';
import { ErrorNote, LoadingNote } from '../../../components/ui/load-states';
import { useMountInstant } from '../../../lib/hooks';
import { useGetSidebarCourseQuizzesQuery } from './api';
import { orderedModules, placedSessions } from './model';
import { ProgressRings } from './progress-rings';
import type { CourseSidebarProps } from './types';
import { courseQuizzesBody } from './use-quiz';

type RestingProps = Pick<CourseSidebarProps, 'dashboard' | 'batchId' | 'onPanel' | 'learnerId'>;

/** The next session of the course (today's, else the earliest future one). */
function NextSessionCard({ dashboard, onPanel }: Pick<RestingProps, 'dashboard' | 'onPanel'>) {
  const now = useMountInstant();
  const placed = placedSessions(dashboard);
  const next = nextSession(
    placed.map((p) => ({
      ...p,
      sessionDate: p.session.sessionDate,
      sessionStartTime: p.session.sessionStartTime,
    })),
    new Date(now),
  );
  return (
    <section className="sidebar-card" aria-labelledby="sidebar-next-session">
      <h2 id="sidebar-next-session" className="sidebar-card__title">
        Next session
      </h2>
      {next ? (
        <>
          <p className="sidebar-card__eyebrow">
            <span className="sidebar-chip">{next.label}</span>{' '}
            <time dateTime={next.session.sessionDate ?? undefined}>
              {formatSessionTime(next.session.sessionDate, next.session.sessionStartTime)}
            </time>
          </p>
          <p className="sidebar-card__lead">{next.session.title}</p>
          <button
            type="button"
            className="button button--quiet button--block"
            onClick={() => onPanel('session', { sessionId: next.session.id })}
          >
            Session details
          </button>
        </>
      ) : (
        <p className="sidebar-muted">
          No upcoming sessions. Recordings of past sessions are in the module list.
        </p>
      )}
    </section>
  );
}

/**
 * The sidebar with no panel open: the next session, the quiz progress rings, each module's quiz
 * and, once the course is over, its certificate.
 */
export function RestingState({ dashboard, batchId, onPanel, learnerId }: RestingProps) {
  const now = useMountInstant();
  const quizzes = useGetSidebarCourseQuizzesQuery(courseQuizzesBody(batchId, learnerId));
  const modulesWithQuiz = orderedModules(dashboard)
    .map((module, index) => ({ module, index: index + 1 }))
    .filter(({ module }) => module.hasQuiz);
  const completed =
    courseTiming(
      { Batch: { startDate: dashboard.batch.startDate, endDate: dashboard.batch.endDate } },
      new Date(now),
    ) === 'completed';
  return (
    <div className="sidebar-resting">
      <NextSessionCard dashboard={dashboard} onPanel={onPanel} />
      <section className="sidebar-card" aria-labelledby="sidebar-quiz-progress">
        <h2 id="sidebar-quiz-progress" className="sidebar-card__title">
          Quiz progress
        </h2>
        {quizzes.isLoading ? (
          <LoadingNote>Loading your quiz progress…</LoadingNote>
        ) : quizzes.error ? (
          <ErrorNote what="Quiz progress" error={quizzes.error} onRetry={() => void quizzes.refetch()} />
        ) : quizzes.data ? (
          <ProgressRings progress={quizzes.data.progress} />
        ) : null}
        {modulesWithQuiz.length > 0 ? (
          <ul className="sidebar-quiz-list">
            {modulesWithQuiz.map(({ module, index }) => {
              const quiz = quizzes.data?.modules.find((m) => m.cmId === module.id);
              const status = !quiz
                ? null
                : quiz.score.attempted
                  ? `${quiz.score.percentage}% · ${quiz.score.passed ? 'passed' : 'not passed'}`
                  : 'Not attempted';
              return (
                <li key={module.id} className="sidebar-quiz-list__item">
                  <span>
                    <span className="sidebar-quiz-list__name">
                      M{index} quiz: {module.title}
                    </span>
                    {status ? <span className="sidebar-muted"> {status}</span> : null}
                  </span>
                  <button
                    type="button"
                    className="button button--quiet sidebar-quiz-list__open"
                    aria-label={`Open the quiz of module ${index}: ${module.title}`}
                    onClick={() => onPanel('quiz-onboarding', { moduleId: module.id })}
                  >
                    Open
                  </button>
                </li>
              );
            })}
          </ul>
        ) : null}
      </section>
      {completed ? (
        <section className="sidebar-card" aria-labelledby="sidebar-course-certificate">
          <h2 id="sidebar-course-certificate" className="sidebar-card__title">
            Course certificate
          </h2>
          <p className="sidebar-muted">The course is complete. Download your certificate of completion.</p>
          <button
            type="button"
            className="button button--quiet button--block"
            onClick={() => onPanel('certificate', {})}
          >
            Get course certificate
          </button>
        </section>
      ) : null}
    </div>
  );
}
