import { describe, expect, it } from 'vitest';
import { committedFallbackCss, fallbackCss, fallbackMetrics } from '../../scripts/font-metrics.mjs';
import { brandFontHref, brandFontPreload } from './brand-font';

/** The manifest entries Vite writes for the font files fonts.css refers to. */
const MANIFEST = {
  'src/entry-client.tsx': { file: 'assets/entry-client-abc.js' },
  '../../node_modules/@fontsource-variable/manrope/files/manrope-latin-ext-wght-normal.woff2': {
    file: 'assets/manrope-latin-ext-wght-normal-Ch3YOpNY.woff2',
    src: '../../node_modules/@fontsource-variable/manrope/files/manrope-latin-ext-wght-normal.woff2',
  },
  '../../node_modules/@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2': {
    file: 'assets/manrope-latin-wght-normal-DHIcAJRg.woff2',
    src: '../../node_modules/@fontsource-variable/manrope/files/manrope-latin-wght-normal.woff2',
  },
};

describe('the brand font', () => {
  it('when the build has the Latin font file, then the document head preloads it (and only it) by its hashed name', () => {
    expect(brandFontHref(MANIFEST)).toBe('/assets/manrope-latin-wght-normal-DHIcAJRg.woff2');
    expect(brandFontPreload(MANIFEST)).toEqual([
      '<link rel="preload" href="/assets/manrope-latin-wght-normal-DHIcAJRg.woff2" as="font" type="font/woff2" crossorigin>',
    ]);
  });

  it('when there is no build manifest (the dev server), then nothing is preloaded', () => {
    expect(brandFontPreload(undefined)).toEqual([]);
    expect(brandFontPreload({ 'src/entry-client.tsx': { file: 'assets/x.js' } })).toEqual([]);
  });

  it('when fonts.css is read, then its fallback faces are the ones the metrics script computes', () => {
    // Compared with white space collapsed: prettier wraps the long lines of the committed file.
    const collapse = (css: string) => css.replace(/\s+/g, ' ');
    expect(committedFallbackCss()).not.toBe('');
    expect(collapse(committedFallbackCss())).toBe(collapse(fallbackCss()));
  });

  it("when the fallbacks are computed, then they scale a local font to Manrope's width and vertical metrics", () => {
    const metrics = fallbackMetrics();
    // Manrope's own numbers, from the font file: 2000 units per em, ascent 2132, descent 600.
    expect(metrics.unitsPerEm).toBe(2000);
    expect(metrics.ascent).toBeCloseTo(1.066, 3);
    expect(metrics.descent).toBeCloseTo(0.3, 3);
    for (const face of metrics.faces) {
      const scale = parseFloat(face.sizeAdjust) / 100;
      expect(scale).toBeCloseTo(face.brandWidth / face.localWidth, 3);
      // The scaled fallback's ascent is Manrope's: override × size-adjust = 106.6 % of the em.
      expect((parseFloat(face.ascentOverride) / 100) * scale).toBeCloseTo(metrics.ascent, 3);
    }
  });
});
