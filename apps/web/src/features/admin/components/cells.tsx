import { useId, useState, type ReactNode } from 'react';
import { formatDay } from '../../../lib/format';

const DATE_TIME = new Intl.DateTimeFormat('en-IN', {
  day: 'numeric',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'Asia/Kolkata',
});

/** An instant as staff read it (India time), or a calendar day, in a `<time>` carrying the exact value. */
export function When({ iso }: { iso: string | null | undefined }) {
  if (!iso) return <span className="admin-muted">—</span>;
  // A calendar day (a trip's start) is a day, not midnight UTC shown in India time.
  if (/^\d{4}-\d{2}-\d{2}$/.test(iso)) return <time dateTime={iso}>{formatDay(iso)}</time>;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return <span>{iso}</span>;
  return <time dateTime={iso}>{DATE_TIME.format(date)}</time>;
}

/** A value or a dash. */
export function Text({ value }: { value: string | number | null | undefined }) {
  return value === null || value === undefined || value === '' ? (
    <span className="admin-muted">—</span>
  ) : (
    <>{value}</>
  );
}

/**
 * A status chip; with `detail` (a last error) the chip is a button whose detail shows on hover and
 * on keyboard focus, and is read with it.
 */
export function Chip({
  tone,
  children,
  detail,
}: {
  tone: string;
  children: ReactNode;
  detail?: string | null;
}) {
  const id = useId();
  const [shown, setShown] = useState(false);
  if (!detail) return <span className={`admin-chip admin-chip--${tone}`}>{children}</span>;
  return (
    <span className="admin-chip-wrap">
      <button
        type="button"
        className={`admin-chip admin-chip--${tone}`}
        aria-describedby={id}
        onMouseEnter={() => setShown(true)}
        onMouseLeave={() => setShown(false)}
        onFocus={() => setShown(true)}
        onBlur={() => setShown(false)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setShown(false);
        }}
      >
        {children}
      </button>
      <span id={id} role="tooltip" className="admin-tooltip" hidden={!shown}>
        {detail}
      </span>
    </span>
  );
}

/** A record's fields as a definition list (form answers, audit before/after). */
export function Fields({ value }: { value: unknown }) {
  if (value === null || value === undefined) return <p className="admin-muted">Nothing.</p>;
  if (typeof value !== 'object' || Array.isArray(value)) {
    return <pre className="admin-json">{JSON.stringify(value, null, 2)}</pre>;
  }
  const entries = Object.entries(value as Record<string, unknown>);
  if (entries.length === 0) return <p className="admin-muted">No fields.</p>;
  return (
    <dl className="admin-fields">
      {entries.map(([key, item]) => (
        <div key={key} className="admin-fields__row">
          <dt>{key}</dt>
          <dd>{typeof item === 'string' ? item : JSON.stringify(item)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A page of the console: its heading, then its content. */
export function ConsolePage({
  title,
  intro,
  children,
}: {
  title: string;
  intro?: string;
  children: ReactNode;
}) {
  return (
    <section className="admin__page" aria-labelledby="admin-page-title">
      <h1 id="admin-page-title" className="admin__title">
        {title}
      </h1>
      {intro ? <p className="admin__intro">{intro}</p> : null}
      {children}
    </section>
  );
}
