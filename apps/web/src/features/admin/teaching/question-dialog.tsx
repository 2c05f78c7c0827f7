import { TeachingQuestionBodySchema, type BodyOf, type TeachingQuizQuestion } from '@atelier/contract';
import { useMemo, useState } from 'react';
import { useController, useFieldArray } from 'react-hook-form';
import { z } from 'zod';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import {
  FormAlert,
  FormTextArea,
  FormTextField,
  reportBodyIssues,
  showApiFailure,
  SubmitButton,
  useContractForm,
  type BodyField,
} from '../../../lib/forms';
import { UnsavedChangesGuard } from '../components/unsaved-changes';
import { useCreateTeachingQuestionMutation, useUpdateTeachingQuestionMutation } from './teaching-api';

/*
 * A quiz question of the module's bank: its wording, an explanation shown after answering, 2–8
 * options and exactly one correct (a radio button per option). Once learners have answered, the
 * server keeps the options' number and the correct one: only the wording may change.
 */

interface QuestionValues {
  question: string;
  explanation: string;
  options: { text: string }[];
  correct: string;
}

const FIELDS: Record<string, BodyField<QuestionValues>> = {
  question: { field: 'question', label: 'Question' },
  explanation: { field: 'explanation', label: 'Explanation' },
  options: { field: 'correct', label: 'Options' },
};

function bodyOf(values: QuestionValues) {
  return {
    question: values.question,
    explanation: values.explanation.trim() ? values.explanation : null,
    options: values.options.map((o, i) => ({ text: o.text, isCorrect: String(i) === values.correct })),
  };
}

export function QuestionDialog({
  moduleId,
  question,
  onClose,
  onSaved,
}: {
  moduleId: number;
  question: TeachingQuizQuestion | undefined;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [create] = useCreateTeachingQuestionMutation();
  const [update] = useUpdateTeachingQuestionMutation();
  const [busy, setBusy] = useState(false);
  const [formError, setFormError] = useState<string | null>(null);
  const answered = (question?.answers ?? 0) > 0;
  const schema = useMemo(
    () =>
      z
        .custom<QuestionValues>(() => true)
        .superRefine((values, ctx) => {
          reportBodyIssues(TeachingQuestionBodySchema, bodyOf(values), ctx, FIELDS);
          values.options.forEach((o, i) => {
            if (!o.text.trim())
              ctx.addIssue({
                code: 'custom',
                path: ['options', i, 'text'],
                message: 'Write the option, or remove it.',
              });
          });
        }),
    [],
  );
  const form = useContractForm<QuestionValues>(schema, {
    question: question?.question ?? '',
    explanation: question?.explanation ?? '',
    options: question?.options.map((o) => ({ text: o.text })) ?? [{ text: '' }, { text: '' }],
    correct: question ? String(question.options.findIndex((o) => o.isCorrect)) : '',
  });
  const options = useFieldArray({ control: form.control, name: 'options' });
  const correct = useController({ control: form.control, name: 'correct' });

  const submit = async (values: QuestionValues) => {
    setFormError(null);
    setBusy(true);
    try {
      const body = bodyOf(values) as BodyOf<'adminTeachingQuestionCreate'>;
      if (question) await update({ id: question.id, body }).unwrap();
      else await create({ id: moduleId, body }).unwrap();
      form.reset(values);
      onSaved(question ? 'Question saved.' : 'Question added.');
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, FIELDS));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog className="dialog admin-dialog" labelledBy="question-title" onClose={onClose}>
      <div className="dialog__card">
        <UnsavedChangesGuard when={form.formState.isDirty} />
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <h2 id="question-title" className="dialog__title">
          {question ? 'Edit the question' : 'New question'}
        </h2>
        {answered ? (
          <p className="dialog__text">
            Learners have answered it: you can change the wording, not which option is right.
          </p>
        ) : null}
        <form className="form" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormTextArea control={form.control} name="question" label="Question" />
          <fieldset className="teaching-options">
            <legend>Options (choose the one correct answer)</legend>
            {options.fields.map((field, i) => (
              <div key={field.id} className="teaching-options__row">
                <label className="teaching-options__correct">
                  <input
                    type="radio"
                    name="correct"
                    value={String(i)}
                    checked={correct.field.value === String(i)}
                    onChange={() => correct.field.onChange(String(i))}
                    disabled={answered}
                  />
                  <span className="visually-hidden">Option {i + 1} is the correct answer</span>
                </label>
                <FormTextField
                  control={form.control}
                  name={`options.${i}.text`}
                  label={`Option ${i + 1}`}
                  autoComplete="off"
                />
                {options.fields.length > 2 && !answered ? (
                  <button
                    type="button"
                    className="teaching-link"
                    onClick={() => {
                      options.remove(i);
                      if (correct.field.value === String(i)) correct.field.onChange('');
                      else if (Number(correct.field.value) > i)
                        correct.field.onChange(String(Number(correct.field.value) - 1));
                    }}
                  >
                    Remove option {i + 1}
                  </button>
                ) : null}
              </div>
            ))}
            {correct.fieldState.error ? (
              <p className="form-field__error" role="alert">
                {correct.fieldState.error.message}
              </p>
            ) : null}
            {options.fields.length < 8 && !answered ? (
              <button type="button" className="button" onClick={() => options.append({ text: '' })}>
                Add an option
              </button>
            ) : null}
          </fieldset>
          <FormTextArea
            control={form.control}
            name="explanation"
            label="Explanation"
            hint="Shown to the learner after they answer."
            optional
          />
          <SubmitButton busy={busy} busyLabel="Saving…">
            {question ? 'Save the question' : 'Add the question'}
          </SubmitButton>
        </form>
      </div>
    </ModalDialog>
  );
}
