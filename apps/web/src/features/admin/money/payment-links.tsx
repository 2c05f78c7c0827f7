import {
  AdminPaymentLinkBodySchema,
  PAYMENT_LINK_STATUS_VALUES,
  type AdminPaymentLink,
  type BodyOf,
} from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
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
import { Chip, ConsolePage, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';
import { UnsavedChangesGuard } from '../components/unsaved-changes';
import { money, toMinor } from './amounts';
import { fromIndiaLocal } from './coupon-form';
import { useCreateAdminPaymentLinkMutation, useGetAdminPaymentLinksQuery } from './money-api';
import './money.css';

const col = createColumnHelper<AdminPaymentLink>();
const FILTERS = ['status'] as const;
const TONE: Record<string, string> = { paid: 'good', expired: 'muted' };

/** The whole address of a link, for copying (`https://…/pay/{token}`). */
const linkUrl = (path: string) => `${window.location.origin}${path}`;

/** Copies a link and says so beside the button. */
function CopyLink({ link }: { link: AdminPaymentLink }) {
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(linkUrl(link.path));
      setState('copied');
    } catch {
      setState('failed');
    }
  };
  return (
    <span className="money-row-actions">
      <button
        type="button"
        className="button button--quiet"
        aria-label={`Copy the link for ${link.purpose}`}
        onClick={() => void copy()}
      >
        Copy link
      </button>
      <span role="status" className="admin-muted">
        {state === 'copied' ? 'Copied.' : state === 'failed' ? `Copy failed: ${linkUrl(link.path)}` : ''}
      </span>
    </span>
  );
}

interface LinkValues {
  purpose: string;
  amount: string;
  currency: string;
  payeeName: string;
  payeeEmail: string;
  expiresAt: string;
}

const BODY_FIELDS: Record<string, BodyField<LinkValues>> = {
  purpose: { field: 'purpose', label: 'Purpose' },
  amountMinor: { field: 'amount', label: 'Amount' },
  currency: { field: 'currency', label: 'Currency', message: 'Choose ₹ or $.' },
  payeeName: { field: 'payeeName', label: 'Name' },
  payeeEmail: { field: 'payeeEmail', label: 'E-mail' },
  expiresAt: { field: 'expiresAt', label: 'Expires' },
};

function linkBodyOf(values: LinkValues): Record<string, unknown> {
  return {
    purpose: values.purpose.trim(),
    amountMinor: toMinor(values.amount) ?? values.amount,
    currency: values.currency,
    payeeName: values.payeeName.trim() || null,
    payeeEmail: values.payeeEmail.trim() || null,
    expiresAt: fromIndiaLocal(values.expiresAt),
  };
}

const linkSchema = z
  .custom<LinkValues>(() => true)
  .superRefine((values, ctx) => {
    const skip = new Set<string>();
    if (values.amount.trim() === '' || toMinor(values.amount) === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['amount'],
        message: 'Enter the amount, a number with at most two decimals.',
      });
      skip.add('amount');
    }
    reportBodyIssues(AdminPaymentLinkBodySchema, linkBodyOf(values), ctx, BODY_FIELDS, skip);
  });

