import { ASSIGNMENT_PDF_MAX_BYTES } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import type { AppError } from '../../http/app-error.js';
import { attachmentDisposition } from '../../http/content-disposition.js';
import {
  checkPdfBytes,
  cleanPdfName,
  isAssignmentPdfKey,
  newAssignmentPdfKey,
  UploadSlots,
} from './assignment-pdf.js';
import { fakePng, tinyPdf } from './testing.js';

const codeOf = (bytes: Buffer): string | null => {
  try {
    checkPdfBytes(bytes);
    return null;
  } catch (error) {
    return (error as AppError).code;
  }
};

describe('assignment PDFs: byte checks, names and keys', () => {
  it('when bytes start with a PDF header and end with %%EOF, then they pass; PDF 2.0 and trailing padding too', () => {
    expect(codeOf(tinyPdf())).toBeNull();
    expect(codeOf(Buffer.from('%PDF-2.0\n%âãÏÓ\n1 0 obj <<>> endobj\n%%EOF'))).toBeNull();
    expect(codeOf(Buffer.concat([tinyPdf(), Buffer.alloc(500, 0x0a)]))).toBeNull();
  });

  it('when the bytes are anything else (a PNG, a header later in the file, no end marker, empty, too large), then they are refused with the right code', () => {
    expect(codeOf(fakePng())).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(codeOf(Buffer.concat([Buffer.from('junk'), tinyPdf()]))).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(codeOf(Buffer.from('%PDF-x.y\n%%EOF'))).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(codeOf(Buffer.concat([tinyPdf(), Buffer.alloc(2048, 0x20)]))).toBe('UNSUPPORTED_MEDIA_TYPE');
    expect(codeOf(Buffer.alloc(0))).toBe('VALIDATION_FAILED');
    expect(codeOf(Buffer.alloc(ASSIGNMENT_PDF_MAX_BYTES + 1, 0x20))).toBe('PAYLOAD_TOO_LARGE');
  });

  it('when a file name carries paths, control characters, quotes or no extension, then the kept name is clean, bounded and ends .pdf', () => {
    expect(cleanPdfName('C:\\Users\\me\\Plan.pdf')).toBe('Plan.pdf');
    expect(cleanPdfName('../../etc/passwd')).toBe('passwd.pdf');
    expect(cleanPdfName('a\r\nContent-Type: evil\u0000.pdf')).toBe('aContent-Type evil.pdf');
    expect(cleanPdfName('"quoted" <b>.pdf')).toBe('quoted b.pdf');
    expect(cleanPdfName('')).toBe('assignment.pdf');
    expect(cleanPdfName(undefined)).toBe('assignment.pdf');
    expect(cleanPdfName('Ünïcødé 設計.PDF')).toBe('Ünïcødé 設計.PDF');
    const long = cleanPdfName(`${'x'.repeat(300)}.pdf`);
    expect(Array.from(long)).toHaveLength(120);
    expect(long.endsWith('.pdf')).toBe(true);
  });

  it('when the download header is built, then it is one line with an ASCII fallback and the exact UTF-8 name', () => {
    const header = attachmentDisposition('Über "plan"; v2.pdf');
    expect(header).toBe(
      `attachment; filename="_ber _plan__ v2.pdf"; filename*=UTF-8''${encodeURIComponent('Über "plan"; v2.pdf')}`,
    );
    expect(header).not.toMatch(/[\r\n]/);
  });

  it('when keys are made, then they are random private names; nothing else counts as an assignment PDF key', () => {
    const a = newAssignmentPdfKey();
    expect(a).toMatch(/^private\/assignments\/[0-9a-f]{32}\.pdf$/);
    expect(newAssignmentPdfKey()).not.toBe(a);
    expect(isAssignmentPdfKey(a)).toBe(true);
    for (const key of [
      null,
      'brochures/x.pdf',
      'private/assignments/../avatars/x.pdf',
      'private/assignments/abc.pdf',
      `private/other/${'a'.repeat(32)}.pdf`,
    ]) {
      expect(isAssignmentPdfKey(key)).toBe(false);
    }
  });
});

describe('assignment PDFs: the bound on uploads in memory', () => {
  it('when every slot is held, then the next upload is refused until one ends; each holder gives back once', () => {
    const slots = new UploadSlots<object>(2);
    const [a, b, c] = [{}, {}, {}];
    expect(slots.take(a)).toBe(true);
    expect(slots.take(b)).toBe(true);
    expect(slots.take(c)).toBe(false);
    slots.give(a);
    slots.give(a);
    expect(slots.inUse).toBe(1);
    expect(slots.take(c)).toBe(true);
    expect(slots.take(a)).toBe(false);
    slots.give(a); // a holder without a slot gives back nothing
    slots.give({});
    expect(slots.inUse).toBe(2);
    slots.give(c);
    slots.give(b);
    expect(slots.inUse).toBe(0);
  });
});
