/**
 * The one font file the first paint needs (Manrope's Latin subset, app/styles/fonts.css), found
 * in Vite's build manifest under its source path, so the server's document head can preload it
 * by its hashed name before the stylesheet has been read. The Latin Extended file (rupee sign)
 * is left to the browser: it loads on demand, and preloading both would compete with the CSS.
 */
export const BRAND_FONT_SOURCE = 'manrope-latin-wght-normal.woff2';

/** A manifest entry: its built file and, for assets, its source path. */
interface ManifestEntry {
  file: string;
  src?: string;
}

/** The address of the built brand font file (`/assets/manrope-latin-wght-normal-<hash>.woff2`), if built. */
export function brandFontHref(manifest: Record<string, ManifestEntry> | undefined): string | null {
  if (!manifest) return null;
  for (const [key, entry] of Object.entries(manifest)) {
    if ((entry.src ?? key).endsWith(`/${BRAND_FONT_SOURCE}`) && entry.file.endsWith('.woff2'))
      return `/${entry.file}`;
  }
  return null;
}

/** The preload element of the brand font (crossorigin: fonts are always fetched in CORS mode). */
export function brandFontPreload(manifest: Record<string, ManifestEntry> | undefined): string[] {
  const href = brandFontHref(manifest);
  return href ? [`<link rel="preload" href="${href}" as="font" type="font/woff2" crossorigin>`] : [];
}
