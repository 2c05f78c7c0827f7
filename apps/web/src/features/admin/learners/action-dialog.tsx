import { useMemo, useState, type ReactNode } from 'react';
import type { FieldValues, Path, DefaultValues } from 'react-hook-form';
import { z } from 'zod';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import {
  FormAlert,
  FormChoiceField,
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
 * One dialog for every learner and staff action (issue 17 point 3): a form checked against the
 * contract's body schema before anything is sent (its messages inline, beside their fields), then
 * a confirmation that says in words what will happen, and only then the call. The server's
 * answer (a 409, a field error) brings the form back with what was typed. Leaving with edits asks
 * first (`UnsavedChangesGuard`).
 */

export type ActionField<TForm extends FieldValues> =
  | {
      kind: 'text';
      name: Path<TForm>;
      label: string;
      hint?: string;
      inputMode?: 'numeric' | 'decimal' | 'email';
    }
  | { kind: 'textarea'; name: Path<TForm>; label: string; hint?: string; optional?: boolean }
  | {
      kind: 'select';
      name: Path<TForm>;
      label: string;
      placeholder: string;
      options: readonly { value: string; label: string }[];
    }
  | {
      kind: 'choice';
      name: Path<TForm>;
      legend: string;
      options: readonly { value: string; label: string; description?: string }[];
    };

export interface ActionDialogProps<TForm extends FieldValues> {
  id: string;
  title: string;
  intro?: ReactNode;
  /** The contract's body schema. */
  schema: z.ZodType;
  defaults: DefaultValues<TForm>;
  fields: (values: TForm) => readonly ActionField<TForm>[];
  /** Body path → the form field and its label (for the contract's and the server's messages). */
  bodyFields: Record<string, BodyField<TForm>>;
  toBody: (values: TForm) => Record<string, unknown>;
  /** What will happen, in words, asked before the call. */
  confirmText: (values: TForm) => string;
  confirmLabel: string;
  /** Red confirm button (revoke, disable, reject). */
  destructive?: boolean;
  submitLabel: string;
  /** Sends the body; resolves to the sentence to show afterwards. */
  send: (body: Record<string, unknown>) => Promise<string>;
  busy: boolean;
  onClose: () => void;
  onDone: (message: string) => void;
}

export function ActionDialog<TForm extends FieldValues>(props: ActionDialogProps<TForm>) {
  const { id, title, intro, schema, defaults, bodyFields, toBody, send, busy, onClose, onDone } = props;
  const validator = useMemo(
    () =>
      z
        .custom<TForm>(() => true)
        .superRefine((values, ctx) => reportBodyIssues(schema, toBody(values), ctx, bodyFields)),
    [schema, toBody, bodyFields],
  );
  const form = useContractForm<TForm>(validator, defaults);
  const [confirming, setConfirming] = useState<TForm | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const values = form.watch();

  const confirm = async () => {
    if (!confirming) return;
    setFormError(null);
    try {
      const message = await send(toBody(confirming));
      form.reset(confirming);
      onDone(message);
    } catch (error) {
      setConfirming(null);
      setFormError(showApiFailure(error, form.setError, bodyFields));
    }
  };

  return (
    <ModalDialog className="dialog admin-dialog" labelledBy={`${id}-title`} onClose={onClose}>
      <UnsavedChangesGuard when={form.formState.isDirty && !form.formState.isSubmitSuccessful} />
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <h2 id={`${id}-title`} className="dialog__title">
          {title}
        </h2>
        {intro ? <div className="dialog__text">{intro}</div> : null}
        {confirming ? (
          <div className="learner-confirm" role="group" aria-labelledby={`${id}-confirm`}>
            <p id={`${id}-confirm`} className="learner-confirm__text">
              {props.confirmText(confirming)}
            </p>
            <div className="admin-dialog__actions">
              <button
                type="button"
                className={props.destructive ? 'button button--danger' : 'button button--primary'}
                onClick={() => void confirm()}
                disabled={busy}
                aria-busy={busy || undefined}
              >
                {busy ? 'Saving…' : props.confirmLabel}
              </button>
              <button
                type="button"
                className="button button--quiet"
                onClick={() => setConfirming(null)}
                disabled={busy}
              >
                Back
              </button>
            </div>
          </div>
        ) : (
          <form
            className="form"
            noValidate
            onSubmit={(event) =>
              void form.handleSubmit((checked) => {
                setFormError(null);
                setConfirming(checked);
              })(event)
            }
          >
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            {props.fields(values).map((field) => {
              switch (field.kind) {
                case 'text':
                  return (
                    <FormTextField
                      key={field.name}
                      control={form.control}
                      name={field.name}
                      label={field.label}
                      hint={field.hint}
                      inputMode={field.inputMode}
                    />
                  );
                case 'textarea':
                  return (
                    <FormTextArea
                      key={field.name}
                      control={form.control}
                      name={field.name}
                      label={field.label}
                      hint={field.hint}
                      optional={field.optional}
                    />
                  );
                case 'select':
                  return (
                    <FormSelectField
                      key={field.name}
                      control={form.control}
                      name={field.name}
                      label={field.label}
                      placeholder={field.placeholder}
                      options={field.options}
                    />
                  );
                case 'choice':
                  return (
                    <FormChoiceField
                      key={field.name}
                      control={form.control}
                      name={field.name}
                      legend={field.legend}
                      options={field.options}
                      variant="cards"
                    />
                  );
              }
            })}
            <SubmitButton busy={false} busyLabel="Checking…">
              {props.submitLabel}
            </SubmitButton>
          </form>
        )}
      </div>
    </ModalDialog>
  );
}
