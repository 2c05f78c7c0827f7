import { TeachingReviewBodySchema, type TeachingResponse } from '@atelier/contract';
import { useEffect, useMemo, useState } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { z } from 'zod';
import {
  FormAlert,
  FormTextArea,
  FormTextField,
  reportBodyIssues,
  showApiFailure,
  SubmitButton,
  useContractForm,
  type BodyField,
} from '../../../lib/forms';
import { useAppDispatch } from '../../../lib/store';
import { Chip, When } from '../components/cells';
import { UnsavedChangesGuard } from '../components/unsaved-changes';
import {
  openAnswerPdf,
  useGetTeachingResponsesQuery,
  useReviewTeachingResponseMutation,
} from './teaching-api';
import { QueryState } from './query-state';

/*
 * The review queue of a batch (issue 17 point 4): submitted answers, oldest first, filtered to
 * those waiting (default) or reviewed. One answer is open at a time: its link or PDF opens in a new
 * tab, the points (up to the assignment's maximum) and a comment are saved, and the next answer
 * opens. The learner sees both on their dashboard; the points count on the leaderboard.
 */

const FILTERS = [
  { value: 'pending', label: 'Waiting for review' },
  { value: 'reviewed', label: 'Reviewed' },
  { value: 'all', label: 'All answers' },
] as const;
type Filter = (typeof FILTERS)[number]['value'];

export function ReviewTab({ batchId }: { batchId: number }) {
  const [status, setStatus] = useState<Filter>('pending');
  const [page, setPage] = useState(1);
  const result = useGetTeachingResponsesQuery({ id: batchId, status, page });
  const [selectedId, setSelectedId] = useState<number | null>(null);
  // A half-typed review is not dropped silently by opening another answer: ask first.
  const [dirty, setDirty] = useState(false);
  const [pending, setPending] = useState<(() => void) | null>(null);
  const guarded = (action: () => void) => {
    if (dirty) setPending(() => action);
    else action();
  };
  const [message, setMessage] = useState<string | null>(null);
  const items = result.data?.items ?? [];
  const selected = items.find((r) => r.id === selectedId) ?? (selectedId === null ? items[0] : undefined);

  if (result.isLoading || (result.error && !result.data))
    return <QueryState result={result} what="review queue" />;
  const total = result.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / 25));

  const saved = (response: TeachingResponse, next: number | null) => {
    setDirty(false);
    const who = response.learner.name ?? response.learner.email ?? 'the learner';
    setMessage(`Saved ${response.points}/${response.assignment.maxPoints} for ${who}.`);
    setSelectedId(next);
  };

  return (
    <div className="teaching-review">
      <div className="data-table__tools">
        <label className="data-table__filter">
          <span className="data-table__label">Show</span>
          <select
            value={status}
            onChange={(event) => {
              const next = event.target.value as Filter;
              guarded(() => {
                setStatus(next);
                setPage(1);
                setSelectedId(null);
                setMessage(null);
              });
            }}
          >
            {FILTERS.map((f) => (
              <option key={f.value} value={f.value}>
                {f.label}
              </option>
            ))}
          </select>
        </label>
        <span className="admin-muted" aria-live="polite">
          {total} {total === 1 ? 'answer' : 'answers'}
        </span>
      </div>
      {message ? (
        <p className="admin-message" role="status">
          {message}
        </p>
      ) : null}
      {items.length === 0 ? (
        <p className="admin-muted">
          {status === 'pending' ? 'Nothing waits for review. Well done.' : 'No answers here yet.'}
        </p>
      ) : (
        <div className="teaching-review__panes">
          <ol className="teaching-review__queue" aria-label="Answers">
            {items.map((r) => (
              <li key={r.id}>
                <button
                  type="button"
                  className="teaching-review__item"
                  aria-current={selected?.id === r.id ? 'true' : undefined}
                  onClick={() => guarded(() => setSelectedId(r.id))}
                >
                  <span className="teaching-review__who">{r.learner.name ?? r.learner.email}</span>
                  <span className="admin-muted">{r.assignment.title}</span>
                  {r.points === null ? (
                    <Chip tone="wait">waiting</Chip>
                  ) : (
                    <Chip tone="good">{`${r.points}/${r.assignment.maxPoints}`}</Chip>
                  )}
                </button>
              </li>
            ))}
          </ol>
          {selected ? (
            <ReviewPanel
              key={selected.id}
              response={selected}
              nextId={nextAfter(items, selected.id, status)}
              onSaved={saved}
              onDirtyChange={setDirty}
            />
          ) : (
            <p className="admin-muted">Choose an answer to review.</p>
          )}
        </div>
      )}
      {pages > 1 ? (
        <div className="data-table__pager">
          <button
            type="button"
            className="button"
            disabled={page <= 1}
            onClick={() => guarded(() => setPage(page - 1))}
          >
            Previous
          </button>
          <span>
            Page {page} of {pages}
          </span>
          <button
            type="button"
            className="button"
            disabled={page >= pages}
            onClick={() => guarded(() => setPage(page + 1))}
          >
            Next
          </button>
        </div>
      ) : null}
      {pending ? (
        <ModalDialog
          className="dialog admin-dialog"
          labelledBy="switch-title"
          describedBy="switch-text"
          onClose={() => setPending(null)}
        >
          <div className="dialog__card">
            <h2 id="switch-title" className="dialog__title">
              Leave this review without saving?
            </h2>
            <p id="switch-text" className="dialog__text">
              The points and comment you typed have not been saved.
            </p>
            <div className="admin-dialog__actions">
              <button type="button" className="button button--primary" onClick={() => setPending(null)}>
                Keep reviewing
              </button>
              <button
                type="button"
                className="button button--quiet"
                onClick={() => {
                  const action = pending;
                  setPending(null);
                  setDirty(false);
                  action();
                }}
              >
                Discard and go on
              </button>
            </div>
          </div>
        </ModalDialog>
      ) : null}
    </div>
  );
}

