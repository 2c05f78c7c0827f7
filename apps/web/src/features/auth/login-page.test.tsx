import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { apiError, learner, scriptedApi } from '../../lib/testing/identity-fixtures';
import { renderApp } from '../../test/render-app';

const NEXT = '/courses-and-workshops?category=1';
const session = { token: 'fresh-token', user: learner };

async function identify(user: ReturnType<typeof userEvent.setup>, identifier: string) {
  await user.type(await screen.findByLabelText('E-mail or mobile number'), identifier);
  await user.click(screen.getByRole('button', { name: 'Continue' }));
}

/** The text of the elements a control's aria-describedby names. */
function description(element: HTMLElement): string {
  return (element.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent ?? '')
    .join(' ');
}

describe('/auth/login', () => {
  it('when auth/check says the account has a password, then it asks for the password, signs in and goes back to ?next=', async () => {
    const api = scriptedApi({
      'POST /api/auth/check': { data: { exists: true, hasPassword: true } },
      'POST /api/auth/login': { data: session },
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/auth/login?next=${encodeURIComponent(NEXT)}`, api.fetch);

    await identify(user, 'asha@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter your password' })).toBeTruthy();
    expect(api.callsTo('POST /api/auth/check')[0]?.body).toEqual({ email: 'asha@example.com' });
    expect(api.callsTo('POST /api/auth/send/otp')).toHaveLength(0);

    await user.type(screen.getByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe(NEXT));
    expect(api.callsTo('POST /api/auth/login')[0]?.body).toEqual({
      email: 'asha@example.com',
      password: 'correct horse battery',
    });
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
    const stored = JSON.parse(window.localStorage.getItem('user') ?? '{}');
    expect(stored.id).toBe(learner.id);
    expect(stored).not.toHaveProperty('secretKey');
  });

  it('when auth/check says the account has no password, then a code is sent and the 6-digit code signs in', async () => {
    const api = scriptedApi({
      'POST /api/auth/check': { data: { exists: true, hasPassword: false } },
      'POST /api/auth/send/otp': {
        data: { sent: true, channel: 'sms', expiresInSeconds: 600, resendAfterSeconds: 30 },
      },
      'POST /api/auth/verify-otp': { data: { ...session, isNewUser: false } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/auth/login', api.fetch);

    await identify(user, '98765 00001');
    expect(await screen.findByRole('heading', { level: 1, name: 'Check your messages' })).toBeTruthy();
    expect(screen.queryByLabelText('Password')).toBeNull();
    expect(api.callsTo('POST /api/auth/send/otp')[0]?.body).toEqual({
      mobile: '98765 00001',
      purpose: 'login',
    });
    // Another code only after the server's gap, counted down.
    const resend = screen.getByRole('button', { name: /^Resend code in 0:(30|29)$/ });
    expect((resend as HTMLButtonElement).disabled).toBe(true);

    await user.type(screen.getByLabelText('6-digit code'), '12a3456');
    expect(screen.getByLabelText<HTMLInputElement>('6-digit code').value).toBe('123456');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST /api/auth/verify-otp')[0]?.body).toEqual({
      mobile: '98765 00001',
      otp: '123456',
      purpose: 'login',
    });
    expect(window.localStorage.getItem('token')).toBe('fresh-token');
  });

  it('when a code is asked for again too soon, then the 429 Retry-After drives the countdown', async () => {
    let sends = 0;
    const api = scriptedApi({
      'POST /api/auth/check': { data: { exists: true, hasPassword: false } },
      'POST /api/auth/send/otp': () =>
        ++sends === 1
          ? { data: { sent: true, channel: 'email', expiresInSeconds: 600, resendAfterSeconds: 0 } }
          : {
              ...apiError(
                429,
                'RATE_LIMITED',
                'A code was just sent. Wait a few seconds before asking for another.',
              ),
              headers: { 'retry-after': '42' },
            },
    });
    const user = userEvent.setup();
    renderApp('/auth/login', api.fetch);

    await identify(user, 'asha@example.com');
    await user.click(await screen.findByRole('button', { name: 'Resend code' }));

    expect((await screen.findByRole('alert')).textContent).toContain('Wait a few seconds');
    expect(screen.getByRole('button', { name: /^Resend code in 0:4[12]$/ })).toBeTruthy();
  });

  it('when the server rejects sign-up fields (400 errors[]), then each message shows beside its field and nothing typed is lost', async () => {
    const api = scriptedApi({
      'POST /api/auth/check': { data: { exists: false, hasPassword: false } },
      'POST /api/auth/register': apiError(
        400,
        'VALIDATION_FAILED',
        'The request body is invalid: mobile must be an Indian mobile number',
        [
          {
            path: 'mobile',
            message: 'must be an Indian mobile number (10 digits starting with 6–9, optionally with +91)',
          },
          { path: 'password', message: 'is on the list of commonly used passwords' },
        ],
      ),
    });
    const user = userEvent.setup();
    renderApp('/auth/login', api.fetch);

    await identify(user, 'new.learner@example.com');
    expect(await screen.findByRole('heading', { level: 1, name: 'Create your account' })).toBeTruthy();
    // The address typed before is carried into the form.
    expect(screen.getByLabelText<HTMLInputElement>('E-mail address').value).toBe('new.learner@example.com');

    await user.type(screen.getByLabelText('Full name'), 'Meera Iyer');
    await user.type(screen.getByLabelText('Mobile number'), '98765 43210');
    await user.type(screen.getByLabelText(/^Password/), 'password123');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const mobile = screen.getByLabelText('Mobile number');
    await waitFor(() => expect(mobile.getAttribute('aria-invalid')).toBe('true'));
    expect(description(mobile)).toContain(
      'Mobile number must be an Indian mobile number (10 digits starting with 6–9, optionally with +91).',
    );
    const password = screen.getByLabelText(/^Password/);
    expect(description(password)).toContain('Password is on the list of commonly used passwords.');
    expect(screen.getByLabelText('Full name').getAttribute('aria-invalid')).toBeNull();

    expect(screen.getByLabelText<HTMLInputElement>('Full name').value).toBe('Meera Iyer');
    expect(screen.getByLabelText<HTMLInputElement>('E-mail address').value).toBe('new.learner@example.com');
    expect((mobile as HTMLInputElement).value).toBe('98765 43210');
    expect((password as HTMLInputElement).value).toBe('password123');
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toEqual({
      name: 'Meera Iyer',
      email: 'new.learner@example.com',
      mobile: '98765 43210',
      password: 'password123',
    });
  });

  it("when a sign-up field breaks the contract, then the browser says so beside the field in the server's words and sends nothing", async () => {
    const api = scriptedApi({
      'POST /api/auth/check': { data: { exists: false, hasPassword: false } },
      'POST /api/auth/register': { data: session },
    });
    const user = userEvent.setup();
    renderApp('/auth/login', api.fetch);

    await identify(user, 'new.learner@example.com');
    await user.type(await screen.findByLabelText('Full name'), 'Meera Iyer');
    await user.type(screen.getByLabelText('Mobile number'), '12345');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const mobile = screen.getByLabelText('Mobile number');
    await waitFor(() => expect(mobile.getAttribute('aria-invalid')).toBe('true'));
    expect(description(mobile)).toContain(
      'Mobile number must be an Indian mobile number (10 digits starting with 6–9, optionally with +91)',
    );
    expect(description(screen.getByLabelText(/^Password/))).toContain(
      'Password must be at least 8 characters.',
    );
    expect(document.activeElement).toBe(mobile);
    expect((mobile as HTMLInputElement).value).toBe('12345');
    expect(api.callsTo('POST /api/auth/register')).toHaveLength(0);

    await user.clear(mobile);
    await user.type(mobile, '98765 43210');
    await user.clear(screen.getByLabelText(/^Password/));
    await user.type(screen.getByLabelText(/^Password/), 'a-long-enough-password');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(api.callsTo('POST /api/auth/register')).toHaveLength(1));
    expect(api.callsTo('POST /api/auth/register')[0]?.body).toEqual({
      name: 'Meera Iyer',
      email: 'new.learner@example.com',
      mobile: '98765 43210',
      password: 'a-long-enough-password',
    });
  });

  it('when the password is wrong, then the message sits on the password field and the address stays', async () => {
    const api = scriptedApi({
      'POST /api/auth/check': { data: { exists: true, hasPassword: true } },
      'POST /api/auth/login': apiError(
        401,
        'UNAUTHORIZED',
        'The email, mobile number or password is not correct.',
      ),
    });
    const user = userEvent.setup();
    renderApp('/auth/login', api.fetch);

    await identify(user, 'asha@example.com');
    await user.type(await screen.findByLabelText('Password'), 'nope-nope');
    await user.click(screen.getByRole('button', { name: 'Log in' }));

    const password = screen.getByLabelText('Password');
    await waitFor(() => expect(password.getAttribute('aria-invalid')).toBe('true'));
    expect(description(password)).toContain('That password is not correct.');
    expect((password as HTMLInputElement).value).toBe('nope-nope');
    expect(within(screen.getByRole('main')).getByText('asha@example.com')).toBeTruthy();
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('when ?next= names another site, then sign-in ends on the dashboard instead', async () => {
    const api = scriptedApi({
      'POST /api/auth/check': { data: { exists: true, hasPassword: true } },
      'POST /api/auth/login': { data: session },
    });
    const user = userEvent.setup();
    const { router } = renderApp(`/auth/login?next=${encodeURIComponent('//evil.example/phish')}`, api.fetch);

    await identify(user, 'asha@example.com');
    await user.type(await screen.findByLabelText('Password'), 'correct horse battery');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('when the password is forgotten, then a reset code signs in and the new password is saved', async () => {
    const api = scriptedApi({
      'POST /api/auth/check': { data: { exists: true, hasPassword: true } },
      'POST /api/auth/send/otp': {
        data: { sent: true, channel: 'email', expiresInSeconds: 600, resendAfterSeconds: 30 },
      },
      'POST /api/auth/verify-otp': { data: { ...session, isNewUser: false } },
      'POST /api/auth/password/add': { data: { user: learner } },
    });
    const user = userEvent.setup();
    const { router } = renderApp('/auth/login', api.fetch);

    await identify(user, 'asha@example.com');
    await user.click(await screen.findByRole('button', { name: 'Forgot password?' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Reset your password' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('E-mail or mobile number').value).toBe('asha@example.com');
    await user.click(screen.getByRole('button', { name: 'Send code' }));

    await user.type(await screen.findByLabelText('6-digit code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Verify code' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Choose a new password' })).toBeTruthy();
    await user.type(screen.getByLabelText('New password'), 'a-brand-new-password');
    await user.click(screen.getByRole('button', { name: 'Save password and continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST /api/auth/send/otp')[0]?.body).toEqual({
      email: 'asha@example.com',
      purpose: 'reset',
    });
    expect(api.callsTo('POST /api/auth/verify-otp')[0]?.body).toEqual({
      email: 'asha@example.com',
      otp: '654321',
      purpose: 'reset',
    });
    const reset = api.callsTo('POST /api/auth/password/add')[0];
    expect(reset?.body).toEqual({ password: 'a-brand-new-password' });
    expect(reset?.authorization).toBe('Bearer fresh-token');
  });
});
