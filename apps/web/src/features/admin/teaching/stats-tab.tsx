import { useGetTeachingProgressQuery, useGetTeachingQuizStatsQuery } from './teaching-api';
import { QueryState } from './query-state';

/** Quiz statistics per module quiz and each learner's progress in the batch. */
export function StatsTab({ batchId }: { batchId: number }) {
  const stats = useGetTeachingQuizStatsQuery(batchId);
  const progress = useGetTeachingProgressQuery(batchId);
  const pct = (value: number | null) => (value === null ? '—' : `${value} %`);
  return (
    <div className="teaching-stats">
      <h2 className="teaching__subtitle">Quizzes</h2>
      {!stats.data ? (
        <QueryState result={stats} what="quiz statistics" />
      ) : stats.data.modules.length === 0 ? (
        <p className="admin-muted">No module of this batch has a quiz yet.</p>
      ) : (
        stats.data.modules.map((m) => (
          <section key={m.moduleId} className="teaching-module" aria-label={`Quiz of ${m.module}`}>
            <h3 className="teaching__minor">
              {m.module}: {m.quiz}
            </h3>
            <dl className="teaching-figures">
              <div>
                <dt>Attempts</dt>
                <dd>{m.attempts}</dd>
              </div>
              <div>
                <dt>Finished</dt>
                <dd>
                  {m.attempted} of {stats.data?.learners ?? 0}
                </dd>
              </div>
              <div>
                <dt>Pass rate</dt>
                <dd>{pct(m.passRate)}</dd>
              </div>
              <div>
                <dt>Average score</dt>
                <dd>{pct(m.averageScore)}</dd>
              </div>
              <div>
                <dt>Pass mark</dt>
                <dd>{m.passPercentage} %</dd>
              </div>
            </dl>
            <table className="data-table__table">
              <caption className="visually-hidden">Questions of {m.quiz}</caption>
              <thead>
                <tr>
                  <th scope="col">Question</th>
                  <th scope="col">Answers</th>
                  <th scope="col">Right</th>
                </tr>
              </thead>
              <tbody>
                {m.perQuestion.map((q) => (
                  <tr key={q.questionId}>
                    <td>{q.question}</td>
                    <td>{q.answers}</td>
                    <td>
                      <meter
                        min={0}
                        max={100}
                        value={q.correctRate ?? 0}
                        aria-label={`Right answers: ${pct(q.correctRate)}`}
                      />{' '}
                      {pct(q.correctRate)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        ))
      )}
      <h2 className="teaching__subtitle">Learners' progress</h2>
      {!progress.data ? (
        <QueryState result={progress} what="progress" />
      ) : progress.data.learners.length === 0 ? (
        <p className="admin-muted">No learners are enrolled in this batch yet.</p>
      ) : (
        <div className="data-table__scroll">
          <table className="data-table__table">
            <caption className="visually-hidden">Learners' progress</caption>
            <thead>
              <tr>
                <th scope="col">Learner</th>
                <th scope="col">Attended (of {progress.data.totals.sessions})</th>
                <th scope="col">Answers (of {progress.data.totals.assignments})</th>
                <th scope="col">Reviewed</th>
                <th scope="col">Points (of {progress.data.totals.maxPoints})</th>
                <th scope="col">Quizzes passed (of {progress.data.totals.quizzes})</th>
              </tr>
            </thead>
            <tbody>
              {progress.data.learners.map((l) => (
                <tr key={l.id}>
                  <th scope="row">
                    {l.name ?? '—'}
                    <br />
                    <span className="admin-muted">{l.email}</span>
                  </th>
                  <td>{l.attended}</td>
                  <td>{l.submitted}</td>
                  <td>{l.reviewed}</td>
                  <td>{l.points}</td>
                  <td>{l.quizzesPassed}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