/** The answer to open after saving `id`: the next in the list (or, at its end, the one before). */
function nextAfter(items: TeachingResponse[], id: number, status: Filter): number | null {
  const index = items.findIndex((r) => r.id === id);
  const after = items.slice(index + 1).find((r) => status !== 'pending' || r.points === null);
  if (after) return after.id;
  const before = items.slice(0, index).find((r) => status !== 'pending' || r.points === null);
  return before?.id ?? null;
}

interface ReviewValues {
  points: string;
  comment: string;
}

const BODY_FIELDS: Record<string, BodyField<ReviewValues>> = {
  points: { field: 'points', label: 'Points' },
  comment: { field: 'comment', label: 'Comment' },
};

function bodyOf(values: ReviewValues) {
  const points = values.points.trim();
  return {
    points: points === '' ? undefined : /^\d+$/.test(points) ? Number(points) : points,
    comment: values.comment,
  };
}

function ReviewPanel({
  response,
  nextId,
  onSaved,
  onDirtyChange,
}: {
  response: TeachingResponse;
  nextId: number | null;
  onSaved: (response: TeachingResponse, next: number | null) => void;
  onDirtyChange: (dirty: boolean) => void;
}) {
  const dispatch = useAppDispatch();
  const [review, state] = useReviewTeachingResponseMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const max = response.assignment.maxPoints;
  const schema = useMemo(
    () =>
      z
        .custom<ReviewValues>(() => true)
        .superRefine((values, ctx) => {
          const body = bodyOf(values);
          if (body.points === undefined) {
            ctx.addIssue({ code: 'custom', path: ['points'], message: 'Give the points (0 or more).' });
            return;
          }
          reportBodyIssues(TeachingReviewBodySchema, body, ctx, BODY_FIELDS);
          if (typeof body.points === 'number' && body.points > max)
            ctx.addIssue({ code: 'custom', path: ['points'], message: `Points must be at most ${max}.` });
        }),
    [max],
  );
  const form = useContractForm<ReviewValues>(schema, {
    points: response.points === null ? '' : String(response.points),
    comment: response.reviewComment ?? '',
  });

  const isDirty = form.formState.isDirty;
  useEffect(() => onDirtyChange(isDirty), [isDirty, onDirtyChange]);

  const submit = async (values: ReviewValues) => {
    setFormError(null);
    try {
      const body = bodyOf(values) as { points: number; comment: string };
      const saved = await review({ id: response.id, body }).unwrap();
      form.reset(values);
      onSaved(saved, nextId);
    } catch (error) {
      setFormError(showApiFailure(error, form.setError, BODY_FIELDS));
    }
  };

  const openPdf = async () => {
    setPdfError(null);
    try {
      await dispatch(openAnswerPdf(response.pdf!));
    } catch (error) {
      setPdfError(error instanceof Error ? error.message : 'The PDF could not be opened.');
    }
  };

  const learner = response.learner.name ?? response.learner.email ?? `Learner ${response.learner.id}`;
  return (
    <section className="teaching-review__panel" aria-labelledby="review-title">
      <UnsavedChangesGuard when={form.formState.isDirty} />
      <h2 id="review-title" className="teaching__subtitle">
        {learner}: {response.assignment.title}
      </h2>
      <p className="admin-muted">
        {response.assignment.module} · {response.assignment.session} · submitted{' '}
        <When iso={response.submittedAt} />
      </p>
      {response.assignment.details ? <p>{response.assignment.details}</p> : null}
      <p className="teaching-review__open">
        {response.link ? (
          <a href={response.link} target="_blank" rel="noopener noreferrer" className="button">
            Open the link (new tab)
          </a>
        ) : null}
        {response.pdf ? (
          <button type="button" className="button" onClick={() => void openPdf()}>
            Open the PDF{response.pdfName ? ` (${response.pdfName})` : ''}
          </button>
        ) : null}
      </p>
      {pdfError ? <FormAlert>{pdfError}</FormAlert> : null}
      {response.reviewedAt ? (
        <p className="admin-muted">
          Reviewed <When iso={response.reviewedAt} />
          {response.reviewer ? ` by ${response.reviewer}` : ''}.
        </p>
      ) : null}
      <form className="form" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
        {formError ? <FormAlert>{formError}</FormAlert> : null}
        <FormTextField
          control={form.control}
          name="points"
          label={`Points (out of ${max})`}
          inputMode="numeric"
          autoComplete="off"
        />
        <FormTextArea
          control={form.control}
          name="comment"
          label="Comment to the learner"
          hint="The learner sees it on their course dashboard. At most 2000 characters."
          optional
        />
        <SubmitButton busy={state.isLoading} busyLabel="Saving…">
          {nextId === null ? 'Save the review' : 'Save and open the next'}
        </SubmitButton>
      </form>
    </section>
  );
}
