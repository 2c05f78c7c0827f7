import { useState } from 'react';
import { apiFormMessage } from '../../../lib/forms';
import { useRetakeSidebarQuizMutation, type ModuleQuiz } from './api';
import { answeredCount, orderedQuestions } from './model';
import { QuizFrame, type QuizPanelProps } from './quiz-frame';
import type { SidebarPanel } from './types';

interface ResultProps {
  quiz: ModuleQuiz;
  moduleId: number;
  readOnly: boolean;
  to: (panel: SidebarPanel) => void;
}

function Result({ quiz, moduleId, readOnly, to }: ResultProps) {
  const [confirming, setConfirming] = useState(false);
  const [retake, retaking] = useRetakeSidebarQuizMutation();
  const { score } = quiz;
  const questions = orderedQuestions(quiz);
  const answered = answeredCount(questions);

  const onRetake = async () => {
    try {
      await retake({ moduleId }).unwrap();
      to('quiz-questions');
    } catch {
      // The error shows below the buttons.
    }
  };

  return (
    <>
      <div className={`quiz-score quiz-score--${score.passed ? 'passed' : 'failed'}`}>
        <p className="quiz-score__percentage">{score.percentage}%</p>
        <p className="quiz-score__count">
          {score.correct} of {score.total} correct
        </p>
        <p className="quiz-score__verdict">
          {!score.attempted
            ? `${answered} of ${questions.length} questions answered so far.`
            : score.passed
              ? `Passed — the pass mark is ${quiz.passPercentage}%.`
              : `Not passed — the pass mark is ${quiz.passPercentage}%.`}
        </p>
        <p className="sidebar-muted">Attempt {quiz.attempt}</p>
      </div>
      <div className="sidebar-actions">
        {!score.attempted && !readOnly ? (
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => to('quiz-questions')}
          >
            Continue quiz
          </button>
        ) : null}
        {score.attempted && score.passed && quiz.certificateTitle && !readOnly ? (
          <button
            type="button"
            className="button button--primary button--block"
            onClick={() => to('certificate')}
          >
            Get certificate
          </button>
        ) : null}
        <button
          type="button"
          className="button button--quiet button--block"
          onClick={() => to('quiz-answers')}
        >
          View answers
        </button>
        {!readOnly && answered > 0 && !confirming ? (
          <button
            type="button"
            className="button button--quiet button--block"
            onClick={() => setConfirming(true)}
          >
            Retake quiz
          </button>
        ) : null}
      </div>
      {confirming ? (
        <div className="quiz-confirm" role="group" aria-labelledby={`quiz-retake-${moduleId}`}>
          <p id={`quiz-retake-${moduleId}`} className="sidebar-text">
            Retake this quiz? Your answers of attempt {quiz.attempt} are cleared and attempt{' '}
            {quiz.attempt + 1} starts.
          </p>
          <div className="sidebar-actions sidebar-actions--row">
            <button
              type="button"
              className="button button--primary"
              disabled={retaking.isLoading}
              onClick={() => void onRetake()}
            >
              {retaking.isLoading ? 'Starting again…' : 'Yes, retake'}
            </button>
            <button
              type="button"
              className="button button--quiet"
              disabled={retaking.isLoading}
              onClick={() => setConfirming(false)}
            >
              Cancel
            </button>
          </div>
          {retaking.isError ? (
            <p className="sidebar-error" role="alert">
              The quiz could not be restarted. {apiFormMessage(retaking.error)}
            </p>
          ) : null}
        </div>
      ) : null}
    </>
  );
}

/** Panel 4: the score, pass or not, and what next — the answers, a retake, the certificate. */
export function QuizResult(props: QuizPanelProps) {
  const { onPanel, readOnly } = props;
  return (
    <QuizFrame {...props} title={(quiz) => `${quiz.title}: your result`}>
      {(quiz, { moduleId }) => (
        <Result
          quiz={quiz}
          moduleId={moduleId}
          readOnly={readOnly}
          to={(panel) => onPanel(panel, { moduleId })}
        />
      )}
    </QuizFrame>
  );
}
