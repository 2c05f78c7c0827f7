import { useEffect, useRef, useState } from 'react';
import { PlayIcon } from './icons';
import { ResponsiveImage } from './responsive-image';
import './lite-youtube.css';

interface LiteYouTubeProps {
  /** An 11-character video id (the domain's `youtubeId`). */
  videoId: string;
  /** What the video is, for the play button and the frame's title. */
  title: string;
  /** A site image shown until the video plays (a drawn poster when there is none). */
  poster?: string | null;
  /** Show the poster at high priority (the page's main image). */
  priority?: boolean;
}

/**
 * A YouTube video that costs nothing until it is wanted: a poster of our own and a play button;
 * a click (or Enter) swaps in the privacy-enhanced player, which then starts playing. Nothing of
 * YouTube's loads before that (no script, not even a thumbnail: no third-party request before the
 * visitor asks), and the frame keeps the poster's box, so nothing shifts. The frame takes the
 * keyboard focus from the play button it replaces (otherwise focus would fall to the page's start).
 */
export function LiteYouTube({ videoId, title, poster = null, priority = false }: LiteYouTubeProps) {
  const [isPlaying, setPlaying] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);
  const id = encodeURIComponent(videoId);
  useEffect(() => {
    if (isPlaying) frameRef.current?.focus();
  }, [isPlaying]);
  if (isPlaying) {
    return (
      <div className="lite-youtube">
        <iframe
          ref={frameRef}
          className="lite-youtube__frame"
          src={`https://www.youtube-nocookie.com/embed/${id}?autoplay=1&rel=0`}
          title={title}
          width={560}
          height={315}
          allow="accelerometer; autoplay; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
        />
      </div>
    );
  }
  return (
    <div className="lite-youtube">
      {poster ? (
        <ResponsiveImage
          className="lite-youtube__thumb"
          src={poster}
          width={640}
          height={360}
          sizes="(min-width: 960px) 360px, 100vw"
          priority={priority}
        />
      ) : null}
      <button type="button" className="lite-youtube__play" onClick={() => setPlaying(true)}>
        <PlayIcon className="lite-youtube__icon" />
        <span className="visually-hidden">Play video: {title}</span>
      </button>
    </div>
  );
}
