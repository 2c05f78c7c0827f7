import { ASSIGNMENT_PDF_MAX_BYTES } from '@atelier/contract';
import { AppError } from '../../http/app-error.js';
import { PRIVATE_AREA, randomFileName } from '../../integrations/storage/file-storage.js';

/*
 * Assignment PDFs (issue 15): recognised by their bytes, never by name or declared type; at most
 * 20 MB; stored in the storage's private area under a random name (never under a web root, never
 * served by a static address) and handed out only by the download call, as an attachment.
 */

/** Where assignment PDFs live in the file storage. */
export const ASSIGNMENT_PDF_AREA = `${PRIVATE_AREA}/assignments/`;

/** A fresh, unguessable storage key for an assignment PDF. */
export function newAssignmentPdfKey(): string {
  return `${ASSIGNMENT_PDF_AREA}${randomFileName('pdf')}`;
}

/** Whether `key` is an assignment PDF key this module wrote. */
export function isAssignmentPdfKey(key: string | null | undefined): key is string {
  return (
    typeof key === 'string' &&
    key.startsWith(ASSIGNMENT_PDF_AREA) &&
    /^[0-9a-f]{32}\.pdf$/.test(key.slice(ASSIGNMENT_PDF_AREA.length))
  );
}

/** How far from the end the `%%EOF` marker may sit (writers append line ends, some padding). */
const EOF_WINDOW = 1024;

/** An uploaded PDF, checked. */
export interface UploadedPdf {
  bytes: Buffer;
  /** The original file name, cleaned (see `cleanPdfName`). */
  fileName: string;
}

function notPdf(message: string): AppError {
  return new AppError('UNSUPPORTED_MEDIA_TYPE', message, [{ path: 'pdf', message }]);
}

/**
 * Throws unless `bytes` look like a whole PDF: at most 20 MB (413), a `%PDF-1.x`/`%PDF-2.x`
 * header at the very start and an `%%EOF` marker in the last kilobyte (415 otherwise: a renamed
 * picture, a truncated download, an HTML page saved as `.pdf`).
 */
export function checkPdfBytes(bytes: Buffer): void {
  if (bytes.length > ASSIGNMENT_PDF_MAX_BYTES) {
    throw new AppError('PAYLOAD_TOO_LARGE', 'The PDF is larger than 20 MB.');
  }
  if (bytes.length === 0) {
    throw new AppError('VALIDATION_FAILED', 'The file is empty.', [{ path: 'pdf', message: 'is empty' }]);
  }
  if (!/^%PDF-[12]\.\d/.test(bytes.subarray(0, 8).toString('latin1'))) {
    throw notPdf(
      'The file is not a PDF (its content does not start like one). Export your work as a PDF and upload that.',
    );
  }
  const tail = bytes.subarray(Math.max(0, bytes.length - EOF_WINDOW)).toString('latin1');
  if (!tail.includes('%%EOF')) {
    throw notPdf(
      'The PDF is incomplete or damaged (it has no end-of-file marker). Export it again and upload the new file.',
    );
  }
}

/** Longest kept file name, in characters. */
const MAX_NAME = 120;

/**
 * The uploaded file's name for display and for the download: the last path segment, without
 * control characters or characters unsafe in file names, at most 120 characters, ending `.pdf`.
 */
export function cleanPdfName(raw: string | null | undefined): string {
  const last = (raw ?? '').split(/[\\/]/).pop() ?? '';
  let name = Array.from(last.normalize('NFC'))
    .filter((ch) => {
      const code = ch.codePointAt(0)!;
      return code >= 0x20 && code !== 0x7f && !(code >= 0xd800 && code <= 0xdfff) && !'"<>:*?|'.includes(ch);
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
  if (!/\.pdf$/i.test(name)) name = `${name}.pdf`;
  if (name === '.pdf') name = 'assignment.pdf';
  const chars = Array.from(name);
  if (chars.length > MAX_NAME)
    name = `${chars
      .slice(0, MAX_NAME - 4)
      .join('')
      .trimEnd()}.pdf`;
  return name;
}

/**
 * A bound on uploads read into memory at once (each up to 20 MB), so memory stays flat however
 * many arrive together: `take` answers false when all slots are held; each taken slot is given
 * back exactly once, when its request ends (answered or aborted).
 */
export class UploadSlots<K extends object> {
  private readonly holders = new WeakSet<K>();
  private held = 0;

  constructor(readonly size: number) {}

  /** Takes a slot for `holder`; false when none is free. */
  take(holder: K): boolean {
    if (this.holders.has(holder)) return true;
    if (this.held >= this.size) return false;
    this.holders.add(holder);
    this.held += 1;
    return true;
  }

  /** Gives back `holder`'s slot, if it holds one (a second call does nothing). */
  give(holder: K): void {
    if (!this.holders.delete(holder)) return;
    this.held -= 1;
  }

  /** Slots currently held. */
  get inUse(): number {
    return this.held;
  }
}
