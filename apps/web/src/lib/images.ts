/**
 * The image pipeline's addresses. An image the API names as a site path under `/images/`
 * (`/images/workshops/revit-architecture.jpg`) is served as WebP renditions beside it, one per
 * width (`/images/workshops/revit-architecture-800.webp`): the demo's are drawn by
 * `apps/web/scripts/generate-images.mjs`, and uploads are to be stored the same way. Pages pick a
 * rendition with `srcset`/`sizes`, and always set width and height so nothing shifts as they load.
 */

/** Widths every image is rendered at (must match the generator). */
export const IMAGE_WIDTHS = [400, 800, 1200] as const;

const PIPELINE_PATH = /^(\/images\/[a-z0-9/_-]+?)\.(?:jpe?g|png|webp)$/i;

export interface ImageSources {
  src: string;
  srcSet?: string;
}

/** The sources of an image: WebP renditions for pipeline paths, the address itself otherwise. */
export function imageSources(src: string): ImageSources {
  const match = PIPELINE_PATH.exec(src);
  if (!match) return { src };
  const base = match[1] ?? '';
  return {
    src: `${base}-800.webp`,
    srcSet: IMAGE_WIDTHS.map((width) => `${base}-${width}.webp ${width}w`).join(', '),
  };
}

/** The largest rendition, for link previews (Open Graph, Twitter, JSON-LD). */
export function shareImage(src: string | null | undefined): string | null {
  if (!src) return null;
  const match = PIPELINE_PATH.exec(src);
  return match ? `${match[1] ?? ''}-1200.webp` : src;
}
