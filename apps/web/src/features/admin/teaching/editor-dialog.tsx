import { useMemo, useState } from 'react';
import type { FieldValues } from 'react-hook-form';
import { z } from 'zod';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import {
  FormAlert,
  FormSelectField,
  FormTextArea,
  FormTextField,
  reportBodyIssues,
  showApiFailure,
  SubmitButton,
  useContractForm,
  type BodyField,
} from '../../../lib/forms';
import { UnsavedChangesGuard } from '../components/unsaved-changes';

/*
 * One dialog for the curriculum's simple forms (module, session, assignment, quiz settings): the
 * fields as text, checked against the contract's body schema before sending, the server's field
 * errors beside their fields, and the unsaved-changes guard while edited.
 */

export interface FieldSpec {
  name: string;
  label: string;
  kind?: 'text' | 'textarea' | 'date' | 'time' | 'number' | 'url' | 'select';
  options?: readonly { value: string; label: string }[];
  hint?: string;
  optional?: boolean;
}

export type FormValues = Record<string, string>;

export function EditorDialog({
  title,
  fields,
  initial,
  schema,
  toBody,
  save,
  submitLabel,
  onClose,
  onSaved,
}: {
  title: string;
  fields: readonly FieldSpec[];
  initial: FormValues;
  schema: z.ZodType;
  toBody: (values: FormValues) => Record<string, unknown>;
  save: (body: Record<string, unknown>) => Promise<unknown>;
  submitLabel: string;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const bodyFields = useMemo(
    () =>
      Object.fromEntries(fields.map((f) => [f.name, { field: f.name, label: f.label }])) as Record<
        string,
        BodyField<FieldValues>
      >,
    [fields],
  );
  const check = useMemo(
    () =>
      z
        .custom<FormValues>(() => true)
        .superRefine((values, ctx) => reportBodyIssues(schema, toBody(values), ctx, bodyFields)),
    [schema, toBody, bodyFields],
  );
  const form = useContractForm<FormValues>(check, initial);

  const submit = async (values: FormValues) => {
    setFormError(null);
    setBusy(true);
    try {
      await save(toBody(values));
      form.reset(values);
      onSaved(`${title}: saved.`);
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, bodyFields));
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog className="dialog admin-dialog" labelledBy="teaching-editor-title" onClose={onClose}>
      <div className="dialog__card">
        <UnsavedChangesGuard when={form.formState.isDirty} />
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <h2 id="teaching-editor-title" className="dialog__title">
          {title}
        </h2>
        <form className="form" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          {fields.map((f) =>
            f.kind === 'textarea' ? (
              <FormTextArea
                key={f.name}
                control={form.control}
                name={f.name}
                label={f.label}
                hint={f.hint}
                optional={f.optional}
              />
            ) : f.kind === 'select' ? (
              <FormSelectField
                key={f.name}
                control={form.control}
                name={f.name}
                label={f.label}
                options={f.options ?? []}
                hint={f.hint}
              />
            ) : (
              <FormTextField
                key={f.name}
                control={form.control}
                name={f.name}
                label={f.label}
                hint={f.hint}
                optional={f.optional}
                type={f.kind === 'number' ? 'text' : (f.kind ?? 'text')}
                inputMode={f.kind === 'number' ? 'numeric' : undefined}
                autoComplete="off"
              />
            ),
          )}
          <SubmitButton busy={busy} busyLabel="Saving…">
            {submitLabel}
          </SubmitButton>
        </form>
      </div>
    </ModalDialog>
  );
}

/** `''` → null, else the trimmed text (optional fields the contract takes as null). */
export const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);
/** Digits → a number; anything else as typed (the contract's message names the problem). */
export const asNumber = (value: string | undefined) => {
  const text = value?.trim() ?? '';
  if (text === '') return undefined;
  return /^-?\d+$/.test(text) ? Number(text) : text;
};
