import { AdminCouponBodySchema, type AdminCoupon, type BodyOf } from '@atelier/contract';
import { useId, useMemo, useState } from 'react';
import { useController, type Control, type FieldPath } from 'react-hook-form';
import { z } from 'zod';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import {
  FormAlert,
  FormChoiceField,
  FormTextField,
  reportBodyIssues,
  showApiFailure,
  SubmitButton,
  useContractForm,
  type BodyField,
} from '../../../lib/forms';
import { UnsavedChangesGuard } from '../components/unsaved-changes';
import { toMajorText, toMinor } from './amounts';
import { useCreateAdminCouponMutation, useUpdateAdminCouponMutation } from './money-api';

export interface CouponValues {
  code: string;
  kind: string;
  percent: string;
  flatInr: string;
  flatUsd: string;
  maxClaims: string;
  startsAt: string;
  expiresAt: string;
  workshopIds: string;
  liveOnly: boolean;
  isActive: boolean;
}

const BODY_FIELDS: Record<string, BodyField<CouponValues>> = {
  code: { field: 'code', label: 'Code' },
  kind: { field: 'kind', label: 'Kind', message: 'Choose percent or flat.' },
  percent: { field: 'percent', label: 'Percent off' },
  flatInrMinor: { field: 'flatInr', label: 'Amount off in ₹' },
  flatUsdMinor: { field: 'flatUsd', label: 'Amount off in $' },
  maxClaims: { field: 'maxClaims', label: 'Uses' },
  startsAt: { field: 'startsAt', label: 'Valid from' },
  expiresAt: { field: 'expiresAt', label: 'Valid until' },
  workshopIds: { field: 'workshopIds', label: 'Workshops' },
};

const INDIA_LOCAL = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Asia/Kolkata',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  hourCycle: 'h23',
});

