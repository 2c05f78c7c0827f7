import {
  TeachingAssignmentBodySchema,
  TeachingModuleBodySchema,
  TeachingQuizBodySchema,
  TeachingSessionBodySchema,
  type BodyOf,
  type TeachingCurriculum,
  type TeachingModule,
  type TeachingQuizQuestion,
  type TeachingSession,
} from '@atelier/contract';
import { useState } from 'react';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { apiFormMessage } from '../../../lib/forms';
import { Chip, When } from '../components/cells';
import { asNumber, EditorDialog, orNull, type FieldSpec, type FormValues } from './editor-dialog';
import { GenerateDialog } from './generate-dialog';
import { QuestionDialog } from './question-dialog';
import {
  useCreateTeachingAssignmentMutation,
  useCreateTeachingModuleMutation,
  useCreateTeachingSessionMutation,
  useDeleteTeachingQuestionMutation,
  useGetTeachingCurriculumQuery,
  useSaveTeachingQuizMutation,
  useUpdateTeachingAssignmentMutation,
  useUpdateTeachingModuleMutation,
  useUpdateTeachingSessionMutation,
} from './teaching-api';
import { QueryState } from './query-state';

/*
 * A batch's curriculum (issue 17 point 1): modules in order, each with its sessions (and their
 * assignments), its certificate title and its quiz (pass mark, question bank). Every edit opens a
 * dialog; the weekly generator previews the sessions the schedule gives before creating them.
 */

