import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload } from 'jose';

/*
 * Google sign-in (spec §2 "Sign-in with a Google account"). The browser obtains a Google ID token
 * (a JWT signed by Google) and posts it; we verify it ourselves against Google's published keys
 * (JWKS): RS256 only, our client id as `aud`, Google as `iss`, `exp` and `nbf` against our clock.
 * An access token is not an ID token and never verifies (checklist §0.11, B13).
 */

/** The facts of a verified Google ID token that sign-in uses. */
export interface GoogleIdentity {
  /** Google's stable account id: users are keyed by it. */
  sub: string;
  email: string | null;
  emailVerified: boolean;
  /** The Workspace domain (`hd`), when the account belongs to one. */
  hostedDomain: string | null;
  name: string | null;
}

/** The token was not a valid Google ID token for us (401). `reason` is for logs. */
export class GoogleTokenRejected extends Error {
  constructor(readonly reason: string) {
    super(`Google ID token rejected: ${reason}`);
    this.name = 'GoogleTokenRejected';
  }
}

/** Google's keys could not be fetched (503). */
export class GoogleUnavailable extends Error {
  constructor(readonly reason: string) {
    super(`Google sign-in unavailable: ${reason}`);
    this.name = 'GoogleUnavailable';
  }
}

export interface GoogleIdentityVerifier {
  /** False when no client id is configured: Google sign-in is off. */
  readonly enabled: boolean;
  /** Verifies an ID token; throws {@link GoogleTokenRejected} or {@link GoogleUnavailable}. */
  verify(credential: string): Promise<GoogleIdentity>;
}

export interface GoogleIdentityOptions {
  clientIds: string[];
  issuers: string[];
  jwksUrl: string;
  /** The current instant (tokens' `exp`/`nbf` are checked against it). */
  clock: () => Date;
}

/** Seconds of clock skew tolerated on `exp`, `nbf` and `iat`. */
const CLOCK_TOLERANCE_SECONDS = 5;

function text(payload: JWTPayload, claim: string): string | null {
  const value = payload[claim];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

/**
 * The verifier backed by Google's JWKS. Keys are cached (10 minutes), an unknown `kid` triggers at
 * most one refetch per 30 s cooldown (key rotation without a fetch storm, checklist B15), and
 * every fetch times out after 5 s (checklist H9).
 */
export function createGoogleIdentityVerifier(options: GoogleIdentityOptions): GoogleIdentityVerifier {
  const jwks = createRemoteJWKSet(new URL(options.jwksUrl), {
    timeoutDuration: 5_000,
    cooldownDuration: 30_000,
    cacheMaxAge: 600_000,
  });
  return {
    enabled: options.clientIds.length > 0,
    async verify(credential) {
      let payload: JWTPayload;
      try {
        ({ payload } = await jwtVerify(credential, jwks, {
          algorithms: ['RS256'],
          audience: options.clientIds,
          issuer: options.issuers,
          currentDate: options.clock(),
          clockTolerance: CLOCK_TOLERANCE_SECONDS,
          requiredClaims: ['sub', 'exp', 'iat', 'aud', 'iss'],
        }));
      } catch (error) {
        const jwksFailed =
          error instanceof errors.JWKSTimeout ||
          error instanceof errors.JWKSInvalid ||
          (error instanceof errors.JOSEError &&
            error.code === 'ERR_JOSE_GENERIC' &&
            error.message.includes('JSON Web Key Set'));
        if (jwksFailed) throw new GoogleUnavailable(error.code);
        if (error instanceof errors.JOSEError) throw new GoogleTokenRejected(error.code);
        if (error instanceof TypeError) throw new GoogleUnavailable('jwks fetch failed');
        throw error;
      }
      const sub = text(payload, 'sub');
      if (!sub) throw new GoogleTokenRejected('missing sub');
      const emailVerified = payload.email_verified === true || payload.email_verified === 'true';
      return {
        sub,
        email: text(payload, 'email')?.toLowerCase() ?? null,
        emailVerified,
        hostedDomain: text(payload, 'hd'),
        name: text(payload, 'name'),
      };
    },
  };
}
