import type { FeedbackType } from '@atelier/domain';
import { useId, useState, type FormEvent } from 'react';
import { AwardBadge } from './badges';
import { CloseIcon } from '../../components/ui/icons';
import { ModalDialog } from '../../components/ui/modal-dialog';
import { apiFormMessage, FormAlert, SubmitButton } from '../../lib/forms';
import { useCollectFeedbackMutation, type CourseDashboardArgs } from './api';
import { isInstalmentDue } from './errors';

const FEEDBACK_TITLE: Record<FeedbackType, string> = {
  1: 'How is the course going so far?',
  2: 'How was the course?',
};

const STAR_WORDS = ['Poor', 'Fair', 'Good', 'Very good', 'Excellent'] as const;

/**
 * A feedback form (spec §4 "Feedback forms"): 1–5 stars and an optional comment, sent with
 * `feedbackCollect`. Once sent, the dashboard's `feedbackRatings` shows it given and it does not
 * come back. Closing without sending hides it for this visit only.
 */
export function FeedbackDialog({
  type,
  dashboard,
  onClose,
  onLocked,
}: {
  type: FeedbackType;
  dashboard: CourseDashboardArgs;
  onClose: () => void;
  onLocked: () => void;
}) {
  const [collect, state] = useCollectFeedbackMutation();
  const [rating, setRating] = useState(0);
  const [comment, setComment] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [failure, setFailure] = useState<unknown>(null);
  const name = useId();
  const commentId = useId();

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (rating < 1) {
      setProblem('Choose from 1 to 5 stars.');
      return;
    }
    setProblem(null);
    setFailure(null);
    const text = comment.trim();
    try {
      await collect({
        dashboard,
        body: { batchId: dashboard.batchId, type, rating, ...(text ? { comment: text } : {}) },
      }).unwrap();
      onClose();
    } catch (error) {
      if (isInstalmentDue(error)) onLocked();
      setFailure(error);
    }
  };

  return (
    <ModalDialog className="dialog feedback-dialog" labelledBy="feedback-title" onClose={onClose}>
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close feedback form">
            <CloseIcon />
          </button>
        </form>
        <p className="eyebrow">Your feedback</p>
        <h2 id="feedback-title" className="dialog__title">
          {FEEDBACK_TITLE[type]}
        </h2>
        <form className="feedback-form" noValidate onSubmit={(event) => void submit(event)}>
          <fieldset className={`form-field stars ${problem ? 'form-field--invalid' : ''}`}>
            <legend className="form-field__label">Your rating</legend>
            <div className="stars__options">
              {STAR_WORDS.map((word, index) => {
                const value = index + 1;
                return (
                  <label key={value} className={`stars__star ${value <= rating ? 'stars__star--on' : ''}`}>
                    <input
                      className="visually-hidden"
                      type="radio"
                      name={name}
                      value={value}
                      checked={rating === value}
                      onChange={() => {
                        setRating(value);
                        setProblem(null);
                      }}
                    />
                    <span aria-hidden="true">★</span>
                    <span className="visually-hidden">
                      {value} {value === 1 ? 'star' : 'stars'}: {word}
                    </span>
                  </label>
                );
              })}
            </div>
            {problem ? (
              <p className="form-field__error">
                <span aria-hidden="true" className="form-field__error-icon">
                  !
                </span>
                {problem}
              </p>
            ) : null}
          </fieldset>
          <div className="form-field">
            <label className="form-field__label" htmlFor={commentId}>
              Comment <span className="form-field__optional">(optional)</span>
            </label>
            <textarea
              id={commentId}
              className="form-field__input feedback-form__comment"
              rows={4}
              maxLength={2000}
              value={comment}
              onChange={(event) => setComment(event.target.value)}
            />
          </div>
          {failure ? <FormAlert>{apiFormMessage(failure)}</FormAlert> : null}
          <SubmitButton busy={state.isLoading} busyLabel="Sending…" className="button button--primary">
            Send feedback
          </SubmitButton>
        </form>
      </div>
    </ModalDialog>
  );
}

/**
 * The certificate popup (spec §3 `Modals` / `isCertModal`): a module's certificate is earned.
 * "Get certificate" opens the sidebar's certificate panel for that module; either way the popup is
 * marked seen (`certificateModal`) and does not come back.
 */
export function CertificatePopup({
  title,
  onGet,
  onClose,
}: {
  title: string;
  onGet: () => void;
  onClose: () => void;
}) {
  return (
    <ModalDialog
      className="dialog cert-popup"
      labelledBy="cert-popup-title"
      describedBy="cert-popup-text"
      onClose={onClose}
    >
      <div className="dialog__card cert-popup__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <p className="cert-popup__badge">
          <AwardBadge />
        </p>
        <p className="eyebrow">Congratulations</p>
        <h2 id="cert-popup-title" className="dialog__title">
          You earned the {title} certificate
        </h2>
        <p id="cert-popup-text" className="dialog__text">
          Well done on passing the module. Download your certificate and share it.
        </p>
        <div className="dialog__actions">
          <button type="button" className="button button--primary" onClick={onGet}>
            Get certificate
          </button>
          <form method="dialog">
            <button type="submit" className="button button--quiet">
              Later
            </button>
          </form>
        </div>
      </div>
    </ModalDialog>
  );
}
