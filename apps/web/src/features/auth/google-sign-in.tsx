import { GOOGLE_SCOPES } from '@atelier/domain';
import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import { googleClientIdFor } from './google-client-id';

/*
 * Sign-in with Google through Google Identity Services (GIS), ID-token flow: GIS hands the page a
 * signed ID token (`credential`, a JWT whose audience is our client id), the server verifies it at
 * `POST /api/auth/google/login`. Never an access token (security checklist §0.11). An ID token
 * carries exactly the spec's scopes (`openid profile email`, GOOGLE_SCOPES): the user's Google
 * account id, name, picture and e-mail.
 *
 * The GIS script loads only when the user opens sign-in with Google, and only the login page's
 * document allows it (its content security policy names accounts.google.com; see web.ts).
 */

/** The GIS script. */
export const GOOGLE_IDENTITY_SCRIPT = 'https://accounts.google.com/gsi/client';

/** What GIS hands the callback. */
export interface GoogleCredentialResponse {
  credential?: string;
}

/** The part of `google.accounts.id` we use. */
export interface GoogleAccountsId {
  initialize(config: {
    client_id: string;
    callback: (response: GoogleCredentialResponse) => void;
    ux_mode?: 'popup' | 'redirect';
    context?: 'signin' | 'signup' | 'use';
    auto_select?: boolean;
    cancel_on_tap_outside?: boolean;
    itp_support?: boolean;
    use_fedcm_for_prompt?: boolean;
    use_fedcm_for_button?: boolean;
  }): void;
  renderButton(
    parent: HTMLElement,
    options: {
      type?: 'standard' | 'icon';
      theme?: 'outline' | 'filled_blue' | 'filled_black';
      size?: 'large' | 'medium' | 'small';
      text?: 'signin_with' | 'signup_with' | 'continue_with' | 'signin';
      shape?: 'rectangular' | 'pill' | 'circle' | 'square';
      logo_alignment?: 'left' | 'center';
      width?: number;
    },
  ): void;
  prompt(): void;
  cancel(): void;
}

declare global {
  interface Window {
    google?: { accounts?: { id?: GoogleAccountsId } };
  }
}

let scriptPromise: Promise<GoogleAccountsId> | null = null;

/** Loads the GIS script once per page; rejects when it cannot load (offline, blocked). */
export function loadGoogleIdentityScript(): Promise<GoogleAccountsId> {
  const ready = window.google?.accounts?.id;
  if (ready) return Promise.resolve(ready);
  scriptPromise ??= new Promise<GoogleAccountsId>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GOOGLE_IDENTITY_SCRIPT;
    script.async = true;
    script.onload = () => {
      const id = window.google?.accounts?.id;
      if (id) resolve(id);
      else reject(new Error('Google Identity Services loaded without google.accounts.id.'));
    };
    script.onerror = () => reject(new Error('Google Identity Services could not be loaded.'));
    document.head.appendChild(script);
  }).catch((error: unknown) => {
    scriptPromise = null; // let a later click try again
    throw error;
  });
  return scriptPromise;
}

/**
 * Whether this document was loaded at the login page, whose policy allows GIS. After a client-side
 * navigation from another page, the document still carries that page's stricter policy.
 */
function documentAllowsGoogle(): boolean {
  const entry = performance.getEntriesByType?.('navigation')[0];
  if (!entry?.name) return true;
  try {
    return new URL(entry.name).pathname === '/auth/login';
  } catch {
    return true;
  }
}

interface GoogleSignInContextValue {
  /** The OAuth client id for this host, resolved when sign-in starts ('' = not configured here). */
  resolveClientId: () => string;
  load: () => Promise<GoogleAccountsId>;
  scopes: readonly string[];
}

const GoogleSignInContext = createContext<GoogleSignInContextValue | null>(null);

export interface GoogleSignInProviderProps {
  /** A fixed client id; by default the one for the current host (see `googleClientIdFor`). */
  clientId?: string;
  /** How GIS is loaded (tests pass a stand-in). */
  loadScript?: () => Promise<GoogleAccountsId>;
  children: ReactNode;
}

/** Provides Google sign-in to the components inside it (spec §2: the sign-in wrapper). */
export function GoogleSignInProvider({
  clientId,
  loadScript = loadGoogleIdentityScript,
  children,
}: GoogleSignInProviderProps) {
  const value = useMemo<GoogleSignInContextValue>(
    () => ({
      resolveClientId: () => clientId ?? googleClientIdFor(window.location.hostname),
      load: loadScript,
      scopes: GOOGLE_SCOPES,
    }),
    [clientId, loadScript],
  );
  return <GoogleSignInContext.Provider value={value}>{children}</GoogleSignInContext.Provider>;
}

export type GoogleSignInStatus = 'idle' | 'loading' | 'ready' | 'unavailable';

export interface GoogleSignIn {
  status: GoogleSignInStatus;
  /** The scopes the ID token covers (openid, profile, email). */
  scopes: readonly string[];
  /** Loads GIS and renders Google's own button into `container` (and offers One Tap). */
  start: (container: HTMLElement) => Promise<void>;
}

