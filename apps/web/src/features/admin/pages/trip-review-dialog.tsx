import { AdminTripReviewBodySchema, type BodyOf } from '@atelier/contract';
import { useMemo, useState } from 'react';
import { z } from 'zod';
import { CloseIcon } from '../../../components/ui/icons';
import { ModalDialog } from '../../../components/ui/modal-dialog';
import {
  FormAlert,
  FormChoiceField,
  FormTextArea,
  reportBodyIssues,
  showApiFailure,
  SubmitButton,
  useContractForm,
  type BodyField,
} from '../../../lib/forms';
import { useReviewTripApplicationMutation } from '../api/admin-api';

interface ReviewValues {
  decision: string;
  note: string;
}

const DECISIONS = [
  { value: 'shortlisted', label: 'Shortlist', description: 'Keep for the final pick.' },
  { value: 'accepted', label: 'Accept', description: 'A seat on the trip; the applicant is told.' },
  { value: 'rejected', label: 'Reject', description: 'The applicant is told, with your note.' },
] as const;

const BODY_FIELDS: Record<string, BodyField<ReviewValues>> = {
  decision: { field: 'decision', label: 'Decision', message: 'Choose a decision.' },
  note: { field: 'note', label: 'Note' },
};

function bodyOf(values: ReviewValues): Record<string, unknown> {
  const note = values.note.trim();
  return { decision: values.decision, ...(note ? { note } : {}) };
}

export interface ReviewTarget {
  id: number;
  applicant: string;
  trip: string;
}

/**
 * The review of one trip application: a decision and a note the applicant sees. Checked against
 * the contract's body schema before it is sent; the server's answer (a 409 for a withdrawn
 * application) shows above the form, which stays open with what was typed.
 */
export function TripReviewDialog({
  target,
  onClose,
  onReviewed,
}: {
  target: ReviewTarget;
  onClose: () => void;
  onReviewed: (message: string) => void;
}) {
  const [review, state] = useReviewTripApplicationMutation();
  const [formError, setFormError] = useState<string | null>(null);
  const schema = useMemo(
    () =>
      z
        .custom<ReviewValues>(() => true)
        .superRefine((values, ctx) =>
          reportBodyIssues(AdminTripReviewBodySchema, bodyOf(values), ctx, BODY_FIELDS),
        ),
    [],
  );
  const form = useContractForm<ReviewValues>(schema, { decision: '', note: '' });

  const submit = async (values: ReviewValues) => {
    setFormError(null);
    try {
      const saved = await review({
        id: target.id,
        body: bodyOf(values) as BodyOf<'adminTripApplicationReview'>,
      }).unwrap();
      onReviewed(`${target.applicant}'s application is now ${saved.status}.`);
    } catch (error) {
      // A 409 (withdrawn) has no field: its sentence shows above the form.
      setFormError(showApiFailure(error, form.setError, BODY_FIELDS));
    }
  };

  return (
    <ModalDialog className="dialog admin-dialog" labelledBy="trip-review-title" onClose={onClose}>
      <div className="dialog__card">
        <form method="dialog" className="dialog__close">
          <button type="submit" className="icon-button" aria-label="Close">
            <CloseIcon />
          </button>
        </form>
        <h2 id="trip-review-title" className="dialog__title">
          Review {target.applicant}
        </h2>
        <p className="dialog__text">{target.trip}</p>
        <form className="form" noValidate onSubmit={(event) => void form.handleSubmit(submit)(event)}>
          {formError ? <FormAlert>{formError}</FormAlert> : null}
          <FormChoiceField
            control={form.control}
            name="decision"
            legend="Decision"
            options={DECISIONS}
            variant="cards"
          />
          <FormTextArea
            control={form.control}
            name="note"
            label="Note to the applicant"
            hint="At most 1000 characters."
            optional
          />
          <SubmitButton busy={state.isLoading} busyLabel="Saving…">
            Save the review
          </SubmitButton>
        </form>
      </div>
    </ModalDialog>
  );
}
