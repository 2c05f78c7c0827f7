import type { AdminWorkshopRow } from '@atelier/contract';
import { createColumnHelper, type ColumnDef } from '@tanstack/react-table';
import { useMemo, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { apiFormMessage } from '../../../lib/forms';
import { Chip, ConsolePage, Text, When } from '../components/cells';
import { DataTable } from '../components/data-table';
import { useListState } from '../components/list-state';
import { useGetAdminWorkshopsQuery, usePublishAdminWorkshopMutation } from './catalogue-api';
import { WorkshopEditor } from './workshop-editor';
import './catalogue.css';

const col = createColumnHelper<AdminWorkshopRow>();
const FILTERS = ['type', 'published'] as const;
export const TYPE_LABEL: Record<number, string> = { 1: 'Masterclass', 2: 'Course' };

const price = (inr: number | null, usd: number | null) =>
  [inr === null ? null : `₹${inr.toLocaleString('en-IN')}`, usd === null ? null : `$${usd}`]
    .filter(Boolean)
    .join(' · ') || null;

/** The workshops list: search, sort, filter, publish or unpublish, open one to edit. */
function WorkshopsList() {
  const list = useListState('-updatedAt', FILTERS);
  const result = useGetAdminWorkshopsQuery(list.params);
  const [publish, publishing] = usePublishAdminWorkshopMutation();
  const [message, setMessage] = useState<{ tone: 'status' | 'alert'; text: string } | null>(null);

  const columns = useMemo(
    () =>
      [
        col.accessor('title', {
          id: 'title',
          header: 'Workshop',
          cell: (c) => (
            <>
              <Link to={`/admin/catalogue/workshops/${c.row.original.id}`}>{c.getValue()}</Link>
              <br />
              <span className="admin-muted">/{c.row.original.slug}</span>
            </>
          ),
        }),
        col.accessor('type', { header: 'Type', cell: (c) => TYPE_LABEL[c.getValue()] ?? c.getValue() }),
        col.accessor('isPublished', {
          header: 'Status',
          cell: (c) => (
            <Chip tone={c.getValue() ? 'good' : 'muted'}>{c.getValue() ? 'Published' : 'Draft'}</Chip>
          ),
        }),
        col.accessor('markAs', { header: 'Badge', cell: (c) => <Text value={c.getValue()} /> }),
        col.accessor((row) => price(row.amount, row.dollar), {
          id: 'price',
          header: 'Price',
          cell: (c) => <Text value={c.getValue()} />,
        }),
        col.accessor('batches', { header: 'Batches' }),
        col.accessor('instructors', { header: 'Instructors' }),
        col.accessor('updatedAt', {
          id: 'updatedAt',
          header: 'Updated',
          cell: (c) => <When iso={c.getValue()} />,
        }),
        col.display({
          id: 'actions',
          header: 'Actions',
          cell: (c) => {
            const row = c.row.original;
            return (
              <span className="admin-nowrap">
                <Link
                  className="button button--quiet button--small"
                  to={`/admin/catalogue/workshops/${row.id}`}
                  aria-label={`Edit ${row.shortTitle}`}
                >
                  Edit
                </Link>{' '}
                <button
                  type="button"
                  className="button button--quiet button--small"
                  disabled={publishing.isLoading}
                  aria-label={`${row.isPublished ? 'Unpublish' : 'Publish'} ${row.shortTitle}`}
                  onClick={() => {
                    setMessage(null);
                    publish({ id: row.id, isPublished: !row.isPublished })
                      .unwrap()
                      .then((saved) =>
                        setMessage({
                          tone: 'status',
                          text: `${saved.shortTitle} is ${saved.isPublished ? 'published: the site shows it now' : 'unpublished: the site no longer shows it'}.`,
                        }),
                      )
                      .catch((failure: unknown) =>
                        setMessage({ tone: 'alert', text: apiFormMessage(failure) }),
                      );
                  }}
                >
                  {row.isPublished ? 'Unpublish' : 'Publish'}
                </button>
              </span>
            );
          },
        }),
      ] as ColumnDef<AdminWorkshopRow, unknown>[],
    [publish, publishing.isLoading],
  );

  return (
    <ConsolePage
      title="Workshops"
      intro="Masterclasses and courses, published or draft. Open one to edit it, its batches and who teaches it."
    >
      <div className="catalogue-toolbar">
        <Link className="button button--primary" to="/admin/catalogue/workshops/new">
          New workshop
        </Link>
      </div>
      {message ? (
        <p
          role={message.tone}
          className={message.tone === 'alert' ? 'admin-message admin-message--alert' : 'admin-message'}
        >
          {message.text}
        </p>
      ) : null}
      <DataTable
        caption="Workshops"
        columns={columns}
        sortable={['title', 'updatedAt']}
        list={list}
        result={result}
        searchLabel="Search title, slug or search keys"
        filters={[
          {
            name: 'type',
            label: 'Type',
            options: [
              { value: '1', label: 'Masterclass' },
              { value: '2', label: 'Course' },
            ],
          },
          {
            name: 'published',
            label: 'Status',
            options: [
              { value: 'yes', label: 'Published' },
              { value: 'no', label: 'Draft' },
            ],
          },
        ]}
        endpoint="adminWorkshops"
        exportName="workshops.csv"
        emptyText="No workshops match."
        rowId={(row) => row.id}
      />
    </ConsolePage>
  );
}

/**
 * The `catalogue` section: `/admin/catalogue` lists the workshops; `/admin/catalogue/workshops/new`
 * and `/admin/catalogue/workshops/{id}` open the editor (details, batches, instructors).
 */
export function CataloguePage() {
  const location = useLocation();
  const match = /^\/admin\/catalogue\/workshops\/(new|\d+)\/?$/.exec(location.pathname);
  if (!match) return <WorkshopsList />;
  const id = match[1] === 'new' ? null : Number(match[1]);
  return <WorkshopEditor key={id ?? 'new'} id={id} />;
}
