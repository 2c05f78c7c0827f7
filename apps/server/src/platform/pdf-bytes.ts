import type PDFDocument from 'pdfkit';

/**
 * The bytes of a pdfkit document once it ends (`doc.end()`): collected from its stream. Call it
 * right after creating the document, before drawing, so no chunk is missed. Used by the
 * certificate, the invoice and the seeded library documents.
 */
export function pdfBytes(doc: InstanceType<typeof PDFDocument>): Promise<Buffer> {
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  return new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
}
