import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../platform/pdf-bytes.js';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { DEMO_DOCUMENTS, type DemoDocument } from './content/documents.js';

/*
 * The demo library's PDFs, rendered at seed time (issue 18): real multi-page documents (a cover
 * with the contents, then the sections) with pdfkit's built-in Helvetica, so nothing is fetched
 * or shipped. Fixed metadata dates: the same document renders to the same bytes. The seed stores
 * the bytes under each key and lists each file with the length of what it wrote.
 */

const INK = '#1f1a17';
const MUTED = '#5b6470';
const ACCENT = '#b4561f';

/** Renders one document to PDF bytes (A4 portrait, two pages or more). */
export async function renderDocumentPdf(document: DemoDocument): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 64, bottom: 64, left: 64, right: 64 },
    bufferPages: true,
    info: {
      Title: document.title,
      Author: 'Atelier',
      Subject: document.subtitle,
      CreationDate: new Date(0),
      ModDate: new Date(0),
    },
  });
  const done = pdfBytes(doc);

  // Cover: title, subtitle, contents.
  doc.fillColor(ACCENT).font('Helvetica-Bold').fontSize(11).text('ATELIER LIBRARY', { characterSpacing: 2 });
  doc.moveDown(4);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(30).text(document.title, { lineGap: 4 });
  doc.moveDown(0.8);
  doc.fillColor(MUTED).font('Helvetica').fontSize(14).text(document.subtitle, { lineGap: 3 });
  doc.moveDown(3);
  doc.fillColor(INK).font('Helvetica-Bold').fontSize(12).text('Contents');
  doc.moveDown(0.5);
  document.sections.forEach((section, index) => {
    doc
      .font('Helvetica')
      .fontSize(12)
      .fillColor(INK)
      .text(`${index + 1}.  ${section.heading}`, { lineGap: 4 });
  });

  // The sections, from the second page on.
  doc.addPage();
  document.sections.forEach((section, index) => {
    if (index > 0) doc.moveDown(1.2);
    doc
      .fillColor(ACCENT)
      .font('Helvetica-Bold')
      .fontSize(16)
      .text(`${index + 1}. ${section.heading}`);
    doc.moveDown(0.4);
    if (section.lead) {
      doc.fillColor(MUTED).font('Helvetica-Oblique').fontSize(11).text(section.lead, { lineGap: 2 });
      doc.moveDown(0.4);
    }
    doc.fillColor(INK).font('Helvetica').fontSize(11);
    doc.list([...section.points], { bulletRadius: 2, textIndent: 14, lineGap: 3, paragraphGap: 4 });
  });

  // Footers: the title and the page number on every page.
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    const bottom = doc.page.height - 40;
    doc.page.margins.bottom = 0;
    doc
      .fillColor(MUTED)
      .font('Helvetica')
      .fontSize(9)
      .text(`${document.title} · Atelier`, 64, bottom, { width: 360, lineBreak: false })
      .text(`Page ${i + 1} of ${range.count}`, doc.page.width - 64 - 120, bottom, {
        width: 120,
        align: 'right',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}

/** Every demo document rendered, by its storage key. */
export async function renderDemoDocuments(): Promise<Map<string, Buffer>> {
  const entries = await Promise.all(
    Object.entries(DEMO_DOCUMENTS).map(
      async ([key, document]) => [key, await renderDocumentPdf(document)] as const,
    ),
  );
  return new Map(entries);
}

/** Renders every demo document and stores it under its key; answers the byte length stored, by key. */
export async function storeDemoDocuments(files: FileStorage): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const [key, bytes] of await renderDemoDocuments()) {
    await files.put(key, bytes, 'application/pdf');
    sizes.set(key, bytes.length);
  }
  return sizes;
}
