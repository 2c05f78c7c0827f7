import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../platform/pdf-bytes.js';
import QRCode from 'qrcode';

/*
 * The certificate as a PDF (pdfkit with its built-in Times and Helvetica: no font files, nothing
 * fetched). Every piece of user text is drawn with `doc.text` (pdfkit writes it as hex strings in
 * the content stream: a name like `<script>` or `%PDF` is printed as those characters, never read
 * as markup or PDF syntax). The QR code of the verification address is drawn as vector squares, one
 * per dark module, and the same address is a link over it. The standard fonts speak WinAnsi only:
 * accents outside Latin-1 are stripped and other characters print as `?` (decision 0025).
 */

export interface CertificateView {
  type: 'course' | 'module';
  name: string;
  courseName: string;
  certificateTitle: string | null;
  code: string;
  /** The date printed, already formatted (`26 November 2026`). */
  issuedOn: string;
  verifyUrl: string;
  organization: string;
}

/** Letters outside Latin-1 that do not decompose to one inside it. */
const LOOKALIKES: Record<string, string> = {
  Ł: 'L',
  ł: 'l',
  Đ: 'D',
  đ: 'd',
  Ħ: 'H',
  ħ: 'h',
  ı: 'i',
  Œ: 'OE',
  œ: 'oe',
  '‘': "'",
  '’': "'",
  '“': '"',
  '”': '"',
  '–': '-',
  '—': '-',
  '₹': 'Rs.',
  '…': '...',
};

/**
 * Text that the standard fonts' WinAnsi encoding can print: Latin-1 as it is; other letters
 * without their accents when that lands in Latin-1 (`Ś` → `S`), a few look-alikes (`Ł` → `L`);
 * anything else (Devanagari, Chinese) as `?`. Control characters become spaces.
 */
export function printable(text: string): string {
  let out = '';
  for (const char of text) {
    const code = char.codePointAt(0)!;
    if (code < 0x20 || (code >= 0x7f && code < 0xa0)) out += ' ';
    else if (code <= 0xff) out += char;
    else if (LOOKALIKES[char]) out += LOOKALIKES[char];
    else {
      const bare = char.normalize('NFKD').replace(/[\u0300-\u036f]/g, '');
      out += /^[\x20-\x7e\xa0-\xff]+$/.test(bare) ? bare : '?';
    }
  }
  return out;
}

/** The QR code's side on the page, in points. */
export const QR_SIZE = 96;

const INK = '#1f2328';
const MUTED = '#5b6470';
const ACCENT = '#8a6a2f';
const PAPER = '#fffdf8';

/** Renders the certificate to PDF bytes (A4 landscape, one page). */
export async function renderCertificatePdf(view: CertificateView): Promise<Buffer> {
  const qr = QRCode.create(view.verifyUrl, { errorCorrectionLevel: 'M' });
  const title = view.type === 'course' ? view.courseName : (view.certificateTitle ?? view.courseName);
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: 0,
    // Fixed metadata dates: the same certificate renders to the same bytes.
    info: {
      Title: printable(`Certificate ${view.code}`),
      Author: printable(view.organization),
      Subject: printable(title),
      CreationDate: new Date(0),
      ModDate: new Date(0),
    },
  });
  const done = pdfBytes(doc);

  const W = doc.page.width;
  const H = doc.page.height;
  const inner = { left: 84, right: W - 84 };
  const width = inner.right - inner.left;

  // Paper and frame.
  doc.rect(0, 0, W, H).fill(PAPER);
  doc
    .lineWidth(3)
    .rect(24, 24, W - 48, H - 48)
    .stroke(ACCENT);
  doc
    .lineWidth(0.75)
    .rect(34, 34, W - 68, H - 68)
    .stroke(ACCENT);

  const centred = (text: string, y: number, font: string, size: number, color: string) => {
    doc.font(font).fontSize(size).fillColor(color).text(printable(text), inner.left, y, {
      width,
      align: 'center',
      lineBreak: true,
    });
    return doc.y;
  };
  /** The largest size (down to `min`) at which `text` fits on one line. */
  const fitted = (text: string, font: string, max: number, min: number) => {
    doc.font(font);
    let size = max;
    while (size > min && doc.fontSize(size).widthOfString(printable(text)) > width) size -= 1;
    return size;
  };

  centred(view.organization.toUpperCase(), 64, 'Helvetica-Bold', 11, ACCENT);
  centred('CERTIFICATE', 92, 'Times-Bold', 40, INK);
  centred(view.type === 'course' ? 'of Completion' : 'of Achievement', 138, 'Times-Italic', 20, MUTED);
  centred('This is to certify that', 188, 'Helvetica', 12, MUTED);
  let y = centred(view.name, 210, 'Times-Bold', fitted(view.name, 'Times-Bold', 36, 16), INK);
  doc
    .moveTo(W / 2 - 160, y + 4)
    .lineTo(W / 2 + 160, y + 4)
    .lineWidth(0.75)
    .stroke(ACCENT);
  y = centred(
    view.type === 'course' ? 'has successfully completed the course' : 'has earned the module certificate',
    y + 16,
    'Helvetica',
    12,
    MUTED,
  );
  y = centred(title, y + 8, 'Times-Bold', fitted(title, 'Times-Bold', 24, 13), INK);
  if (view.type === 'module') y = centred(`in the course ${view.courseName}`, y + 4, 'Helvetica', 12, MUTED);

  // The foot: the date and code on the left, the QR code on the right.
  const footY = H - 84 - QR_SIZE + 12;
  doc.font('Helvetica').fontSize(10).fillColor(MUTED).text('Issued on', inner.left, footY);
  doc
    .font('Helvetica-Bold')
    .fontSize(13)
    .fillColor(INK)
    .text(printable(view.issuedOn), inner.left, doc.y + 2);
  doc
    .font('Helvetica')
    .fontSize(10)
    .fillColor(MUTED)
    .text('Verification code', inner.left, doc.y + 10);
  doc
    .font('Courier-Bold')
    .fontSize(13)
    .fillColor(INK)
    .text(printable(view.code), inner.left, doc.y + 2);
  doc
    .font('Helvetica')
    .fontSize(9)
    .fillColor(MUTED)
    .text(`Verify at ${printable(view.verifyUrl)}`, inner.left, doc.y + 6, { width: width - QR_SIZE - 24 });

  const size = qr.modules.size;
  const cell = QR_SIZE / size;
  const qrX = inner.right - QR_SIZE;
  const qrY = H - 84 - QR_SIZE;
  doc.rect(qrX - 6, qrY - 6, QR_SIZE + 12, QR_SIZE + 12).fill('#ffffff');
  doc.fillColor('#000000');
  for (let row = 0; row < size; row += 1) {
    for (let col = 0; col < size; col += 1) {
      if (qr.modules.get(row, col)) doc.rect(qrX + col * cell, qrY + row * cell, cell, cell);
    }
  }
  doc.fill('#000000');
  doc.link(qrX, qrY, QR_SIZE, QR_SIZE, view.verifyUrl);
  doc
    .font('Helvetica')
    .fontSize(8)
    .fillColor(MUTED)
    .text('Scan to verify', qrX - 12, qrY + QR_SIZE + 8, { width: QR_SIZE + 24, align: 'center' });

  doc.end();
  return done;
}
