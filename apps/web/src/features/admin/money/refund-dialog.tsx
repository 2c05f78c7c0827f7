import { AdminRefundBodySchema, type BodyOf } from '@atelier/contract';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import {
  FormAlert,
  FormChoiceField,
  FormTextArea,
  FormTextField,
  reportBodyIssues,
  showApiFailure,
  SubmitButton,
  useContractForm,
  type BodyField,
} from '../../../lib/forms';
import { UnsavedChangesGuard } from '../components/unsaved-changes';
import { currencySign, money, toMinor } from './amounts';
import { useRefundAdminOrderMutation } from './money-api';

interface RefundValues {
  mode: string;
  amount: string;
  reason: string;
}

const BODY_FIELDS: Record<string, BodyField<RefundValues>> = {
  amountMinor: { field: 'amount', label: 'Amount' },
  reason: { field: 'reason', label: 'Reason' },
};

/** A new idempotency key: 128 random bits as hex (made once each time the dialog opens). */
export function newIdempotencyKey(): string {
  const bytes = new Uint8Array(16);
  crypto.getRandomValues(bytes);
  return Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
}

export interface RefundTarget {
  orderId: number;
  buyer: string;
  currency: string;
  /** What is left to refund on the captured payment, minor units. */
  leftMinor: number;
  capturedMinor: number;
}

/** The amount a form's values ask for: everything left, or the typed amount (null when not an amount). */
function amountOf(values: RefundValues, leftMinor: number): number | null {
  return values.mode === 'full' ? leftMinor : toMinor(values.amount);
}

/**
 * A refund of one order (issue 17 point 5): in full (what is left) or in part, with a reason; then
 * a confirmation naming the amount and the person. The dialog makes its idempotency key once when
 * it opens, so pressing again (a slow network, a double click, a retry after an error) asks for the
 * same refund and never a second one. The server's answer (over what is left, nothing captured)
 * shows in the dialog.
 */
export function RefundDialog({
  target,
  onClose,
  onRefunded,
}: {
  target: RefundTarget;
  onClose: () => void;
  onRefunded: (message: string) => void;
}) {
  const [refund, state] = useRefundAdminOrderMutation();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [confirming, setConfirming] = useState<number | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const { currency, leftMinor } = target;
  const left = money(leftMinor, currency);

  const schema = useMemo(
    () =>
      z
        .custom<RefundValues>(() => true)
        .superRefine((values, ctx) => {
          if (values.mode !== 'full' && values.mode !== 'partial') {
            ctx.addIssue({ code: 'custom', path: ['mode'], message: 'Choose a full or a partial refund.' });
            return;
          }
          const skip = new Set<string>();
          if (values.mode === 'partial') {
            const minor = toMinor(values.amount);
            let message: string | null = null;
            if (values.amount.trim() === '') message = 'Enter the amount to refund.';
            else if (minor === null)
              message = `Amount must be in ${currencySign(currency)}, at most two decimals.`;
            else if (minor <= 0) message = 'Amount must be more than 0.';
            else if (minor > leftMinor)
              message = `Amount must be at most ${left}: that is what is left to refund.`;
            if (message) {
              ctx.addIssue({ code: 'custom', path: ['amount'], message });
              skip.add('amount');
            }
          }
          reportBodyIssues(
            AdminRefundBodySchema,
            { reason: values.reason, idempotencyKey },
            ctx,
            BODY_FIELDS,
            skip,
          );
        }),
    [currency, leftMinor, left, idempotencyKey],
  );
  const form = useContractForm<RefundValues>(schema, { mode: '', amount: '', reason: '' });

  const ask = (values: RefundValues) => {
    setFormError(null);
    setConfirming(amountOf(values, leftMinor));
  };

  const send = async () => {
    const values = form.getValues();
    setFormError(null);
    const body: BodyOf<'adminOrderRefund'> = {
      reason: values.reason.trim(),
      idempotencyKey,
      ...(values.mode === 'partial' ? { amountMinor: toMinor(values.amount) ?? 0 } : {}),
    };
    try {
      const done = await refund({ id: target.orderId, body }).unwrap();
      form.reset(values);
      onRefunded(
        `Refund of ${money(done.amountMinor, done.currency)} requested for order #${target.orderId}; ${money(done.leftMinor, done.currency)} left to refund.`,
      );
    } catch (error) {
      setConfirming(null);
      setFormError(showApiFailure(error, form.setError, BODY_FIELDS));
    }
  };

  return (
    <ModalDialog className="dialog admin-dialog" labelledBy="refund-title" onClose={onClose}>
      <UnsavedChangesGuard when={form.formState.isDirty && !state.isSuccess} />
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <h2 id="refund-title" className="dialog__title">
          Refund order #{target.orderId}
        </h2>
        <p className="dialog__text">
          {target.buyer} paid {money(target.capturedMinor, currency)}. <strong>{left}</strong> is left to
          refund.
        </p>
        {confirming !== null ? (
          <div className="money-confirm" role="alertdialog" aria-labelledby="refund-confirm-text">
            <p id="refund-confirm-text">
              Refund <strong>{money(confirming, currency)}</strong> to {target.buyer}? The payment provider is
              asked at once; a refund cannot be taken back.
              {confirming === leftMinor
                ? ' This refunds everything left: the learner loses the access it bought.'
                : ''}
            </p>
            <div className="admin-dialog__actions">
              <button type="button" className="button button--quiet" onClick={() => setConfirming(null)}>
                Back
              </button>
              <button
                type="button"
                className="button button--primary"
                disabled={state.isLoading}
                aria-busy={state.isLoading || undefined}
                onClick={() => void send()}
              >
                {state.isLoading ? 'Refunding…' : `Yes, refund ${money(confirming, currency)}`}
              </button>
            </div>
          </div>
        ) : (
          <form className="form" noValidate onSubmit={(event) => void form.handleSubmit(ask)(event)}>
            {formError ? <FormAlert>{formError}</FormAlert> : null}
            <FormChoiceField
              control={form.control}
              name="mode"
              legend="How much"
              options={[
                {
                  value: 'full',
                  label: `Everything left (${left})`,
                  description: 'The learner loses the access it bought.',
                },
                { value: 'partial', label: 'Part of it', description: 'The access stays.' },
              ]}
              variant="cards"
            />
            {form.watch('mode') === 'partial' ? (
              <FormTextField
                control={form.control}
                name="amount"
                label={`Amount (${currencySign(currency)})`}
                hint={`At most ${left}.`}
                inputMode="decimal"
                autoComplete="off"
              />
            ) : null}
            <FormTextArea
              control={form.control}
              name="reason"
              label="Reason"
              hint="3 to 500 characters; kept with the refund."
            />
            <SubmitButton busy={false} busyLabel="">
              Review the refund
            </SubmitButton>
          </form>
        )}
      </div>
    </ModalDialog>
  );
}
