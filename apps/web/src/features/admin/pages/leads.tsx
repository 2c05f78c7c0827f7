import { LEAD_CRM_STATUSES, type AdminLead } from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useGetAdminLeadsQuery } from '../api/admin-api';
import { Chip, ConsolePage, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';
import { FORM_KIND_OPTIONS, formKindLabel } from '../form-kinds';

const col = createColumnHelper<AdminLead>();
const CRM_TONE = { pending: 'wait', sent: 'good', failed: 'bad' } as const;

const columns = [
  col.accessor('name', { id: 'name', header: 'Name', cell: (c) => <Text value={c.getValue()} /> }),
  col.accessor('email', { header: 'E-mail', cell: (c) => <Text value={c.getValue()} /> }),
  col.accessor('mobile', {
    header: 'Mobile',
    cell: (c) => (
      <span className="admin-nowrap">
        <Text value={c.getValue()} />
      </span>
    ),
  }),
  col.accessor('source', { header: 'Source', cell: (c) => formKindLabel(c.getValue()) }),
  col.accessor('crmStatus', {
    header: 'CRM',
    cell: (c) => (
      <Chip tone={CRM_TONE[c.getValue()]} detail={c.row.original.lastError}>
        {c.getValue()}
      </Chip>
    ),
  }),
  col.accessor('notes', { header: 'Notes', cell: (c) => c.getValue() }),
  col.display({
    id: 'utm',
    header: 'UTM',
    cell: (c) => (
      <Text value={[c.row.original.utmSource, c.row.original.utmCampaign].filter(Boolean).join(' / ')} />
    ),
  }),
  col.accessor('createdAt', { id: 'createdAt', header: 'Created', cell: (c) => <When iso={c.getValue()} /> }),
] as ColumnDef<AdminLead, unknown>[];

const FILTERS = ['crmStatus', 'source'] as const;

/** Leads and where each stands with the CRM (issue 17 point 6). */
export function LeadsPage() {
  const list = useListState('-createdAt', FILTERS);
  const result = useGetAdminLeadsQuery(list.params);
  return (
    <ConsolePage title="Leads">
      <DataTable
        caption="Leads"
        columns={columns}
        sortable={['createdAt', 'name']}
        list={list}
        result={result}
        searchLabel="Search name, e-mail or mobile"
        filters={[
          {
            name: 'crmStatus',
            label: 'CRM status',
            options: LEAD_CRM_STATUSES.map((value) => ({ value, label: value })),
          },
          {
            name: 'source',
            label: 'Source',
            options: FORM_KIND_OPTIONS,
          },
        ]}
        endpoint="adminLeads"
        exportName="leads.csv"
        emptyText="No leads match."
        rowId={(row) => row.id}
      />
    </ConsolePage>
  );
}
