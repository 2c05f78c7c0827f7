import type { AdminRegistrationPageSchema } from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo } from 'react';
import type { z } from 'zod';
import { useGetAdminCompetitionRegistrationsQuery } from '../api/admin-api';
import { ConsolePage, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';

type Registration = z.infer<typeof AdminRegistrationPageSchema>['items'][number];
const col = createColumnHelper<Registration>();

const columns = [
  col.accessor((row) => row.competition.title, { id: 'competition', header: 'Competition' }),
  col.accessor((row) => row.entrant.name, {
    id: 'entrant',
    header: 'Entrant',
    cell: (c) => <Text value={c.getValue()} />,
  }),
  col.accessor((row) => row.entrant.email, {
    id: 'email',
    header: 'E-mail',
    cell: (c) => <Text value={c.getValue()} />,
  }),
  col.accessor('teamName', { header: 'Team', cell: (c) => <Text value={c.getValue()} /> }),
  col.accessor('status', { header: 'Status' }),
  col.accessor('orderId', { header: 'Order', cell: (c) => <Text value={c.getValue()} /> }),
  col.accessor('createdAt', {
    id: 'createdAt',
    header: 'Registered',
    cell: (c) => <When iso={c.getValue()} />,
  }),
] as ColumnDef<Registration, unknown>[];

const FILTERS = ['competitionId'] as const;

/** Who entered which competition, alone or as a team. */
export function RegistrationsPage() {
  const list = useListState('-createdAt', FILTERS);
  const result = useGetAdminCompetitionRegistrationsQuery(list.params);
  // The competitions to filter by: those on the page, and the one chosen.
  const competitions = useMemo(() => {
    const seen = new Map<number, string>();
    for (const item of result.data?.items ?? []) seen.set(item.competition.id, item.competition.title);
    const chosen = list.filters.competitionId;
    if (chosen && !seen.has(Number(chosen))) seen.set(Number(chosen), `Competition ${chosen}`);
    return [...seen].map(([value, label]) => ({ value: String(value), label }));
  }, [result.data, list.filters.competitionId]);
  return (
    <ConsolePage title="Competition registrations">
      <DataTable
        caption="Competition registrations"
        columns={columns}
        sortable={['createdAt']}
        list={list}
        result={result}
        searchLabel="Search entrant or competition"
        filters={[{ name: 'competitionId', label: 'Competition', options: competitions }]}
        endpoint="adminCompetitionRegistrations"
        exportName="competition-registrations.csv"
        emptyText="No registrations match."
        rowId={(row) => row.id}
      />
    </ConsolePage>
  );
}
