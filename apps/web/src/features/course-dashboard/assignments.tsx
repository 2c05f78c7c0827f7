import { ASSIGNMENT_PDF_MAX_BYTES, HttpsLinkSchema, type CourseModuleSessionWire } from '@atelier/contract';
import { assignmentStatus } from '@atelier/domain';
import { useId, useState, type ChangeEvent, type FormEvent } from 'react';
import { FileIcon } from '../../components/ui/icons';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { formatDay } from '../../lib/format';
import { apiFormMessage, ChoiceField, FormAlert, SubmitButton, TextField } from '../../lib/forms';
import { useAppDispatch } from '../../lib/store';
import {
  downloadAssignmentPdf,
  useDeleteAssignmentMutation,
  useSubmitAssignmentMutation,
  useUpdateAssignmentMutation,
  type AssignmentAnswer,
} from './api';
import { isInstalmentDue } from './errors';

type DashboardAssignment = CourseModuleSessionWire['Assignments'][number];
type AssignmentResponse = DashboardAssignment['AssignmentResponses'][number];

/** What the coursework parts of the page share: the batch, read-only mode and the 402 hook. */
export interface CourseworkContext {
  batchId: number;
  readOnly: boolean;
  /** Today as a wire date in the platform's zone (deadlines compare against it). */
  today: string;
  /** A write answered 402 INSTALMENT_DUE: the page turns into the lock screen. */
  onLocked: () => void;
}

export const LINK_ERROR = 'Enter a link that starts with https://';
export const PDF_TYPE_ERROR = 'Choose a PDF file.';
export const PDF_SIZE_ERROR = 'Choose a PDF of 20 MB or less.';

/** The inline message for a typed link, or null when it is an https link the server accepts. */
export function linkProblem(value: string): string | null {
  if (value.trim() === '') return 'Enter the link to your work.';
  return HttpsLinkSchema.safeParse(value).success ? null : LINK_ERROR;
}

/** The inline message for a chosen file, or null when it is a PDF of at most 20 MB. */
export function pdfProblem(file: File | null): string | null {
  if (!file) return 'Choose the PDF to upload.';
  const isPdf = file.type === 'application/pdf' || /\.pdf$/i.test(file.name);
  if (!isPdf) return PDF_TYPE_ERROR;
  return file.size > ASSIGNMENT_PDF_MAX_BYTES ? PDF_SIZE_ERROR : null;
}

function megabytes(bytes: number): string {
  return `${(bytes / (1024 * 1024)).toFixed(bytes < 1024 * 1024 ? 2 : 1)} MB`;
}

interface AnswerFormProps {
  assignmentTitle: string;
  initialLink?: string;
  submitLabel: string;
  onSend: (answer: AssignmentAnswer) => Promise<unknown>;
  onCancel?: () => void;
  onLocked: () => void;
}

/**
 * A link (https only) or a PDF (≤ 20 MB, checked before anything is sent). The values live in this
 * form until the call succeeds, so a failed call loses nothing typed or chosen.
 */
