import {
  TeachingGenerateBodySchema,
  type TeachingCurriculum,
  type TeachingGenerated,
} from '@atelier/contract';
import { useState } from 'react';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { apiFieldErrors, apiFormMessage, FormAlert, TextField } from '../../../lib/forms';
import { When } from '../components/cells';
import { UnsavedChangesGuard } from '../components/unsaved-changes';
import { asNumber } from './editor-dialog';
import { useGenerateTeachingSessionsMutation } from './teaching-api';

/*
 * The weekly session generator: from the batch's weekly schedule between two dates (the batch's
 * own by default), a preview of the sessions it would add to the module — days that already have a
 * session are left out — then "Create" adds them all at once.
 */

export function GenerateDialog({
  batchId,
  data,
  moduleId,
  onClose,
  onSaved,
}: {
  batchId: number;
  data: TeachingCurriculum;
  moduleId: number;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [generate, state] = useGenerateTeachingSessionsMutation();
  const [values, setValues] = useState({
    from: data.batch.startDate ?? '',
    to: data.batch.endDate ?? '',
    titlePrefix: 'Session',
    assignmentDueDays: '',
  });
  const [dirty, setDirty] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [preview, setPreview] = useState<TeachingGenerated | null>(null);
  const set = (name: keyof typeof values) => (value: string) => {
    setValues((v) => ({ ...v, [name]: value }));
    setDirty(true);
    setPreview(null);
  };

  const body = (create: boolean) => ({
    moduleId,
    ...(values.from ? { from: values.from } : {}),
    ...(values.to ? { to: values.to } : {}),
    titlePrefix: values.titlePrefix,
    assignmentDueDays: asNumber(values.assignmentDueDays) ?? null,
    create,
  });

  const run = async (create: boolean) => {
    setFormError(null);
    const checked = TeachingGenerateBodySchema.safeParse(body(create));
    if (!checked.success) {
      const found: Record<string, string> = {};
      for (const issue of checked.error.issues) found[String(issue.path[0])] ??= issue.message;
      setErrors(found);
      return;
    }
    setErrors({});
    try {
      const result = await generate({ id: batchId, body: body(create) as never }).unwrap();
      if (create) {
        setDirty(false);
        onSaved(`${result.sessions.length} weekly sessions added.`);
      } else setPreview(result);
    } catch (error) {
      setErrors(apiFieldErrors(error));
      setFormError(apiFormMessage(error));
    }
  };

  return (
    <ModalDialog className="dialog admin-dialog" labelledBy="generate-title" onClose={onClose}>
      <div className="dialog__card">
        <UnsavedChangesGuard when={dirty} />
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <h2 id="generate-title" className="dialog__title">
          Weekly sessions
        </h2>
        <p className="dialog__text">
          {data.schedules.length === 0
            ? 'This batch has no weekly schedule yet: an admin sets it on the batch.'
            : 'One session per weekly slot of the batch, dates in India time. Days that already have a session are skipped.'}
        </p>
        <form
          className="form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            void run(false);
          }}
        >
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <TextField
            label="From"
            type="date"
            value={values.from}
            onValueChange={set('from')}
            error={errors.from}
          />
          <TextField label="To" type="date" value={values.to} onValueChange={set('to')} error={errors.to} />
          <TextField
            label="Title prefix"
            value={values.titlePrefix}
            onValueChange={set('titlePrefix')}
            error={errors.titlePrefix}
            hint="Sessions are numbered after it: “Session 4”."
          />
          <TextField
            label="Assignments due after (days)"
            value={values.assignmentDueDays}
            onValueChange={set('assignmentDueDays')}
            error={errors.assignmentDueDays}
            inputMode="numeric"
            optional
          />
          <button type="submit" className="button" disabled={state.isLoading}>
            Preview
          </button>
        </form>
        {preview ? (
          <div className="teaching-preview" aria-live="polite">
            <p>
              {preview.sessions.length === 0
                ? 'No new sessions: every day of the schedule in this range already has one.'
                : `${preview.sessions.length} sessions to add:`}
            </p>
            <ul className="teaching-list">
              {preview.sessions.map((s) => (
                <li key={`${s.date}-${s.startTime}`}>
                  {s.title}: <When iso={s.date} /> {s.startTime}–{s.endTime}
                </li>
              ))}
            </ul>
            {preview.skipped.length > 0 ? (
              <p className="admin-muted">Skipped (already have a session): {preview.skipped.join(', ')}</p>
            ) : null}
            {preview.sessions.length > 0 ? (
              <button
                type="button"
                className="button button--primary"
                disabled={state.isLoading}
                onClick={() => void run(true)}
              >
                Create {preview.sessions.length} sessions
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
    </ModalDialog>
  );
}
