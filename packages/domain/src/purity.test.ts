/**
 * The package is pure (domain contract preamble): no clock, no machine time zone, no I/O, no
 * imports beyond its own files. Checked on the source text, so a later edit that reaches for
 * `Date.now()` or `getHours()` fails here even if every example still passes in the CI's zone.
 */

import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const sourceDir = new URL('.', import.meta.url);
const sources = readdirSync(sourceDir)
  .filter((file) => file.endsWith('.ts') && !file.endsWith('.test.ts'))
  .map((file) => ({ file, text: readFileSync(new URL(file, sourceDir), 'utf8') }));

const forbidden: [string, RegExp][] = [
  ['reads the clock (Date.now)', /\bDate\.now\s*\(/],
  ['reads the clock (new Date())', /\bnew Date\s*\(\s*\)/],
  ['parses a date string in the machine zone', /\bDate\.parse\s*\(|\bnew Date\s*\(\s*['"`]/],
  [
    'reads local wall-clock parts',
    /\.get(FullYear|Month|Date|Day|Hours|Minutes|Seconds|TimezoneOffset)\s*\(/,
  ],
  ['writes local wall-clock parts', /\.set(FullYear|Month|Date|Hours|Minutes|Seconds)\s*\(/],
  ['formats in the machine locale or zone', /\.toLocale(String|DateString|TimeString)\s*\(/],
  ['draws random numbers', /\bMath\.random\s*\(/],
  ['does I/O', /\b(fetch|localStorage|sessionStorage|process|console|document|window)\b\s*[.(]/],
  ['imports something other than its own files', /^\s*import\s[^;]*from\s+['"](?!\.\/)[^'"]+['"]/m],
];

describe('purity of the package source', () => {
  it('when the source folder is read, then it holds the rule files', () => {
    expect(sources.map((s) => s.file)).toEqual(
      expect.arrayContaining(['index.ts', 'calendar.ts', 'courses.ts', 'time.ts']),
    );
  });

  it.each(forbidden)('when any source file is scanned, then none %s', (_, pattern) => {
    const offenders = sources.filter(({ text }) => pattern.test(text)).map(({ file }) => file);
    expect(offenders).toEqual([]);
  });
});
