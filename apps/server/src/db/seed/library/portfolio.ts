import PDFDocument from 'pdfkit';
import { pdfBytes } from '../../../platform/pdf-bytes.js';
import { README_FOOTER, textFile, zipOf } from './zip.js';

/*
 * A4 landscape portfolio template (pdfkit): a five-page PDF on a twelve-column grid (a cover, the
 * grid, a project page, a page of drawings and a CV) with boxes for pictures, placeholder text and a
 * folio line on every page, its dates fixed so it renders to the same bytes on every run, zipped with
 * a README that describes the grid (`resources/portfolio/a4-landscape.zip`).
 */

const MM = 72 / 25.4;
/** The grid, in millimetres: A4 landscape (297 x 210). */
const GRID = { margin: 12.5, foot: 17.5, columns: 12, column: 19, gutter: 4 } as const;
const INK = '#1f1a17';
const MUTED = '#5b6470';
const ACCENT = '#b4561f';

/** The left edge of column `n` (1-based), in points. */
const columnX = (n: number) => (GRID.margin + (n - 1) * (GRID.column + GRID.gutter)) * MM;
/** The width of columns `from` to `to`, gutters included, in points. */
const spanWidth = (from: number, to: number) =>
  ((to - from + 1) * GRID.column + (to - from) * GRID.gutter) * MM;

type Pdf = InstanceType<typeof PDFDocument>;

/** A placeholder for a picture: a tinted box with a cross and "Image" in its middle. */
function imageBox(doc: Pdf, x: number, y: number, width: number, height: number): void {
  doc.save().rect(x, y, width, height).fill('#ebe7e1');
  doc
    .moveTo(x, y)
    .lineTo(x + width, y + height)
    .moveTo(x + width, y)
    .lineTo(x, y + height);
  doc.lineWidth(0.5).strokeColor('#cbc4b9').stroke().restore();
  doc.fillColor(MUTED).font('Helvetica').fontSize(10);
  doc.text('Image', x, y + height / 2 - 5, { width, align: 'center', lineBreak: false });
}

function heading(doc: Pdf, text: string, x: number, y: number, width: number): void {
  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(9)
    .text(text.toUpperCase(), x, y, { width, characterSpacing: 1.5 });
}

function placeholderText(doc: Pdf, text: string, x: number, y: number, width: number): void {
  doc.fillColor(INK).font('Helvetica').fontSize(9.5).text(text, x, y, { width, lineGap: 2.5 });
}

/** The top margin, in points: where every page's content starts. */
const PAGE_TOP = GRID.margin * MM;

function coverPage(doc: Pdf): void {
  doc
    .fillColor(ACCENT)
    .font('Helvetica-Bold')
    .fontSize(10)
    .text('PORTFOLIO', columnX(1), PAGE_TOP, { characterSpacing: 3 });
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(40)
    .text('Your Name', columnX(1), 200, { width: spanWidth(1, 6) });
  doc.fillColor(MUTED).font('Helvetica').fontSize(14);
  doc.text('Architecture · Interiors · Urban design', columnX(1), 260, { width: spanWidth(1, 6) });
  doc.text('Selected works 2022–2026', columnX(1), 282, { width: spanWidth(1, 6) });
  placeholderText(
    doc,
    'email@example.com  ·  +91 00000 00000  ·  yourwebsite.example',
    columnX(1),
    470,
    spanWidth(1, 6),
  );
  imageBox(doc, columnX(7), PAGE_TOP, spanWidth(7, 12), (210 - GRID.margin - GRID.foot) * MM);
}

