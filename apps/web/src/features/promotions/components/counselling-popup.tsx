import { greeting } from '@atelier/domain';
import { useState } from 'react';
import type { CallbackSource } from '@atelier/contract';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import type { PopupFlag } from '../../../lib/ui-state';
import { CallbackForm } from '../../leads/callback-form';
import { useSignedInContact } from '../../leads/signed-in-contact';

const COPY: Record<
  'COUNSELLING_POPUP' | 'BIM_CIVIL_POPUP',
  { title: string; text: string; source: CallbackSource }
> = {
  COUNSELLING_POPUP: {
    title: 'Talk to a counsellor',
    text: 'Tell us how to reach you and a counsellor will help you choose the course that fits your goals, free of charge.',
    source: 'counselling',
  },
  BIM_CIVIL_POPUP: {
    title: 'BIM & civil careers: talk to a specialist',
    text: 'Our BIM specialists will call you to map the software, certificates and projects that lead to the role you want.',
    source: 'bim-civil',
  },
};

/**
 * The counselling popups (spec §3 popup flags COUNSELLING_POPUP and BIM_CIVIL_POPUP): a call-back
 * form (the real lead form, `POST /api/callback`). The greeting follows the visitor's time of day (the domain's `greeting`).
 */
export function CounsellingPopup({
  flag,
  interest,
  onClose,
}: {
  flag: Extract<PopupFlag, 'COUNSELLING_POPUP' | 'BIM_CIVIL_POPUP'>;
  /** The course the visitor was looking at, when opened from its page. */
  interest?: { name: string; id?: number } | null;
  onClose: () => void;
}) {
  const copy = COPY[flag];
  const [partOfDay] = useState(() => greeting(new Date()));
  const initial = useSignedInContact();
  return (
    <ModalDialog
      className="dialog"
      labelledBy="counselling-title"
      describedBy="counselling-text"
      onClose={onClose}
    >
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <p className="eyebrow">Good {partOfDay}</p>
        <h2 id="counselling-title" className="dialog__title">
          {copy.title}
        </h2>
        <p id="counselling-text" className="dialog__text">
          {copy.text}
        </p>
        <CallbackForm
          source={copy.source}
          interest={interest}
          initial={initial}
          successText="Thank you! A counsellor will call you within one working day."
        />
      </div>
    </ModalDialog>
  );
}
