// Types of artwork.mjs for the web app's tests (src/lib/artwork.test.tsx).
export const W: number;
export const H: number;
export const BY_CATEGORY: readonly unknown[];
export const DISCIPLINE_PALETTES: readonly { strong: string; soft: string; wash: string; papers: string[] }[];
export const PORTRAIT_COLOURS: readonly string[];
export function workshopArt(slug: string, categoryIndex: number): string;
export function tripArt(slug: string): string;
export function monogramOf(name: string): string;
export function instructorPortrait(name: string, colourIndex?: number): string;
