import type { WorkshopCard } from '@atelier/contract';
import { WORKSHOP_TYPE, workshopPath } from '@atelier/domain';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { CalendarIcon, CheckIcon, GiftIcon } from '../../components/ui/icons';
import { ErrorNote } from '../../components/ui/load-states';
import { useCurrencyCode } from '../../lib/api/currency';
import { useEnterReferralCodeMutation } from '../../lib/api/money-api';
import { apiFormMessage, FormAlert } from '../../lib/forms';
import { usePageHead } from '../../lib/head-context';
import { useIsClient } from '../../lib/hooks';
import { coinsLabel } from '../../lib/money';
import { priceLabel } from '../../lib/price';
import { scheduleLabel } from '../../lib/schedule-label';
import { useToday } from '../../lib/today';
import { loginPath } from '../../lib/return-path';
import { useSession } from '../../lib/session';
import { useState } from 'react';
import { useReferralLandingCourses, useReferrer } from './api/referral-landing';
import { rememberPendingReferral } from './pending-referral';
import type { ReferralLandingData } from './referral-loaders';
import '../../lib/forms.css';
import './referrals.css';

/** Where a new learner lands after signing up through a friend's link (the code is applied there). */
const AFTER_SIGN_UP = '/dashboard/referral';

function PromotedCourse({ workshop, currency }: { workshop: WorkshopCard; currency: string }) {
  const price = priceLabel(workshop, currency);
  const today = useToday();
  return (
    <li className="promoted">
      <p className="promoted__kind">
        {workshop.type === WORKSHOP_TYPE.masterclass ? 'Masterclass' : 'Course'}
      </p>
      <h3 className="promoted__title">
        <Link to={workshopPath(workshop)}>{workshop.title}</Link>
      </h3>
      <p className="promoted__when">
        <CalendarIcon />
        {scheduleLabel(workshop, today)}
      </p>
      {price ? (
        <p className="price">
          <span className="visually-hidden">Price </span>
          <span className="price__now">{price.price}</span>
          {price.was ? (
            <del className="price__was">
              <span className="visually-hidden">was </span>
              {price.was}
            </del>
          ) : null}
        </p>
      ) : null}
    </li>
  );
}

/**
 * `/refer/:referCode`: where a shared referral link lands (rendered on the server with good link
 * previews). "{firstName} invited you", the offer, the promoted courses, and a sign-up call to
 * action that keeps the code and applies it (`POST /api/user/referred`) once signed in. A learner
 * already signed in applies it here directly.
 */
export function ReferralLandingPage() {
  const { referCode } = useLoaderData<ReferralLandingData>();
  const referrer = useReferrer(referCode);
  const courses = useReferralLandingCourses();
  const currency = useCurrencyCode();
  const session = useSession();
  const isClient = useIsClient();
  const navigate = useNavigate();
  const [enter, entering] = useEnterReferralCodeMutation();
  const [outcome, setOutcome] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const data = referrer.currentData;
  const name = data?.firstName ?? 'A friend';
  const offer = data?.offer;

  usePageHead({
    title: `${name} invited you to Atelier`,
    description:
      offer && offer.refereeCoins > 0
        ? `${name} invited you to Atelier: ${coinsLabel(offer.refereeCoins)} for you when you sign up. Live architecture and design masterclasses and courses with practising architects.`
        : `${name} invited you to learn architecture and design live with practising architects on Atelier.`,
    canonical: `/refer/${encodeURIComponent(referCode)}`,
    noIndex: true,
  });

  const signUp = () => {
    rememberPendingReferral(referCode);
    void navigate(loginPath(AFTER_SIGN_UP));
  };
  const applyNow = async () => {
    try {
      const answer = await enter({ referCode }).unwrap();
      setOutcome({
        tone: 'success',
        text: `${answer.referrer.firstName}'s code is applied to your account.`,
      });
    } catch (failure) {
      setOutcome({ tone: 'error', text: apiFormMessage(failure) });
    }
  };

  return (
    <div className="refer-landing">
      <section className="refer-hero" aria-labelledby="refer-title">
        <div className="container refer-hero__grid">
          <div>
            <p className="eyebrow">You are invited</p>
            <h1 id="refer-title" className="refer-hero__title">
              {`${name} invited you to Atelier`}
            </h1>
            <p className="refer-hero__lede">
              Learn architecture and design live with practising architects: masterclasses, cohort courses and
              recordings you keep.
            </p>
          </div>
          <div className="refer-offer">
            <span className="coin-badge" aria-hidden="true">
              <GiftIcon />
            </span>
            {referrer.isError ? (
              <ErrorNote
                what="The invitation"
                error={referrer.error}
                onRetry={() => void referrer.refetch()}
              />
            ) : (
              <>
                <h2 className="money-card__title">The offer</h2>
                {/* The configured description speaks to the referrer; the points below speak to the visitor. */}
                {!offer || (offer.refereeCoins === 0 && offer.referrerCoins === 0) ? (
                  <p>{offer?.description ?? 'Join with a friend’s code and you both gain.'}</p>
                ) : null}
                {offer ? (
                  <ul className="refer-offer__points">
                    {offer.refereeCoins > 0 ? (
                      <li>
                        <CheckIcon /> {`${coinsLabel(offer.refereeCoins)} for you when you sign up`}
                      </li>
                    ) : null}
                    {offer.referrerCoins > 0 ? (
                      <li>
                        <CheckIcon /> {`${coinsLabel(offer.referrerCoins)} for ${name} when you enrol`}
                      </li>
                    ) : null}
                  </ul>
                ) : null}
                <p>
                  Code <span className="refer-offer__code">{referCode}</span>
                </p>
              </>
            )}
            {outcome ? <FormAlert tone={outcome.tone}>{outcome.text}</FormAlert> : null}
            {isClient && session ? (
              outcome?.tone === 'success' ? (
                <Link
                  to="/courses-and-workshops"
                  className="button button--primary button--large button--block"
                >
                  Choose a course
                </Link>
              ) : (
                <button
                  type="button"
                  className="button button--primary button--large button--block"
                  disabled={entering.isLoading}
                  aria-busy={entering.isLoading || undefined}
                  onClick={() => void applyNow()}
                >
                  {entering.isLoading ? 'Applying…' : `Use ${name}'s code`}
                </button>
              )
            ) : (
              <a
                href={loginPath(AFTER_SIGN_UP)}
                className="button button--primary button--large button--block"
                onClick={(event) => {
                  event.preventDefault();
                  signUp();
                }}
              >
                Sign up and claim the offer
              </a>
            )}
          </div>
        </div>
      </section>
      <section className="container refer-courses" aria-labelledby="refer-courses-title">
        <h2 id="refer-courses-title" className="section-title">
          Start with one of these
        </h2>
        {courses.isError ? (
          <ErrorNote what="The courses" error={courses.error} onRetry={() => void courses.refetch()} />
        ) : (courses.currentData ?? []).length === 0 ? (
          <p className="section-lede">
            <Link className="text-link" to="/courses-and-workshops">
              Browse every course and masterclass
            </Link>
          </p>
        ) : (
          <ul className="card-grid promoted-list">
            {(courses.currentData ?? []).map((workshop) => (
              <PromotedCourse key={workshop.id} workshop={workshop} currency={currency} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
