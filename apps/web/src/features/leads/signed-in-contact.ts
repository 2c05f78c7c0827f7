import { useSession } from '../../lib/session';

/**
 * The signed-in learner's name, e-mail and mobile, to start a lead form with (they can change
 * them). Only for forms that open after the page is interactive (dialogs): a server-rendered form
 * must start empty, as the server knows no session.
 */
export function useSignedInContact(): Partial<Record<'name' | 'email' | 'mobile', string>> {
  const user = useSession()?.user;
  if (!user) return {};
  return {
    ...(user.name ? { name: user.name } : {}),
    ...(user.email ? { email: user.email } : {}),
    ...(user.mobile ? { mobile: user.mobile } : {}),
  };
}
