import type { AdminAuditPageSchema } from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import { useGetAdminAuditQuery } from '../api/admin-api';
import { ConsolePage, Fields, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';

type Entry = z.infer<typeof AdminAuditPageSchema>['items'][number];
const col = createColumnHelper<Entry>();

const columns = [
  col.accessor('createdAt', { id: 'createdAt', header: 'When', cell: (c) => <When iso={c.getValue()} /> }),
  col.accessor((row) => row.actor.name, {
    id: 'actor',
    header: 'Who',
    cell: (c) => (
      <>
        <Text value={c.getValue()} /> <span className="admin-muted">({c.row.original.actor.role})</span>
      </>
    ),
  }),
  col.accessor('action', { header: 'Action' }),
  col.display({
    id: 'entity',
    header: 'Entity',
    cell: (c) => `${c.row.original.entity}${c.row.original.entityId ? ` #${c.row.original.entityId}` : ''}`,
  }),
  col.display({
    id: 'change',
    header: 'Change',
    cell: (c) => (
      <details className="admin-disclosure">
        <summary>Before and after</summary>
        <div className="admin-diff">
          <div>
            <h3>Before</h3>
            <Fields value={c.row.original.before} />
          </div>
          <div>
            <h3>After</h3>
            <Fields value={c.row.original.after} />
          </div>
        </div>
      </details>
    ),
  }),
  col.accessor('requestId', { header: 'Request', cell: (c) => <Text value={c.getValue()} /> }),
] as ColumnDef<Entry, unknown>[];

const FILTERS = ['entity', 'actorId'] as const;

/** Every staff write: who, what, before and after, when, and the request. */
export function AuditPage() {
  const list = useListState('-createdAt', FILTERS);
  const result = useGetAdminAuditQuery(list.params);
  return (
    <ConsolePage title="Audit log">
      <DataTable
        caption="Audit log"
        columns={columns}
        sortable={['createdAt']}
        list={list}
        result={result}
        searchLabel="Search action or entity"
        endpoint="adminAudit"
        exportName="audit.csv"
        emptyText="Nothing recorded matches."
        rowId={(row) => row.id}
      />
    </ConsolePage>
  );
}
