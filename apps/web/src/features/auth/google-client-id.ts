/**
 * Which Google OAuth client the sign-in button uses (spec §2: "A different client id is used for
 * the development host than for localhost"). Both come from the build (`VITE_GOOGLE_CLIENT_ID_LOCALHOST`,
 * `VITE_GOOGLE_CLIENT_ID_DEV`) and default to empty: a host without a client id shows no Google
 * button. The server accepts tokens for the ids it lists in `GOOGLE_CLIENT_IDS`.
 */
export interface GoogleClientIds {
  localhost: string;
  dev: string;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** The client ids this build was given (trimmed; empty when not configured). */
export function configuredGoogleClientIds(): GoogleClientIds {
  const env = import.meta.env;
  return {
    localhost: (env.VITE_GOOGLE_CLIENT_ID_LOCALHOST ?? '').trim(),
    dev: (env.VITE_GOOGLE_CLIENT_ID_DEV ?? '').trim(),
  };
}

/** Whether any host of this build can offer Google sign-in (the same answer on server and browser). */
export function isGoogleSignInConfigured(ids: GoogleClientIds = configuredGoogleClientIds()): boolean {
  return ids.localhost !== '' || ids.dev !== '';
}

/** The client id for a host name: the localhost one on a local address, the development one elsewhere. */
export function googleClientIdFor(
  hostname: string,
  ids: GoogleClientIds = configuredGoogleClientIds(),
): string {
  return LOCAL_HOSTS.has(hostname.toLowerCase()) || hostname.toLowerCase().endsWith('.localhost')
    ? ids.localhost
    : ids.dev;
}
