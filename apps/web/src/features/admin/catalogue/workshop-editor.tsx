import type { AdminBatch, AdminWorkshop } from '@atelier/contract';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { apiFormMessage } from '../../../lib/forms';
import { Chip, ConsolePage, Text } from '../components/cells';
import { BatchDialog, WEEKDAYS } from './batch-dialog';
import {
  useCreateAdminWorkshopMutation,
  useGetAdminCategoriesQuery,
  useGetAdminInstructorsQuery,
  useGetAdminWorkshopBatchesQuery,
  useGetAdminWorkshopQuery,
  useSetAdminWorkshopInstructorsMutation,
  useUpdateAdminWorkshopMutation,
} from './catalogue-api';
import { InstalmentsDialog } from './instalments-dialog';
import { WorkshopForm } from './workshop-form';

type Tab = 'details' | 'batches' | 'instructors';

const dates = (b: AdminBatch) =>
  b.startDate ? `${b.startDate}${b.endDate ? ` → ${b.endDate}` : ''}` : 'No date yet';

/** A workshop's batches: create and edit them (with their weekly slots) and their instalment plans. */
function BatchesPanel({ workshopId }: { workshopId: number }) {
  const batches = useGetAdminWorkshopBatchesQuery(workshopId);
  const [editing, setEditing] = useState<{ batch: AdminBatch | null } | null>(null);
  const [plan, setPlan] = useState<AdminBatch | null>(null);
  const [status, setStatus] = useState('');
  return (
    <div>
      <div className="catalogue-toolbar">
        <button type="button" className="button button--primary" onClick={() => setEditing({ batch: null })}>
          New batch
        </button>
      </div>
      <p role="status" className="catalogue-live">
        {status}
      </p>
      {batches.isLoading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Loading the batches…
        </p>
      ) : batches.error ? (
        <div role="alert" className="admin-message admin-message--alert">
          <p>The batches could not be loaded.</p>
          <button type="button" className="button" onClick={() => void batches.refetch()}>
            Try again
          </button>
        </div>
      ) : (batches.data?.items.length ?? 0) === 0 ? (
        <p className="admin-muted">No batches yet.</p>
      ) : (
        <div className="data-table__scroll">
          <table className="data-table">
            <caption className="visually-hidden">Batches</caption>
            <thead>
              <tr>
                <th scope="col">Batch</th>
                <th scope="col">Dates</th>
                <th scope="col">Type</th>
                <th scope="col">Price</th>
                <th scope="col">Seats</th>
                <th scope="col">Weekly</th>
                <th scope="col">Status</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {batches.data?.items.map((b) => (
                <tr key={b.id}>
                  <td>
                    <Text value={b.name ?? `Batch ${b.id}`} />
                  </td>
                  <td>{dates(b)}</td>
                  <td>{b.sessionType === 2 ? 'Recorded' : 'Live'}</td>
                  <td>
                    <Text value={b.amount === null ? null : `₹${b.amount.toLocaleString('en-IN')}`} />
                    {b.dollar !== null ? ` · $${b.dollar}` : ''}
                  </td>
                  <td>
                    {b.enrolled} / {b.capacity ?? '∞'}
                  </td>
                  <td>
                    {b.schedules.length === 0
                      ? 'Coming soon'
                      : b.schedules
                          .map((s) => `${WEEKDAYS[s.day - 1]?.slice(0, 3)} ${s.startTime}–${s.endTime}`)
                          .join(', ')}
                  </td>
                  <td>
                    <Chip tone={b.isActive ? 'good' : 'muted'}>{b.isActive ? 'Active' : 'Inactive'}</Chip>
                  </td>
                  <td className="admin-nowrap">
                    <button
                      type="button"
                      className="button button--quiet button--small"
                      aria-label={`Edit batch ${b.name ?? b.id}`}
                      onClick={() => setEditing({ batch: b })}
                    >
                      Edit
                    </button>{' '}
                    <button
                      type="button"
                      className="button button--quiet button--small"
                      aria-label={`Instalments of batch ${b.name ?? b.id}`}
                      onClick={() => setPlan(b)}
                    >
                      Instalments ({b.instalments})
                    </button>{' '}
                    <Link
                      className="button button--quiet button--small"
                      to={`/admin/teaching/${b.id}/curriculum`}
                    >
                      Teaching
                    </Link>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {editing ? (
        <BatchDialog
          workshopId={workshopId}
          batch={editing.batch}
          onClose={() => setEditing(null)}
          onSaved={(message) => {
            setEditing(null);
            setStatus(message);
          }}
        />
      ) : null}
      {plan ? (
        <InstalmentsDialog
          batch={plan}
          onClose={() => setPlan(null)}
          onSaved={(message) => {
            setPlan(null);
            setStatus(message);
          }}
        />
      ) : null}
    </div>
  );
}

/** Who teaches the workshop: instructor accounts, ticked and saved together. */
function InstructorsPanel({ workshop }: { workshop: AdminWorkshop }) {
  const instructors = useGetAdminInstructorsQuery();
  const [save, saving] = useSetAdminWorkshopInstructorsMutation();
  const initial = workshop.instructors.map((i) => i.id);
  const [chosen, setChosen] = useState<number[]>(initial);
  const [message, setMessage] = useState<{ tone: 'status' | 'alert'; text: string } | null>(null);
  const dirty = chosen.length !== initial.length || chosen.some((id) => !initial.includes(id));
  return (
    <form
      className="form catalogue-form"
      onSubmit={(event) => {
        event.preventDefault();
        setMessage(null);
        save({ id: workshop.id, userIds: chosen })
          .unwrap()
          .then((after) => {
            setChosen(after.instructors.map((i) => i.id));
            setMessage({
              tone: 'status',
              text: 'Instructors saved: they see this workshop\u2019s batches in their console.',
            });
          })
          .catch((failure: unknown) => setMessage({ tone: 'alert', text: apiFormMessage(failure) }));
      }}
    >
      {message ? (
        <p
          role={message.tone}
          className={message.tone === 'alert' ? 'admin-message admin-message--alert' : 'admin-message'}
        >
          {message.text}
        </p>
      ) : null}
      <fieldset>
        <legend>Who teaches {workshop.shortTitle}</legend>
        {instructors.isLoading ? (
          <p role="status">Loading the instructors…</p>
        ) : (instructors.data?.items.length ?? 0) === 0 ? (
          <p className="admin-muted">There are no instructor accounts yet.</p>
        ) : (
          <ul className="catalogue-checks">
            {instructors.data?.items.map((person) => (
              <li key={person.id}>
                <label>
                  <input
                    type="checkbox"
                    checked={chosen.includes(person.id)}
                    onChange={() =>
                      setChosen((now) =>
                        now.includes(person.id) ? now.filter((id) => id !== person.id) : [...now, person.id],
                      )
                    }
                  />{' '}
                  {person.name ?? person.email ?? `Instructor ${person.id}`}
                </label>
              </li>
            ))}
          </ul>
        )}
      </fieldset>
      <button
        type="submit"
        className="button button--primary"
        disabled={!dirty || saving.isLoading}
        aria-busy={saving.isLoading || undefined}
      >
        {saving.isLoading ? 'Saving…' : 'Save the instructors'}
      </button>
    </form>
  );
}

/** `/admin/catalogue/workshops/{id}` (or `/new`): the workshop's details, batches and instructors. */
export function WorkshopEditor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const workshop = useGetAdminWorkshopQuery(id ?? 0, { skip: id === null });
  const categories = useGetAdminCategoriesQuery();
  const [create, creating] = useCreateAdminWorkshopMutation();
  const [update, updating] = useUpdateAdminWorkshopMutation();
  const [tab, setTab] = useState<Tab>('details');
  const [createdId, setCreatedId] = useState<number | null>(null);
  useEffect(() => {
    // After the form is reset (no longer dirty), so the unsaved-changes guard lets it go.
    if (createdId !== null) void navigate(`/admin/catalogue/workshops/${createdId}`, { replace: true });
  }, [createdId, navigate]);

  const back = (
    <p>
      <Link to="/admin/catalogue">← All workshops</Link>
    </p>
  );
  if (id !== null && workshop.isLoading) {
    return (
      <ConsolePage title="Workshop">
        {back}
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Loading the workshop…
        </p>
      </ConsolePage>
    );
  }
  if (id !== null && (workshop.error || !workshop.data)) {
    return (
      <ConsolePage title="Workshop">
        {back}
        <p role="alert" className="admin-message admin-message--alert">
          {apiFormMessage(workshop.error)}
        </p>
      </ConsolePage>
    );
  }
  const current = id === null ? null : (workshop.data ?? null);
  const form = (
    <WorkshopForm
      workshop={current}
      categories={categories.data?.items ?? []}
      busy={creating.isLoading || updating.isLoading}
      onSave={async (body) => {
        if (current) return update({ id: current.id, body }).unwrap();
        const made = await create(body).unwrap();
        setCreatedId(made.id);
        return made;
      }}
    />
  );
  if (!current) {
    return (
      <ConsolePage title="New workshop">
        {back}
        {form}
      </ConsolePage>
    );
  }
  const tabs: { key: Tab; label: string }[] = [
    { key: 'details', label: 'Details' },
    { key: 'batches', label: 'Batches' },
    { key: 'instructors', label: 'Instructors' },
  ];
  return (
    <ConsolePage title={current.title}>
      {back}
      <p>
        <Chip tone={current.isPublished ? 'good' : 'muted'}>
          {current.isPublished ? 'Published' : 'Draft'}
        </Chip>{' '}
        <span className="admin-muted">/{current.slug}</span>
      </p>
      <div role="tablist" aria-label="Workshop" className="catalogue-tabs">
        {tabs.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            id={`tab-${t.key}`}
            aria-selected={tab === t.key}
            aria-controls={`panel-${t.key}`}
            tabIndex={tab === t.key ? 0 : -1}
            className="button button--quiet"
            onClick={() => setTab(t.key)}
            onKeyDown={(event) => {
              const index = tabs.findIndex((x) => x.key === tab);
              const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
              if (!step) return;
              event.preventDefault();
              const next = tabs[(index + step + tabs.length) % tabs.length]!;
              setTab(next.key);
              document.getElementById(`tab-${next.key}`)?.focus();
            }}
          >
            {t.label}
          </button>
        ))}
      </div>
      <div role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === 'details' ? (
          form
        ) : tab === 'batches' ? (
          <BatchesPanel workshopId={current.id} />
        ) : (
          <InstructorsPanel workshop={current} />
        )}
      </div>
    </ConsolePage>
  );
}
