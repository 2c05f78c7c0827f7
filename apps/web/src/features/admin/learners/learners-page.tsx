import type { AdminLearnerRow, AdminPayout } from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { Chip, ConsolePage, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';
import { LearnerDetail } from './learner-detail';
import { SettleDialog, type PayoutTarget } from './learner-dialogs';
import { useGetAdminLearnersQuery, useGetAdminPayoutsQuery } from './learners-api';
import './learners.css';

/*
 * The console's Learners section (issue 17 point 3): `/admin/learners` the list, `/admin/learners/payouts`
 * the referral payout requests, `/admin/learners/{id}` one learner's page.
 */

export function LearnersSection() {
  const location = useLocation();
  const rest = location.pathname.replace(/^\/admin\/learners\/?/, '').split('/')[0] ?? '';
  if (rest === 'payouts') return <PayoutsPage />;
  const id = /^\d{1,12}$/.test(rest) ? Number(rest) : null;
  if (id !== null) return <LearnerDetail id={id} />;
  return <LearnersList />;
}

function Tabs() {
  return (
    <nav aria-label="Learners" className="learner-tabs">
      <NavLink to="/admin/learners" end className="learner-tabs__link">
        Learners
      </NavLink>
      <NavLink to="/admin/learners/payouts" className="learner-tabs__link">
        Payout requests
      </NavLink>
    </nav>
  );
}

const learnerCol = createColumnHelper<AdminLearnerRow>();
const ROLE_FILTER = ['role'] as const;
export const ROLE_OPTIONS = ['learner', 'moderator', 'instructor', 'admin'].map((value) => ({
  value,
  label: value,
}));

function LearnersList() {
  const list = useListState('-createdAt', ROLE_FILTER);
  const result = useGetAdminLearnersQuery(list.params);
  const columns = useMemo(
    () =>
      [
        learnerCol.accessor('name', {
          id: 'name',
          header: 'Name',
          cell: (c) => (
            <Link to={`/admin/learners/${c.row.original.id}`}>
              {c.getValue() ?? `Account ${c.row.original.id}`}
            </Link>
          ),
        }),
        learnerCol.accessor('email', {
          id: 'email',
          header: 'E-mail',
          cell: (c) => <Text value={c.getValue()} />,
        }),
        learnerCol.accessor('mobile', { header: 'Mobile', cell: (c) => <Text value={c.getValue()} /> }),
        learnerCol.accessor('enrolments', { header: 'Courses', cell: (c) => c.getValue() }),
        learnerCol.accessor('walletCoins', { header: 'Coins', cell: (c) => c.getValue() }),
        learnerCol.accessor('role', {
          header: 'Role',
          cell: (c) => (
            <>
              {c.getValue()}
              {c.row.original.disabled ? (
                <>
                  {' '}
                  <Chip tone="bad">disabled</Chip>
                </>
              ) : null}
            </>
          ),
        }),
        learnerCol.accessor('createdAt', {
          id: 'createdAt',
          header: 'Joined',
          cell: (c) => <When iso={c.getValue()} />,
        }),
      ] as ColumnDef<AdminLearnerRow, unknown>[],
    [],
  );
  return (
    <ConsolePage title="Learners" intro="Find a learner by name, e-mail or mobile, then open their page.">
      <Tabs />
      <DataTable
        caption="Learners"
        columns={columns}
        sortable={['createdAt', 'name', 'email']}
        list={list}
        result={result}
        searchLabel="Search name, e-mail or mobile"
        filters={[{ name: 'role', label: 'Role', options: ROLE_OPTIONS }]}
        endpoint="adminLearners"
        exportName="learners.csv"
        emptyText="No account matches."
        rowId={(row) => row.id}
      />
    </ConsolePage>
  );
}

const payoutCol = createColumnHelper<AdminPayout>();
const PAYOUT_FILTER = ['status'] as const;
const PAYOUT_TONE: Record<string, string> = { paid: 'good', rejected: 'bad' };

function PayoutsPage() {
  const list = useListState('createdAt', PAYOUT_FILTER);
  const result = useGetAdminPayoutsQuery(list.params);
  const [target, setTarget] = useState<PayoutTarget | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const columns = useMemo(
    () =>
      [
        payoutCol.accessor((row) => row.learner.name, {
          id: 'learner',
          header: 'Learner',
          cell: (c) => (
            <Link to={`/admin/learners/${c.row.original.learner.id}`}>
              {c.getValue() ?? c.row.original.learner.email ?? `Learner ${c.row.original.learner.id}`}
            </Link>
          ),
        }),
        payoutCol.accessor('coins', { id: 'coins', header: 'Coins', cell: (c) => c.getValue() }),
        payoutCol.accessor('upiId', { header: 'UPI id', cell: (c) => <Text value={c.getValue()} /> }),
        payoutCol.accessor('status', {
          header: 'Status',
          cell: (c) => <Chip tone={PAYOUT_TONE[c.getValue()] ?? 'wait'}>{c.getValue()}</Chip>,
        }),
        payoutCol.accessor('reference', { header: 'Reference', cell: (c) => <Text value={c.getValue()} /> }),
        payoutCol.accessor('createdAt', {
          id: 'createdAt',
          header: 'Asked',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        payoutCol.display({
          id: 'actions',
          header: 'Actions',
          cell: (c) => {
            const row = c.row.original;
            if (row.status === 'paid' || row.status === 'rejected') return null;
            const name = row.learner.name ?? row.learner.email ?? `learner ${row.learner.id}`;
            return (
              <button
                type="button"
                className="button button--quiet button--small"
                aria-label={`Settle payout request ${row.id} of ${name}`}
                onClick={() => {
                  setMessage(null);
                  setTarget({
                    id: row.id,
                    learnerId: row.learner.id,
                    learnerName: name,
                    coins: row.coins,
                    upiId: row.upiId,
                  });
                }}
              >
                Settle
              </button>
            );
          },
        }),
      ] as ColumnDef<AdminPayout, unknown>[],
    [],
  );
  return (
    <ConsolePage
      title="Payout requests"
      intro="Referral coins learners asked to be paid by UPI. Oldest first."
    >
      <Tabs />
      {message ? (
        <p role="status" className="admin-message admin-message--status">
          {message}
        </p>
      ) : null}
      <DataTable
        caption="Payout requests"
        columns={columns}
        sortable={['createdAt', 'coins']}
        list={list}
        result={result}
        searchLabel="Search name, e-mail or UPI id"
        filters={[
          {
            name: 'status',
            label: 'Status (open when none)',
            options: [
              { value: 'open', label: 'open' },
              { value: 'paid', label: 'paid' },
              { value: 'rejected', label: 'rejected' },
              { value: 'all', label: 'every status' },
            ],
          },
        ]}
        endpoint="adminPayouts"
        exportName="payouts.csv"
        emptyText="No payout request is waiting."
        rowId={(row) => row.id}
      />
      {target ? (
        <SettleDialog
          target={target}
          onClose={() => setTarget(null)}
          onDone={(text) => {
            setTarget(null);
            setMessage(text);
          }}
        />
      ) : null}
    </ConsolePage>
  );
}
