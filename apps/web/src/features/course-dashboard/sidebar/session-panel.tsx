import { assignmentStatus, formatSessionTime } from '@atelier/domain';
import { formatDay } from '../../../lib/format';
import { placedSessions } from './model';
import { PanelFrame } from './panel-frame';
import type { CourseSidebarProps } from './types';

const SESSION_TYPE_WORDS: Record<number, string> = { 1: 'Live session', 2: 'Recorded session' };

/** Panel 1: one session's overview — label, title, time, description, recording, assignments. */
export function SessionPanel({
  dashboard,
  target,
  onPanel,
}: Pick<CourseSidebarProps, 'dashboard' | 'target' | 'onPanel'>) {
  const placed = placedSessions(dashboard).find((p) => p.session.id === target.sessionId);
  if (!placed) {
    return (
      <PanelFrame title="Session" onClose={() => onPanel(null)}>
        <p className="sidebar-muted">This session is not part of this course.</p>
      </PanelFrame>
    );
  }
  const { session, module, label } = placed;
  const when = formatSessionTime(session.sessionDate, session.sessionStartTime);
  return (
    <PanelFrame
      title={session.title}
      eyebrow={<span className="sidebar-chip">{label}</span>}
      onClose={() => onPanel(null)}
    >
      <dl className="sidebar-facts sidebar-facts--rows">
        <div>
          <dt>Module</dt>
          <dd>{module.title}</dd>
        </div>
        <div>
          <dt>When</dt>
          <dd>
            {when ? <time dateTime={session.sessionDate ?? undefined}>{when}</time> : 'Not scheduled yet'}
          </dd>
        </div>
        <div>
          <dt>Type</dt>
          <dd>{SESSION_TYPE_WORDS[session.type] ?? 'Session'}</dd>
        </div>
      </dl>
      {session.description ? <p className="sidebar-text">{session.description}</p> : null}
      {session.recordingUrl ? (
        <p>
          <a
            className="button button--quiet button--block"
            href={session.recordingUrl}
            target="_blank"
            rel="noopener noreferrer"
          >
            Watch the recording<span className="visually-hidden"> (opens in a new tab)</span>
          </a>
        </p>
      ) : null}
      <h3 className="sidebar-subtitle">Assignments</h3>
      {session.Assignments.length === 0 ? (
        <p className="sidebar-muted">No assignments for this session.</p>
      ) : (
        <ul className="sidebar-assignments">
          {session.Assignments.map((assignment) => {
            const status = assignmentStatus(assignment);
            const points = assignment.AssignmentResponses.find((r) => r.points !== null)?.points ?? null;
            return (
              <li key={assignment.id} className="sidebar-assignments__item">
                <span className="sidebar-assignments__title">{assignment.title}</span>
                <span className={`sidebar-status sidebar-status--${status}`}>
                  {status === 'submitted' ? 'Submitted' : 'Pending'}
                </span>
                {points !== null ? (
                  <span className="sidebar-muted">
                    {points} of {assignment.maxPoints} points
                  </span>
                ) : null}
              </li>
            );
          })}
        </ul>
      )}
      {session.assignmentLastDate && session.Assignments.length > 0 ? (
        <p className="sidebar-muted">Submit by {formatDay(session.assignmentLastDate)}</p>
      ) : null}
    </PanelFrame>
  );
}