const WEEKDAYS = ['', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

const MODULE_FIELDS: FieldSpec[] = [
  { name: 'title', label: 'Title' },
  {
    name: 'certificateTitle',
    label: 'Certificate title',
    optional: true,
    hint: 'Printed on the module certificate.',
  },
  { name: 'sequence', label: 'Order', optional: true, kind: 'number' },
];
const moduleBody = (v: FormValues) => ({
  title: v.title ?? '',
  certificateTitle: orNull(v.certificateTitle),
  ...(asNumber(v.sequence) === undefined ? {} : { sequence: asNumber(v.sequence) }),
});

const SESSION_FIELDS: FieldSpec[] = [
  { name: 'title', label: 'Title' },
  {
    name: 'type',
    label: 'Type',
    kind: 'select',
    options: [
      { value: '1', label: 'Live session' },
      { value: '2', label: 'Recorded session' },
    ],
  },
  { name: 'sessionDate', label: 'Date', kind: 'date', optional: true },
  { name: 'sessionStartTime', label: 'Starts (India time)', kind: 'time', optional: true },
  { name: 'sessionEndTime', label: 'Ends (India time)', kind: 'time', optional: true },
  { name: 'assignmentLastDate', label: 'Assignments due', kind: 'date', optional: true },
  {
    name: 'recordingUrl',
    label: 'Recording link',
    kind: 'url',
    optional: true,
    hint: 'An https:// address.',
  },
  { name: 'description', label: 'Description', kind: 'textarea', optional: true },
];
const sessionBody = (v: FormValues) => ({
  title: v.title ?? '',
  type: v.type === '2' ? 2 : 1,
  sessionDate: orNull(v.sessionDate),
  sessionStartTime: orNull(v.sessionStartTime),
  sessionEndTime: orNull(v.sessionEndTime),
  assignmentLastDate: orNull(v.assignmentLastDate),
  recordingUrl: orNull(v.recordingUrl),
  description: v.description ?? '',
});

const ASSIGNMENT_FIELDS: FieldSpec[] = [
  { name: 'title', label: 'Title' },
  { name: 'maxPoints', label: 'Maximum points', kind: 'number' },
  {
    name: 'status',
    label: 'Status',
    kind: 'select',
    options: [
      { value: 'open', label: 'Open for answers' },
      { value: 'closed', label: 'Closed' },
    ],
  },
  { name: 'details', label: 'Details', kind: 'textarea', optional: true },
];
const assignmentBody = (v: FormValues) => ({
  title: v.title ?? '',
  maxPoints: asNumber(v.maxPoints),
  status: v.status,
  details: v.details ?? '',
});

const QUIZ_FIELDS: FieldSpec[] = [
  { name: 'title', label: 'Quiz title' },
  {
    name: 'passPercentage',
    label: 'Pass mark (%)',
    kind: 'number',
    hint: '0–100: the share of right answers that passes.',
  },
];
const quizBody = (v: FormValues) => ({ title: v.title ?? '', passPercentage: asNumber(v.passPercentage) });

type Editing =
  | { kind: 'module'; module?: TeachingModule }
  | { kind: 'session'; moduleId: number; session?: TeachingSession }
  | { kind: 'assignment'; sessionId: number; assignment?: TeachingSession['assignments'][number] }
  | { kind: 'quiz'; module: TeachingModule }
  | { kind: 'question'; moduleId: number; question?: TeachingQuizQuestion }
  | { kind: 'generate'; moduleId: number }
  | { kind: 'delete-question'; question: TeachingQuizQuestion };

export function CurriculumTab({ batchId }: { batchId: number }) {
  const result = useGetTeachingCurriculumQuery(batchId);
  const [editing, setEditing] = useState<Editing | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  if (!result.data) return <QueryState result={result} what="curriculum" />;
  const data = result.data;
  const done = (text: string) => {
    setEditing(null);
    setMessage(text);
  };
  return (
    <div className="teaching-curriculum">
      <Schedule data={data} />
      {message ? (
        <p className="admin-message" role="status">
          {message}
        </p>
      ) : null}
      <p>
        <button
          type="button"
          className="button button--primary"
          onClick={() => setEditing({ kind: 'module' })}
        >
          Add a module
        </button>
      </p>
      {data.modules.length === 0 ? <p className="admin-muted">No modules yet. Add the first one.</p> : null}
      {data.modules.map((m) => (
        <ModuleCard key={m.id} module={m} edit={setEditing} />
      ))}
      {editing ? (
        <Editor
          batchId={batchId}
          data={data}
          editing={editing}
          onClose={() => setEditing(null)}
          onSaved={done}
        />
      ) : null}
    </div>
  );
}

function Schedule({ data }: { data: TeachingCurriculum }) {
  return (
    <p className="admin-muted">
      Runs <When iso={data.batch.startDate} /> – <When iso={data.batch.endDate} />;{' '}
      {data.schedules.length === 0
        ? 'no weekly schedule (the generator needs one; an admin sets it on the batch).'
        : `weekly: ${data.schedules.map((s) => `${WEEKDAYS[s.day] ?? s.day} ${s.startTime}–${s.endTime}`).join(', ')}.`}
    </p>
  );
}

function ModuleCard({ module: m, edit }: { module: TeachingModule; edit: (e: Editing) => void }) {
  return (
    <section className="teaching-module" aria-labelledby={`module-${m.id}`}>
      <header className="teaching-module__head">
        <h2 id={`module-${m.id}`} className="teaching__subtitle">
          {m.sequence}. {m.title}
        </h2>
        <span className="admin-muted">
          {m.certificateTitle ? `Certificate: ${m.certificateTitle}` : 'No module certificate'}
        </span>
        <span className="teaching-module__actions">
          <button type="button" className="button" onClick={() => edit({ kind: 'module', module: m })}>
            Edit module
          </button>
          <button type="button" className="button" onClick={() => edit({ kind: 'session', moduleId: m.id })}>
            Add a session
          </button>
          <button type="button" className="button" onClick={() => edit({ kind: 'generate', moduleId: m.id })}>
            Weekly sessions…
          </button>
        </span>
      </header>
      {m.sessions.length === 0 ? (
        <p className="admin-muted">No sessions yet.</p>
      ) : (
        <div className="data-table__scroll">
          <table className="data-table__table">
            <caption className="visually-hidden">Sessions of {m.title}</caption>
            <thead>
              <tr>
                <th scope="col">Session</th>
                <th scope="col">Date</th>
                <th scope="col">Time</th>
                <th scope="col">Assignments</th>
                <th scope="col">Actions</th>
              </tr>
            </thead>
            <tbody>
              {m.sessions.map((s) => (
                <tr key={s.id}>
                  <td>
                    {s.title}
                    {s.type === 2 ? (
                      <>
                        {' '}
                        <Chip tone="muted">recorded</Chip>
                      </>
                    ) : null}
                  </td>
                  <td>
                    <When iso={s.sessionDate} />
                  </td>
                  <td className="admin-nowrap">
                    {s.sessionStartTime ? `${s.sessionStartTime}–${s.sessionEndTime ?? ''}` : '—'}
                  </td>
                  <td>
                    <ul className="teaching-list">
                      {s.assignments.map((a) => (
                        <li key={a.id}>
                          <button
                            type="button"
                            className="teaching-link"
                            onClick={() => edit({ kind: 'assignment', sessionId: s.id, assignment: a })}
                          >
                            {a.title}
                          </button>{' '}
                          <span className="admin-muted">
                            (max {a.maxPoints}; {a.responses} answers, {a.pending} waiting
                            {a.status === 'closed' ? '; closed' : ''})
                          </span>
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td className="admin-nowrap">
                    <button
                      type="button"
                      className="button"
                      onClick={() => edit({ kind: 'session', moduleId: m.id, session: s })}
                    >
                      Edit
                    </button>{' '}
                    <button
                      type="button"
                      className="button"
                      onClick={() => edit({ kind: 'assignment', sessionId: s.id })}
                    >
                      Add assignment
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <div className="teaching-quiz">
        <h3 className="teaching__minor">
          Quiz:{' '}
          {m.quiz ? (
            `${m.quiz.title} (pass mark ${m.quiz.passPercentage} %)`
          ) : (
            <span className="admin-muted">none yet</span>
          )}
        </h3>
        <p className="teaching-module__actions">
          <button type="button" className="button" onClick={() => edit({ kind: 'quiz', module: m })}>
            {m.quiz ? 'Edit quiz settings' : 'Set up the quiz'}
          </button>
          <button type="button" className="button" onClick={() => edit({ kind: 'question', moduleId: m.id })}>
            Add a question
          </button>
        </p>
        {m.questions.length > 0 ? (
          <ol className="teaching-questions">
            {m.questions.map((q) => (
              <li key={q.id}>
                <p>
                  {q.question} <span className="admin-muted">({q.answers} answers)</span>{' '}
                  <button
                    type="button"
                    className="teaching-link"
                    onClick={() => edit({ kind: 'question', moduleId: m.id, question: q })}
                  >
                    Edit
                  </button>{' '}
                  <button
                    type="button"
                    className="teaching-link"
                    onClick={() => edit({ kind: 'delete-question', question: q })}
                  >
                    Delete
                  </button>
                </p>
                <ul className="teaching-list">
                  {q.options.map((o) => (
                    <li key={o.id}>
                      {o.text} {o.isCorrect ? <Chip tone="good">correct</Chip> : null}
                    </li>
                  ))}
                </ul>
              </li>
            ))}
          </ol>
        ) : null}
      </div>
    </section>
  );
}

function Editor({
  batchId,
  data,
  editing,
  onClose,
  onSaved,
}: {
  batchId: number;
  data: TeachingCurriculum;
  editing: Editing;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [createModule] = useCreateTeachingModuleMutation();
  const [updateModule] = useUpdateTeachingModuleMutation();
  const [createSession] = useCreateTeachingSessionMutation();
  const [updateSession] = useUpdateTeachingSessionMutation();
  const [createAssignment] = useCreateTeachingAssignmentMutation();
  const [updateAssignment] = useUpdateTeachingAssignmentMutation();
  const [saveQuiz] = useSaveTeachingQuizMutation();

  switch (editing.kind) {
    case 'module': {
      const m = editing.module;
      return (
        <EditorDialog
          title={m ? `Module: ${m.title}` : 'New module'}
          fields={MODULE_FIELDS}
          initial={{
            title: m?.title ?? '',
            certificateTitle: m?.certificateTitle ?? '',
            sequence: m ? String(m.sequence) : '',
          }}
          schema={TeachingModuleBodySchema}
          toBody={moduleBody}
          save={(body) =>
            m
              ? updateModule({ id: m.id, body: body as BodyOf<'adminTeachingModuleUpdate'> }).unwrap()
              : createModule({ id: batchId, body: body as BodyOf<'adminTeachingModuleCreate'> }).unwrap()
          }
          submitLabel={m ? 'Save the module' : 'Add the module'}
          onClose={onClose}
          onSaved={onSaved}
        />
      );
    }
    case 'session': {
      const s = editing.session;
      return (
        <EditorDialog
          title={s ? `Session: ${s.title}` : 'New session'}
          fields={SESSION_FIELDS}
          initial={{
            title: s?.title ?? '',
            type: String(s?.type ?? 1),
            sessionDate: s?.sessionDate ?? '',
            sessionStartTime: s?.sessionStartTime ?? '',
            sessionEndTime: s?.sessionEndTime ?? '',
            assignmentLastDate: s?.assignmentLastDate ?? '',
            recordingUrl: s?.recordingUrl ?? '',
            description: s?.description ?? '',
          }}
          schema={TeachingSessionBodySchema}
          toBody={sessionBody}
          save={(body) =>
            s
              ? updateSession({ id: s.id, body: body as BodyOf<'adminTeachingSessionUpdate'> }).unwrap()
              : createSession({
                  id: editing.moduleId,
                  body: body as BodyOf<'adminTeachingSessionCreate'>,
                }).unwrap()
          }
          submitLabel={s ? 'Save the session' : 'Add the session'}
          onClose={onClose}
          onSaved={onSaved}
        />
      );
    }
    case 'assignment': {
      const a = editing.assignment;
      return (
        <EditorDialog
          title={a ? `Assignment: ${a.title}` : 'New assignment'}
          fields={ASSIGNMENT_FIELDS}
          initial={{
            title: a?.title ?? '',
            maxPoints: String(a?.maxPoints ?? 10),
            status: a?.status ?? 'open',
            details: a?.details ?? '',
          }}
          schema={TeachingAssignmentBodySchema}
          toBody={assignmentBody}
          save={(body) =>
            a
              ? updateAssignment({ id: a.id, body: body as BodyOf<'adminTeachingAssignmentUpdate'> }).unwrap()
              : createAssignment({
                  id: editing.sessionId,
                  body: body as BodyOf<'adminTeachingAssignmentCreate'>,
                }).unwrap()
          }
          submitLabel={a ? 'Save the assignment' : 'Add the assignment'}
          onClose={onClose}
          onSaved={onSaved}
        />
      );
    }
    case 'quiz': {
      const m = editing.module;
      return (
        <EditorDialog
          title={`Quiz of ${m.title}`}
          fields={QUIZ_FIELDS}
          initial={{
            title: m.quiz?.title ?? `${m.title} quiz`,
            passPercentage: String(m.quiz?.passPercentage ?? 60),
          }}
          schema={TeachingQuizBodySchema}
          toBody={quizBody}
          save={(body) => saveQuiz({ id: m.id, body: body as BodyOf<'adminTeachingQuizUpdate'> }).unwrap()}
          submitLabel="Save the quiz"
          onClose={onClose}
          onSaved={onSaved}
        />
      );
    }
    case 'question':
      return (
        <QuestionDialog
          moduleId={editing.moduleId}
          question={editing.question}
          onClose={onClose}
          onSaved={onSaved}
        />
      );
    case 'generate':
      return (
        <GenerateDialog
          batchId={batchId}
          data={data}
          moduleId={editing.moduleId}
          onClose={onClose}
          onSaved={onSaved}
        />
      );
    case 'delete-question':
      return <DeleteQuestion question={editing.question} onClose={onClose} onSaved={onSaved} />;
  }
}

function DeleteQuestion({
  question,
  onClose,
  onSaved,
}: {
  question: TeachingQuizQuestion;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [remove, state] = useDeleteTeachingQuestionMutation();
  const [error, setError] = useState<string | null>(null);
  return (
    <ModalDialog
      className="dialog admin-dialog"
      labelledBy="delete-question-title"
      describedBy="delete-question-text"
      onClose={onClose}
    >
      <div className="dialog__card">
        <h2 id="delete-question-title" className="dialog__title">
          Delete this question?
        </h2>
        <p id="delete-question-text" className="dialog__text">
          “{question.question}”
          {question.answers > 0
            ? ` has ${question.answers} learners' answers; they go with it and quiz scores change.`
            : ' has no answers yet.'}
        </p>
        {error ? (
          <p className="form-alert form-alert--error" role="alert">
            {error}
          </p>
        ) : null}
        <div className="admin-dialog__actions">
          <button type="button" className="button" onClick={onClose}>
            Keep it
          </button>
          <button
            type="button"
            className="button button--primary"
            disabled={state.isLoading}
            onClick={() => {
              remove(question.id)
                .unwrap()
                .then(() => onSaved('Question deleted.'))
                .catch((e: unknown) => setError(apiFormMessage(e)));
            }}
          >
            Delete the question
          </button>
        </div>
      </div>
    </ModalDialog>
  );
}
