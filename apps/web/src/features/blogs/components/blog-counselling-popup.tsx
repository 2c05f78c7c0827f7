import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import { useAppDispatch, useAppSelector } from '../../../lib/store';
import { uiActions } from '../../../lib/ui-state';
import { CallbackForm } from '../../leads/callback-form';
import { useSignedInContact } from '../../leads/signed-in-contact';

/**
 * The blog counselling popup (spec §3, §4): opened from an article with the form data it is
 * about (stored in the UI state on open), cleared again on close, however it closes.
 */
export function BlogCounsellingPopup() {
  const { showPopup, formData } = useAppSelector((state) => state.ui.blogCounselling);
  const dispatch = useAppDispatch();
  const initial = useSignedInContact();
  if (!showPopup || !formData) return null;

  return (
    <ModalDialog
      className="dialog"
      labelledBy="blog-counselling-title"
      describedBy="blog-counselling-about"
      onClose={() => dispatch(uiActions.closeBlogCounselling())}
    >
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <p className="eyebrow">Free counselling</p>
        <h2 id="blog-counselling-title" className="dialog__title">
          Talk to a counsellor
        </h2>
        <p id="blog-counselling-about" className="dialog__text">
          Tell us how to reach you and an Atelier counsellor will call about <strong>{formData.name}</strong>{' '}
          and the courses that fit where you are.
        </p>
        <CallbackForm
          source="blog-counselling"
          interest={formData}
          initial={initial}
          successText="Thank you! A counsellor will call you within one working day."
        />
      </div>
    </ModalDialog>
  );
}