/** A new payment link: what it is for, how much, for whom (optional), until when. */
function PaymentLinkDialog({
  onClose,
  onCreated,
}: {
  onClose: () => void;
  onCreated: (link: AdminPaymentLink) => void;
}) {
  const [create, state] = useCreateAdminPaymentLinkMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useContractForm<LinkValues>(linkSchema, {
    purpose: '',
    amount: '',
    currency: 'INR',
    payeeName: '',
    payeeEmail: '',
    expiresAt: '',
  });
  const submit = async (values: LinkValues) => {
    setFormError(null);
    try {
      const link = await create(linkBodyOf(values) as BodyOf<'adminPaymentLinkCreate'>).unwrap();
      form.reset(values);
      onCreated(link);
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, BODY_FIELDS));
    }
  };
  return (
    <ModalDialog className="dialog admin-dialog" labelledBy="link-form-title" onClose={onClose}>
      <UnsavedChangesGuard when={form.formState.isDirty} />
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <h2 id="link-form-title" className="dialog__title">
          New payment link
        </h2>
        <form className="form" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormTextField
            control={form.control}
            name="purpose"
            label="Purpose"
            hint="What the payer pays for; they see it."
          />
          <FormChoiceField
            control={form.control}
            name="currency"
            legend="Currency"
            options={[
              { value: 'INR', label: '₹ INR' },
              { value: 'USD', label: '$ USD' },
            ]}
            variant="pills"
          />
          <FormTextField control={form.control} name="amount" label="Amount" inputMode="decimal" />
          <FormTextField control={form.control} name="payeeName" label="Name" optional />
          <FormTextField
            control={form.control}
            name="payeeEmail"
            label="E-mail"
            type="email"
            hint="Tied to their account when one has this e-mail."
            optional
          />
          <FormTextField
            control={form.control}
            name="expiresAt"
            label="Expires"
            type="datetime-local"
            hint="India time; empty for never."
            optional
          />
          <SubmitButton busy={state.isLoading} busyLabel="Creating…">
            Create the link
          </SubmitButton>
        </form>
      </div>
    </ModalDialog>
  );
}

/** Payment links: their status, copy; create a new one. */
export function PaymentLinksPage() {
  const list = useListState('-createdAt', FILTERS);
  const result = useGetAdminPaymentLinksQuery(list.params);
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<AdminPaymentLink | null>(null);

  const columns = useMemo(
    () =>
      [
        col.accessor('purpose', {
          header: 'Purpose',
          cell: (c) => (
            <>
              {c.getValue()}
              <br />
              <span className="admin-muted">
                {c.row.original.payeeName ?? c.row.original.payeeEmail ?? 'anyone'}
              </span>
            </>
          ),
        }),
        col.accessor('amountMinor', {
          header: 'Amount',
          cell: (c) => <span className="money-num">{money(c.getValue(), c.row.original.currency)}</span>,
        }),
        col.accessor('status', {
          header: 'Status',
          cell: (c) => (
            <>
              <Chip tone={TONE[c.getValue()] ?? 'wait'}>{c.getValue()}</Chip>
              {c.row.original.paidOrderId ? (
                <>
                  {' '}
                  <Link to={`/admin/orders/${c.row.original.paidOrderId}`}>
                    #{c.row.original.paidOrderId}
                  </Link>
                </>
              ) : null}
            </>
          ),
        }),
        col.accessor('expiresAt', { header: 'Expires', cell: (c) => <When iso={c.getValue()} /> }),
        col.accessor('createdBy', { header: 'By', cell: (c) => <Text value={c.getValue()} /> }),
        col.accessor('createdAt', {
          id: 'createdAt',
          header: 'Created',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        col.display({
          id: 'copy',
          header: 'Link',
          cell: (c) => (c.row.original.status === 'open' ? <CopyLink link={c.row.original} /> : null),
        }),
      ] as ColumnDef<AdminPaymentLink, unknown>[],
    [],
  );

  return (
    <ConsolePage
      title="Payment links"
      intro="A link for an amount and a purpose; whoever holds it pays it once."
    >
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setCreated(null);
            setCreating(true);
          }}
        >
          New payment link
        </button>
      </p>
      {created ? (
        <div role="status" className="admin-message admin-message--status">
          Link created for {created.purpose} ({money(created.amountMinor, created.currency)}):{' '}
          <code>{linkUrl(created.path)}</code> <CopyLink link={created} />
        </div>
      ) : null}
      <DataTable
        caption="Payment links"
        columns={columns}
        sortable={['createdAt']}
        list={list}
        result={result}
        searchLabel="Search purpose or payee"
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: PAYMENT_LINK_STATUS_VALUES.map((value) => ({ value, label: value })),
          },
        ]}
        endpoint="adminPaymentLinks"
        exportName="payment-links.csv"
        emptyText="No payment links match."
        rowId={(row) => row.id}
      />
      {creating ? (
        <PaymentLinkDialog
          onClose={() => setCreating(false)}
          onCreated={(link) => {
            setCreating(false);
            setCreated(link);
          }}
        />
      ) : null}
    </ConsolePage>
  );
}
