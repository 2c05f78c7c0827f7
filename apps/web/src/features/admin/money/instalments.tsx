import { INSTALMENT_PLAN_STATUS_VALUES, type AdminInstalmentPlanPageSchema } from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import { Link } from 'react-router';
import type { z } from 'zod';
import { Chip, ConsolePage, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';
import { money } from './amounts';
import { useGetAdminInstalmentPlansQuery } from './money-api';
import './money.css';

type Plan = z.infer<typeof AdminInstalmentPlanPageSchema>['items'][number];
const col = createColumnHelper<Plan>();
const FILTERS = ['status', 'overdue'] as const;
const TONE: Record<string, string> = { completed: 'good', defaulted: 'bad', cancelled: 'muted' };

/** Instalment plans bought: what is paid, what is due and what is overdue, per learner. */
export function InstalmentsPage() {
  const list = useListState('-createdAt', FILTERS);
  const result = useGetAdminInstalmentPlansQuery(list.params);
  const columns = useMemo(
    () =>
      [
        col.accessor((row) => row.learner.name, {
          id: 'learner',
          header: 'Learner',
          cell: (c) => (
            <>
              <Text value={c.getValue()} />
              <br />
              <span className="admin-muted">
                {c.row.original.learner.email ?? c.row.original.learner.mobile ?? ''}
              </span>
            </>
          ),
        }),
        col.accessor((row) => row.workshop.title, { id: 'workshop', header: 'Workshop' }),
        col.accessor('status', {
          header: 'Plan',
          cell: (c) => <Chip tone={TONE[c.getValue()] ?? 'wait'}>{c.getValue()}</Chip>,
        }),
        col.display({
          id: 'paid',
          header: 'Paid',
          cell: (c) => {
            const p = c.row.original;
            return (
              <span className="money-num">
                {money(p.paidMinor, p.currency)} of {money(p.totalMinor, p.currency)}
                <br />
                <span className="admin-muted">
                  {p.paid} of {p.instalments} instalments
                </span>
              </span>
            );
          },
        }),
        col.accessor('overdue', {
          header: 'Overdue',
          cell: (c) =>
            c.getValue() > 0 ? (
              <Chip tone="bad">{`${c.getValue()} overdue`}</Chip>
            ) : (
              <span className="admin-muted">none</span>
            ),
        }),
        col.accessor('nextDue', {
          id: 'nextDue',
          header: 'Next due',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        col.accessor('orderId', {
          header: 'Order',
          cell: (c) =>
            c.getValue() ? <Link to={`/admin/orders/${c.getValue()}`}>#{c.getValue()}</Link> : '—',
        }),
        col.accessor('createdAt', {
          id: 'createdAt',
          header: 'Bought',
          cell: (c) => <When iso={c.getValue()} />,
        }),
      ] as ColumnDef<Plan, unknown>[],
    [],
  );
  return (
    <ConsolePage
      title="Instalment plans"
      intro="Plans as bought; an instalment past its day and unpaid is overdue."
    >
      <DataTable
        caption="Instalment plans"
        columns={columns}
        sortable={['createdAt', 'nextDue']}
        list={list}
        result={result}
        searchLabel="Search the learner"
        filters={[
          {
            name: 'status',
            label: 'Plan',
            options: INSTALMENT_PLAN_STATUS_VALUES.map((value) => ({ value, label: value })),
          },
          {
            name: 'overdue',
            label: 'Overdue',
            options: [
              { value: 'true', label: 'with an overdue instalment' },
              { value: 'false', label: 'nothing overdue' },
            ],
          },
        ]}
        endpoint="adminInstalmentPlans"
        exportName="instalment-plans.csv"
        emptyText="No instalment plans match."
        rowId={(row) => row.id}
      />
    </ConsolePage>
  );
}
