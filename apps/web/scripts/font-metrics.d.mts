// Types of font-metrics.mjs for the web app's tests (src/app/brand-font.test.tsx).
export interface FallbackFace {
  family: string;
  weight: string;
  sources: string[];
  brandWidth: number;
  localWidth: number;
  sizeAdjust: string;
  ascentOverride: string;
  descentOverride: string;
  lineGapOverride: string;
}
export const BRAND_FAMILY: string;
export function fallbackMetrics(): {
  unitsPerEm: number;
  ascent: number;
  descent: number;
  lineGap: number;
  faces: FallbackFace[];
};
export function fallbackCss(): string;
export function committedFallbackCss(): string;
