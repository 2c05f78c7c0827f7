import { Link } from 'react-router';
import { CloseIcon, GiftIcon } from '../../components/ui/icons';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { coinsLabel } from '../../lib/money';

interface CoinPopupProps {
  coins: number;
  /** Called however the popup closes; the page then records it as seen. */
  onClose: () => void;
}

/**
 * The coin popup (spec §3 "Coins wallet": `isCoinPopupSeen`): what coins are, the balance and how
 * to use them, shown once; closing it in any way records it as seen on the server.
 */
export function CoinPopup({ coins, onClose }: CoinPopupProps) {
  return (
    <ModalDialog
      className="dialog coin-popup"
      labelledBy="coin-popup-title"
      describedBy="coin-popup-text"
      onClose={onClose}
    >
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <span className="coin-popup__icon" aria-hidden="true">
          <GiftIcon />
        </span>
        <p className="eyebrow">Atelier coins</p>
        <h2 id="coin-popup-title" className="dialog__title">
          You have {coinsLabel(coins)}
        </h2>
        <p id="coin-popup-text" className="dialog__text">
          Coins come from welcome bonuses and friends you refer. Use them at checkout to pay part of a course,
          or pay a course wholly with coins when you have enough.
        </p>
        <div className="dialog__actions">
          <form method="dialog">
            <button type="submit" className="button button--primary">
              Got it
            </button>
          </form>
          <Link to="/dashboard/referral" className="button button--quiet" onClick={onClose}>
            Earn more by referring
          </Link>
        </div>
      </div>
    </ModalDialog>
  );
}
