import { useEffect, useRef, useState, type FormEvent } from 'react';
import { apiFormMessage } from '../../../lib/forms';
import { useSubmitSidebarQuizAnswerMutation, type ModuleQuiz } from './api';
import {
  answeredCorrectly,
  answeredCount,
  correctOptionId,
  optionLetter,
  orderedQuestions,
  pickedOptionId,
  resumeIndex,
} from './model';
import { QuizFrame, type QuizPanelProps } from './quiz-frame';

interface StepperProps {
  quiz: ModuleQuiz;
  moduleId: number;
  onResult: () => void;
  refetch: () => void;
}

/** One question at a time: pick an option, submit, see at once whether it was right. */
function QuestionStepper({ quiz, moduleId, onResult, refetch }: StepperProps) {
  const questions = orderedQuestions(quiz);
  // Resume where the learner left off: the first question not yet answered in this attempt.
  const [index, setIndex] = useState(() => resumeIndex(questions));
  const [choices, setChoices] = useState<Record<number, number>>({});
  const [submit, submission] = useSubmitSidebarQuizAnswerMutation();
  const [failure, setFailure] = useState<{ questionId: number; message: string } | null>(null);
  const questionRef = useRef<HTMLSpanElement>(null);
  const feedbackRef = useRef<HTMLDivElement>(null);
  const [focusTarget, setFocusTarget] = useState<{ to: 'question' | 'feedback'; n: number } | null>(null);

  useEffect(() => {
    if (!focusTarget) return;
    (focusTarget.to === 'question' ? questionRef.current : feedbackRef.current)?.focus();
  }, [focusTarget]);

  const current = Math.min(index, questions.length - 1);
  const question = questions[current];
  if (!question) return null;
  const picked = pickedOptionId(question);
  const answered = picked !== null;
  const correctId = correctOptionId(question);
  const wasCorrect = answeredCorrectly(question);
  const chosen = answered ? picked : (choices[question.id] ?? null);
  const total = questions.length;
  const allAnswered = answeredCount(questions) === total;
  const firstOpen = questions.findIndex((q) => q.CourseQuizResponses.length === 0);
  const groupName = `quiz-${moduleId}-q-${question.id}`;

  const go = (to: number) => {
    setIndex(to);
    setFailure(null);
    setFocusTarget((f) => ({ to: 'question', n: (f?.n ?? 0) + 1 }));
  };

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (answered || chosen === null || submission.isLoading) return;
    setFailure(null);
    try {
      await submit({ moduleId, questionId: question.id, optionId: chosen }).unwrap();
      setFocusTarget((f) => ({ to: 'feedback', n: (f?.n ?? 0) + 1 }));
    } catch (error) {
      setFailure({ questionId: question.id, message: apiFormMessage(error) });
      // Already answered (another tab, a double click): load the stored answer and its feedback.
      if ((error as { status?: unknown }).status === 409) refetch();
    }
  };

  const options = [...question.CourseQuizOptions].sort((a, b) => a.sequence - b.sequence);
  const correctIndex = options.findIndex((o) => o.id === correctId);
  const correctOption = options[correctIndex];

  return (
    <form className="quiz-step" onSubmit={(event) => void onSubmit(event)} noValidate>
      <p className="quiz-step__progress">
        <span>
          Question {current + 1} of {total}
        </span>
        <progress
          max={total}
          value={answeredCount(questions)}
          aria-label={`${answeredCount(questions)} of ${total} answered`}
        />
      </p>
      <fieldset
        className="quiz-step__fieldset"
        aria-describedby={answered ? `${groupName}-feedback` : undefined}
      >
        <legend className="quiz-step__legend">
          <span className="visually-hidden">
            Question {current + 1} of {total}:{' '}
          </span>
          <span ref={questionRef} tabIndex={-1} className="quiz-step__question">
            {question.question}
          </span>
        </legend>
        <ul className="quiz-options">
          {options.map((option, i) => {
            const isPicked = chosen === option.id;
            const state = !answered
              ? isPicked
                ? 'chosen'
                : 'idle'
              : option.id === correctId
                ? 'correct'
                : option.id === picked
                  ? 'wrong'
                  : 'idle';
            return (
              <li key={option.id}>
                <label className={`quiz-option quiz-option--${state}`}>
                  <input
                    type="radio"
                    name={groupName}
                    value={option.id}
                    checked={isPicked}
                    disabled={answered || submission.isLoading}
                    onChange={() => setChoices((c) => ({ ...c, [question.id]: option.id }))}
                  />
                  <span className="quiz-option__letter" aria-hidden="true">
                    {optionLetter(i)}
                  </span>
                  <span className="quiz-option__text">{option.text}</span>
                  {answered && option.id === correctId ? (
                    <span className="quiz-option__tag">
                      {option.id === picked ? 'Your answer, correct' : 'Correct answer'}
                    </span>
                  ) : null}
                  {answered && option.id === picked && option.id !== correctId ? (
                    <span className="quiz-option__tag">Your answer</span>
                  ) : null}
                </label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      {answered ? (
        <div
          id={`${groupName}-feedback`}
          ref={feedbackRef}
          tabIndex={-1}
          role="status"
          className={`quiz-feedback quiz-feedback--${wasCorrect ? 'correct' : 'wrong'}`}
        >
          <p className="quiz-feedback__verdict">
            {wasCorrect ? 'Correct!' : 'Not quite.'}
            {!wasCorrect && correctOption
              ? ` The correct answer is ${optionLetter(correctIndex)}: ${correctOption.text}.`
              : ''}
          </p>
          {question.explanation ? <p className="quiz-feedback__explanation">{question.explanation}</p> : null}
        </div>
      ) : null}
      {failure && failure.questionId === question.id ? (
        <p className="sidebar-error" role="alert">
          {failure.message}
        </p>
      ) : null}
      <div className="quiz-step__nav">
        <button
          type="button"
          className="button button--quiet"
          disabled={current === 0}
          onClick={() => go(current - 1)}
        >
          Previous
        </button>
        {!answered ? (
          <button
            type="submit"
            className="button button--primary"
            disabled={chosen === null || submission.isLoading}
          >
            {submission.isLoading ? 'Checking…' : 'Submit answer'}
          </button>
        ) : current < total - 1 ? (
          <button type="button" className="button button--primary" onClick={() => go(current + 1)}>
            Next
          </button>
        ) : allAnswered ? (
          <button type="button" className="button button--primary" onClick={onResult}>
            See your result
          </button>
        ) : (
          <button type="button" className="button button--primary" onClick={() => go(firstOpen)}>
            Go to question {firstOpen + 1}
          </button>
        )}
      </div>
      {!answered && current < total - 1 ? (
        <p className="quiz-step__skip">
          <button type="button" className="sidebar-link-button" onClick={() => go(current + 1)}>
            Skip for now
          </button>
        </p>
      ) : null}
    </form>
  );
}

/** Panel 3: the quiz, one question at a time, resuming at the first unanswered question. */
export function QuizQuestions(props: QuizPanelProps) {
  const { onPanel, target } = props;
  return (
    <QuizFrame
      {...props}
      back={{ label: 'About this quiz', onClick: () => onPanel('quiz-onboarding', target) }}
    >
      {(quiz, { moduleId, refetch }) => (
        <QuestionStepper
          key={`${moduleId}-${quiz.attempt}`}
          quiz={quiz}
          moduleId={moduleId}
          onResult={() => onPanel('quiz-result', { moduleId })}
          refetch={refetch}
        />
      )}
    </QuizFrame>
  );
}
