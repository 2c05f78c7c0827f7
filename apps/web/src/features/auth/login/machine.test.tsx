import { describe, expect, it } from 'vitest';
import { backOf, initialLoginState, loginReducer, stepTitle, type LoginState } from './machine';

const countdown = { startedAt: 1_000, until: 31_000 };

describe('the /auth/login step machine', () => {
  it('when auth/check finds no account, then sign-up opens with the typed address carried into the draft and a note', () => {
    const state = loginReducer(initialLoginState, {
      type: 'no-account',
      identifier: 'new@example.com',
      target: { email: 'new@example.com' },
    });
    expect(state.step).toEqual({ kind: 'signup' });
    expect(state.signup).toEqual({ name: '', email: 'new@example.com', mobile: '', password: '' });
    expect(state.notice).toBe('There is no account for new@example.com yet. Create one in a minute.');
  });

  it('when a sign-up code is sent, then the otp step keeps the draft for after the code and "Back" returns to sign-up', () => {
    const draft = { name: 'Meera Iyer', email: 'meera@example.com', mobile: '98765 43210', password: '' };
    const state = loginReducer(initialLoginState, {
      type: 'code-sent',
      purpose: 'register',
      target: { email: draft.email },
      channel: 'email',
      resendAt: countdown,
      signup: draft,
    });
    expect(state.step).toEqual({
      kind: 'otp',
      purpose: 'register',
      target: { email: draft.email },
      channel: 'email',
    });
    expect(state.signup).toEqual(draft);
    expect(state.resendAt).toEqual(countdown);
    expect(backOf(state.step)).toEqual({ kind: 'signup' });
    expect(stepTitle(state.step)).toBe('Check your inbox');
  });

  it('when another code is sent or the server says to wait, then the countdown moves and the note says what happened', () => {
    const otp: LoginState = {
      ...initialLoginState,
      step: { kind: 'otp', purpose: 'login', target: { mobile: '98765 00001' }, channel: 'sms' },
    };
    const resent = loginReducer(otp, { type: 'code-resent', resendAt: countdown });
    expect(resent.notice).toBe('We sent a new code to 98765 00001.');
    expect(stepTitle(resent.step)).toBe('Check your messages');
    const throttled = loginReducer(resent, {
      type: 'throttled',
      resendAt: { startedAt: 2_000, until: 44_000 },
      clearNotice: true,
    });
    expect(throttled.resendAt).toEqual({ startedAt: 2_000, until: 44_000 });
    expect(throttled.notice).toBeNull();
  });

  it('when a reset code is accepted, then the new-password step opens; forgot leads back to the password', () => {
    const state = loginReducer(
      { ...initialLoginState, identifier: 'asha@example.com' },
      { type: 'reset-verified' },
    );
    expect(state.step).toEqual({ kind: 'new-password' });
    expect(state.notice).toBe('Code accepted. You are signed in; now choose your new password.');
    expect(backOf({ kind: 'forgot' })).toEqual({ kind: 'password' });
    expect(backOf({ kind: 'identify' })).toBeNull();
  });
});