function AnswerForm({
  assignmentTitle,
  initialLink,
  submitLabel,
  onSend,
  onCancel,
  onLocked,
}: AnswerFormProps) {
  const [kind, setKind] = useState<'link' | 'pdf'>('link');
  const [link, setLink] = useState(initialLink ?? '');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const [busy, setBusy] = useState(false);
  const fileId = useId();
  const name = useId();

  const onFile = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    setFile(chosen);
    setProblem(chosen ? pdfProblem(chosen) : null);
  };

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const issue = kind === 'link' ? linkProblem(link) : pdfProblem(file);
    setProblem(issue);
    if (issue) return;
    setFailure(null);
    setBusy(true);
    try {
      await onSend(kind === 'link' ? { link: link.trim() } : { pdf: file as File });
      setLink('');
      setFile(null);
    } catch (error) {
      if (isInstalmentDue(error)) onLocked();
      setFailure(error);
    } finally {
      setBusy(false);
    }
  };

  const fileErrorId = `${fileId}-error`;
  return (
    <form className="answer-form" noValidate onSubmit={(event) => void submit(event)}>
      <ChoiceField
        legend={`Answer for “${assignmentTitle}”`}
        name={name}
        value={kind}
        onValueChange={(value) => {
          setKind(value === 'pdf' ? 'pdf' : 'link');
          setProblem(null);
        }}
        options={[
          { value: 'link', label: 'A link' },
          { value: 'pdf', label: 'A PDF file' },
        ]}
      />
      {kind === 'link' ? (
        <TextField
          label="Link to your work"
          type="url"
          inputMode="url"
          placeholder="https://"
          value={link}
          onValueChange={(value) => {
            setLink(value);
            if (problem) setProblem(linkProblem(value));
          }}
          hint="A https:// link: a drive folder, a board or a portfolio page."
          error={problem ?? undefined}
        />
      ) : (
        <div className={`form-field ${problem ? 'form-field--invalid' : ''}`}>
          <label className="form-field__label" htmlFor={fileId}>
            PDF file
          </label>
          <input
            id={fileId}
            className="form-field__input answer-form__file"
            type="file"
            accept="application/pdf,.pdf"
            onChange={onFile}
            aria-invalid={problem ? true : undefined}
            aria-describedby={`${fileId}-hint${problem ? ` ${fileErrorId}` : ''}`}
          />
          <p className="form-field__hint" id={`${fileId}-hint`}>
            {file && !problem ? `${file.name}, ${megabytes(file.size)}. ` : ''}A PDF of up to 20 MB.
          </p>
          {problem ? (
            <p className="form-field__error" id={fileErrorId}>
              <span aria-hidden="true" className="form-field__error-icon">
                !
              </span>
              {problem}
            </p>
          ) : null}
        </div>
      )}
      {busy ? (
        <p className="answer-form__pending" role="status">
          {kind === 'pdf' ? 'Uploading your PDF…' : 'Sending your link…'}
        </p>
      ) : null}
      {failure ? <FormAlert>{apiFormMessage(failure)}</FormAlert> : null}
      <div className="answer-form__actions">
        <SubmitButton
          busy={busy}
          busyLabel={kind === 'pdf' ? 'Uploading…' : 'Sending…'}
          className="button button--primary"
        >
          {submitLabel}
        </SubmitButton>
        {onCancel ? (
          <button type="button" className="button button--quiet" onClick={onCancel} disabled={busy}>
            Cancel
          </button>
        ) : null}
      </div>
    </form>
  );
}

function ConfirmDelete({
  title,
  busy,
  failure,
  onConfirm,
  onClose,
}: {
  title: string;
  busy: boolean;
  failure: unknown;
  onConfirm: () => void;
  onClose: () => void;
}) {
  return (
    <ModalDialog className="dialog" labelledBy="delete-answer-title" onClose={onClose}>
      <div className="dialog__card">
        <h2 id="delete-answer-title" className="dialog__title">
          Delete your answer?
        </h2>
        <p className="dialog__text">
          Your answer to “{title}” will be removed. You can submit a new one while the assignment is open.
        </p>
        {failure ? <FormAlert>{apiFormMessage(failure)}</FormAlert> : null}
        <div className="dialog__actions">
          <button
            type="button"
            className="button button--primary"
            onClick={onConfirm}
            disabled={busy}
            aria-busy={busy || undefined}
          >
            {busy ? 'Deleting…' : 'Delete answer'}
          </button>
          <form method="dialog">
            <button type="submit" className="button button--quiet">
              Keep it
            </button>
          </form>
        </div>
      </div>
    </ModalDialog>
  );
}

function ResponseView({ response, maxPoints }: { response: AssignmentResponse; maxPoints: number }) {
  const dispatch = useAppDispatch();
  const [pdfBusy, setPdfBusy] = useState(false);
  const [pdfError, setPdfError] = useState<string | null>(null);
  const openPdf = async () => {
    setPdfError(null);
    setPdfBusy(true);
    try {
      await dispatch(downloadAssignmentPdf(response.id, response.pdfName ?? 'answer.pdf'));
    } catch {
      setPdfError('The PDF could not be downloaded just now. Please try again in a moment.');
    } finally {
      setPdfBusy(false);
    }
  };
  return (
    <div className="answer">
      <p className="answer__what">
        {response.link ? (
          <>
            Your link:{' '}
            <a
              className="text-link answer__link"
              href={response.link}
              target="_blank"
              rel="noreferrer noopener"
            >
              {response.link}
            </a>
          </>
        ) : response.pdf ? (
          <>
            <FileIcon /> Your PDF:{' '}
            <button
              type="button"
              className="text-link answer__pdf"
              onClick={() => void openPdf()}
              disabled={pdfBusy}
              aria-busy={pdfBusy || undefined}
            >
              {response.pdfName ?? 'answer.pdf'}
            </button>
          </>
        ) : null}
      </p>
      {pdfError ? <FormAlert>{pdfError}</FormAlert> : null}
      {response.points !== null ? (
        <p className="answer__points">
          <strong>
            {response.points}/{maxPoints}
          </strong>{' '}
          points
        </p>
      ) : (
        <p className="answer__waiting">Waiting for review</p>
      )}
      {response.reviewComment ? (
        <blockquote className="answer__review">
          <p className="answer__review-label">Reviewer’s comment</p>
          <p>{response.reviewComment}</p>
        </blockquote>
      ) : null}
    </div>
  );
}

