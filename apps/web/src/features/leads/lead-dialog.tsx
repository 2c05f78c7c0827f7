import type { ReactNode } from 'react';
import { CloseIcon } from '../../components/ui/icons';
import { ModalDialog } from '../../components/ui/modal-dialog';

/** A lead form in a modal dialog: eyebrow, title, a line of text, the form. */
export function LeadDialog({
  id,
  eyebrow,
  title,
  text,
  onClose,
  children,
}: {
  /** Prefix of the title's and text's ids (unique on the page). */
  id: string;
  eyebrow?: ReactNode;
  title: ReactNode;
  text?: ReactNode;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <ModalDialog
      className="dialog lead-dialog"
      labelledBy={`${id}-title`}
      describedBy={text ? `${id}-text` : undefined}
      onClose={onClose}
    >
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        {eyebrow ? <p className="eyebrow">{eyebrow}</p> : null}
        <h2 id={`${id}-title`} className="dialog__title">
          {title}
        </h2>
        {text ? (
          <p id={`${id}-text`} className="dialog__text">
            {text}
          </p>
        ) : null}
        {children}
      </div>
    </ModalDialog>
  );
}