function gridPage(doc: Pdf): void {
  const height = (210 - GRID.margin - GRID.foot) * MM;
  for (let n = 1; n <= GRID.columns; n += 1) {
    doc
      .save()
      .rect(columnX(n), PAGE_TOP, GRID.column * MM, height)
      .fillOpacity(0.12)
      .fill('#7b5cd6')
      .restore();
    doc
      .fillColor('#7b5cd6')
      .font('Helvetica')
      .fontSize(7)
      .text(String(n), columnX(n), PAGE_TOP + 4, {
        width: GRID.column * MM,
        align: 'center',
        lineBreak: false,
      });
  }
  doc
    .save()
    .rect(columnX(1), PAGE_TOP, spanWidth(1, 12), height)
    .lineWidth(0.75)
    .strokeColor('#d6338f')
    .stroke()
    .restore();
  const box = { x: columnX(4), y: 170, width: spanWidth(4, 9) };
  doc
    .save()
    .rect(box.x - 12, box.y - 14, box.width + 24, 190)
    .fill('#ffffff')
    .restore();
  heading(doc, 'The grid', box.x, box.y, box.width);
  placeholderText(
    doc,
    [
      'A4 landscape, 297 x 210 mm.',
      `Margins: ${GRID.margin} mm at the left, right and top; ${GRID.foot} mm at the foot, where the folio line sits.`,
      `${GRID.columns} columns of ${GRID.column} mm with ${GRID.gutter} mm gutters: a text area of 272 x 180 mm.`,
      'Pictures span 4, 6, 8 or 12 columns; text runs over 3 or 4. Keep captions on the column they describe.',
      'Magenta: the margins. Violet: the columns. Delete this page before you export.',
    ].join('\n\n'),
    box.x,
    box.y + 20,
    box.width,
  );
}

function projectPage(doc: Pdf): void {
  heading(doc, 'Project 01', columnX(1), PAGE_TOP, spanWidth(1, 4));
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text('Project Title', columnX(9), PAGE_TOP + 14, { width: spanWidth(9, 12) });
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(9.5)
    .text('Year · Location · Studio or office', columnX(9), PAGE_TOP + 44, { width: spanWidth(9, 12) });
  imageBox(doc, columnX(1), PAGE_TOP + 14, spanWidth(1, 8), 150 * MM);
  const sections = [
    ['Brief', 'The site, the client and the question in two or three sentences.'],
    ['Concept', 'The idea that shaped the design, and the one drawing that shows it best.'],
    ['Process', 'Models, iterations and the decisions that moved the project on.'],
    ['Role', 'Individual or team work; what you did yourself; the software you used.'],
  ] as const;
  sections.forEach(([title, text], i) => {
    const y = PAGE_TOP + 90 + i * 78;
    heading(doc, title, columnX(9), y, spanWidth(9, 12));
    placeholderText(doc, text, columnX(9), y + 14, spanWidth(9, 12));
  });
}

function projectDetailPage(doc: Pdf): void {
  heading(doc, 'Project 01 · Drawings', columnX(1), PAGE_TOP, spanWidth(1, 6));
  const row = PAGE_TOP + 16;
  imageBox(doc, columnX(1), row, spanWidth(1, 6), 84 * MM);
  imageBox(doc, columnX(7), row, spanWidth(7, 12), 84 * MM);
  const second = row + 84 * MM + 6 * MM;
  for (const [from, to] of [
    [1, 4],
    [5, 8],
    [9, 12],
  ] as const) {
    imageBox(doc, columnX(from), second, spanWidth(from, to), 58 * MM);
  }
  placeholderText(
    doc,
    'Plan, section, details: one caption per picture, set on its column.',
    columnX(1),
    second + 58 * MM + 4,
    spanWidth(1, 8),
  );
}

