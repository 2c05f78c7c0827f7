/** Build-time Google sign-in client ids (spec §2: one for localhost, another for the development host). */
interface ImportMetaEnv {
  /** OAuth web client id used when the site runs on localhost / 127.0.0.1. Empty: no Google button there. */
  readonly VITE_GOOGLE_CLIENT_ID_LOCALHOST?: string;
  /** OAuth web client id used on the development (deployed) host. Empty: no Google button there. */
  readonly VITE_GOOGLE_CLIENT_ID_DEV?: string;
}
