import { TRIP_APPLICATION_STATUSES, type AdminTripApplicationPageSchema } from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { useGetAdminTripApplicationsQuery } from '../api/admin-api';
import { Chip, ConsolePage, Fields, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';
import { TripReviewDialog, type ReviewTarget } from './trip-review-dialog';

type Application = z.infer<typeof AdminTripApplicationPageSchema>['items'][number];
const col = createColumnHelper<Application>();
const TONE: Record<string, string> = { accepted: 'good', rejected: 'bad', withdrawn: 'muted' };
const FILTERS = ['status', 'tripId'] as const;
const REVIEWABLE = new Set(['submitted', 'shortlisted']);

/** Trip applications, filtered by status or trip, each reviewed in a dialog. */
export function TripApplicationsPage() {
  const list = useListState('-createdAt', FILTERS);
  const result = useGetAdminTripApplicationsQuery(list.params);
  const [target, setTarget] = useState<ReviewTarget | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  const trips = useMemo(() => {
    const seen = new Map<number, string>();
    for (const item of result.data?.items ?? []) seen.set(item.trip.id, item.trip.title);
    const chosen = list.filters.tripId;
    if (chosen && !seen.has(Number(chosen))) seen.set(Number(chosen), `Trip ${chosen}`);
    return [...seen].map(([value, label]) => ({ value: String(value), label }));
  }, [result.data, list.filters.tripId]);

  const columns = useMemo(
    () =>
      [
        col.accessor((row) => row.applicant.name, {
          id: 'applicant',
          header: 'Applicant',
          cell: (c) => (
            <>
              <Text value={c.getValue()} />
              <br />
              <span className="admin-muted">{c.row.original.applicant.email ?? ''}</span>
            </>
          ),
        }),
        col.accessor((row) => row.applicant.mobile, {
          id: 'mobile',
          header: 'Mobile',
          cell: (c) => <Text value={c.getValue()} />,
        }),
        col.accessor((row) => row.trip.title, {
          id: 'trip',
          header: 'Trip',
          cell: (c) => (
            <>
              {c.getValue()}
              <br />
              <When iso={c.row.original.trip.startDate} />
            </>
          ),
        }),
        col.accessor('status', {
          id: 'status',
          header: 'Status',
          cell: (c) => <Chip tone={TONE[c.getValue()] ?? 'wait'}>{c.getValue()}</Chip>,
        }),
        col.accessor('reviewNote', { header: 'Note', cell: (c) => <Text value={c.getValue()} /> }),
        col.accessor('createdAt', {
          id: 'createdAt',
          header: 'Applied',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        col.display({
          id: 'actions',
          header: 'Actions',
          cell: (c) => {
            const row = c.row.original;
            if (!REVIEWABLE.has(row.status)) return null;
            const name = row.applicant.name ?? row.applicant.email ?? `applicant ${row.applicant.id}`;
            return (
              <button
                type="button"
                className="button button--quiet button--small"
                aria-label={`Review ${name}`}
                onClick={() => {
                  setMessage(null);
                  setTarget({ id: row.id, applicant: name, trip: row.trip.title });
                }}
              >
                Review
              </button>
            );
          },
        }),
      ] as ColumnDef<Application, unknown>[],
    [],
  );

  return (
    <ConsolePage title="Trip applications">
      {message ? (
        <p role="status" className="admin-message admin-message--status">
          {message}
        </p>
      ) : null}
      <DataTable
        caption="Trip applications"
        columns={columns}
        sortable={['createdAt', 'status']}
        list={list}
        result={result}
        searchLabel="Search applicant or trip"
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: TRIP_APPLICATION_STATUSES.map((value) => ({ value, label: value })),
          },
          { name: 'tripId', label: 'Trip', options: trips },
        ]}
        endpoint="adminTripApplications"
        exportName="trip-applications.csv"
        emptyText="No applications match."
        rowId={(row) => row.id}
        renderDetails={(row) => <Fields value={row.fields} />}
      />
      {target ? (
        <TripReviewDialog
          target={target}
          onClose={() => setTarget(null)}
          onReviewed={(text) => {
            setTarget(null);
            setMessage(text);
          }}
        />
      ) : null}
    </ConsolePage>
  );
}
