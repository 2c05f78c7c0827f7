import type { OwnProfile } from '@atelier/contract';
import { useEffect, useSyncExternalStore } from 'react';
import { updateSessionUser, useSession } from '../../lib/session';

/*
 * `lib/api/user-details.ts` for the islands build. Spec §1: a signed-in user's details load on
 * every page; here once per document for the stored user (a 401 ends the session in the base
 * query), refreshing the stored user, as the app's query does.
 */

let details: OwnProfile | null = null;
let requestedFor: number | null = null;
const listeners = new Set<() => void>();
const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

function load(userId: number): void {
  if (requestedFor === userId) return;
  requestedFor = userId;
  // The call's code loads only for a signed-in visitor.
  Promise.all([import('../api'), import('../../lib/api/paths')])
    .then(([{ callApi }, { endpointRequest }]) => callApi<OwnProfile>(endpointRequest('userDetailsV2')))
    .then((profile) => {
      details = profile;
      if (profile.id === userId) updateSessionUser(profile);
      for (const listener of [...listeners]) listener();
    })
    // Spec §8: an answer other than 200 is "no details".
    .catch(() => undefined);
}

export function useUserDetails(): OwnProfile | null {
  const session = useSession();
  const userId = session?.user.id;
  useEffect(() => {
    if (userId !== undefined) load(userId);
  }, [userId]);
  const current = useSyncExternalStore(
    subscribe,
    () => details,
    () => null,
  );
  return session && current?.id === session.user.id ? current : null;
}
