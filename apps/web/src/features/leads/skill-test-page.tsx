import { usePageHead } from '../../lib/head-context';
import { breadcrumbList } from '../../lib/seo';
import { useSiteOrigin } from '../../lib/use-site-origin';
import { CallbackForm } from './callback-form';
import './leads.css';

/**
 * `/skill-test`: the skill-test signup (spec §3: name, e-mail, specialisation, mobile, success),
 * a page of its own so campaigns can link to it. It is a call-back request (`POST /api/callback`,
 * source `skill-test`): a counsellor sends the test and goes through the result with the visitor.
 */
export function SkillTestPage() {
  const origin = useSiteOrigin();
  usePageHead({
    canonical: '/skill-test',
    jsonLd: [
      breadcrumbList(origin, [
        ['Home', '/'],
        ['Free skill test', '/skill-test'],
      ]),
    ],
  });
  return (
    <>
      <header className="page-intro page-intro--compact">
        <div className="container">
          <p className="eyebrow">Free skill test</p>
          <h1 className="page-intro__title">Where do your design skills stand?</h1>
          <p className="page-intro__lede">
            A 30-minute test of software, drawing and design thinking in your specialisation, and a call with
            a counsellor to read the result with you.
          </p>
        </div>
      </header>
      <div className="container lead-page">
        <section className="lead-page__text" aria-labelledby="skill-what">
          <h2 id="skill-what" className="section-title">
            What you get
          </h2>
          <ul className="lead-page__steps">
            <li>The test link by e-mail, to take when it suits you.</li>
            <li>Your scores by topic, against learners of your level.</li>
            <li>A plan of what to learn next, free, with no obligation.</li>
          </ul>
        </section>
        <section className="lead-card" aria-labelledby="skill-form">
          <h2 id="skill-form" className="lead-card__title">
            Sign up for the test
          </h2>
          <CallbackForm
            source="skill-test"
            withSpecialization
            submitLabel="Send me the test"
            successText="You are signed up! The test link is on its way to your e-mail, and a counsellor will call after you take it."
          />
        </section>
      </div>
    </>
  );
}
