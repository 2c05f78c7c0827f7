import { ReferCodeSchema } from '@atelier/contract';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { useEnterReferralCodeMutation } from '../../lib/api/money-api';
import { apiFormMessage, FormAlert, isApiError } from '../../lib/forms';
import { useSession } from '../../lib/session';
import '../../lib/forms.css';
import './referrals.css';

/**
 * A friend's code kept from a referral link (`/refer/{code}`) until the visitor has signed in, in
 * local storage so that it survives the sign-up and a one-time-code round trip.
 */
const PENDING_REFERRAL_KEY = 'pending_refer_code';

export function rememberPendingReferral(code: string): void {
  try {
    window.localStorage.setItem(PENDING_REFERRAL_KEY, code);
  } catch {
    // storage disabled: the learner can still enter the code on the referral page
  }
}

export function readPendingReferral(): string | null {
  try {
    const code = window.localStorage.getItem(PENDING_REFERRAL_KEY);
    return code && ReferCodeSchema.safeParse(code).success ? code : null;
  } catch {
    return null;
  }
}

export function forgetPendingReferral(): void {
  try {
    window.localStorage.removeItem(PENDING_REFERRAL_KEY);
  } catch {
    // nothing to forget
  }
}

/**
 * Applies a kept referral code once the learner is signed in (`POST /api/user/referred`), on the
 * first dashboard page they reach, and says how it went. A refusal (already referred, own code,
 * after a first purchase) is final and shown once; a network failure keeps the code for next time.
 */
export function PendingReferral() {
  const session = useSession();
  const [enter, result] = useEnterReferralCodeMutation();
  const started = useRef(false);
  const [message, setMessage] = useState<{ tone: 'success' | 'info'; text: string } | null>(null);

  useEffect(() => {
    if (!session || started.current) return;
    const code = readPendingReferral();
    if (!code) return;
    started.current = true;
    enter({ referCode: code })
      .unwrap()
      .then((answer) => {
        forgetPendingReferral();
        setMessage({
          tone: 'success',
          text: `${answer.referrer.firstName}'s referral code is applied to your account.`,
        });
      })
      .catch((error: unknown) => {
        const final = isApiError(error) && typeof error.status === 'number' && error.status < 500;
        if (final) {
          forgetPendingReferral();
          setMessage({
            tone: 'info',
            text: `The referral code ${code} was not applied: ${apiFormMessage(error)}`,
          });
        }
      });
  }, [session, enter]);

  if (!message || result.isLoading) return null;
  return (
    <div className="container pending-referral">
      <FormAlert tone={message.tone}>
        <span>
          {message.text}{' '}
          <Link className="text-link" to="/dashboard/referral">
            Refer friends yourself
          </Link>
        </span>
        <button type="button" className="button button--quiet" onClick={() => setMessage(null)}>
          Dismiss
        </button>
      </FormAlert>
    </div>
  );
}
