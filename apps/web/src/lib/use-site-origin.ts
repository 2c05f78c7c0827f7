import { useContext } from 'react';
import { PageHeadContext } from './head-context';

/** The site's public address (PUBLIC_URL) for absolute URLs in JSON-LD; `''` outside the app. */
export function useSiteOrigin(): string {
  return useContext(PageHeadContext).origin;
}
