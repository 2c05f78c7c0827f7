import { FORM_SUBMISSION_KINDS } from '@atelier/contract';

/** How the console names each form a submission or lead came from. */
const FORM_KIND_LABELS: Record<(typeof FORM_SUBMISSION_KINDS)[number], string> = {
  callback: 'Call-back request',
  campaign_lead: 'Campaign offer',
  hire_us: 'Hire from Atelier',
  competition_contact: 'Competitions contact',
  curriculum_form: 'Course brochure',
  case_study: 'Case study',
  partner_contact: 'Partner contact',
  partner_subscribe: 'Newsletter',
  counselling: 'Counselling',
  skill_test: 'Skill test',
  video_testimonial: 'Video testimonial',
  itinerary_request: 'Itinerary request',
  consultation: 'Consultation',
  trip_application: 'Trip application',
};

/** The filter options of a form-kind column. */
export const FORM_KIND_OPTIONS = FORM_SUBMISSION_KINDS.map((value) => ({
  value,
  label: FORM_KIND_LABELS[value],
}));

export function formKindLabel(kind: string | null): string {
  return (kind && FORM_KIND_LABELS[kind as keyof typeof FORM_KIND_LABELS]) ?? kind ?? '—';
}
