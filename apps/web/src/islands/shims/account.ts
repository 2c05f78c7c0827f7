import { useCallback, useState } from 'react';
import { clearSession } from '../../lib/session';

/*
 * `lib/api/account.ts` for the islands build: what the header's account menu uses (logout),
 * without RTK Query. Logout revokes the session on the server (spec §4), then forgets it here
 * whatever the answer, as the app does. The call's code loads on the tap: a visitor's header never
 * carries it.
 */
export function useLogout(): { logout: () => Promise<void>; isLoggingOut: boolean } {
  const [isLoggingOut, setLoggingOut] = useState(false);
  const logout = useCallback(async () => {
    setLoggingOut(true);
    try {
      const [{ callApi }, { endpointRequest }] = await Promise.all([
        import('../api'),
        import('../../lib/api/paths'),
      ]);
      await callApi(endpointRequest('authLogout'));
    } catch {
      // already signed out on the server, or unreachable: forget the session here regardless
    }
    clearSession();
    setLoggingOut(false);
  }, []);
  return { logout, isLoggingOut };
}
