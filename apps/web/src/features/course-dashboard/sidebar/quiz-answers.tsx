import { answeredCorrectly, correctOptionId, optionLetter, orderedQuestions, pickedOptionId } from './model';
import { QuizFrame, type QuizPanelProps } from './quiz-frame';

/** Panel 5: every question with the learner's answer, the correct answer and the explanation. */
export function QuizAnswers(props: QuizPanelProps) {
  const { onPanel, readOnly } = props;
  const whose = readOnly ? "Learner's answer" : 'Your answer';
  return (
    <QuizFrame
      {...props}
      title={(quiz) => `${quiz.title}: answers`}
      back={{ label: 'Back to the result', onClick: () => onPanel('quiz-result', props.target) }}
    >
      {(quiz) => (
        <ol className="quiz-answers">
          {orderedQuestions(quiz).map((question, n) => {
            const options = [...question.CourseQuizOptions].sort((a, b) => a.sequence - b.sequence);
            const pickedId = pickedOptionId(question);
            const correctId = correctOptionId(question);
            const right = answeredCorrectly(question);
            const describe = (id: number | null) => {
              const i = options.findIndex((o) => o.id === id);
              const option = options[i];
              return option ? `${optionLetter(i)}. ${option.text}` : null;
            };
            return (
              <li
                key={question.id}
                className={`quiz-answer quiz-answer--${right === null ? 'open' : right ? 'correct' : 'wrong'}`}
              >
                <p className="quiz-answer__question">
                  <span className="visually-hidden">Question {n + 1}: </span>
                  {question.question}
                </p>
                <dl className="quiz-answer__facts">
                  <div>
                    <dt>{whose}</dt>
                    <dd>
                      {describe(pickedId) ?? 'Not answered'}
                      {right === null ? null : (
                        <span className={`sidebar-status sidebar-status--${right ? 'submitted' : 'wrong'}`}>
                          {right ? 'Correct' : 'Incorrect'}
                        </span>
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt>Correct answer</dt>
                    <dd>{describe(correctId) ?? 'Shown once the question is answered'}</dd>
                  </div>
                  {question.explanation ? (
                    <div>
                      <dt>Explanation</dt>
                      <dd>{question.explanation}</dd>
                    </div>
                  ) : null}
                </dl>
              </li>
            );
          })}
        </ol>
      )}
    </QuizFrame>
  );
}