/** An assignment: its status, deadline, the learner's answer (points, review) and what they can do. */
export function AssignmentItem({
  assignment,
  session,
  context,
}: {
  assignment: DashboardAssignment;
  session: CourseModuleSessionWire;
  context: CourseworkContext;
}) {
  const { batchId, readOnly, today, onLocked } = context;
  const [submit] = useSubmitAssignmentMutation();
  const [update] = useUpdateAssignmentMutation();
  const [remove, removal] = useDeleteAssignmentMutation();
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [removeFailure, setRemoveFailure] = useState<unknown>(null);

  const status = assignmentStatus(assignment);
  const response = assignment.AssignmentResponses.find((entry) => entry.link || entry.pdf) ?? null;
  const due = session.assignmentLastDate;
  const overdue = status === 'pending' && !!due && due !== '0000-00-00' && due < today;
  const open = assignment.status === 'open';
  const titleId = useId();

  const confirmDelete = async () => {
    if (!response) return;
    setRemoveFailure(null);
    try {
      await remove({ batchId, responseId: response.id }).unwrap();
      setConfirming(false);
    } catch (error) {
      if (isInstalmentDue(error)) onLocked();
      setRemoveFailure(error);
    }
  };

  return (
    <article id={`assignment-${assignment.id}`} className="assignment" aria-labelledby={titleId}>
      <header className="assignment__head">
        <h4 id={titleId} className="assignment__title">
          {assignment.title}
        </h4>
        <span
          className={`chip assignment__status assignment__status--${overdue ? 'overdue' : status}`}
          aria-label={`Status: ${overdue ? 'overdue' : status}`}
        >
          {overdue ? 'Overdue' : status === 'submitted' ? 'Submitted' : 'Pending'}
        </span>
      </header>
      {assignment.details ? <p className="assignment__details">{assignment.details}</p> : null}
      <p className="assignment__meta">
        {due && due !== '0000-00-00' ? <>Due {formatDay(due)}</> : 'No deadline'}
        {' · '}
        {assignment.maxPoints} points
        {open ? null : ' · Closed for submissions'}
      </p>
      {response && !editing ? <ResponseView response={response} maxPoints={assignment.maxPoints} /> : null}
      {readOnly ? null : response ? (
        editing ? (
          <AnswerForm
            assignmentTitle={assignment.title}
            initialLink={response.link ?? ''}
            submitLabel="Save changes"
            onLocked={onLocked}
            onCancel={() => setEditing(false)}
            onSend={async (answer) => {
              await update({ batchId, responseId: response.id, answer }).unwrap();
              setEditing(false);
            }}
          />
        ) : open ? (
          <div className="assignment__actions">
            <button type="button" className="button button--quiet" onClick={() => setEditing(true)}>
              Edit answer
            </button>
            <button
              type="button"
              className="button button--quiet assignment__delete"
              onClick={() => {
                setRemoveFailure(null);
                setConfirming(true);
              }}
            >
              Delete answer
            </button>
          </div>
        ) : null
      ) : open ? (
        <AnswerForm
          assignmentTitle={assignment.title}
          submitLabel="Submit"
          onLocked={onLocked}
          onSend={(answer) => submit({ batchId, assignmentId: assignment.id, answer }).unwrap()}
        />
      ) : null}
      {confirming && response ? (
        <ConfirmDelete
          title={assignment.title}
          busy={removal.isLoading}
          failure={removeFailure}
          onConfirm={() => void confirmDelete()}
          onClose={() => setConfirming(false)}
        />
      ) : null}
    </article>
  );
}

/** The overdue assignments (domain `overdueAssignments`), at the top of the page. */
export function OverdueList({
  overdue,
}: {
  overdue: readonly { assignment: DashboardAssignment; label: string; sessionTitle: string; due: string }[];
}) {
  if (overdue.length === 0) return null;
  return (
    <section className="course-card overdue" aria-labelledby="overdue-title">
      <h2 id="overdue-title" className="course-card__title">
        Overdue assignments <span className="section-title__count">{overdue.length}</span>
      </h2>
      <ul className="overdue__list">
        {overdue.map(({ assignment, label, sessionTitle, due }) => (
          <li key={assignment.id} className="overdue__item">
            <a className="text-link" href={`#assignment-${assignment.id}`}>
              {assignment.title}
            </a>
            <span className="overdue__meta">
              {label} · {sessionTitle} · was due {formatDay(due)}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
