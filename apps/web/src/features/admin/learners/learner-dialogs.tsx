import {
  AdminCoinsBodySchema,
  AdminEnrolBodySchema,
  AdminMoveBodySchema,
  AdminPayoutSettleBodySchema,
  AdminRevokeBodySchema,
  type AdminBatchOption,
  type BodyOf,
} from '@atelier/contract';
import type { BodyField } from '../../../lib/forms';
import { ActionDialog } from './action-dialog';
import {
  useAdjustLearnerCoinsMutation,
  useEnrolLearnerMutation,
  useMoveEnrolmentMutation,
  useRevokeEnrolmentMutation,
  useSettlePayoutMutation,
} from './learners-api';
import { batchLabel, money, toMinor } from './format';

/* The learner actions' dialogs (issue 17 point 3), each an `ActionDialog` on its contract body. */

interface Done {
  onClose: () => void;
  onDone: (message: string) => void;
}

// ---------------------------------------------------------------------------------------------
// Enrol (free or paid offline)
// ---------------------------------------------------------------------------------------------

interface EnrolValues {
  mode: string;
  batchId: string;
  amount: string;
  currency: string;
  reference: string;
  reason: string;
}
const ENROL_FIELDS: Record<string, BodyField<EnrolValues>> = {
  mode: { field: 'mode', label: 'How', message: 'Choose free or paid offline.' },
  batchId: { field: 'batchId', label: 'Batch', message: 'Choose a batch.' },
  amountMinor: { field: 'amount', label: 'Amount received' },
  currency: { field: 'currency', label: 'Currency', message: 'Choose INR or USD.' },
  reference: { field: 'reference', label: 'Payment reference' },
  reason: { field: 'reason', label: 'Reason' },
};
function enrolBody(v: EnrolValues): Record<string, unknown> {
  const reason = v.reason.trim();
  if (v.mode === 'offline')
    return {
      mode: 'offline',
      batchId: Number(v.batchId) || undefined,
      amountMinor: toMinor(v.amount),
      currency: v.currency || undefined,
      reference: v.reference,
      ...(reason ? { reason } : {}),
    };
  return { mode: v.mode || undefined, batchId: Number(v.batchId) || undefined, reason: v.reason };
}

