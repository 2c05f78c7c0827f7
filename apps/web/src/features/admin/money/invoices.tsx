import type { AdminInvoicePageSchema } from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { useAppDispatch } from '../../../lib/store';
import { ConsolePage, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';
import { money } from './amounts';
import { openInvoice } from './invoice-download';
import { useGetAdminInvoicesQuery } from './money-api';
import './money.css';

type Invoice = z.infer<typeof AdminInvoicePageSchema>['items'][number];
const col = createColumnHelper<Invoice>();
const FILTERS: readonly string[] = [];

/** Tax invoices issued, each downloadable as the buyer gets it. */
export function InvoicesPage() {
  const list = useListState('-issuedAt', FILTERS);
  const result = useGetAdminInvoicesQuery(list.params);
  const dispatch = useAppDispatch();
  const [error, setError] = useState<string | null>(null);

  const columns = useMemo(
    () =>
      [
        col.accessor('number', { id: 'number', header: 'Number' }),
        col.accessor('issuedAt', {
          id: 'issuedAt',
          header: 'Issued',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        col.accessor((row) => row.buyer.name, {
          id: 'buyer',
          header: 'Buyer',
          cell: (c) => (
            <>
              <Text value={c.getValue()} />
              <br />
              <span className="admin-muted">{c.row.original.buyer.email ?? ''}</span>
            </>
          ),
        }),
        col.accessor('amountMinor', {
          header: 'Amount',
          cell: (c) => <span className="money-num">{money(c.getValue(), c.row.original.currency)}</span>,
        }),
        col.accessor('orderId', {
          header: 'Order',
          cell: (c) => (
            <>
              <Link to={`/admin/orders/${c.getValue()}`}>#{c.getValue()}</Link>{' '}
              <span className="admin-muted">{c.row.original.orderStatus}</span>
            </>
          ),
        }),
        col.display({
          id: 'pdf',
          header: 'PDF',
          cell: (c) => (
            <button
              type="button"
              className="button button--quiet"
              aria-label={`Download invoice ${c.row.original.number}`}
              onClick={() => {
                setError(null);
                dispatch(openInvoice(c.row.original.orderId)).catch((failure: unknown) =>
                  setError(failure instanceof Error ? failure.message : 'The invoice could not be opened.'),
                );
              }}
            >
              Download
            </button>
          ),
        }),
      ] as ColumnDef<Invoice, unknown>[],
    [dispatch],
  );

  return (
    <ConsolePage title="Invoices" intro="Tax invoices issued for paid orders, numbered without gaps.">
      {error ? (
        <p role="alert" className="admin-message admin-message--alert">
          {error}
        </p>
      ) : null}
      <DataTable
        caption="Invoices"
        columns={columns}
        sortable={['issuedAt', 'number']}
        list={list}
        result={result}
        searchLabel="Search number or buyer"
        endpoint="adminInvoices"
        exportName="invoices.csv"
        emptyText="No invoices match."
        rowId={(row) => row.id}
      />
    </ConsolePage>
  );
}
