import { defineIsland } from '../../../components/ui/island';
import { TopBanner } from './top-banner';

/** The top strip: on screen at once, so hydrated at once (its close button). */
export default defineIsland('top-banner', TopBanner, 'load');
