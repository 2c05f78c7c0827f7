import { Link } from 'react-router';
import { loginPath } from '../../../lib/return-path';
import { useSession } from '../../../lib/session';
import { CloseIcon, GiftIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import '../promotions.css';

/** Where a learner's referral link is shown. */
export const REFERRAL_PAGE = '/dashboard/referral';

interface ReferralPopupProps {
  /** Called however the invite closes (Escape, close, "Not now", following the link). */
  onClose: () => void;
}

/**
 * The referral invite (spec §4: the referral popup is open at first). Shown once per visitor,
 * a while after the page settles and only when no campaign offer opened on this page.
 */
export function ReferralPopup({ onClose }: ReferralPopupProps) {
  // The link is made for an account: a visitor signs in (or up) first and lands on it.
  const signedIn = useSession() !== null;
  return (
    <ModalDialog
      className="dialog referral-popup"
      labelledBy="referral-title"
      describedBy="referral-text"
      onClose={onClose}
    >
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close invitation">
            <CloseIcon />
          </button>
        </form>
        <span className="referral-popup__icon" aria-hidden="true">
          <GiftIcon />
        </span>
        <p className="eyebrow">Refer a friend</p>
        <h2 id="referral-title" className="dialog__title">
          Learn together, save together
        </h2>
        <p id="referral-text" className="dialog__text">
          Invite a friend to Atelier. When they enrol in a course, you both get coins to spend on your next
          one.
        </p>
        <div className="dialog__actions">
          <Link
            to={signedIn ? REFERRAL_PAGE : loginPath(REFERRAL_PAGE)}
            className="button button--primary"
            onClick={onClose}
          >
            Get my referral link
          </Link>
          <form method="dialog">
            <button type="submit" className="button button--quiet">
              Not now
            </button>
          </form>
        </div>
      </div>
    </ModalDialog>
  );
}
