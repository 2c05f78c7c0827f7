import { AdminBatchBodySchema, type AdminBatch, type AdminBatchBody } from '@atelier/contract';
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
import { useCreateAdminBatchMutation, useUpdateAdminBatchMutation } from './catalogue-api';
import { numberOrNull, reportByPath, showFailure } from './form-paths';

interface ScheduleValues {
  day: string;
  startTime: string;
  endTime: string;
}

export interface BatchValues {
  name: string;
  startDate: string;
  endDate: string;
  sessionType: string;
  amount: string;
  dollar: string;
  slashAmount: string;
  slashDollar: string;
  capacity: string;
  zoomLink: string;
  active: string;
  schedules: ScheduleValues[];
}

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const F = (field: string, label: string) => ({ field, label }) as BodyField<BatchValues>;

/** Where each body path is shown; schedule rows by their index. */
function batchFields(rows: number): Record<string, BodyField<BatchValues>> {
  const fields: Record<string, BodyField<BatchValues>> = {
    name: F('name', 'Name'),
    startDate: F('startDate', 'Start date'),
    endDate: F('endDate', 'End date'),
    sessionType: F('sessionType', 'Session type'),
    amount: F('amount', 'Price in INR'),
    dollar: F('dollar', 'Price in USD'),
    slashAmount: F('slashAmount', 'Slashed price in INR'),
    slashDollar: F('slashDollar', 'Slashed price in USD'),
    capacity: F('capacity', 'Seats'),
    zoomLink: F('zoomLink', 'Meeting link'),
    isActive: F('active', 'Status'),
    '*': F('name', 'The batch'),
  };
  for (let i = 0; i < rows; i += 1) {
    fields[`schedules.${i}.day`] = F(`schedules.${i}.day`, `Slot ${i + 1}: the day`);
    fields[`schedules.${i}.startTime`] = F(`schedules.${i}.startTime`, `Slot ${i + 1}: the start`);
    fields[`schedules.${i}.endTime`] = F(`schedules.${i}.endTime`, `Slot ${i + 1}: the end`);
  }
  return fields;
}

export function batchBodyOf(values: BatchValues): AdminBatchBody {
  return {
    name: values.name.trim() || null,
    startDate: values.startDate || null,
    endDate: values.endDate || null,
    sessionType: numberOrNull(values.sessionType),
    amount: numberOrNull(values.amount),
    dollar: numberOrNull(values.dollar),
    slashAmount: numberOrNull(values.slashAmount),
    slashDollar: numberOrNull(values.slashDollar),
    capacity: numberOrNull(values.capacity),
    zoomLink: values.zoomLink.trim() || null,
    isActive: values.active === 'yes',
    schedules: values.schedules.map((s) => ({
      day: numberOrNull(s.day),
      startTime: s.startTime,
      endTime: s.endTime,
    })),
  } as AdminBatchBody;
}

const num = (value: number | null) => (value === null ? '' : String(value));

function valuesOf(batch: AdminBatch | null): BatchValues {
  return {
    name: batch?.name ?? '',
    startDate: batch?.startDate ?? '',
    endDate: batch?.endDate ?? '',
    sessionType: batch ? String(batch.sessionType) : '1',
    amount: num(batch?.amount ?? null),
    dollar: num(batch?.dollar ?? null),
    slashAmount: num(batch?.slashAmount ?? null),
    slashDollar: num(batch?.slashDollar ?? null),
    capacity: num(batch?.capacity ?? null),
    zoomLink: batch?.zoomLink ?? '',
    active: batch?.isActive === false ? 'no' : 'yes',
    schedules: (batch?.schedules ?? []).map((s) => ({
      day: String(s.day),
      startTime: s.startTime,
      endTime: s.endTime,
    })),
  };
}

/**
 * Create or edit a batch (issue 17 point 1): dates, session type, prices with slashed prices,
 * seats, meeting link, shown or hidden, and its weekly slots (add and remove rows). Checked against
 * the contract before it is sent; each slot's problem shows beside its own field.
 */
