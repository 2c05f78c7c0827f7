/** Small helpers shared by the seeds. */

/** `items[index]`, throwing instead of returning undefined (seeds index their own arrays). */
export function at<T>(items: readonly T[], index: number): T {
  const item = items[index];
  if (item === undefined) throw new Error(`seed: no item at index ${index} of ${items.length}`);
  return item;
}

/**
 * The spec's slug rule (§5): lower-cased, whitespace runs become one hyphen, every other
 * character outside a–z, 0–9 and '-' removed, repeated hyphens collapsed, none at the ends.
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/\s+/g, '-')
    .replace(/[^a-z0-9-]/g, '')
    .replace(/-+/g, '-')
    .replace(/^-|-$/g, '');
}