/** An instant as a `datetime-local` value in India time (`2026-11-01T09:30`). */
export function toIndiaLocal(iso: string | null): string {
  if (!iso) return '';
  const parts = Object.fromEntries(INDIA_LOCAL.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${parts.year}-${parts.month}-${parts.day}T${parts.hour}:${parts.minute}`;
}

/** A `datetime-local` value read as India time, as an instant with its offset; null when empty. */
export function fromIndiaLocal(local: string): string | null {
  if (!local.trim()) return null;
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/.test(local) ? `${local}:00+05:30` : local;
}

export function couponValuesOf(coupon: AdminCoupon | null): CouponValues {
  if (!coupon)
    return {
      code: '',
      kind: '',
      percent: '',
      flatInr: '',
      flatUsd: '',
      maxClaims: '',
      startsAt: '',
      expiresAt: '',
      workshopIds: '',
      liveOnly: false,
      isActive: true,
    };
  return {
    code: coupon.code,
    kind: coupon.kind,
    percent: coupon.percent === null ? '' : String(coupon.percent),
    flatInr: coupon.flatInrMinor === null ? '' : toMajorText(coupon.flatInrMinor),
    flatUsd: coupon.flatUsdMinor === null ? '' : toMajorText(coupon.flatUsdMinor),
    maxClaims: coupon.maxClaims === null ? '' : String(coupon.maxClaims),
    startsAt: toIndiaLocal(coupon.startsAt),
    expiresAt: toIndiaLocal(coupon.expiresAt),
    workshopIds: coupon.workshopIds.join(', '),
    liveOnly: coupon.liveOnly,
    isActive: coupon.isActive,
  };
}

/** A whole number typed, or the text itself (so the contract names what is wrong). */
const wholeOrText = (text: string): number | string | null =>
  text.trim() === '' ? null : /^\d{1,9}$/.test(text.trim()) ? Number(text.trim()) : text;

/** The request body of the form's values (amounts typed in ₹ / $ sent in paise / cents). */
export function couponBodyOf(values: CouponValues): Record<string, unknown> {
  const flat = values.kind === 'flat';
  const amount = (text: string) => (text.trim() === '' ? null : (toMinor(text) ?? -1));
  return {
    code: values.code.trim(),
    kind: values.kind,
    percent: values.kind === 'percent' ? wholeOrText(values.percent) : null,
    flatInrMinor: flat ? amount(values.flatInr) : null,
    flatUsdMinor: flat ? amount(values.flatUsd) : null,
    maxClaims: wholeOrText(values.maxClaims),
    startsAt: fromIndiaLocal(values.startsAt),
    expiresAt: fromIndiaLocal(values.expiresAt),
    workshopIds: values.workshopIds
      .split(/[\s,]+/)
      .filter(Boolean)
      .map((id) => (/^\d{1,9}$/.test(id) ? Number(id) : id)),
    liveOnly: values.liveOnly,
    isActive: values.isActive,
  };
}

/** The form's checks: the contract's coupon rules (checkout's), each beside its field. */
export const couponFormSchema = z
  .custom<CouponValues>(() => true)
  .superRefine((values, ctx) => {
    const skip = new Set<string>();
    for (const [field, text] of [
      ['flatInr', values.flatInr],
      ['flatUsd', values.flatUsd],
    ] as const) {
      if (values.kind === 'flat' && text.trim() !== '' && toMinor(text) === null) {
        ctx.addIssue({
          code: 'custom',
          path: [field],
          message: 'Amount must be a number with at most two decimals.',
        });
        skip.add(field);
      }
    }
    reportBodyIssues(AdminCouponBodySchema, couponBodyOf(values), ctx, BODY_FIELDS, skip);
  });

function FormCheckbox({
  control,
  name,
  label,
  hint,
}: {
  control: Control<CouponValues>;
  name: FieldPath<CouponValues>;
  label: string;
  hint: string;
}) {
  const id = useId();
  const { field } = useController({ control, name });
  const { ref, onChange, onBlur } = field;
  const value: unknown = field.value;
  return (
    <div className="form-field money-check">
      <input
        id={id}
        type="checkbox"
        name={name}
        checked={value === true}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
        ref={ref}
        aria-describedby={`${id}-hint`}
      />
      <label htmlFor={id}>{label}</label>
      <p className="form-field__hint" id={`${id}-hint`}>
        {hint}
      </p>
    </div>
  );
}

/**
 * A coupon's form (new, or edit of `coupon`) in a dialog: percent (1–100) or flat (₹ and/or $),
 * uses, validity window (India time), workshops, live batches only, active. Checked against the
 * contract's body schema — the rules checkout applies — before it is sent; unsaved edits are
 * guarded.
 */
export function CouponFormDialog({
  coupon,
  onClose,
  onSaved,
}: {
  coupon: AdminCoupon | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [create, created] = useCreateAdminCouponMutation();
  const [update, updated] = useUpdateAdminCouponMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const defaults = useMemo(() => couponValuesOf(coupon), [coupon]);
  const form = useContractForm<CouponValues>(couponFormSchema, defaults);
  const kind = form.watch('kind');
  const busy = created.isLoading || updated.isLoading;

  const submit = async (values: CouponValues) => {
    setFormError(null);
    const body = couponBodyOf(values) as BodyOf<'adminCouponCreate'>;
    try {
      const saved = coupon ? await update({ id: coupon.id, body }).unwrap() : await create(body).unwrap();
      form.reset(values);
      onSaved(coupon ? `Coupon ${saved.code} saved.` : `Coupon ${saved.code} created.`);
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, BODY_FIELDS));
    }
  };

  return (
    <ModalDialog
      className="dialog admin-dialog money-dialog--wide"
      labelledBy="coupon-form-title"
      onClose={onClose}
    >
      <UnsavedChangesGuard when={form.formState.isDirty} />
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <h2 id="coupon-form-title" className="dialog__title">
          {coupon ? `Edit coupon ${coupon.code}` : 'New coupon'}
        </h2>
        <form className="form" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormTextField
            control={form.control}
            name="code"
            label="Code"
            hint="3 to 40 letters, digits, - or _; buyers type it in any case."
            autoComplete="off"
          />
          <FormChoiceField
            control={form.control}
            name="kind"
            legend="Discount"
            options={[
              { value: 'percent', label: 'Percent off', description: 'A whole percentage, 1 to 100.' },
              { value: 'flat', label: 'Flat amount off', description: 'In ₹, in $, or both.' },
            ]}
            variant="pills"
          />
          {kind === 'percent' ? (
            <FormTextField control={form.control} name="percent" label="Percent off" inputMode="numeric" />
          ) : null}
          {kind === 'flat' ? (
            <div className="money-pair">
              <FormTextField
                control={form.control}
                name="flatInr"
                label="Amount off in ₹"
                inputMode="decimal"
                optional
              />
              <FormTextField
                control={form.control}
                name="flatUsd"
                label="Amount off in $"
                inputMode="decimal"
                hint="A currency without an amount cannot use the coupon."
                optional
              />
            </div>
          ) : null}
          <FormTextField
            control={form.control}
            name="maxClaims"
            label="Uses"
            hint="How many times it may be used in all; empty for no cap. Each person uses it once."
            inputMode="numeric"
            optional
          />
          <div className="money-pair">
            <FormTextField
              control={form.control}
              name="startsAt"
              label="Valid from"
              type="datetime-local"
              optional
            />
            <FormTextField
              control={form.control}
              name="expiresAt"
              label="Valid until"
              type="datetime-local"
              hint="India time."
              optional
            />
          </div>
          <FormTextField
            control={form.control}
            name="workshopIds"
            label="Workshops"
            hint="Workshop ids, separated by commas; empty for every workshop."
            optional
          />
          <FormCheckbox
            control={form.control}
            name="liveOnly"
            label="Live batches only"
            hint="Not for recordings or self-paced batches."
          />
          <FormCheckbox
            control={form.control}
            name="isActive"
            label="Active"
            hint="An inactive coupon is refused at checkout as if it did not exist."
          />
          <SubmitButton busy={busy} busyLabel="Saving…">
            {coupon ? 'Save the coupon' : 'Create the coupon'}
          </SubmitButton>
        </form>
      </div>
    </ModalDialog>
  );
}
