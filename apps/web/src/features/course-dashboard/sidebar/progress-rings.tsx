/** One ring: a share of a full circle, with its value in the middle and a caption under it. */
function Ring({
  label,
  value,
  fraction,
  caption,
}: {
  label: string;
  value: string;
  fraction: number;
  caption: string;
}) {
  const radius = 34;
  const circumference = 2 * Math.PI * radius;
  const shown = Math.min(1, Math.max(0, Number.isFinite(fraction) ? fraction : 0));
  return (
    <li className="sidebar-ring">
      <svg viewBox="0 0 80 80" className="sidebar-ring__svg" role="img" aria-label={`${label}: ${caption}`}>
        <circle className="sidebar-ring__track" cx="40" cy="40" r={radius} />
        <circle
          className="sidebar-ring__value"
          cx="40"
          cy="40"
          r={radius}
          strokeDasharray={`${(shown * circumference).toFixed(2)} ${circumference.toFixed(2)}`}
          transform="rotate(-90 40 40)"
        />
        <text
          x="40"
          y="40"
          className="sidebar-ring__text"
          textAnchor="middle"
          dominantBaseline="central"
          aria-hidden="true"
        >
          {value}
        </text>
      </svg>
      <span className="sidebar-ring__label" aria-hidden="true">
        {label}
      </span>
    </li>
  );
}

export interface QuizProgress {
  overall: number;
  average: number;
  total: number;
  attempted: number;
  passed: number;
}

/**
 * The quiz progress rings of the course (spec §4 "Quiz"): overall progress (quizzes attempted),
 * the average score over attempted quizzes, and quizzes passed out of all.
 */
export function ProgressRings({ progress }: { progress: QuizProgress }) {
  return (
    <ul className="sidebar-rings" aria-label="Quiz progress">
      <Ring
        label="Overall progress"
        value={`${progress.overall}%`}
        fraction={progress.overall / 100}
        caption={`${progress.overall}% (${progress.attempted} of ${progress.total} quizzes attempted)`}
      />
      <Ring
        label="Average score"
        value={`${progress.average}%`}
        fraction={progress.average / 100}
        caption={`${progress.average}%`}
      />
      <Ring
        label="Quizzes passed"
        value={`${progress.passed}/${progress.total}`}
        fraction={progress.total > 0 ? progress.passed / progress.total : 0}
        caption={`${progress.passed} of ${progress.total}`}
      />
    </ul>
  );
}
