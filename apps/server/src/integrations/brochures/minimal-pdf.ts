/*
 * A small, valid, deterministic PDF: one A4 page of Helvetica text. Stands in for a stored file
 * that is not on disk (the demo seed names brochures and resource PDFs without shipping their
 * bytes), so the same input always gives the same bytes and a stable ETag.
 */

/** Text a PDF string literal can carry in WinAnsi: printable ASCII, with `\`, `(`, `)` escaped. */
function pdfText(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u2018\u2019]/g, "'")
    .replace(/[\u201C\u201D]/g, '"')
    .replace(/[\u2013\u2014]/g, '-')
    .replace(/\u20B9/g, 'Rs.')
    .replace(/[^\x20-\x7E]/g, '')
    .replace(/[\\()]/g, (c) => `\\${c}`);
}

/** Splits `text` into lines of at most `width` characters, on spaces where possible. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + 1 + word.length > width) {
      lines.push(line);
      line = '';
    }
    line = line ? `${line} ${word}` : word.slice(0, width);
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A one-page PDF with `title` in large type and `paragraphs` below it (at most ~45 lines).
 * Pure: the same arguments give the same bytes (no creation date, no random id).
 */
export function renderSimplePdf(title: string, paragraphs: readonly string[] = []): Buffer {
  const ops: string[] = ['BT', '/F1 20 Tf', '56 780 Td', '24 TL'];
  for (const line of wrap(title, 45).slice(0, 3)) ops.push(`(${pdfText(line)}) Tj`, 'T*');
  ops.push('/F1 11 Tf', '15 TL', 'T*');
  let count = 0;
  for (const paragraph of paragraphs) {
    for (const line of wrap(paragraph, 90)) {
      if (count++ >= 45) break;
      ops.push(`(${pdfText(line)}) Tj`, 'T*');
    }
    ops.push('T*');
  }
  ops.push('ET');
  const stream = ops.join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(stream, 'latin1')} >>\nstream\n${stream}\nendstream`,
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  for (const offset of offsets) out += `${String(offset).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