function cvPage(doc: Pdf): void {
  doc
    .fillColor(INK)
    .font('Helvetica-Bold')
    .fontSize(22)
    .text('Your Name', columnX(1), PAGE_TOP + 10, { width: spanWidth(1, 6) });
  doc
    .fillColor(MUTED)
    .font('Helvetica')
    .fontSize(10)
    .text('Curriculum vitae', columnX(1), PAGE_TOP + 40, { width: spanWidth(1, 6) });
  const blocks = [
    {
      title: 'Education',
      from: 1,
      lines: ['B.Arch, School of Architecture, City (2021–2026)', 'Thesis: title of your thesis project'],
    },
    {
      title: 'Experience',
      from: 5,
      lines: ['Intern, Studio Name, City (6 months)', 'Working drawings, site visits, presentation models'],
    },
    {
      title: 'Skills',
      from: 9,
      lines: [
        'AutoCAD, Revit, Rhino and Grasshopper',
        'Enscape, D5, Photoshop, InDesign',
        'Hand sketching and model making',
      ],
    },
  ];
  for (const block of blocks) {
    heading(doc, block.title, columnX(block.from), 150, spanWidth(block.from, block.from + 3));
    placeholderText(
      doc,
      block.lines.join('\n'),
      columnX(block.from),
      166,
      spanWidth(block.from, block.from + 3),
    );
  }
  heading(doc, 'Awards and competitions', columnX(1), 300, spanWidth(1, 8));
  placeholderText(
    doc,
    'Competition name, result, year\nCompetition name, result, year',
    columnX(1),
    316,
    spanWidth(1, 8),
  );
  heading(doc, 'Contact', columnX(9), 300, spanWidth(9, 12));
  placeholderText(
    doc,
    'email@example.com\n+91 00000 00000\nyourwebsite.example',
    columnX(9),
    316,
    spanWidth(9, 12),
  );
}

/** The folio line on every page: the title at the left, the page number at the right. */
function folios(doc: Pdf): void {
  const range = doc.bufferedPageRange();
  for (let i = range.start; i < range.start + range.count; i += 1) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    const y = doc.page.height - (GRID.foot - 5) * MM;
    doc
      .save()
      .moveTo(columnX(1), y - 6)
      .lineTo(columnX(12) + GRID.column * MM, y - 6)
      .lineWidth(0.5)
      .strokeColor('#d8d2c8')
      .stroke()
      .restore();
    doc.fillColor(MUTED).font('Helvetica').fontSize(8);
    doc.text('Portfolio · Your Name', columnX(1), y, { width: spanWidth(1, 6), lineBreak: false });
    doc.text(String(i + 1), columnX(10), y, { width: spanWidth(10, 12), align: 'right', lineBreak: false });
  }
}

async function portfolioPdf(): Promise<Buffer> {
  const doc = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margins: {
      top: GRID.margin * MM,
      bottom: GRID.foot * MM,
      left: GRID.margin * MM,
      right: GRID.margin * MM,
    },
    bufferPages: true,
    info: {
      Title: 'A4 Landscape Portfolio Template',
      Author: 'Atelier',
      CreationDate: new Date(0),
      ModDate: new Date(0),
    },
  });
  const done = pdfBytes(doc);
  const pages = [coverPage, gridPage, projectPage, projectDetailPage, cvPage];
  pages.forEach((draw, i) => {
    if (i > 0) doc.addPage();
    draw(doc);
  });
  folios(doc);
  doc.end();
  return done;
}

export async function portfolioZip(): Promise<Buffer> {
  return zipOf({
    'A4-Landscape-Portfolio-Template.pdf': await portfolioPdf(),
    'README.txt': textFile([
      'A4 Landscape Portfolio Template',
      '',
      'A five-page PDF: a cover, the grid, a project page, a page of drawings and a CV. Boxes marked',
      '"Image" hold your pictures; the text is placeholder copy to replace. Open it in InDesign,',
      'Affinity Publisher or Illustrator, or rebuild the grid below in the tool you use.',
      '',
      'The grid (A4 landscape, 297 x 210 mm):',
      `  Margins   ${GRID.margin} mm left, right and top; ${GRID.foot} mm at the foot (the folio line sits there)`,
      `  Columns   ${GRID.columns}, each ${GRID.column} mm wide`,
      `  Gutter    ${GRID.gutter} mm between columns`,
      '  Text area 272 x 180 mm',
      '',
      'Pictures span 4, 6, 8 or 12 columns; text runs over 3 or 4 columns.',
      ...README_FOOTER,
    ]),
  });
}
