import { CurriculumFormBodySchema, type CurriculumFormResult } from '@atelier/contract';
import { LeadForm } from '../../components/ui/lead-form';
import { useSendCurriculumFormMutation } from '../../lib/api/leads';
import { useSignedInContact } from './signed-in-contact';

/** The brochure's address when it is a path of this site (the contract's promise); else null. */
export function sameSiteBrochure(address: string): string | null {
  return /^\/(?![/\\])\S*$/.test(address) ? address : null;
}

/**
 * `POST /api/course/curriculum/form` (a designated page of spec §4): the course page's
 * "Download the brochure" form; its answer names the brochure, opened from the success state.
 */
export function BrochureForm({
  workshopId,
  batchId,
  title,
}: {
  workshopId: number;
  batchId?: number | undefined;
  title: string;
}) {
  const [send] = useSendCurriculumFormMutation();
  const initial = useSignedInContact();
  return (
    <LeadForm<CurriculumFormResult>
      schema={CurriculumFormBodySchema}
      initial={initial}
      body={() => ({ workshopId, ...(batchId !== undefined ? { batchId } : {}) })}
      send={(body) => send(body as Parameters<typeof send>[0]).unwrap()}
      submitLabel="Get the brochure"
      success={(result) => {
        const brochure = sameSiteBrochure(result.brochure);
        return (
          <>
            <p>
              Thank you, {result.name}! The brochure of {title} is ready.
            </p>
            {brochure ? (
              <a href={brochure} className="button button--primary" target="_blank" rel="noopener">
                Open the brochure <span className="visually-hidden">(PDF, opens in a new tab)</span>
              </a>
            ) : (
              <p>We have e-mailed it to {result.email}.</p>
            )}
          </>
        );
      }}
    />
  );
}
