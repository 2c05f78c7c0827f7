import { ORDER_KIND_VALUES, ORDER_STATUS_VALUES, type AdminOrder } from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useId, useMemo } from 'react';
import { Link, useLocation } from 'react-router';
import { Chip, ConsolePage, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';
import { money } from './amounts';
import { useGetAdminOrdersQuery } from './money-api';
import './money.css';
import { ORDER_TONE, OrderDetailPage } from './order-detail';

const col = createColumnHelper<AdminOrder>();
const FILTERS = ['status', 'kind', 'currency', 'workshopId', 'from', 'to'] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** `/admin/orders` (the list) and `/admin/orders/{id}` (one order). */
export function OrdersSection() {
  const location = useLocation();
  const match = /^\/admin\/orders\/(\d{1,9})\/?$/.exec(location.pathname);
  if (match) return <OrderDetailPage key={match[1]} id={Number(match[1])} />;
  return <OrdersPage />;
}

/**
 * Orders and their payments: filtered by status, kind, currency, workshop and days, searched by
 * order id, person or provider id; each opens its page (refunds, invoice, plan).
 */
export function OrdersPage() {
  const list = useListState('-createdAt', FILTERS);
  const result = useGetAdminOrdersQuery(list.params);
  const fromId = useId();
  const toId = useId();

  const workshops = useMemo(() => {
    const seen = new Map<number, string>();
    for (const item of result.data?.items ?? [])
      if (item.workshop) seen.set(item.workshop.id, item.workshop.title);
    const chosen = list.filters.workshopId;
    if (chosen && !seen.has(Number(chosen))) seen.set(Number(chosen), `Workshop ${chosen}`);
    return [...seen].map(([value, label]) => ({ value: String(value), label }));
  }, [result.data, list.filters.workshopId]);

  const columns = useMemo(
    () =>
      [
        col.accessor('id', {
          id: 'id',
          header: 'Order',
          cell: (c) => <Link to={`/admin/orders/${c.getValue()}`}>#{c.getValue()}</Link>,
        }),
        col.accessor((row) => row.buyer.name, {
          id: 'buyer',
          header: 'Buyer',
          cell: (c) => (
            <>
              <Text value={c.getValue()} />
              <br />
              <span className="admin-muted">
                {c.row.original.buyer.email ?? c.row.original.buyer.mobile ?? ''}
              </span>
            </>
          ),
        }),
        col.accessor((row) => row.workshop?.title ?? null, {
          id: 'workshop',
          header: 'For',
          cell: (c) => (
            <>
              {c.row.original.kind}
              {c.getValue() ? (
                <>
                  <br />
                  <span className="admin-muted">{c.getValue()}</span>
                </>
              ) : null}
            </>
          ),
        }),
        col.accessor('amountMinor', {
          id: 'amount',
          header: 'Amount',
          cell: (c) => (
            <span className="money-num">
              {money(c.getValue(), c.row.original.currency)}
              {c.row.original.refundedMinor > 0 ? (
                <>
                  <br />
                  <span className="admin-muted">
                    refunded {money(c.row.original.refundedMinor, c.row.original.currency)}
                  </span>
                </>
              ) : null}
            </span>
          ),
        }),
        col.accessor('status', {
          id: 'status',
          header: 'Status',
          cell: (c) => <Chip tone={ORDER_TONE[c.getValue()] ?? 'wait'}>{c.getValue()}</Chip>,
        }),
        col.accessor('couponCode', { header: 'Coupon', cell: (c) => <Text value={c.getValue()} /> }),
        col.accessor('createdAt', {
          id: 'createdAt',
          header: 'Created',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        col.accessor('paidAt', { id: 'paidAt', header: 'Paid', cell: (c) => <When iso={c.getValue()} /> }),
      ] as ColumnDef<AdminOrder, unknown>[],
    [],
  );

  const setDay = (name: 'from' | 'to', value: string) => {
    if (value === '' || DAY.test(value)) list.update({ filters: { [name]: value } });
  };

  return (
    <ConsolePage
      title="Orders"
      intro="Every purchase attempt with its payments; open an order to refund it or get its invoice."
    >
      <fieldset className="money-days">
        <legend>Created between (India time)</legend>
        <label htmlFor={fromId}>From</label>
        <input
          id={fromId}
          type="date"
          className="form-field__input"
          value={list.filters.from ?? ''}
          max={list.filters.to}
          onChange={(event) => setDay('from', event.target.value)}
        />
        <label htmlFor={toId}>To</label>
        <input
          id={toId}
          type="date"
          className="form-field__input"
          value={list.filters.to ?? ''}
          min={list.filters.from}
          onChange={(event) => setDay('to', event.target.value)}
        />
      </fieldset>
      <DataTable
        caption="Orders"
        columns={columns}
        sortable={['createdAt', 'amount', 'paidAt']}
        list={list}
        result={result}
        searchLabel="Search order id, name, e-mail, mobile or provider id"
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: ORDER_STATUS_VALUES.map((value) => ({ value, label: value })),
          },
          {
            name: 'kind',
            label: 'Kind',
            options: ORDER_KIND_VALUES.map((value) => ({ value, label: value })),
          },
          {
            name: 'currency',
            label: 'Currency',
            options: [
              { value: 'INR', label: '₹ INR' },
              { value: 'USD', label: '$ USD' },
            ],
          },
          { name: 'workshopId', label: 'Workshop', options: workshops },
        ]}
        endpoint="adminOrders"
        exportName="orders.csv"
        emptyText="No orders match."
        rowId={(row) => row.id}
      />
    </ConsolePage>
  );
}
