import { defineIsland } from '../components/ui/island';
import { SiteFooterView } from './site-footer';

/** The footer: hydrated as it comes into view. */
export default defineIsland('site-footer', SiteFooterView, 'visible');
