import { answeredCount, orderedQuestions } from './model';
import { QuizFrame, type QuizPanelProps } from './quiz-frame';

/** Panel 2: what the quiz is (questions, pass mark, attempt) and the way in. */
export function QuizOnboarding(props: QuizPanelProps) {
  const { onPanel, target, readOnly } = props;
  const to = (panel: 'quiz-questions' | 'quiz-result' | 'quiz-answers') =>
    onPanel(panel, { moduleId: target.moduleId });
  return (
    <QuizFrame {...props}>
      {(quiz) => {
        const questions = orderedQuestions(quiz);
        const answered = answeredCount(questions);
        return (
          <>
            <dl className="sidebar-facts">
              <div>
                <dt>Questions</dt>
                <dd>{questions.length}</dd>
              </div>
              <div>
                <dt>Pass mark</dt>
                <dd>{quiz.passPercentage}%</dd>
              </div>
              <div>
                <dt>Attempt</dt>
                <dd>{quiz.attempt}</dd>
              </div>
            </dl>
            {readOnly ? (
              <>
                <p className="sidebar-muted">
                  {quiz.score.attempted
                    ? `The learner scored ${quiz.score.percentage}% (${quiz.score.correct} of ${quiz.score.total}).`
                    : `The learner has answered ${answered} of ${questions.length} questions.`}
                </p>
                <div className="sidebar-actions">
                  {quiz.score.attempted ? (
                    <button
                      type="button"
                      className="button button--primary button--block"
                      onClick={() => to('quiz-result')}
                    >
                      View result
                    </button>
                  ) : null}
                  <button
                    type="button"
                    className="button button--quiet button--block"
                    onClick={() => to('quiz-answers')}
                  >
                    View answers
                  </button>
                </div>
              </>
            ) : quiz.score.attempted ? (
              <>
                <p className="sidebar-text">
                  You have answered every question of this attempt and scored {quiz.score.percentage}%.
                </p>
                <div className="sidebar-actions">
                  <button
                    type="button"
                    className="button button--primary button--block"
                    onClick={() => to('quiz-result')}
                  >
                    View result
                  </button>
                </div>
              </>
            ) : (
              <>
                <p className="sidebar-text">
                  {answered > 0
                    ? `You have answered ${answered} of ${questions.length} questions. Carry on where you left off.`
                    : `Answer each question to see at once whether it is right. Score ${quiz.passPercentage}% or more to pass${quiz.certificateTitle ? ' and earn the module certificate' : ''}.`}
                </p>
                <div className="sidebar-actions">
                  <button
                    type="button"
                    className="button button--primary button--block"
                    onClick={() => to('quiz-questions')}
                  >
                    {answered > 0 ? 'Continue quiz' : 'Start quiz'}
                  </button>
                </div>
              </>
            )}
          </>
        );
      }}
    </QuizFrame>
  );
}
