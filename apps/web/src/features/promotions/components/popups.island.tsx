import { defineIsland } from '../../../components/ui/island';
import { PopupHost } from './popup-host';

/** The popups: they open by themselves after the page settles, so hydrated when the browser is idle. */
export default defineIsland('popups', PopupHost, 'idle');
