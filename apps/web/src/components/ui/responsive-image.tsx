import type { ImgHTMLAttributes } from 'react';
import { imageSources } from '../../lib/images';
import { FallbackImage } from './fallback-image';

type ResponsiveImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'srcSet' | 'onError'> & {
  src: string;
  /** Intrinsic size (the aspect ratio); always set, so the layout never shifts. */
  width: number;
  height: number;
  /** How wide the image shows, for the browser's choice of rendition. */
  sizes: string;
  /** The page's largest image above the fold: loaded eagerly, at high priority. */
  priority?: boolean;
};

/**
 * An image through the pipeline (lib/images): WebP renditions by width, width and height set,
 * lazy unless it is the page's main image, and removed when it cannot load so the panel behind
 * it shows instead of a broken-image icon.
 */
export function ResponsiveImage({ src, priority = false, alt = '', ...rest }: ResponsiveImageProps) {
  const sources = imageSources(src);
  return (
    <FallbackImage
      {...rest}
      alt={alt}
      src={sources.src}
      srcSet={sources.srcSet}
      loading={priority ? 'eager' : 'lazy'}
      decoding={priority ? 'sync' : 'async'}
      fetchPriority={priority ? 'high' : 'auto'}
    />
  );
}
