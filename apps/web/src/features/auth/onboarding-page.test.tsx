import type { Profile } from '@atelier/contract';
import { onboardingStep } from '@atelier/domain';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { learner, scriptedApi, storeSession } from '../../lib/testing/identity-fixtures';
import { renderApp } from '../../test/render-app';

function withProfile(overrides: Partial<Profile>): Profile {
  const profile = { ...learner, ...overrides };
  const step = onboardingStep(profile);
  return { ...profile, onboardingStep: step, profileCompleted: step === 3 };
}

describe('onboarding (spec §4 "Onboarding step score")', () => {
  it.each([
    [{ dob: null }, 'About you', 1],
    [{ iam: null, college: null }, 'What you do', 2],
    [{ iam: 'graduate', college: null }, 'What you do', 2],
    [{ city: null }, 'Where you are', 3],
  ] as const)(
    'when the profile is %o, then onboarding opens at "%s" (step %i of 3)',
    async (overrides, title, number) => {
      const profile = withProfile(overrides);
      storeSession(profile);
      renderApp(
        '/dashboard/onboarding',
        scriptedApi({ 'GET /api/user/v2/details': { data: profile } }).fetch,
      );

      expect(await screen.findByRole('heading', { level: 1, name: title })).toBeTruthy();
      expect(screen.getByText(`Step ${number} of 3`)).toBeTruthy();
    },
  );

  it('when a learner with an incomplete profile opens /dashboard, then they are taken to onboarding', async () => {
    const profile = withProfile({ city: null });
    storeSession(profile);
    const { router } = renderApp(
      '/dashboard',
      scriptedApi({ 'GET /api/user/v2/details': { data: profile } }).fetch,
    );

    expect(await screen.findByRole('heading', { level: 1, name: 'Where you are' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/dashboard/onboarding');
  });

  it('when the learner answers the "what you do" step, then iam labels come from iamLabel, college is asked for graduates, and the server\'s step decides what comes next', async () => {
    const profile = withProfile({ iam: null, college: null, city: null });
    storeSession(profile);
    let saved = profile;
    const api = scriptedApi({
      'GET /api/user/v2/details': { data: profile },
      'POST /api/user/onboarding/profile/update': (body) => {
        saved = withProfile({ ...saved, ...(body as Partial<Profile>) });
        return { data: { user: saved, onboardingStep: saved.onboardingStep } };
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/onboarding', api.fetch);

    expect(await screen.findByRole('heading', { level: 1, name: 'What you do' })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^Student/ })).toBeTruthy();
    expect(screen.getByRole('radio', { name: /^Early Professional \(1-3 Years\)/ })).toBeTruthy();
    expect(screen.queryByLabelText('College or university')).toBeNull();

    await user.click(screen.getByRole('radio', { name: /^Graduate \(0-1 Years\)/ }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    // A graduate needs a college before the step can be saved.
    const college = await screen.findByLabelText('College or university');
    expect(college.getAttribute('aria-invalid')).toBe('true');
    expect(api.callsTo('POST /api/user/onboarding/profile/update')).toHaveLength(0);

    await user.type(college, 'CEPT University');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Where you are' })).toBeTruthy();
    expect(api.callsTo('POST /api/user/onboarding/profile/update')[0]?.body).toEqual({
      iam: 'graduate',
      college: 'CEPT University',
    });

    await user.type(screen.getByLabelText('City'), 'Ahmedabad');
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'You are all set, Asha' })).toBeTruthy();
    await waitFor(() =>
      expect(JSON.parse(window.localStorage.getItem('user') ?? '{}').city).toBe('Ahmedabad'),
    );
  });

  it('when the server rejects an answer, then its message shows on the field and the answers stay', async () => {
    const profile = withProfile({ mobile: null, dob: null, gender: null });
    storeSession(profile);
    const api = scriptedApi({
      'GET /api/user/v2/details': { data: profile },
      'POST /api/user/onboarding/profile/update': {
        status: 409,
        body: {
          code: 409,
          message: 'This mobile number belongs to another account.',
          error: 'CONFLICT',
          requestId: 't',
          errors: [{ path: 'mobile', message: 'belongs to another account' }],
        },
      },
    });
    const user = userEvent.setup();
    renderApp('/dashboard/onboarding', api.fetch);

    await user.type(await screen.findByLabelText('Mobile number'), '9876500002');
    await user.type(screen.getByLabelText('Date of birth'), '2002-05-04');
    await user.click(screen.getByRole('radio', { name: 'Female' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));

    const mobile = screen.getByLabelText('Mobile number');
    await waitFor(() => expect(mobile.getAttribute('aria-invalid')).toBe('true'));
    expect(screen.getByText('Mobile number belongs to another account.')).toBeTruthy();
    expect((mobile as HTMLInputElement).value).toBe('9876500002');
    expect(screen.getByLabelText<HTMLInputElement>('Date of birth').value).toBe('2002-05-04');
    expect(screen.getByRole('heading', { level: 1, name: 'About you' })).toBeTruthy();
  });
});
