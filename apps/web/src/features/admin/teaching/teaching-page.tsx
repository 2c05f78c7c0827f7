import { useState } from 'react';
import { Link, NavLink, useLocation } from 'react-router';
import { readId } from '../../../lib/api/paths';
import { ConsolePage, When } from '../components/cells';
import { AttendanceTab } from './attendance-tab';
import { CurriculumTab } from './curriculum-tab';
import { ReviewTab } from './review-tab';
import { StatsTab } from './stats-tab';
import { useGetTeachingBatchesQuery } from './teaching-api';
import './teaching.css';

/*
 * `/admin/teaching` (issue 17 points 1 and 4): the batches the caller teaches (admins: every
 * batch), then one batch's curriculum, review queue, attendance, quiz statistics and progress at
 * `/admin/teaching/{batchId}/{tab}`. An instructor's list holds only their own batches; another
 * batch's address answers 404 from the server and shows "not found" here.
 */

const TABS = [
  { key: 'curriculum', label: 'Curriculum' },
  { key: 'reviews', label: 'Review queue' },
  { key: 'attendance', label: 'Attendance' },
  { key: 'stats', label: 'Quizzes & progress' },
] as const;
type TabKey = (typeof TABS)[number]['key'];

export function TeachingPage() {
  const location = useLocation();
  const [, , , batchSegment, tabSegment] = location.pathname.split('/');
  const batchId = readId(batchSegment);
  if (batchId === null) return <BatchPicker />;
  const tab: TabKey = TABS.some((t) => t.key === tabSegment) ? (tabSegment as TabKey) : 'curriculum';
  return <BatchView batchId={batchId} tab={tab} />;
}

/** The batches I teach: a searchable list with learners and answers waiting for review. */
function BatchPicker() {
  const result = useGetTeachingBatchesQuery();
  const [q, setQ] = useState('');
  const text = q.trim().toLowerCase();
  const items = (result.data?.items ?? []).filter(
    (b) => !text || `${b.workshop.title} ${b.name ?? ''}`.toLowerCase().includes(text),
  );
  return (
    <ConsolePage
      title="Teaching"
      intro="Your batches: their curriculum, answers to review, attendance and quizzes."
    >
      <div className="data-table__tools">
        <label className="data-table__search">
          <span className="data-table__label">Find a batch</span>
          <input
            type="search"
            className="form-field__input"
            value={q}
            maxLength={100}
            onChange={(event) => setQ(event.target.value)}
          />
        </label>
      </div>
      {result.isLoading ? (
        <p role="status">
          <span className="spinner" aria-hidden="true" /> Loading your batches…
        </p>
      ) : result.error ? (
        <div className="admin-message admin-message--alert" role="alert">
          <p>Your batches could not be loaded.</p>
          <button type="button" className="button" onClick={() => void result.refetch()}>
            Try again
          </button>
        </div>
      ) : items.length === 0 ? (
        <p className="admin-muted">
          {text ? 'No batch matches.' : 'You teach no batch yet. An admin assigns instructors to workshops.'}
        </p>
      ) : (
        <ul className="teaching-batches">
          {items.map((batch) => (
            <li key={batch.id} className="teaching-batches__item">
              <Link to={`/admin/teaching/${batch.id}/curriculum`} className="teaching-batches__link">
                <span className="teaching-batches__title">{batch.workshop.title}</span>
                <span className="admin-muted">{batch.name ?? `Batch ${batch.id}`}</span>
              </Link>
              <span>
                <When iso={batch.startDate} /> – <When iso={batch.endDate} />
              </span>
              <span>
                {batch.learners} {batch.learners === 1 ? 'learner' : 'learners'}
              </span>
              <Link
                to={`/admin/teaching/${batch.id}/reviews`}
                className={
                  batch.pendingReviews > 0 ? 'admin-chip admin-chip--wait' : 'admin-chip admin-chip--muted'
                }
              >
                {batch.pendingReviews} to review
              </Link>
            </li>
          ))}
        </ul>
      )}
    </ConsolePage>
  );
}

function BatchView({ batchId, tab }: { batchId: number; tab: TabKey }) {
  const batches = useGetTeachingBatchesQuery();
  const batch = batches.data?.items.find((b) => b.id === batchId);
  const title = batch ? `${batch.workshop.title} · ${batch.name ?? `Batch ${batch.id}`}` : `Batch ${batchId}`;
  return (
    <ConsolePage title={title}>
      <p>
        <Link to="/admin/teaching">← All my batches</Link>
      </p>
      <nav aria-label="Batch" className="teaching-tabs">
        {TABS.map((t) => (
          <NavLink key={t.key} to={`/admin/teaching/${batchId}/${t.key}`} className="teaching-tabs__link">
            {t.label}
          </NavLink>
        ))}
      </nav>
      {tab === 'curriculum' ? <CurriculumTab batchId={batchId} /> : null}
      {tab === 'reviews' ? <ReviewTab batchId={batchId} /> : null}
      {tab === 'attendance' ? <AttendanceTab batchId={batchId} /> : null}
      {tab === 'stats' ? <StatsTab batchId={batchId} /> : null}
    </ConsolePage>
  );
}
