import { HireUsBodySchema } from '@atelier/contract';
import { LeadForm, optionalText } from '../../components/ui/lead-form';
import { usePageHead } from '../../lib/head-context';
import { breadcrumbList, organisation } from '../../lib/seo';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { useSendHireUsMutation } from '../../lib/api/leads';
import './leads.css';

/**
 * `/hire-us`: a company hires Atelier's learners or its studio (`POST /api/company/hire-us`).
 * Server-rendered like the other public pages; the form is the page.
 */
export function HireUsPage() {
  const origin = useSiteOrigin();
  const [send] = useSendHireUsMutation();
  usePageHead({
    canonical: '/hire-us',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'ContactPage',
        name: 'Hire from Atelier',
        publisher: organisation(origin),
      },
      breadcrumbList(origin, [
        ['Home', '/'],
        ['Hire from Atelier', '/hire-us'],
      ]),
    ],
  });
  return (
    <>
      <header className="page-intro page-intro--compact">
        <div className="container">
          <p className="eyebrow">For studios and companies</p>
          <h1 className="page-intro__title">Hire from Atelier</h1>
          <p className="page-intro__lede">
            Architects, interior designers and BIM specialists trained on live projects, or our studio for
            your next brief. Tell us what you need and we will send profiles within a week.
          </p>
        </div>
      </header>
      <div className="container lead-page">
        <section className="lead-page__text" aria-labelledby="hire-how">
          <h2 id="hire-how" className="section-title">
            How it works
          </h2>
          <ol className="lead-page__steps">
            <li>
              <strong>Tell us the role or the work.</strong> Junior architects, a BIM team for a tender, an
              interior fit-out.
            </li>
            <li>
              <strong>We shortlist.</strong> Learners whose portfolios and course projects fit, with their
              consent.
            </li>
            <li>
              <strong>You interview and decide.</strong> No placement fee for internships.
            </li>
          </ol>
        </section>
        <section className="lead-card" aria-labelledby="hire-form">
          <h2 id="hire-form" className="lead-card__title">
            Your requirement
          </h2>
          <LeadForm
            schema={HireUsBodySchema}
            fields={[
              {
                name: 'company',
                label: 'Company or studio',
                autoComplete: 'organization',
                missing: 'Enter your company or studio.',
              },
              { name: 'designation', label: 'Your role', autoComplete: 'organization-title', optional: true },
              {
                name: 'requirement',
                label: 'What you need',
                kind: 'textarea',
                hint: 'For example: 2 junior architects from January, or a BIM team for a 3-month project.',
                missing: 'Tell us what you need.',
              },
            ]}
            body={(extra) => ({
              company: optionalText(extra.company),
              designation: optionalText(extra.designation),
              requirement: optionalText(extra.requirement),
            })}
            send={(body) => send(body as Parameters<typeof send>[0]).unwrap()}
            submitLabel="Send your requirement"
            success={() => <p>Thank you! Our placements team will write to you within two working days.</p>}
          />
        </section>
      </div>
    </>
  );
}
