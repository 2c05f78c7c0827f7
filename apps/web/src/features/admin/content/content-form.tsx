import { useEffect, type ReactNode } from 'react';
import { useController, type Control, type FieldPath, type FieldValues } from 'react-hook-form';
import { Link, useLocation, useNavigate } from 'react-router';

/*
 * What the content editors share: a checkbox bound to a form field, the sub-path of a section
 * (`/admin/blogs` list, `/admin/blogs/new`, `/admin/blogs/12`) and the page frame of an editor.
 */

/** A checkbox bound to a boolean form field. */
export function FormCheckbox<TForm extends FieldValues>({
  control,
  name,
  label,
  hint,
}: {
  control: Control<TForm>;
  name: FieldPath<TForm>;
  label: string;
  hint?: string;
}) {
  const { field } = useController({ control, name });
  const { ref, onChange, onBlur } = field;
  const value: unknown = field.value;
  return (
    <div className="content-check">
      <label>
        <input
          type="checkbox"
          name={name}
          ref={ref}
          checked={value === true}
          onChange={(event) => onChange(event.target.checked)}
          onBlur={onBlur}
        />{' '}
        {label}
      </label>
      {hint ? <p className="form-field__hint">{hint}</p> : null}
    </div>
  );
}

/** Which view of a content section the address names: the list, a new item or item `id`. */
export type ContentView =
  { kind: 'list' } | { kind: 'new' } | { kind: 'edit'; id: number } | { kind: 'missing' };

export function useContentView(section: string): ContentView {
  const { pathname } = useLocation();
  const rest = pathname.replace(new RegExp(`^/admin/${section}/?`), '').replace(/\/$/, '');
  if (rest === '') return { kind: 'list' };
  if (rest === 'new') return { kind: 'new' };
  if (/^\d{1,10}$/.test(rest) && Number(rest) > 0) return { kind: 'edit', id: Number(rest) };
  return { kind: 'missing' };
}

/** After a create, go to the new item's address once the form is no longer dirty (the guard would ask). */
export function useGoToCreated(section: string, createdId: number | null, dirty: boolean): void {
  const navigate = useNavigate();
  useEffect(() => {
    if (createdId !== null && !dirty) void navigate(`/admin/${section}/${createdId}`, { replace: true });
  }, [createdId, dirty, navigate, section]);
}

/** An editor page: a way back to the list, the heading, the form. */
export function EditorFrame({
  section,
  listLabel,
  title,
  children,
}: {
  section: string;
  listLabel: string;
  title: string;
  children: ReactNode;
}) {
  return (
    <section className="admin__page content-editor" aria-labelledby="admin-page-title">
      <p>
        <Link to={`/admin/${section}`} className="content-editor__back">
          ← {listLabel}
        </Link>
      </p>
      <h1 id="admin-page-title" className="admin__title">
        {title}
      </h1>
      {children}
    </section>
  );
}

/** Loading, failed or missing item states of an editor page. */
export function EditorState({
  loading,
  error,
  onRetry,
  what,
}: {
  loading: boolean;
  error: unknown;
  onRetry: () => void;
  what: string;
}) {
  if (loading)
    return (
      <p role="status">
        <span className="spinner" aria-hidden="true" /> Loading the {what}…
      </p>
    );
  const status = (error as { status?: unknown } | undefined)?.status;
  if (status === 404) return <p role="alert">There is no such {what}; it may have been removed.</p>;
  return (
    <div role="alert" className="admin-message admin-message--alert">
      <p>The {what} could not be loaded.</p>
      <button type="button" className="button button--primary" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}

/** A `datetime-local` value (the browser's zone) from an ISO instant, and back. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}
