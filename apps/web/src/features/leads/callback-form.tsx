import { CallbackBodySchema, type CallbackSource } from '@atelier/contract';
import { LeadForm, optionalText, type LeadExtraField } from '../../components/ui/lead-form';
import { useRequestCallbackMutation } from '../../lib/api/leads';

/** What the visitor was looking at (spec §3 blog counselling popup `formData`). */
export interface LeadInterest {
  name: string;
  id?: number;
  /** The CRM's product id. */
  productId?: string;
}

export const SPECIALIZATIONS = [
  'Architecture',
  'Interior design',
  'Landscape architecture',
  'Urban design',
  'BIM and civil',
  'Computational design',
  'Visualisation',
  'Other',
] as const;

interface CallbackFormProps {
  source: CallbackSource;
  interest?: LeadInterest | null;
  packageId?: number;
  /** Ask for a message: required (the contact page) or optional. */
  message?: 'required' | 'optional';
  messageLabel?: string;
  /** Ask for the specialisation (the skill-test signup, spec §3). */
  withSpecialization?: boolean;
  submitLabel?: string;
  successText: string;
  initial?: Partial<Record<string, string>>;
}

/** The interest as the contract takes it: a name, and an id / product id only when valid. */
function interestBody(interest: LeadInterest): Record<string, unknown> {
  return {
    name: interest.name.trim().slice(0, 200),
    ...(interest.id !== undefined && Number.isInteger(interest.id) && interest.id > 0
      ? { id: interest.id }
      : {}),
    ...(interest.productId && /^[A-Za-z0-9_-]{1,40}$/.test(interest.productId)
      ? { productId: interest.productId }
      : {}),
  };
}

/**
 * `POST /api/callback`: the call-back form of the counselling popups, the blog counselling popup,
 * the consultation booking, the contact page and the skill-test signup — one form, its `source`
 * saying which.
 */
export function CallbackForm({
  source,
  interest,
  packageId,
  message,
  messageLabel = 'Your message',
  withSpecialization = false,
  submitLabel = 'Request a call back',
  successText,
  initial,
}: CallbackFormProps) {
  const [requestCallback] = useRequestCallbackMutation();
  const fields: LeadExtraField[] = [];
  if (withSpecialization) {
    fields.push({
      name: 'specialization',
      label: 'Specialisation',
      kind: 'select',
      options: SPECIALIZATIONS.map((value) => ({ value, label: value })),
      missing: 'Choose your specialisation.',
    });
  }
  if (message) {
    fields.push({
      name: 'message',
      label: messageLabel,
      kind: 'textarea',
      optional: message === 'optional',
      missing: 'Write your message.',
    });
  }
  return (
    <LeadForm
      schema={CallbackBodySchema}
      fields={fields}
      initial={initial}
      body={(extra) => ({
        source,
        ...(interest?.name ? { interest: interestBody(interest) } : {}),
        ...(packageId !== undefined ? { packageId } : {}),
        ...(withSpecialization ? { specialization: optionalText(extra.specialization) } : {}),
        ...(message ? { message: optionalText(extra.message) } : {}),
      })}
      send={(body) => requestCallback(body as Parameters<typeof requestCallback>[0]).unwrap()}
      submitLabel={submitLabel}
      success={() => <p>{successText}</p>}
    />
  );
}
