import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { googleClientIdFor } from './google-client-id';
import {
  GoogleSignInButton,
  GoogleSignInProvider,
  useGoogleSignIn,
  type GoogleAccountsId,
} from './google-sign-in';

function Probe() {
  useGoogleSignIn(() => undefined);
  return null;
}

describe('Google sign-in wrapper (spec §2)', () => {
  it('when the hook is used outside its provider, then it throws a clear error', () => {
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    try {
      expect(() => render(<Probe />)).toThrow(
        'useGoogleSignIn must be used inside a <GoogleSignInProvider>.',
      );
    } finally {
      quiet.mockRestore();
    }
  });

  it('when the user opens Google sign-in, then GIS loads on demand with the client id and the ID token reaches the callback', async () => {
    let callback: ((response: { credential?: string }) => void) | undefined;
    const gis: GoogleAccountsId = {
      initialize: vi.fn((config: Parameters<GoogleAccountsId['initialize']>[0]) => {
        callback = config.callback;
      }),
      renderButton: vi.fn(),
      prompt: vi.fn(),
      cancel: vi.fn(),
    };
    const loadScript = vi.fn(async () => gis);
    const onCredential = vi.fn();
    render(
      <GoogleSignInProvider clientId="client-for-tests.apps.googleusercontent.com" loadScript={loadScript}>
        <GoogleSignInButton onCredential={onCredential} busy={false} />
      </GoogleSignInProvider>,
    );
    expect(loadScript).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));

    expect(loadScript).toHaveBeenCalledTimes(1);
    expect(gis.initialize).toHaveBeenCalledWith(
      expect.objectContaining({ client_id: 'client-for-tests.apps.googleusercontent.com', ux_mode: 'popup' }),
    );
    expect(gis.renderButton).toHaveBeenCalledTimes(1);
    callback?.({ credential: 'header.payload.signature' });
    expect(onCredential).toHaveBeenCalledWith('header.payload.signature');
  });

  it('when GIS cannot load, then the button says so and the other ways in remain', async () => {
    render(
      <GoogleSignInProvider
        clientId="client-for-tests"
        loadScript={() => Promise.reject(new Error('offline'))}
      >
        <GoogleSignInButton onCredential={() => undefined} busy={false} />
      </GoogleSignInProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Continue with Google' }));
    expect((await screen.findByRole('alert')).textContent).toContain(
      'Google sign-in is not available right now',
    );
  });

  it('when the site runs on localhost, then the localhost client id is used, elsewhere the development one', () => {
    const ids = { localhost: 'local-id', dev: 'dev-id' };
    expect(googleClientIdFor('localhost', ids)).toBe('local-id');
    expect(googleClientIdFor('127.0.0.1', ids)).toBe('local-id');
    expect(googleClientIdFor('dev.atelier.example', ids)).toBe('dev-id');
  });
});
