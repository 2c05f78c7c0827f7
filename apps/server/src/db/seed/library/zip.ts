import { strToU8, zipSync, type Zippable } from 'fflate';

/*
 * Zips and text files for the demo library's sets: READMEs and type catalogues as text with Windows
 * line ends, and the zips they are downloaded in. Every zip entry carries one fixed time, and JPGs
 * and PDFs are stored rather than deflated, so a zip renders to the same bytes on every run.
 */

/** Zip entries' time: midnight, 1 January 2026, local. A zip stores local time, so every zone writes the same bytes. */
const ZIP_TIME = new Date(2026, 0, 1);

/** A text file with Windows line ends: READMEs and type catalogues are opened in Notepad and Revit. */
export function textFile(lines: readonly string[]): Uint8Array {
  return strToU8(`${lines.join('\r\n')}\r\n`);
}

/** A zip of `entries` (name → bytes); JPGs and PDFs are stored as they are, the rest deflated. */
export function zipOf(entries: Readonly<Record<string, Uint8Array>>): Buffer {
  const files: Zippable = {};
  for (const [name, bytes] of Object.entries(entries)) {
    const alreadyCompressed = /\.(jpg|pdf)$/.test(name);
    files[name] = [bytes, { mtime: ZIP_TIME, level: alreadyCompressed ? 0 : 6 }];
  }
  return Buffer.from(zipSync(files));
}

/** The lines every README ends with. */
export const README_FOOTER = [
  '',
  'Atelier demo content: generated for the Atelier demo site, free to use for practice.',
];
