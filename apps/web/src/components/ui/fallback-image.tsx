import { useEffect, useRef, useState, type ImgHTMLAttributes } from 'react';

type FallbackImageProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'onError'> & { src: string };

/**
 * An image that removes itself when it cannot load, so what is behind it (a cover pattern, a
 * tinted panel) shows instead of the browser's broken-image icon. Also catches images that
 * failed before the app hydrated, when no error handler was attached yet.
 */
export function FallbackImage({ src, alt = '', ...rest }: FallbackImageProps) {
  const ref = useRef<HTMLImageElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  useEffect(() => {
    const image = ref.current;
    // A lazy image not yet fetched also reports `complete` with no size, but has no current
    // source yet: only an image that tried and failed has one.
    if (image?.complete && image.naturalWidth === 0 && image.currentSrc !== '') setFailedSrc(src);
  }, [src]);

  if (failedSrc === src) return null;
  return <img ref={ref} src={src} alt={alt} onError={() => setFailedSrc(src)} {...rest} />;
}