/**
 * Google sign-in for a component inside {@link GoogleSignInProvider}; `onCredential` receives the
 * ID token. Used outside the provider it throws (spec §2: "Using the sign-in wrapper outside its
 * provider is an error").
 */
export function useGoogleSignIn(onCredential: (credential: string) => void): GoogleSignIn {
  const context = useContext(GoogleSignInContext);
  if (!context) {
    throw new Error('useGoogleSignIn must be used inside a <GoogleSignInProvider>.');
  }
  const [status, setStatus] = useState<GoogleSignInStatus>('idle');
  const callback = useRef(onCredential);
  useEffect(() => {
    callback.current = onCredential;
  }, [onCredential]);

  const start = useCallback(
    async (container: HTMLElement) => {
      const clientId = context.resolveClientId();
      if (!clientId) {
        setStatus('unavailable');
        return;
      }
      if (!documentAllowsGoogle()) {
        // Reload the login page as its own document so its policy lets GIS in; `google=1` opens it again.
        const url = new URL(window.location.href);
        url.searchParams.set('google', '1');
        window.location.assign(url.toString());
        return;
      }
      setStatus('loading');
      try {
        const id = await context.load();
        id.initialize({
          client_id: clientId,
          callback: (response) => {
            if (response.credential) callback.current(response.credential);
          },
          ux_mode: 'popup',
          context: 'signin',
          auto_select: false,
          cancel_on_tap_outside: true,
          itp_support: true,
          use_fedcm_for_prompt: true,
          use_fedcm_for_button: true,
        });
        container.replaceChildren();
        id.renderButton(container, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          text: 'continue_with',
          shape: 'pill',
          logo_alignment: 'center',
          width: Math.max(200, Math.min(400, Math.round(container.getBoundingClientRect().width) || 320)),
        });
        id.prompt();
        setStatus('ready');
      } catch {
        setStatus('unavailable');
      }
    },
    [context],
  );

  return { status, scopes: context.scopes, start };
}

function GoogleMark() {
  return (
    <svg
      className="google-mark"
      viewBox="0 0 48 48"
      width="20"
      height="20"
      aria-hidden="true"
      focusable="false"
    >
      <path
        fill="#EA4335"
        d="M24 9.5c3.54 0 6.71 1.22 9.21 3.6l6.85-6.85C35.9 2.38 30.47 0 24 0 14.62 0 6.51 5.38 2.56 13.22l7.98 6.19C12.43 13.72 17.74 9.5 24 9.5z"
      />
      <path
        fill="#4285F4"
        d="M46.98 24.55c0-1.57-.15-3.09-.38-4.55H24v9.02h12.94c-.58 2.96-2.26 5.48-4.78 7.18l7.73 6c4.51-4.18 7.09-10.36 7.09-17.65z"
      />
      <path
        fill="#FBBC05"
        d="M10.53 28.59c-.48-1.45-.76-2.99-.76-4.59s.27-3.14.76-4.59l-7.98-6.19C.92 16.46 0 20.12 0 24c0 3.88.92 7.54 2.56 10.78l7.97-6.19z"
      />
      <path
        fill="#34A853"
        d="M24 48c6.48 0 11.93-2.13 15.89-5.81l-7.73-6c-2.15 1.45-4.92 2.3-8.16 2.3-6.26 0-11.57-4.22-13.47-9.91l-7.98 6.19C6.51 42.62 14.62 48 24 48z"
      />
    </svg>
  );
}

/**
 * "Continue with Google": on press, loads GIS and swaps itself for Google's own button (which
 * opens Google's account chooser). `autoOpen` does that at once (after the page reloaded for GIS).
 */
export function GoogleSignInButton({
  onCredential,
  busy,
  autoOpen = false,
}: {
  onCredential: (credential: string) => void;
  busy: boolean;
  autoOpen?: boolean;
}) {
  const google = useGoogleSignIn(onCredential);
  const slot = useRef<HTMLDivElement>(null);
  const { start } = google;
  const opened = useRef(false);

  useEffect(() => {
    if (autoOpen && !opened.current && slot.current) {
      opened.current = true;
      void start(slot.current);
    }
  }, [autoOpen, start]);

  const isLoading = google.status === 'loading';
  return (
    <div className="google-signin">
      {google.status !== 'ready' ? (
        <button
          type="button"
          className="button button--quiet button--large button--block google-signin__button"
          onClick={() => {
            if (slot.current) void start(slot.current);
          }}
          disabled={isLoading || busy}
          aria-busy={isLoading || busy || undefined}
        >
          {isLoading || busy ? <span className="spinner" aria-hidden="true" /> : <GoogleMark />}
          {busy ? 'Signing in with Google…' : isLoading ? 'Opening Google…' : 'Continue with Google'}
        </button>
      ) : null}
      <div ref={slot} className="google-signin__slot" hidden={google.status !== 'ready'} />
      {google.status === 'ready' ? (
        <p className="google-signin__note">
          Choose your Google account above. Atelier receives only your name, e-mail address and picture.
        </p>
      ) : null}
      {google.status === 'unavailable' ? (
        <p className="google-signin__note google-signin__note--error" role="alert">
          Google sign-in is not available right now. Use your e-mail or mobile number instead.
        </p>
      ) : null}
    </div>
  );
}
