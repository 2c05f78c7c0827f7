import {
  AdminInstalmentsBodySchema,
  type AdminBatch,
  type AdminInstalmentTemplate,
  type AdminInstalmentsBody,
} from '@atelier/contract';
import { useMemo, useState } from 'react';
import { useFieldArray, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import {
  FormAlert,
  FormSelectField,
  FormTextField,
  SubmitButton,
  useContractForm,
  type BodyField,
} from '../../../lib/forms';
import { UnsavedChangesGuard } from '../components/unsaved-changes';
import { useGetAdminBatchInstalmentsQuery, useSaveAdminBatchInstalmentsMutation } from './catalogue-api';
import { reportByPath, showFailure } from './form-paths';

interface RowValues {
  inr: string;
  usd: string;
  dueDate: string;
  dueAfterDays: string;
}
interface PlanValues {
  mode: string;
  items: RowValues[];
}

const F = (field: string, label: string) => ({ field, label }) as BodyField<PlanValues>;

function planFields(rows: number): Record<string, BodyField<PlanValues>> {
  const fields: Record<string, BodyField<PlanValues>> = {
    items: F('mode', 'Instalments:'),
    '*': F('mode', 'Instalments:'),
  };
  for (let i = 0; i < rows; i += 1) {
    fields[`items.${i}.amountInrMinor`] = F(`items.${i}.inr`, `Instalment ${i + 1} in INR`);
    fields[`items.${i}.amountUsdMinor`] = F(`items.${i}.usd`, `Instalment ${i + 1} in USD`);
    fields[`items.${i}.dueDate`] = F(`items.${i}.dueDate`, `Instalment ${i + 1}'s due date`);
    fields[`items.${i}.dueAfterDays`] = F(
      `items.${i}.dueAfterDays`,
      `Instalment ${i + 1}'s days after purchase`,
    );
  }
  return fields;
}

/** Rupees or dollars as typed → paise or cents (the schema says why when it is not a number). */
function minor(text: string): number | string {
  const value = text.trim();
  return /^\d+(\.\d{1,2})?$/.test(value) ? Math.round(Number(value) * 100) : value;
}

function planBodyOf(values: PlanValues): AdminInstalmentsBody {
  return {
    items: values.items.map((row) => ({
      amountInrMinor: minor(row.inr),
      amountUsdMinor: minor(row.usd),
      ...(values.mode === 'date'
        ? { dueDate: row.dueDate || null, dueAfterDays: null }
        : {
            dueDate: null,
            dueAfterDays: /^\d+$/.test(row.dueAfterDays)
              ? Number(row.dueAfterDays)
              : row.dueAfterDays || null,
          }),
    })),
  } as AdminInstalmentsBody;
}

const major = (value: number) => (value / 100).toFixed(value % 100 === 0 ? 0 : 2);

function valuesOf(plan: AdminInstalmentTemplate): PlanValues {
  const dated = plan.items.some((i) => i.dueDate !== null);
  return {
    mode: dated || (plan.items.length === 0 && plan.batch.sessionType === 1) ? 'date' : 'days',
    items: plan.items.map((i) => ({
      inr: major(i.amountInrMinor),
      usd: major(i.amountUsdMinor),
      dueDate: i.dueDate ?? '',
      dueAfterDays: i.dueAfterDays === null ? '' : String(i.dueAfterDays),
    })),
  };
}

function PlanForm({ plan, onSaved }: { plan: AdminInstalmentTemplate; onSaved: (message: string) => void }) {
  const [save, saving] = useSaveAdminBatchInstalmentsMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<PlanValues>(() => true)
        .superRefine((values, ctx) =>
          reportByPath(AdminInstalmentsBodySchema, planBodyOf(values), ctx, planFields(values.items.length)),
        ),
    [],
  );
  const form = useContractForm<PlanValues>(schema, valuesOf(plan));
  const rows = useFieldArray({ control: form.control, name: 'items' });
  const mode = form.watch('mode');
  const items = form.watch('items');
  const total = (key: 'inr' | 'usd') =>
    items.reduce((sum, row) => sum + (Number.isFinite(Number(row[key])) ? Number(row[key]) : 0), 0);

  const submit = async (values: PlanValues) => {
    setFormError(null);
    try {
      const saved = await save({ id: plan.batch.id, body: planBodyOf(values) }).unwrap();
      form.reset(valuesOf(saved));
      onSaved(
        saved.items.length === 0
          ? 'The instalment plan is removed.'
          : `The plan of ${saved.items.length} instalments is saved.`,
      );
    } catch (error) {
      setFormError(showFailure(error, form.setError, planFields(values.items.length)));
    }
  };
  const c = form.control;
  return (
    <form
      className="form catalogue-form"
      noValidate
      onSubmit={(event) => void form.handleSubmit(submit)(event)}
    >
      <UnsavedChangesGuard when={form.formState.isDirty} />
      {formError ? <FormAlert>{formError}</FormAlert> : null}
      <FormSelectField
        control={c}
        name="mode"
        label="Instalments fall due"
        hint={
          plan.batch.sessionType === 2
            ? 'A recorded batch is sold at any time: use days after purchase.'
            : 'The first is always due at purchase.'
        }
        options={[
          { value: 'date', label: 'On dates' },
          { value: 'days', label: 'Days after purchase' },
        ]}
      />
      {rows.fields.length === 0 ? (
        <p className="admin-muted">No instalment plan: the batch is paid in full.</p>
      ) : null}
      <div className="catalogue-rows">
        {rows.fields.map((row, index) => (
          <div className="catalogue-row" key={row.id}>
            <FormTextField
              control={c}
              name={`items.${index}.inr` as FieldPath<PlanValues>}
              label={`${index + 1}: ₹`}
              inputMode="decimal"
            />
            <FormTextField
              control={c}
              name={`items.${index}.usd` as FieldPath<PlanValues>}
              label={`${index + 1}: $`}
              inputMode="decimal"
            />
            {mode === 'date' ? (
              <FormTextField
                control={c}
                name={`items.${index}.dueDate` as FieldPath<PlanValues>}
                label={`${index + 1}: due on`}
                type="date"
              />
            ) : (
              <FormTextField
                control={c}
                name={`items.${index}.dueAfterDays` as FieldPath<PlanValues>}
                label={`${index + 1}: days after purchase`}
                inputMode="numeric"
              />
            )}
            <button
              type="button"
              className="button button--quiet button--small"
              aria-label={`Remove instalment ${index + 1}`}
              onClick={() => rows.remove(index)}
            >
              Remove
            </button>
          </div>
        ))}
      </div>
      <button
        type="button"
        className="button button--quiet"
        disabled={rows.fields.length >= 12}
        onClick={() =>
          rows.append({ inr: '', usd: '', dueDate: '', dueAfterDays: rows.fields.length === 0 ? '0' : '' })
        }
      >
        Add an instalment
      </button>
      <p className="admin-muted">
        Plan total: ₹{total('inr').toLocaleString('en-IN')} · ${total('usd').toLocaleString('en-IN')}
        {plan.batch.amount !== null
          ? ` (full price ₹${plan.batch.amount.toLocaleString('en-IN')}${plan.batch.dollar !== null ? ` · $${plan.batch.dollar}` : ''})`
          : ''}
        . The plan's total is its list price; it may differ from the full price.
      </p>
      <SubmitButton busy={saving.isLoading} busyLabel="Saving…">
        Save the plan
      </SubmitButton>
    </form>
  );
}

/** A batch's instalment plan template (issue 17 point 1): add, change and remove instalments, saved together. */
export function InstalmentsDialog({
  batch,
  onClose,
  onSaved,
}: {
  batch: AdminBatch;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const plan = useGetAdminBatchInstalmentsQuery(batch.id);
  return (
    <ModalDialog
      className="dialog admin-dialog catalogue-wide"
      labelledBy="plan-dialog-title"
      onClose={onClose}
    >
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <h2 id="plan-dialog-title" className="dialog__title">
          Instalments of {batch.name ?? `batch ${batch.id}`}
        </h2>
        {plan.isLoading ? (
          <p role="status">
            <span className="spinner" aria-hidden="true" /> Loading the plan…
          </p>
        ) : plan.error || !plan.data ? (
          <p role="alert" className="admin-message admin-message--alert">
            The plan could not be loaded.
          </p>
        ) : (
          <PlanForm plan={plan.data} onSaved={onSaved} />
        )}
      </div>
    </ModalDialog>
  );
}
