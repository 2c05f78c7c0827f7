import { defineIsland } from '../components/ui/island';
import { SiteHeaderView } from './site-header';

/** The header: on screen at once, so hydrated at once (its menu button takes the first tap). */
export default defineIsland('site-header', SiteHeaderView, 'load');
