import type { AdminSubmissionPageSchema } from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import type { z } from 'zod';
import { useGetAdminFormSubmissionsQuery } from '../api/admin-api';
import { ConsolePage, Fields, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';
import { FORM_KIND_OPTIONS, formKindLabel } from '../form-kinds';

type Submission = z.infer<typeof AdminSubmissionPageSchema>['items'][number];
const col = createColumnHelper<Submission>();

const columns = [
  col.accessor('kind', { header: 'Form', cell: (c) => formKindLabel(c.getValue()) }),
  col.accessor('name', { header: 'Name', cell: (c) => <Text value={c.getValue()} /> }),
  col.accessor('email', { header: 'E-mail', cell: (c) => <Text value={c.getValue()} /> }),
  col.accessor('mobile', { header: 'Mobile', cell: (c) => <Text value={c.getValue()} /> }),
  col.accessor('page', { header: 'Page', cell: (c) => <Text value={c.getValue()} /> }),
  col.accessor('leadId', { header: 'Lead', cell: (c) => <Text value={c.getValue()} /> }),
  col.accessor('createdAt', { id: 'createdAt', header: 'Sent', cell: (c) => <When iso={c.getValue()} /> }),
] as ColumnDef<Submission, unknown>[];

const FILTERS = ['kind'] as const;

/** Every form as sent, its fields in the row's details. */
export function FormSubmissionsPage() {
  const list = useListState('-createdAt', FILTERS);
  const result = useGetAdminFormSubmissionsQuery(list.params);
  return (
    <ConsolePage title="Form submissions">
      <DataTable
        caption="Form submissions"
        columns={columns}
        sortable={['createdAt']}
        list={list}
        result={result}
        searchLabel="Search name, e-mail or mobile"
        filters={[{ name: 'kind', label: 'Form', options: FORM_KIND_OPTIONS }]}
        endpoint="adminFormSubmissions"
        exportName="form-submissions.csv"
        emptyText="No form submissions match."
        rowId={(row) => row.id}
        renderDetails={(row) => (
          <div className="admin-details">
            <p>
              Partner: <Text value={row.partner} /> · Consent version: <Text value={row.consentVersion} />
            </p>
            <Fields value={row.fields} />
          </div>
        )}
      />
    </ConsolePage>
  );
}
