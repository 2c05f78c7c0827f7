import type { ReactNode } from 'react';

/** The id of the open panel's heading: names the sheet on a phone; focus lands on it when a panel opens. */
export const PANEL_TITLE_ID = 'course-sidebar-panel-title';

interface PanelFrameProps {
  title: ReactNode;
  eyebrow?: ReactNode;
  onClose: () => void;
  /** A step back inside the quiz (e.g. from the answers to the result). */
  back?: { label: string; onClick: () => void } | undefined;
  children: ReactNode;
}

/** The frame every panel shares: a heading, a close button, and an optional step back. */
export function PanelFrame({ title, eyebrow, onClose, back, children }: PanelFrameProps) {
  return (
    <div className="sidebar-panel">
      <div className="sidebar-panel__head">
        <div className="sidebar-panel__heading">
          {eyebrow ? <p className="sidebar-card__eyebrow">{eyebrow}</p> : null}
          <h2 id={PANEL_TITLE_ID} className="sidebar-panel__title" tabIndex={-1}>
            {title}
          </h2>
        </div>
        <button
          type="button"
          className="icon-button sidebar-panel__close"
          aria-label="Close panel"
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" className="icon" aria-hidden="true" focusable="false">
            <path
              d="M6 6l12 12M18 6L6 18"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              fill="none"
            />
          </svg>
        </button>
      </div>
      <div className="sidebar-panel__body">{children}</div>
      {back ? (
        <p className="sidebar-panel__back">
          <button type="button" className="sidebar-link-button" onClick={back.onClick}>
            ← {back.label}
          </button>
        </p>
      ) : null}
    </div>
  );
}
