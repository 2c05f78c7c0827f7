import type { AdminCoupon, BodyOf } from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { apiFormMessage } from '../../../lib/forms';
import { Chip, ConsolePage, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';
import { money } from './amounts';
import { couponBodyOf, couponValuesOf, CouponFormDialog } from './coupon-form';
import {
  useGetAdminCouponClaimsQuery,
  useGetAdminCouponsQuery,
  useUpdateAdminCouponMutation,
} from './money-api';
import './money.css';

const col = createColumnHelper<AdminCoupon>();
const FILTERS = ['active'] as const;

export function discountText(c: AdminCoupon): string {
  if (c.kind === 'percent') return `${c.percent ?? 0}% off`;
  const parts = [
    c.flatInrMinor !== null ? money(c.flatInrMinor, 'INR') : null,
    c.flatUsdMinor !== null ? money(c.flatUsdMinor, 'USD') : null,
  ].filter(Boolean);
  return `${parts.join(' / ')} off`;
}

/** Who reserved or used a coupon (its claims), under its row. */
function CouponClaims({ coupon }: { coupon: AdminCoupon }) {
  const claims = useGetAdminCouponClaimsQuery({ id: coupon.id });
  if (claims.isLoading) return <p role="status">Loading who used it…</p>;
  if (claims.error || !claims.data) return <p role="alert">The claims could not be loaded.</p>;
  if (claims.data.items.length === 0) return <p className="admin-muted">Nobody has used this coupon yet.</p>;
  return (
    <table className="money-table">
      <caption className="money-caption">
        Claims of {coupon.code} ({claims.data.total}
        {claims.data.total > claims.data.items.length ? `, the newest ${claims.data.items.length}` : ''})
      </caption>
      <thead>
        <tr>
          <th scope="col">Person</th>
          <th scope="col">Status</th>
          <th scope="col">Order</th>
          <th scope="col">When</th>
        </tr>
      </thead>
      <tbody>
        {claims.data.items.map((claim) => (
          <tr key={claim.id}>
            <td>
              <Text value={claim.user.name ?? claim.user.email} />
            </td>
            <td>
              <Chip tone={claim.status === 'used' ? 'good' : claim.status === 'released' ? 'muted' : 'wait'}>
                {claim.status}
              </Chip>
            </td>
            <td>
              {claim.orderId ? <Link to={`/admin/orders/${claim.orderId}`}>#{claim.orderId}</Link> : '—'}
            </td>
            <td>
              <When iso={claim.createdAt} />
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** Switching a coupon off (or on again), after a confirmation. */
function ActiveToggleDialog({
  coupon,
  onClose,
  onDone,
}: {
  coupon: AdminCoupon;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const [update, state] = useUpdateAdminCouponMutation();
  const [error, setError] = useState<string | null>(null);
  const on = !coupon.isActive;
  const confirm = async () => {
    setError(null);
    const body = couponBodyOf({ ...couponValuesOf(coupon), isActive: on }) as BodyOf<'adminCouponUpdate'>;
    try {
      await update({ id: coupon.id, body }).unwrap();
      onDone(on ? `Coupon ${coupon.code} is active again.` : `Coupon ${coupon.code} is deactivated.`);
    } catch (failure) {
      setError(apiFormMessage(failure));
    }
  };
  return (
    <ModalDialog className="dialog admin-dialog" labelledBy="coupon-toggle-title" onClose={onClose}>
      <div className="dialog__card">
        <h2 id="coupon-toggle-title" className="dialog__title">
          {on ? `Activate ${coupon.code}?` : `Deactivate ${coupon.code}?`}
        </h2>
        <p className="dialog__text">
          {on
            ? 'Buyers can use it again within its window and limits.'
            : 'Checkout refuses it from now on. Orders already paid with it keep their discount.'}
        </p>
        {error ? (
          <p role="alert" className="admin-message admin-message--alert">
            {error}
          </p>
        ) : null}
        <div className="admin-dialog__actions">
          <button type="button" className="button button--quiet" onClick={onClose}>
            Cancel
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={state.isLoading}
            aria-busy={state.isLoading || undefined}
            onClick={() => void confirm()}
          >
            {on ? 'Activate' : 'Deactivate'}
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}

/** Coupons: their terms and usage; create, edit, deactivate. */
export function CouponsPage() {
  const list = useListState('-createdAt', FILTERS);
  const result = useGetAdminCouponsQuery(list.params);
  const [editing, setEditing] = useState<AdminCoupon | 'new' | null>(null);
  const [toggling, setToggling] = useState<AdminCoupon | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const columns = useMemo(
    () =>
      [
        col.accessor('code', { id: 'code', header: 'Code', cell: (c) => <strong>{c.getValue()}</strong> }),
        col.display({ id: 'discount', header: 'Discount', cell: (c) => discountText(c.row.original) }),
        col.display({
          id: 'usage',
          header: 'Usage',
          cell: (c) => {
            const { usage, maxClaims } = c.row.original;
            return (
              <>
                {usage.used} used, {usage.reserved} reserved
                <br />
                <span className="admin-muted">
                  {usage.released} released · {maxClaims === null ? 'no cap' : `cap ${maxClaims}`}
                </span>
              </>
            );
          },
        }),
        col.display({
          id: 'window',
          header: 'Valid',
          cell: (c) => (
            <>
              <When iso={c.row.original.startsAt} /> – <When iso={c.row.original.expiresAt} />
            </>
          ),
        }),
        col.display({
          id: 'scope',
          header: 'Workshops',
          cell: (c) => {
            const { workshopIds, liveOnly } = c.row.original;
            return (
              <>
                {workshopIds.length === 0 ? 'All' : workshopIds.join(', ')}
                {liveOnly ? <span className="admin-muted"> · live only</span> : null}
              </>
            );
          },
        }),
        col.accessor('isActive', {
          id: 'active',
          header: 'Active',
          cell: (c) => (
            <Chip tone={c.getValue() ? 'good' : 'muted'}>{c.getValue() ? 'active' : 'inactive'}</Chip>
          ),
        }),
        col.accessor('createdAt', {
          id: 'createdAt',
          header: 'Created',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        col.display({
          id: 'actions',
          header: 'Actions',
          cell: (c) => {
            const row = c.row.original;
            return (
              <span className="money-row-actions">
                <button
                  type="button"
                  className="button button--quiet"
                  aria-label={`Edit ${row.code}`}
                  onClick={() => {
                    setMessage(null);
                    setEditing(row);
                  }}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="button button--quiet"
                  aria-label={`${row.isActive ? 'Deactivate' : 'Activate'} ${row.code}`}
                  onClick={() => {
                    setMessage(null);
                    setToggling(row);
                  }}
                >
                  {row.isActive ? 'Deactivate' : 'Activate'}
                </button>
              </span>
            );
          },
        }),
      ] as ColumnDef<AdminCoupon, unknown>[],
    [],
  );

  return (
    <ConsolePage title="Coupons" intro="Discount codes with their rules and who used them.">
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => {
            setMessage(null);
            setEditing('new');
          }}
        >
          New coupon
        </button>
      </p>
      {message ? (
        <p role="status" className="admin-message admin-message--status">
          {message}
        </p>
      ) : null}
      <DataTable
        caption="Coupons"
        columns={columns}
        sortable={['createdAt', 'code']}
        list={list}
        result={result}
        searchLabel="Search the code"
        filters={[
          {
            name: 'active',
            label: 'Active',
            options: [
              { value: 'true', label: 'active' },
              { value: 'false', label: 'inactive' },
            ],
          },
        ]}
        endpoint="adminCoupons"
        exportName="coupons.csv"
        emptyText="No coupons match."
        rowId={(row) => row.id}
        renderDetails={(row) => <CouponClaims coupon={row} />}
      />
      {editing ? (
        <CouponFormDialog
          coupon={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={(text) => {
            setEditing(null);
            setMessage(text);
          }}
        />
      ) : null}
      {toggling ? (
        <ActiveToggleDialog
          coupon={toggling}
          onClose={() => setToggling(null)}
          onDone={(text) => {
            setToggling(null);
            setMessage(text);
          }}
        />
      ) : null}
    </ConsolePage>
  );
}