export function EnrolDialog({
  learner,
  learnerName,
  batches,
  onClose,
  onDone,
}: Done & { learner: number; learnerName: string; batches: readonly AdminBatchOption[] }) {
  const [enrol, state] = useEnrolLearnerMutation();
  const options = batches.map((b) => ({ value: String(b.id), label: batchLabel(b) }));
  const titleOf = (id: string) => options.find((o) => o.value === id)?.label ?? `batch ${id}`;
  return (
    <ActionDialog<EnrolValues>
      id="enrol"
      title={`Enrol ${learnerName}`}
      schema={AdminEnrolBodySchema}
      defaults={{ mode: 'free', batchId: '', amount: '', currency: 'INR', reference: '', reason: '' }}
      bodyFields={ENROL_FIELDS}
      toBody={enrolBody}
      fields={(v) => [
        {
          kind: 'choice',
          name: 'mode',
          legend: 'How',
          options: [
            { value: 'free', label: 'Free', description: 'A scholarship, a replacement, a guest.' },
            {
              value: 'offline',
              label: 'Paid offline',
              description: 'Bank transfer or cash: a paid order with its invoice is recorded.',
            },
          ],
        },
        { kind: 'select', name: 'batchId', label: 'Batch', placeholder: 'Choose a batch', options },
        ...(v.mode === 'offline'
          ? ([
              {
                kind: 'text',
                name: 'amount',
                label: 'Amount received',
                hint: 'In rupees or dollars, e.g. 2999 or 2999.50.',
                inputMode: 'decimal',
              },
              {
                kind: 'select',
                name: 'currency',
                label: 'Currency',
                placeholder: 'Choose',
                options: [
                  { value: 'INR', label: 'INR (₹)' },
                  { value: 'USD', label: 'USD ($)' },
                ],
              },
              {
                kind: 'text',
                name: 'reference',
                label: 'Payment reference',
                hint: 'The UTR, UPI or receipt number.',
              },
              { kind: 'textarea', name: 'reason', label: 'Note', optional: true },
            ] as const)
          : ([
              { kind: 'textarea', name: 'reason', label: 'Reason', hint: 'Why this seat is free.' },
            ] as const)),
      ]}
      confirmText={(v) =>
        v.mode === 'offline'
          ? `Enrol ${learnerName} in ${titleOf(v.batchId)} and record ${money(toMinor(v.amount), v.currency)} paid offline (reference ${v.reference.trim()})? A paid order, its invoice and receipt are created.`
          : `Enrol ${learnerName} in ${titleOf(v.batchId)} free of charge? The course appears on their dashboard at once.`
      }
      confirmLabel="Yes, enrol"
      submitLabel="Continue"
      busy={state.isLoading}
      send={async (body) => {
        const saved = await enrol({ id: learner, body: body as BodyOf<'adminLearnerEnrol'> }).unwrap();
        return `Enrolled in ${saved.workshop.title}${saved.orderId ? ` (order #${saved.orderId})` : ''}.`;
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Move and revoke
// ---------------------------------------------------------------------------------------------

export interface EnrolmentTarget {
  id: number;
  learnerId: number;
  learnerName: string;
  workshopId: number;
  workshop: string;
  batchId: number;
}

interface MoveValues {
  batchId: string;
  reason: string;
}
const MOVE_FIELDS: Record<string, BodyField<MoveValues>> = {
  batchId: { field: 'batchId', label: 'New batch', message: 'Choose the batch to move to.' },
  reason: { field: 'reason', label: 'Reason' },
};
const moveBody = (v: MoveValues) => ({ batchId: Number(v.batchId) || undefined, reason: v.reason });

export function MoveDialog({
  target,
  batches,
  onClose,
  onDone,
}: Done & { target: EnrolmentTarget; batches: readonly AdminBatchOption[] }) {
  const [move, state] = useMoveEnrolmentMutation();
  const options = batches
    .filter((b) => b.workshopId === target.workshopId && b.id !== target.batchId)
    .map((b) => ({ value: String(b.id), label: batchLabel(b) }));
  return (
    <ActionDialog<MoveValues>
      id="move"
      title={`Move ${target.learnerName}`}
      intro={
        <p>
          To another batch of {target.workshop}. Coursework done so far (assignments, quizzes, attendance)
          stays with the old batch; instalments follow the learner.
        </p>
      }
      schema={AdminMoveBodySchema}
      defaults={{ batchId: '', reason: '' }}
      bodyFields={MOVE_FIELDS}
      toBody={moveBody}
      fields={() => [
        {
          kind: 'select',
          name: 'batchId',
          label: 'New batch',
          placeholder: options.length ? 'Choose a batch' : 'No other active batch',
          options,
        },
        { kind: 'textarea', name: 'reason', label: 'Reason' },
      ]}
      confirmText={(v) =>
        `Move ${target.learnerName} to ${options.find((o) => o.value === v.batchId)?.label ?? 'that batch'}? Their dashboard shows the new batch at once.`
      }
      confirmLabel="Yes, move"
      submitLabel="Continue"
      busy={state.isLoading}
      send={async (body) => {
        await move({
          id: target.id,
          learnerId: target.learnerId,
          body: body as BodyOf<'adminEnrolmentMove'>,
        }).unwrap();
        return `${target.learnerName} moved.`;
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

interface ReasonValues {
  reason: string;
}
const REASON_FIELDS: Record<string, BodyField<ReasonValues>> = {
  reason: { field: 'reason', label: 'Reason' },
};
const reasonBody = (v: ReasonValues) => ({ reason: v.reason });

export function RevokeDialog({ target, onClose, onDone }: Done & { target: EnrolmentTarget }) {
  const [revoke, state] = useRevokeEnrolmentMutation();
  return (
    <ActionDialog<ReasonValues>
      id="revoke"
      title={`Revoke ${target.learnerName}'s access`}
      intro={<p>{target.workshop}. This is not a refund: money goes back through the order's refund.</p>}
      schema={AdminRevokeBodySchema}
      defaults={{ reason: '' }}
      bodyFields={REASON_FIELDS}
      toBody={reasonBody}
      fields={() => [{ kind: 'textarea', name: 'reason', label: 'Reason', hint: 'Kept in the audit log.' }]}
      confirmText={() =>
        `Revoke ${target.learnerName}'s access to ${target.workshop}? The course leaves their dashboard at once.`
      }
      confirmLabel="Yes, revoke access"
      destructive
      submitLabel="Continue"
      busy={state.isLoading}
      send={async (body) => {
        await revoke({
          id: target.id,
          learnerId: target.learnerId,
          body: body as BodyOf<'adminEnrolmentRevoke'>,
        }).unwrap();
        return `Access to ${target.workshop} revoked.`;
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Coins
// ---------------------------------------------------------------------------------------------

interface CoinsValues {
  coins: string;
  reason: string;
}
const COINS_FIELDS: Record<string, BodyField<CoinsValues>> = {
  coins: { field: 'coins', label: 'Coins' },
  reason: { field: 'reason', label: 'Reason' },
};
const coinsBody = (v: CoinsValues) => ({
  coins: v.coins.trim() === '' ? undefined : Number(v.coins),
  reason: v.reason,
});

export function CoinsDialog({
  learner,
  learnerName,
  balance,
  onClose,
  onDone,
}: Done & { learner: number; learnerName: string; balance: number }) {
  const [adjust, state] = useAdjustLearnerCoinsMutation();
  return (
    <ActionDialog<CoinsValues>
      id="coins"
      title={`Adjust ${learnerName}'s coins`}
      intro={<p>The wallet holds {balance} coins. It never goes below zero.</p>}
      schema={AdminCoinsBodySchema}
      defaults={{ coins: '', reason: '' }}
      bodyFields={COINS_FIELDS}
      toBody={coinsBody}
      fields={() => [
        {
          kind: 'text',
          name: 'coins',
          label: 'Coins',
          hint: 'Positive adds, negative takes (e.g. 100 or -50).',
          inputMode: 'numeric',
        },
        { kind: 'textarea', name: 'reason', label: 'Reason', hint: 'The learner sees it in their ledger.' },
      ]}
      confirmText={(v) => {
        const n = Number(v.coins);
        return n > 0
          ? `Add ${n} coins to ${learnerName}'s wallet (${balance} → ${balance + n})?`
          : `Take ${-n} coins from ${learnerName}'s wallet (${balance} → ${balance + n})?`;
      }}
      confirmLabel="Yes, adjust"
      submitLabel="Continue"
      busy={state.isLoading}
      send={async (body) => {
        const saved = await adjust({ id: learner, body: body as BodyOf<'adminLearnerCoins'> }).unwrap();
        return `The wallet now holds ${saved.balance} coins.`;
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}

// ---------------------------------------------------------------------------------------------
// Payout requests
// ---------------------------------------------------------------------------------------------

export interface PayoutTarget {
  id: number;
  learnerId: number;
  learnerName: string;
  coins: number;
  upiId: string | null;
}

interface SettleValues {
  outcome: string;
  reference: string;
  reason: string;
}
const SETTLE_FIELDS: Record<string, BodyField<SettleValues>> = {
  outcome: { field: 'outcome', label: 'Outcome', message: 'Choose paid or rejected.' },
  reference: { field: 'reference', label: 'UPI reference' },
  reason: { field: 'reason', label: 'Reason' },
};
const settleBody = (v: SettleValues) =>
  v.outcome === 'rejected'
    ? { outcome: 'rejected', reason: v.reason }
    : { outcome: v.outcome || undefined, reference: v.reference };

export function SettleDialog({ target, onClose, onDone }: Done & { target: PayoutTarget }) {
  const [settle, state] = useSettlePayoutMutation();
  return (
    <ActionDialog<SettleValues>
      id="settle"
      title={`Payout request #${target.id}`}
      intro={
        <p>
          {target.learnerName} asks for {target.coins} coins to {target.upiId ?? 'no UPI id'}.
        </p>
      }
      schema={AdminPayoutSettleBodySchema}
      defaults={{ outcome: '', reference: '', reason: '' }}
      bodyFields={SETTLE_FIELDS}
      toBody={settleBody}
      fields={(v) => [
        {
          kind: 'choice',
          name: 'outcome',
          legend: 'Outcome',
          options: [
            { value: 'paid', label: 'Paid', description: 'Sent by UPI; the held coins stay spent.' },
            { value: 'rejected', label: 'Reject', description: 'The held coins go back to the wallet.' },
          ],
        },
        ...(v.outcome === 'rejected'
          ? ([{ kind: 'textarea', name: 'reason', label: 'Reason' }] as const)
          : v.outcome === 'paid'
            ? ([
                { kind: 'text', name: 'reference', label: 'UPI reference', hint: 'The UPI transaction id.' },
              ] as const)
            : []),
      ]}
      confirmText={(v) =>
        v.outcome === 'rejected'
          ? `Reject this request? ${target.coins} coins go back to ${target.learnerName}'s wallet.`
          : `Mark ${target.coins} coins as paid to ${target.upiId ?? target.learnerName} (reference ${v.reference.trim()})?`
      }
      confirmLabel="Yes, settle"
      destructive={false}
      submitLabel="Continue"
      busy={state.isLoading}
      send={async (body) => {
        const saved = await settle({
          id: target.id,
          learnerId: target.learnerId,
          body: body as BodyOf<'adminPayoutSettle'>,
        }).unwrap();
        return `Payout request #${saved.id} is ${saved.status}.`;
      }}
      onClose={onClose}
      onDone={onDone}
    />
  );
}
