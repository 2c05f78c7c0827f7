import { useState } from 'react';
import { apiFormMessage } from '../../../lib/forms';
import { When } from '../components/cells';
import { useGetTeachingAttendanceQuery, useMarkTeachingAttendanceMutation } from './teaching-api';
import { QueryState } from './query-state';

/*
 * Attendance per session: learners down, sessions across. Each cell is a button that moves a mark
 * round — not marked → present → absent → not marked — saved at once; the counts are the server's.
 */

const NEXT = { none: true, present: false, absent: null } as const;
const LABEL = { none: 'not marked', present: 'present', absent: 'absent' } as const;
const SIGN = { none: '·', present: '✓', absent: '✗' } as const;

export function AttendanceTab({ batchId }: { batchId: number }) {
  const result = useGetTeachingAttendanceQuery(batchId);
  const [mark, state] = useMarkTeachingAttendanceMutation();
  const [error, setError] = useState<string | null>(null);
  if (!result.data) return <QueryState result={result} what="attendance" />;
  const { sessions, learners, marks } = result.data;
  if (sessions.length === 0)
    return <p className="admin-muted">No sessions yet: add them on the Curriculum tab.</p>;
  if (learners.length === 0)
    return <p className="admin-muted">No learners are enrolled in this batch yet.</p>;
  const markOf = (sessionId: number, userId: number): keyof typeof NEXT => {
    const found = marks.find((m) => m.sessionId === sessionId && m.userId === userId);
    return found ? (found.present ? 'present' : 'absent') : 'none';
  };

  return (
    <div>
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="data-table__scroll">
        <table className="data-table__table teaching-attendance">
          <caption className="visually-hidden">Attendance: learners by session</caption>
          <thead>
            <tr>
              <th scope="col">Learner</th>
              {sessions.map((s) => (
                <th key={s.id} scope="col">
                  <span className="teaching-attendance__session">{s.title}</span>
                  <br />
                  <When iso={s.sessionDate} />
                  <br />
                  <span className="admin-muted">
                    {s.present} present · {s.absent} absent
                  </span>
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {learners.map((l) => (
              <tr key={l.id}>
                <th scope="row">{l.name ?? l.email}</th>
                {sessions.map((s) => {
                  const current = markOf(s.id, l.id);
                  return (
                    <td key={s.id}>
                      <button
                        type="button"
                        className={`teaching-attendance__mark teaching-attendance__mark--${current}`}
                        aria-label={`${l.name ?? l.email} at ${s.title}: ${LABEL[current]}. Change.`}
                        disabled={state.isLoading}
                        onClick={() => {
                          setError(null);
                          mark({ id: s.id, body: { userId: l.id, present: NEXT[current] } })
                            .unwrap()
                            .catch((e: unknown) => setError(apiFormMessage(e)));
                        }}
                      >
                        {SIGN[current]}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
