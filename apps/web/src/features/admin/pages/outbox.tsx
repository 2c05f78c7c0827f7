import type { AdminJobPageSchema } from '@atelier/contract';
import { JobStatusSchema } from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import type { z } from 'zod';
import { apiFormMessage } from '../../../lib/forms';
import { useGetAdminOutboxQuery, useRetryAdminJobMutation } from '../api/admin-api';
import { Chip, ConsolePage, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';

type Job = z.infer<typeof AdminJobPageSchema>['items'][number];
const col = createColumnHelper<Job>();
const STATUS_TONE = { pending: 'wait', running: 'wait', done: 'good', dead: 'bad' } as const;
const FILTERS = ['status', 'topic'] as const;

/** The job queue: what is waiting, what ran, and the dead letters, each of which can run again. */
export function OutboxPage() {
  const list = useListState('-updatedAt', FILTERS);
  const result = useGetAdminOutboxQuery(list.params);
  const [retry] = useRetryAdminJobMutation();
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<{ tone: 'status' | 'alert'; text: string } | null>(null);

  const columns = useMemo(() => {
    const run = async (job: Job) => {
      setBusy(job.id);
      setMessage(null);
      try {
        await retry(job.id).unwrap();
        setMessage({ tone: 'status', text: `Job ${job.id} (${job.topic}) will run again now.` });
      } catch (error) {
        setMessage({ tone: 'alert', text: `Job ${job.id} was not retried: ${apiFormMessage(error)}` });
      } finally {
        setBusy(null);
      }
    };
    return [
      col.accessor('id', { header: 'Job' }),
      col.accessor('topic', { header: 'Topic' }),
      col.accessor('status', {
        header: 'Status',
        cell: (c) => (
          <Chip tone={STATUS_TONE[c.getValue()]} detail={c.row.original.lastError}>
            {c.getValue()}
          </Chip>
        ),
      }),
      col.display({
        id: 'attempts',
        header: 'Attempts',
        cell: (c) => `${c.row.original.attempts} of ${c.row.original.maxAttempts}`,
      }),
      col.accessor('lastError', { header: 'Last error', cell: (c) => <Text value={c.getValue()} /> }),
      col.accessor('runAt', { id: 'runAt', header: 'Runs at', cell: (c) => <When iso={c.getValue()} /> }),
      col.accessor('updatedAt', {
        id: 'updatedAt',
        header: 'Updated',
        cell: (c) => <When iso={c.getValue()} />,
      }),
      col.display({
        id: 'actions',
        header: 'Actions',
        cell: (c) => {
          const job = c.row.original;
          if (job.status !== 'dead' && job.status !== 'pending') return null;
          return (
            <button
              type="button"
              className="button button--quiet button--small"
              disabled={busy !== null}
              aria-busy={busy === job.id || undefined}
              aria-label={`Retry job ${job.id}`}
              onClick={() => void run(job)}
            >
              {busy === job.id ? 'Retrying…' : 'Retry'}
            </button>
          );
        },
      }),
    ] as ColumnDef<Job, unknown>[];
  }, [retry, busy]);

  return (
    <ConsolePage title="Outbox" intro="Jobs the server runs after a request: CRM leads, e-mails, messages.">
      {message ? (
        <p role={message.tone} className={`admin-message admin-message--${message.tone}`}>
          {message.text}
        </p>
      ) : null}
      <DataTable
        caption="Outbox jobs"
        columns={columns}
        sortable={['updatedAt', 'runAt']}
        list={list}
        result={result}
        searchLabel="Search topic"
        filters={[
          {
            name: 'status',
            label: 'Status',
            options: JobStatusSchema.options.map((value) => ({ value, label: value })),
          },
        ]}
        endpoint="adminOutbox"
        exportName="outbox.csv"
        emptyText="No jobs match."
        rowId={(row) => row.id}
      />
    </ConsolePage>
  );
}