export function BatchDialog({
  workshopId,
  batch,
  onClose,
  onSaved,
}: {
  workshopId: number;
  batch: AdminBatch | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [create, creating] = useCreateAdminBatchMutation();
  const [update, updating] = useUpdateAdminBatchMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<BatchValues>(() => true)
        .superRefine((values, ctx) =>
          reportByPath(AdminBatchBodySchema, batchBodyOf(values), ctx, batchFields(values.schedules.length)),
        ),
    [],
  );
  const form = useContractForm<BatchValues>(schema, valuesOf(batch));
  const slots = useFieldArray({ control: form.control, name: 'schedules' });

  const submit = async (values: BatchValues) => {
    setFormError(null);
    const body = batchBodyOf(values);
    try {
      const saved = batch
        ? await update({ id: batch.id, body }).unwrap()
        : await create({ id: workshopId, body }).unwrap();
      form.reset(values);
      onSaved(`Batch ${saved.name ?? saved.id} saved.`);
    } catch (error) {
      setFormError(showFailure(error, form.setError, batchFields(values.schedules.length)));
    }
  };

  const c = form.control;
  return (
    <ModalDialog
      className="dialog admin-dialog catalogue-wide"
      labelledBy="batch-dialog-title"
      onClose={onClose}
    >
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <h2 id="batch-dialog-title" className="dialog__title">
          {batch ? `Edit batch ${batch.name ?? batch.id}` : 'New batch'}
        </h2>
        <form
          className="form catalogue-form"
          noValidate
          onSubmit={(event) => void form.handleSubmit(submit)(event)}
        >
          <UnsavedChangesGuard when={form.formState.isDirty} />
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <div className="catalogue-grid">
            <FormTextField control={c} name="name" label="Name" hint="E.g. January cohort." optional />
            <FormSelectField
              control={c}
              name="sessionType"
              label="Session type"
              options={[
                { value: '1', label: 'Live' },
                { value: '2', label: 'Recorded' },
              ]}
            />
            <FormSelectField
              control={c}
              name="active"
              label="Status"
              options={[
                { value: 'yes', label: 'Active: on sale' },
                { value: 'no', label: 'Inactive: hidden' },
              ]}
            />
            <FormTextField control={c} name="startDate" label="Start date" type="date" optional />
            <FormTextField control={c} name="endDate" label="End date" type="date" optional />
            <FormTextField
              control={c}
              name="capacity"
              label="Seats"
              hint="Empty: unlimited."
              inputMode="numeric"
              optional
            />
            <FormTextField control={c} name="amount" label="Price in INR" inputMode="numeric" optional />
            <FormTextField
              control={c}
              name="slashAmount"
              label="Slashed price in INR"
              inputMode="numeric"
              optional
            />
            <FormTextField control={c} name="dollar" label="Price in USD" inputMode="numeric" optional />
            <FormTextField
              control={c}
              name="slashDollar"
              label="Slashed price in USD"
              inputMode="numeric"
              optional
            />
          </div>
          <FormTextField
            control={c}
            name="zoomLink"
            label="Meeting link"
            hint="An https:// address."
            optional
          />
          <fieldset>
            <legend>Weekly schedule</legend>
            {slots.fields.length === 0 ? (
              <p className="admin-muted">No slots: the batch shows as coming soon.</p>
            ) : null}
            <div className="catalogue-rows">
              {slots.fields.map((slot, index) => (
                <div className="catalogue-row" key={slot.id}>
                  <FormSelectField
                    control={c}
                    name={`schedules.${index}.day` as FieldPath<BatchValues>}
                    label={`Slot ${index + 1}: day`}
                    options={WEEKDAYS.map((label, i) => ({ value: String(i + 1), label }))}
                  />
                  <FormTextField
                    control={c}
                    name={`schedules.${index}.startTime` as FieldPath<BatchValues>}
                    label={`Slot ${index + 1}: starts`}
                    type="time"
                  />
                  <FormTextField
                    control={c}
                    name={`schedules.${index}.endTime` as FieldPath<BatchValues>}
                    label={`Slot ${index + 1}: ends`}
                    type="time"
                  />
                  <button
                    type="button"
                    className="button button--quiet button--small"
                    aria-label={`Remove slot ${index + 1}`}
                    onClick={() => slots.remove(index)}
                  >
                    Remove
                  </button>
                </div>
              ))}
            </div>
            <button
              type="button"
              className="button button--quiet"
              disabled={slots.fields.length >= 14}
              onClick={() => slots.append({ day: '6', startTime: '10:00', endTime: '12:00' })}
            >
              Add a weekly slot
            </button>
          </fieldset>
          <SubmitButton busy={creating.isLoading || updating.isLoading} busyLabel="Saving…">
            {batch ? 'Save the batch' : 'Create the batch'}
          </SubmitButton>
        </form>
      </div>
    </ModalDialog>
  );
}
