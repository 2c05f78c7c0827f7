import type { ResponseOf } from '@atelier/contract';

type Leaderboard = ResponseOf<'leaderboard'>;
type Points = ResponseOf<'assignmentPoints'>;

/** Rows the chart draws: the top ten, plus the caller's own row when it falls below them. */
export function chartRows(rows: Leaderboard, limit = 10): Leaderboard {
  const top = rows.slice(0, limit);
  const you = rows.find((row) => row.isYou);
  return you && !top.includes(you) ? [...top, you] : top;
}

/**
 * The leaderboard as a horizontal bar chart drawn in CSS (no chart library): one bar per learner,
 * its length the score over the best score, the caller's own bar highlighted. The chart is
 * decoration for sighted readers (aria-hidden); the same figures are in a visually hidden table for
 * screen readers.
 */
export function LeaderboardChart({ rows, points }: { rows: Leaderboard; points: Points | undefined }) {
  const shown = chartRows(rows);
  const best = Math.max(1, ...shown.map((row) => row.score));
  const you = rows.find((row) => row.isYou);
  return (
    <div className="leaderboard">
      <div className="leaderboard__summary">
        <p>
          <span className="leaderboard__figure">{you ? `#${you.rank}` : '—'}</span>
          <span className="leaderboard__caption">Your rank</span>
        </p>
        <p>
          <span className="leaderboard__figure">{you?.score ?? 0}</span>
          <span className="leaderboard__caption">Your score</span>
        </p>
        {points ? (
          <p>
            <span className="leaderboard__figure">
              {points.totalPoints}/{points.maxPoints}
            </span>
            <span className="leaderboard__caption">Assignment points</span>
          </p>
        ) : null}
      </div>
      {shown.length === 0 ? (
        <p className="empty-note">
          No scores yet: they appear once assignments are reviewed and quizzes taken.
        </p>
      ) : (
        <>
          <ol className="leaderboard__bars" aria-hidden="true">
            {shown.map((row) => (
              <li
                key={`${row.rank}-${row.name}-${row.isYou ? 'you' : ''}`}
                className={`leaderboard__row ${row.isYou ? 'leaderboard__row--you' : ''}`}
              >
                <span className="leaderboard__rank">{row.rank}</span>
                <span className="leaderboard__name">
                  {row.name}
                  {row.isYou ? ' (you)' : ''}
                </span>
                <span className="leaderboard__track">
                  <span className="leaderboard__bar" style={{ width: `${(row.score / best) * 100}%` }} />
                </span>
                <span className="leaderboard__score">{row.score}</span>
              </li>
            ))}
          </ol>
          <table className="visually-hidden">
            <caption>Leaderboard: rank, learner and score</caption>
            <thead>
              <tr>
                <th scope="col">Rank</th>
                <th scope="col">Learner</th>
                <th scope="col">Score</th>
              </tr>
            </thead>
            <tbody>
              {shown.map((row) => (
                <tr key={`${row.rank}-${row.name}-${row.isYou ? 'you' : ''}`}>
                  <td>{row.rank}</td>
                  <th scope="row">{row.isYou ? `${row.name} (you)` : row.name}</th>
                  <td>{row.score}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </>
      )}
    </div>
  );
}
