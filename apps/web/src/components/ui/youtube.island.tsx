import { defineIsland } from './island';
import { LiteYouTube } from './lite-youtube';

/** A video's poster and play button; the player loads on the tap (see LiteYouTube). */
export default defineIsland('youtube', LiteYouTube, 'visible');
