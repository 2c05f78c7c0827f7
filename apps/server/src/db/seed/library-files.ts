import { strToU8, zipSync, type Zippable } from 'fflate';
import PDFDocument from 'pdfkit';
import sharp from 'sharp';
import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { pdfBytes } from '../../platform/pdf-bytes.js';
import { createPrng, type Prng } from './random.js';

/*
 * The demo library's files other than its PDFs, rendered at seed time as documents.ts renders
 * those: a DXF of accessible toilet layouts, the Revit sets' type catalogues with DXF elevations
 * (we cannot write .rfa families), tileable stone textures, golden-hour HDR skies, a terrazzo
 * board, an A4 portfolio template and a schematic climate-zone map. All drawn here, nothing
 * fetched, each small. Fixed PRNG seeds, fixed PDF dates and fixed zip times: a file renders to
 * the same bytes on every run (the map's text is set in the machine's sans-serif, so its bytes
 * follow the installed fonts). The seed stores the bytes under each key and lists each file with
 * the length of what it wrote.
 */

/** One rendered library file: its storage key, its bytes and the type it is served as. */
export interface LibraryFile {
  key: string;
  bytes: Buffer;
  contentType: string;
}

type Rgb = readonly [r: number, g: number, b: number];
type Point = readonly [x: number, y: number];

// ---------------------------------------------------------------------------------------------
// Zips and text files
// ---------------------------------------------------------------------------------------------

/** Zip entries' time: midnight, 1 January 2026, local. A zip stores local time, so every zone writes the same bytes. */
const ZIP_TIME = new Date(2026, 0, 1);

/** A text file with Windows line ends: READMEs and type catalogues are opened in Notepad and Revit. */
function textFile(lines: readonly string[]): Uint8Array {
  return strToU8(`${lines.join('\r\n')}\r\n`);
}

/** A zip of `entries` (name → bytes); JPGs and PDFs are stored as they are, the rest deflated. */
function zipOf(entries: Readonly<Record<string, Uint8Array>>): Buffer {
  const files: Zippable = {};
  for (const [name, bytes] of Object.entries(entries)) {
    const alreadyCompressed = /\.(jpg|pdf)$/.test(name);
    files[name] = [bytes, { mtime: ZIP_TIME, level: alreadyCompressed ? 0 : 6 }];
  }
  return Buffer.from(zipSync(files));
}

/** The lines every README ends with. */
const README_FOOTER = [
  '',
  'Atelier demo content: generated for the Atelier demo site, free to use for practice.',
];

// ---------------------------------------------------------------------------------------------
// DXF (AutoCAD R12, ASCII, millimetres)
// ---------------------------------------------------------------------------------------------

type DxfEntity =
  | { type: 'LINE'; layer: string; from: Point; to: Point }
  | { type: 'CIRCLE'; layer: string; centre: Point; radius: number }
  | { type: 'ARC'; layer: string; centre: Point; radius: number; start: number; end: number }
  | { type: 'TEXT'; layer: string; at: Point; height: number; text: string; rotation: number };

interface DxfLayer {
  name: string;
  /** AutoCAD colour index. */
  colour: number;
  dashed?: boolean;
}

/** A group: its code and its value (numbers in codes 10–59 are reals, the rest integers). */
type Group = readonly [code: number, value: string | number];

const line = (layer: string, from: Point, to: Point): DxfEntity => ({ type: 'LINE', layer, from, to });
const circle = (layer: string, centre: Point, radius: number): DxfEntity => ({
  type: 'CIRCLE',
  layer,
  centre,
  radius,
});
/** An arc drawn anticlockwise from `start` to `end` (degrees). */
const arc = (layer: string, centre: Point, radius: number, start: number, end: number): DxfEntity => ({
  type: 'ARC',
  layer,
  centre,
  radius,
  start,
  end,
});
/** A line of text centred on `at` (its baseline), turned `rotation` degrees. */
const label = (layer: string, at: Point, height: number, text: string, rotation = 0): DxfEntity => ({
  type: 'TEXT',
  layer,
  at,
  height,
  text,
  rotation,
});

/** Lines through `points`, back to the first when `closed`. */
function polyline(layer: string, points: readonly Point[], closed = false): DxfEntity[] {
  const ends = closed ? [...points, points[0]!] : points;
  return ends.slice(1).map((to, i) => line(layer, ends[i]!, to));
}

function rect(layer: string, x: number, y: number, width: number, height: number): DxfEntity[] {
  const corners: Point[] = [
    [x, y],
    [x + width, y],
    [x + width, y + height],
    [x, y + height],
  ];
  return polyline(layer, corners, true);
}

function moved(entities: readonly DxfEntity[], dx: number, dy: number): DxfEntity[] {
  const shift = ([x, y]: Point): Point => [x + dx, y + dy];
  return entities.map((e) => {
    if (e.type === 'LINE') return { ...e, from: shift(e.from), to: shift(e.to) };
    if (e.type === 'TEXT') return { ...e, at: shift(e.at) };
    return { ...e, centre: shift(e.centre) };
  });
}

/** The mirror image of `entities` about the vertical line x = `axis` (text stays readable). */
function mirrored(entities: readonly DxfEntity[], axis: number): DxfEntity[] {
  const flip = ([x, y]: Point): Point => [2 * axis - x, y];
  const angle = (degrees: number) => (((180 - degrees) % 360) + 360) % 360;
  return entities.map((e) => {
    if (e.type === 'LINE') return { ...e, from: flip(e.from), to: flip(e.to) };
    if (e.type === 'TEXT') return { ...e, at: flip(e.at) };
    if (e.type === 'CIRCLE') return { ...e, centre: flip(e.centre) };
    return { ...e, centre: flip(e.centre), start: angle(e.end), end: angle(e.start) };
  });
}

/** A real as DXF writes it: at most three decimals, always with a point. */
function dxfReal(value: number): string {
  const rounded = Math.round(value * 1000) / 1000 || 0;
  return Number.isInteger(rounded) ? rounded.toFixed(1) : String(rounded);
}

function formatGroup([code, value]: Group): string {
  if (typeof value === 'string') return `${code}\n${value}`;
  return `${code}\n${code >= 10 && code < 60 ? dxfReal(value) : String(Math.round(value))}`;
}

/** The corners of the box around `entities` (text measured roughly), for the header's extents. */
function extentsOf(entities: readonly DxfEntity[]): { min: Point; max: Point } {
  const xs: number[] = [];
  const ys: number[] = [];
  for (const e of entities) {
    if (e.type === 'LINE') {
      xs.push(e.from[0], e.to[0]);
      ys.push(e.from[1], e.to[1]);
    } else if (e.type === 'TEXT') {
      const half = (e.text.length * e.height * 0.6) / 2;
      xs.push(e.at[0] - half, e.at[0] + half);
      ys.push(e.at[1] - half, e.at[1] + half);
    } else {
      xs.push(e.centre[0] - e.radius, e.centre[0] + e.radius);
      ys.push(e.centre[1] - e.radius, e.centre[1] + e.radius);
    }
  }
  return { min: [Math.min(...xs), Math.min(...ys)], max: [Math.max(...xs), Math.max(...ys)] };
}

function dxfHeader(entities: readonly DxfEntity[]): Group[] {
  const { min, max } = extentsOf(entities);
  return [
    [9, '$ACADVER'],
    [1, 'AC1009'],
    [9, '$DWGCODEPAGE'],
    [3, 'ANSI_1252'],
    [9, '$INSBASE'],
    [10, 0],
    [20, 0],
    [30, 0],
    [9, '$EXTMIN'],
    [10, min[0]],
    [20, min[1]],
    [30, 0],
    [9, '$EXTMAX'],
    [10, max[0]],
    [20, max[1]],
    [30, 0],
    [9, '$LIMMIN'],
    [10, min[0]],
    [20, min[1]],
    [9, '$LIMMAX'],
    [10, max[0]],
    [20, max[1]],
    // Decimal units, whole millimetres; drawing units: millimetres (4).
    [9, '$LUNITS'],
    [70, 2],
    [9, '$LUPREC'],
    [70, 0],
    [9, '$INSUNITS'],
    [70, 4],
  ];
}

/** The linetype, layer and text style tables (continuous and dashed lines, the layers, STANDARD). */
function dxfTables(layers: readonly DxfLayer[]): Group[] {
  return [
    [0, 'TABLE'],
    [2, 'LTYPE'],
    [70, 2],
    [0, 'LTYPE'],
    [2, 'CONTINUOUS'],
    [70, 0],
    [3, 'Solid line'],
    [72, 65],
    [73, 0],
    [40, 0],
    [0, 'LTYPE'],
    [2, 'DASHED'],
    [70, 0],
    [3, 'Dashed __ __ __'],
    [72, 65],
    [73, 2],
    [40, 150],
    [49, 100],
    [49, -50],
    [0, 'ENDTAB'],
    [0, 'TABLE'],
    [2, 'LAYER'],
    [70, layers.length],
    ...layers.flatMap((layer): Group[] => [
      [0, 'LAYER'],
      [2, layer.name],
      [70, 0],
      [62, layer.colour],
      [6, layer.dashed ? 'DASHED' : 'CONTINUOUS'],
    ]),
    [0, 'ENDTAB'],
    [0, 'TABLE'],
    [2, 'STYLE'],
    [70, 1],
    [0, 'STYLE'],
    [2, 'STANDARD'],
    [70, 0],
    [40, 0],
    [41, 1],
    [50, 0],
    [71, 0],
    [42, 100],
    [3, 'txt'],
    [4, ''],
    [0, 'ENDTAB'],
  ];
}

function entityGroups(e: DxfEntity): Group[] {
  const head: Group[] = [
    [0, e.type],
    [8, e.layer],
  ];
  switch (e.type) {
    case 'LINE':
      return [...head, [10, e.from[0]], [20, e.from[1]], [30, 0], [11, e.to[0]], [21, e.to[1]], [31, 0]];
    case 'CIRCLE':
      return [...head, [10, e.centre[0]], [20, e.centre[1]], [30, 0], [40, e.radius]];
    case 'ARC':
      return [
        ...head,
        [10, e.centre[0]],
        [20, e.centre[1]],
        [30, 0],
        [40, e.radius],
        [50, e.start],
        [51, e.end],
      ];
    case 'TEXT':
      if (!/^[\x20-\x7e]+$/.test(e.text)) throw new Error(`DXF text must be printable ASCII: ${e.text}`);
      // Centred (72 = 1) on the alignment point (11/21); 10/20 repeat it, as AutoCAD recomputes them.
      return [
        ...head,
        [10, e.at[0]],
        [20, e.at[1]],
        [30, 0],
        [40, e.height],
        [1, e.text],
        [50, e.rotation],
        [7, 'STANDARD'],
        [72, 1],
        [11, e.at[0]],
        [21, e.at[1]],
        [31, 0],
      ];
  }
}

/** An ASCII DXF (R12) of `entities` on `layers`: HEADER, TABLES, ENTITIES, EOF. */
function writeDxf(layers: readonly DxfLayer[], entities: readonly DxfEntity[]): Uint8Array {
  const groups: Group[] = [
    [0, 'SECTION'],
    [2, 'HEADER'],
    ...dxfHeader(entities),
    [0, 'ENDSEC'],
    [0, 'SECTION'],
    [2, 'TABLES'],
    ...dxfTables(layers),
    [0, 'ENDSEC'],
    [0, 'SECTION'],
    [2, 'ENTITIES'],
    ...entities.flatMap(entityGroups),
    [0, 'ENDSEC'],
    [0, 'EOF'],
  ];
  return strToU8(`${groups.map(formatGroup).join('\n')}\n`);
}

/** A dimension: the line, 45° ticks at its ends and its length above it (horizontal or vertical). */
function dimension(from: Point, to: Point): DxfEntity[] {
  const tick = ([x, y]: Point) => line('A-DIMS', [x - 40, y - 40], [x + 40, y + 40]);
  const vertical = from[0] === to[0];
  const length = Math.round(Math.hypot(to[0] - from[0], to[1] - from[1]));
  const middle: Point = vertical
    ? [from[0] - 60, (from[1] + to[1]) / 2]
    : [(from[0] + to[0]) / 2, from[1] + 60];
  return [
    line('A-DIMS', from, to),
    tick(from),
    tick(to),
    label('A-DIMS', middle, 90, String(length), vertical ? 90 : 0),
  ];
}

// ---------------------------------------------------------------------------------------------
// Accessible toilet layouts
// ---------------------------------------------------------------------------------------------

const TOILET_LAYERS: readonly DxfLayer[] = [
  { name: '0', colour: 7 },
  { name: 'A-WALL', colour: 7 },
  { name: 'A-DOOR', colour: 3 },
  { name: 'P-FIXT', colour: 4 },
  { name: 'A-RAIL', colour: 1 },
  { name: 'A-CLEAR', colour: 8, dashed: true },
  { name: 'A-DIMS', colour: 2 },
  { name: 'A-ANNO', colour: 7 },
];

const WALL = 150;
/** The door's structural opening; the leaf (950) leaves about 900 clear. */
const DOOR_OPENING = 1000;
const DOOR_LEAF = 950;

interface ToiletLayout {
  title: string;
  note: string;
  /** Internal width and depth; the WC's back is against the far wall (y = depth). */
  width: number;
  depth: number;
  /** The WC's centre line, from the left wall. */
  wcCentre: number;
  /** A WC clear of both side walls, with a drop-down rail on each side. */
  peninsular: boolean;
  /** The door opening's left jamb, in the near wall (y = 0). */
  doorFrom: number;
  /** The basin's centre, along the left wall. */
  basinAt: number;
  turningCentre: Point;
  /** Drawn as the mirror image (a right-hand transfer). */
  mirror: boolean;
}

const TOILET_LAYOUTS: readonly ToiletLayout[] = [
  {
    title: 'LAYOUT A - CORNER WC, LEFT-HAND TRANSFER',
    note: 'INTERNAL 2200 x 2000, DOOR OPENING 1000 (900 CLEAR), OPENING OUT',
    width: 2200,
    depth: 2000,
    wcCentre: 500,
    peninsular: false,
    doorFrom: 1100,
    basinAt: 700,
    turningCentre: [1400, 820],
    mirror: false,
  },
  {
    title: 'LAYOUT B - CORNER WC, RIGHT-HAND TRANSFER',
    note: 'MIRROR OF LAYOUT A: PROVIDE BOTH HANDS WHERE THERE ARE TWO TOILETS',
    width: 2200,
    depth: 2000,
    wcCentre: 500,
    peninsular: false,
    doorFrom: 1100,
    basinAt: 700,
    turningCentre: [1400, 820],
    mirror: true,
  },
  {
    title: 'LAYOUT C - PENINSULAR WC, TRANSFER FROM EITHER SIDE',
    note: 'INTERNAL 2400 x 2400, DROP-DOWN RAILS BOTH SIDES, DOOR OPENING OUT',
    width: 2400,
    depth: 2400,
    wcCentre: 1200,
    peninsular: true,
    doorFrom: 1300,
    basinAt: 800,
    turningCentre: [1200, 850],
    mirror: false,
  },
];

/** The room's walls (inner and outer faces) with the door opening in the near wall. */
function toiletWalls({ width, depth, doorFrom }: ToiletLayout): DxfEntity[] {
  const doorTo = doorFrom + DOOR_OPENING;
  const inner: Point[] = [
    [doorFrom, 0],
    [0, 0],
    [0, depth],
    [width, depth],
    [width, 0],
    [doorTo, 0],
  ];
  const outer: Point[] = [
    [doorFrom, -WALL],
    [-WALL, -WALL],
    [-WALL, depth + WALL],
    [width + WALL, depth + WALL],
    [width + WALL, -WALL],
    [doorTo, -WALL],
  ];
  return [
    ...polyline('A-WALL', inner),
    ...polyline('A-WALL', outer),
    line('A-WALL', [doorFrom, 0], [doorFrom, -WALL]),
    line('A-WALL', [doorTo, 0], [doorTo, -WALL]),
  ];
}

/** An outward-opening leaf hung on the opening's right jamb, drawn open, with its swing. */
function outwardDoor({ doorFrom }: ToiletLayout): DxfEntity[] {
  const hinge: Point = [doorFrom + DOOR_OPENING, -WALL];
  return [
    ...rect('A-DOOR', hinge[0] - 40, -WALL - DOOR_LEAF, 40, DOOR_LEAF),
    arc('A-DOOR', hinge, DOOR_LEAF, 180, 270),
    label('A-ANNO', [doorFrom + DOOR_OPENING / 2, -WALL - 250], 80, 'DOOR OPENS OUT'),
  ];
}

/** A WC against the far wall: cistern, pan and seat, its front 750 from the wall. */
function wc(centre: number, back: number): DxfEntity[] {
  return [
    ...rect('P-FIXT', centre - 225, back - 180, 450, 180),
    line('P-FIXT', [centre - 180, back - 180], [centre - 180, back - 570]),
    line('P-FIXT', [centre + 180, back - 180], [centre + 180, back - 570]),
    arc('P-FIXT', [centre, back - 570], 180, 180, 0),
    ...polyline('P-FIXT', [
      [centre - 120, back - 570],
      [centre - 120, back - 300],
      [centre + 120, back - 300],
      [centre + 120, back - 570],
    ]),
    arc('P-FIXT', [centre, back - 570], 120, 180, 0),
    label('A-ANNO', [centre, back - 120], 70, 'WC'),
  ];
}

/** A basin on the left wall, centred `at` along it. */
function basin(at: number): DxfEntity[] {
  return [
    ...rect('P-FIXT', 0, at - 250, 420, 500),
    circle('P-FIXT', [230, at], 160),
    circle('P-FIXT', [50, at], 20),
    label('A-ANNO', [520, at], 70, 'BASIN', 90),
  ];
}

/** Grab rails: a drop-down rail beside the WC (both sides for a peninsular WC), a fixed one on the side wall. */
function grabRails(layout: ToiletLayout): DxfEntity[] {
  const back = layout.depth;
  const dropDown = (x: number): DxfEntity[] => [
    ...rect('A-RAIL', x - 17.5, back - 700, 35, 700),
    label('A-ANNO', [x < layout.wcCentre ? x - 110 : x + 110, back - 380], 60, 'DROP-DOWN RAIL', 90),
  ];
  const sides = layout.peninsular ? [layout.wcCentre - 320, layout.wcCentre + 320] : [layout.wcCentre + 320];
  const wallRail = layout.peninsular
    ? []
    : [
        ...rect('A-RAIL', 40, back - 1000, 35, 600),
        label('A-ANNO', [150, back - 700], 60, 'GRAB RAIL 600', 90),
      ];
  return [...sides.flatMap(dropDown), ...wallRail];
}

/** The 1500 mm turning circle (dashed), its centre marked. */
function turningCircle([x, y]: Point): DxfEntity[] {
  return [
    circle('A-CLEAR', [x, y], 750),
    line('A-CLEAR', [x - 60, y], [x + 60, y]),
    line('A-CLEAR', [x, y - 60], [x, y + 60]),
    label('A-ANNO', [x, y - 200], 70, '1500 TURNING CIRCLE'),
  ];
}

/** One layout at the origin (inside of the near-left corner): plan, dimensions, title below. */
function toiletLayout(layout: ToiletLayout): DxfEntity[] {
  const plan = [
    ...toiletWalls(layout),
    ...outwardDoor(layout),
    ...wc(layout.wcCentre, layout.depth),
    ...basin(layout.basinAt),
    ...grabRails(layout),
    ...turningCircle(layout.turningCentre),
  ];
  const top = layout.depth + WALL + 300;
  return [
    ...(layout.mirror ? mirrored(plan, layout.width / 2) : plan),
    ...dimension([0, top], [layout.width, top]),
    ...dimension([-WALL - 300, 0], [-WALL - 300, layout.depth]),
    label('A-ANNO', [layout.width / 2, -1450], 100, layout.title),
    label('A-ANNO', [layout.width / 2, -1620], 70, layout.note),
  ];
}

function accessibleToiletsDxf(): Uint8Array {
  const layouts = TOILET_LAYOUTS.flatMap((layout, i) => moved(toiletLayout(layout), i * 4200, 0));
  return writeDxf(TOILET_LAYERS, [
    ...layouts,
    label('A-ANNO', [5300, 3200], 140, 'ATELIER - ACCESSIBLE TOILET LAYOUTS (INDICATIVE), PLANS 1:1 IN MM'),
    label(
      'A-ANNO',
      [5300, 2980],
      80,
      'CHECK EVERY DIMENSION AGAINST NBC 2016 AND THE HARMONISED GUIDELINES 2021 BEFORE USE',
    ),
  ]);
}

// ---------------------------------------------------------------------------------------------
// Revit family sets: type catalogues and elevations
// ---------------------------------------------------------------------------------------------

interface CatalogueColumn {
  name: string;
  /** LENGTH columns are in millimetres; OTHER holds text and integers. */
  kind: 'LENGTH' | 'OTHER';
}

/** A Revit type catalogue: `,Name##LENGTH##MILLIMETERS,…`, then one row per type (its name first). */
function typeCatalogue(
  columns: readonly CatalogueColumn[],
  rows: readonly (readonly [type: string, ...values: (string | number)[]])[],
): Uint8Array {
  const header = columns.map((c) =>
    c.kind === 'LENGTH' ? `${c.name}##LENGTH##MILLIMETERS` : `${c.name}##OTHER##`,
  );
  for (const row of rows) {
    if (row.length !== columns.length + 1) throw new Error(`Catalogue row of the wrong width: ${row[0]}`);
    if (row.some((cell) => /[,"]/.test(String(cell))))
      throw new Error(`Catalogue cell with a comma: ${row[0]}`);
  }
  return textFile([`,${header.join(',')}`, ...rows.map((row) => row.join(','))]);
}

const ELEVATION_LAYERS: readonly DxfLayer[] = [
  { name: '0', colour: 7 },
  { name: 'A-ELEV', colour: 7 },
  { name: 'A-ELEV-FINE', colour: 8 },
  { name: 'A-ELEV-OPEN', colour: 3, dashed: true },
  { name: 'A-FLOR', colour: 7 },
  { name: 'A-ANNO', colour: 2 },
];

/** Elevations side by side on one floor line, each labelled below with its name and size. */
function elevationsDxf(
  title: string,
  items: readonly { name: string; size: string; width: number; draw: () => DxfEntity[] }[],
): Uint8Array {
  const entities: DxfEntity[] = [];
  let x = 0;
  for (const item of items) {
    entities.push(...moved(item.draw(), x, 0));
    entities.push(label('A-ANNO', [x + item.width / 2, -300], 100, item.name));
    entities.push(label('A-ANNO', [x + item.width / 2, -460], 80, item.size));
    x += item.width + 900;
  }
  entities.push(line('A-FLOR', [-500, 0], [x - 400, 0]));
  entities.push(label('A-ANNO', [(x - 900) / 2, 3000], 160, title));
  entities.push(
    label('A-ANNO', [(x - 900) / 2, 2780], 90, 'ELEVATIONS FROM OUTSIDE, 1:1 IN MM - ATELIER DEMO CONTENT'),
  );
  return writeDxf(ELEVATION_LAYERS, entities);
}

/** Dashed lines from the corners on the handle side to the middle of the hinged side (the opening convention). */
function openingMarks(
  x: number,
  y: number,
  width: number,
  height: number,
  hinge: 'left' | 'right' | 'top',
): DxfEntity[] {
  if (hinge === 'top') {
    return polyline('A-ELEV-OPEN', [
      [x, y],
      [x + width / 2, y + height],
      [x + width, y],
    ]);
  }
  const apexX = hinge === 'left' ? x : x + width;
  const farX = hinge === 'left' ? x + width : x;
  return polyline('A-ELEV-OPEN', [
    [farX, y],
    [apexX, y + height / 2],
    [farX, y + height],
  ]);
}

interface DoorType {
  name: string;
  width: number;
  height: number;
  leaves: 1 | 2;
  style: 'flush' | 'vision' | 'panel-2' | 'panel-4';
  finish: string;
  description: string;
}

const DOOR_FRAME = 100;

/** A door type; single-leaf unless `leaves` says otherwise. */
const door = (
  name: string,
  style: DoorType['style'],
  width: number,
  height: number,
  finish: string,
  description: string,
  leaves: 1 | 2 = 1,
): DoorType => ({ name, style, width, height, finish, description, leaves });

const DOOR_TYPES: readonly DoorType[] = [
  door('Flush 750 x 2100', 'flush', 750, 2100, 'Laminate', 'Toilet and bath door'),
  door('Flush 800 x 2100', 'flush', 800, 2100, 'Laminate', 'Store and utility door'),
  door('Flush 900 x 2100', 'flush', 900, 2100, 'Veneer', 'Bedroom door'),
  door('Flush 1000 x 2100', 'flush', 1000, 2100, 'Veneer', 'Accessible door - 900 clear'),
  door('Flush 900 x 2100 Vision Panel', 'vision', 900, 2100, 'Veneer', 'Office door with a vision panel'),
  door('Flush Double 1200 x 2100', 'flush', 1200, 2100, 'Veneer', 'Double door - equal leaves', 2),
  door('Flush Double 1500 x 2100', 'flush', 1500, 2100, 'Veneer', 'Double door - hall or classroom', 2),
  door('Panel 2P 800 x 2100', 'panel-2', 800, 2100, 'Teak', 'Two-panel door'),
  door('Panel 2P 900 x 2100', 'panel-2', 900, 2100, 'Teak', 'Two-panel door'),
  door('Panel 4P 900 x 2100', 'panel-4', 900, 2100, 'Teak', 'Four-panel door'),
  door('Panel 4P 1000 x 2100', 'panel-4', 1000, 2100, 'Teak', 'Four-panel main door'),
  door('Panel 4P Double 1200 x 2400', 'panel-4', 1200, 2400, 'Teak', 'Double main entrance door', 2),
];

/** One leaf's face: panels, vision panel, lever handle on the `handle` side. */
function doorLeaf(door: DoorType, x: number, width: number, handle: 'left' | 'right'): DxfEntity[] {
  const h = door.height;
  const faces: DxfEntity[] = [];
  if (door.style === 'vision') faces.push(...rect('A-ELEV-FINE', x + width / 2 - 75, 1200, 150, 600));
  if (door.style === 'panel-2' || door.style === 'panel-4') {
    const columns = door.style === 'panel-4' ? 2 : 1;
    const inset = 110;
    const panelWidth = (width - inset * (columns + 1)) / columns;
    for (let c = 0; c < columns; c += 1) {
      const px = x + inset + c * (panelWidth + inset);
      faces.push(...rect('A-ELEV-FINE', px, 150, panelWidth, 850));
      faces.push(...rect('A-ELEV-FINE', px, 1150, panelWidth, h - 1300));
    }
  }
  const handleX = handle === 'right' ? x + width - 70 : x + 70;
  const leverTo = handle === 'right' ? handleX - 130 : handleX + 130;
  return [
    ...faces,
    circle('A-ELEV', [handleX, 1000], 28),
    line('A-ELEV', [handleX, 1000], [leverTo, 1000]),
    ...openingMarks(x, 0, width, h, handle === 'right' ? 'left' : 'right'),
  ];
}

/** A door seen from outside: frame, leaf or leaves, panels and handles. */
function doorElevation(door: DoorType): DxfEntity[] {
  const f = DOOR_FRAME;
  const leafWidth = door.width / door.leaves;
  const leaves =
    door.leaves === 1
      ? doorLeaf(door, f, leafWidth, 'right')
      : [...doorLeaf(door, f, leafWidth, 'right'), ...doorLeaf(door, f + leafWidth, leafWidth, 'left')];
  return [
    ...polyline('A-ELEV', [
      [0, 0],
      [0, door.height + f],
      [door.width + 2 * f, door.height + f],
      [door.width + 2 * f, 0],
    ]),
    ...rect('A-ELEV', f, 0, door.width, door.height),
    ...(door.leaves === 2 ? [line('A-ELEV', [f + leafWidth, 0], [f + leafWidth, door.height])] : []),
    ...leaves,
  ];
}

function doorsZip(): Buffer {
  const family = 'Atelier_Door_Flush-Panel';
  const columns: CatalogueColumn[] = [
    { name: 'Width', kind: 'LENGTH' },
    { name: 'Height', kind: 'LENGTH' },
    { name: 'Leaf Thickness', kind: 'LENGTH' },
    { name: 'Frame Width', kind: 'LENGTH' },
    { name: 'Frame Depth', kind: 'LENGTH' },
    { name: 'Leaves', kind: 'OTHER' },
    { name: 'Leaf Finish', kind: 'OTHER' },
    { name: 'Description', kind: 'OTHER' },
  ];
  const rows = DOOR_TYPES.map(
    (d) =>
      [
        d.name,
        d.width,
        d.height,
        d.style.startsWith('panel') ? 40 : 35,
        DOOR_FRAME,
        125,
        d.leaves,
        d.finish,
        d.description,
      ] as const,
  );
  return zipOf({
    'README.txt': textFile([
      'Atelier Doors - Flush & Panel Set',
      '',
      `${DOOR_TYPES.length} door types: flush (single and double, one with a vision panel) and two- and four-panel doors.`,
      '',
      `${family}.txt             Revit type catalogue: the types' sizes, frame, leaves and finish, in millimetres.`,
      `${family}_Elevations.dxf  Elevations of every type, seen from outside (DXF R12, millimetres).`,
      '',
      'The Revit family files (.rfa) are not part of this demo download. Put the catalogue next to a',
      `door family named ${family}.rfa and Revit's Load Family dialog offers these types.`,
      ...README_FOOTER,
    ]),
    [`${family}.txt`]: typeCatalogue(columns, rows),
    [`${family}_Elevations.dxf`]: elevationsDxf(
      'ATELIER DOORS - FLUSH AND PANEL SET',
      DOOR_TYPES.map((d) => ({
        name: d.name.toUpperCase(),
        size: `${d.width} x ${d.height}`,
        width: d.width + 2 * DOOR_FRAME,
        draw: () => doorElevation(d),
      })),
    ),
  });
}

interface WindowType {
  name: string;
  width: number;
  height: number;
  sill: number;
  operation: 'casement' | 'sliding' | 'fixed' | 'top-hung';
  panes: number;
  /** A fixed fanlight of this height over the opening sashes. */
  fanlight?: number;
  description: string;
}

const WINDOW_FRAME = 60;

/** A window type; `fanlight` is the height of a fixed light over the sashes. */
const windowType = (
  name: string,
  operation: WindowType['operation'],
  panes: number,
  [width, height, sill]: readonly [number, number, number],
  description: string,
  fanlight?: number,
): WindowType => ({
  name,
  operation,
  panes,
  width,
  height,
  sill,
  description,
  ...(fanlight ? { fanlight } : {}),
});

const WINDOW_TYPES: readonly WindowType[] = [
  windowType('Casement 1L 600 x 1200', 'casement', 1, [600, 1200, 900], 'Single casement'),
  windowType('Casement 2L 1200 x 1200', 'casement', 2, [1200, 1200, 900], 'Double casement'),
  windowType('Casement 2L 1500 x 1500', 'casement', 2, [1500, 1500, 750], 'Double casement - living room'),
  windowType('Casement 3L 1800 x 1500', 'casement', 3, [1800, 1500, 750], 'Triple casement'),
  windowType(
    'Casement 2L Fanlight 1200 x 1800',
    'casement',
    2,
    [1200, 1800, 600],
    'Under a fixed fanlight',
    450,
  ),
  windowType('Sliding 2S 1200 x 1200', 'sliding', 2, [1200, 1200, 900], 'Two-track sliding - two shutters'),
  windowType('Sliding 2S 1800 x 1500', 'sliding', 2, [1800, 1500, 750], 'Two-track sliding - two shutters'),
  windowType(
    'Sliding 3S 2400 x 1500',
    'sliding',
    3,
    [2400, 1500, 750],
    'Three-track sliding - three shutters',
  ),
  windowType('Fixed 900 x 1500', 'fixed', 1, [900, 1500, 750], 'Fixed glazing'),
  windowType('Ventilator 600 x 450', 'top-hung', 1, [600, 450, 1800], 'Top-hung toilet ventilator'),
];

/** The sashes of a window's opening part (inside its frame), with their opening marks or slide arrows. */
function windowSashes(w: WindowType, x: number, y: number, width: number, height: number): DxfEntity[] {
  const sash = width / w.panes;
  const out: DxfEntity[] = [];
  for (let i = 0; i < w.panes; i += 1) {
    const sx = x + i * sash;
    out.push(
      ...rect('A-ELEV', sx, y, sash, height),
      ...rect('A-ELEV-FINE', sx + 40, y + 40, sash - 80, height - 80),
    );
    if (w.operation === 'casement')
      out.push(...openingMarks(sx, y, sash, height, i < w.panes / 2 ? 'left' : 'right'));
    if (w.operation === 'top-hung') out.push(...openingMarks(sx, y, sash, height, 'top'));
    if (w.operation === 'sliding') {
      const ay = y + height / 2;
      const direction = i % 2 === 0 ? 1 : -1;
      const tip: Point = [sx + sash / 2 + direction * 150, ay];
      out.push(
        line('A-ELEV-OPEN', [sx + sash / 2 - direction * 150, ay], tip),
        line('A-ELEV-OPEN', tip, [tip[0] - direction * 60, ay + 40]),
        line('A-ELEV-OPEN', tip, [tip[0] - direction * 60, ay - 40]),
      );
    }
  }
  return out;
}

/** A window seen from outside at its sill height: frame, fanlight, sashes and sill. */
function windowElevation(w: WindowType): DxfEntity[] {
  const f = WINDOW_FRAME;
  const fanlight = w.fanlight ?? 0;
  const innerWidth = w.width - 2 * f;
  const sashHeight = w.height - 2 * f - fanlight;
  const fan = fanlight > 0 ? [...rect('A-ELEV', f, w.sill + f + sashHeight, innerWidth, fanlight)] : [];
  return [
    ...rect('A-ELEV', 0, w.sill, w.width, w.height),
    ...rect('A-ELEV', -30, w.sill - 40, w.width + 60, 40),
    ...windowSashes(w, f, w.sill + f, innerWidth, sashHeight),
    ...fan,
  ];
}

function windowsZip(): Buffer {
  const family = 'Atelier_Window_Casement-Sliding';
  const columns: CatalogueColumn[] = [
    { name: 'Width', kind: 'LENGTH' },
    { name: 'Height', kind: 'LENGTH' },
    { name: 'Sill Height', kind: 'LENGTH' },
    { name: 'Frame Width', kind: 'LENGTH' },
    { name: 'Frame Depth', kind: 'LENGTH' },
    { name: 'Fanlight Height', kind: 'LENGTH' },
    { name: 'Operation', kind: 'OTHER' },
    { name: 'Panes', kind: 'OTHER' },
    { name: 'Description', kind: 'OTHER' },
  ];
  const rows = WINDOW_TYPES.map(
    (w) =>
      [
        w.name,
        w.width,
        w.height,
        w.sill,
        WINDOW_FRAME,
        w.operation === 'sliding' ? 92 : 62,
        w.fanlight ?? 0,
        w.operation,
        w.panes,
        w.description,
      ] as const,
  );
  return zipOf({
    'README.txt': textFile([
      'Atelier Windows - Casement & Sliding Set',
      '',
      `${WINDOW_TYPES.length} window types: casements of one to three leaves (one under a fanlight), two- and`,
      'three-shutter sliding windows, a fixed light and a top-hung toilet ventilator.',
      '',
      `${family}.txt             Revit type catalogue: sizes, sill height, frame and operation, in millimetres.`,
      `${family}_Elevations.dxf  Elevations of every type at its sill height, seen from outside (DXF R12, mm).`,
      '',
      'The Revit family files (.rfa) are not part of this demo download. Put the catalogue next to a',
      `window family named ${family}.rfa and Revit's Load Family dialog offers these types.`,
      ...README_FOOTER,
    ]),
    [`${family}.txt`]: typeCatalogue(columns, rows),
    [`${family}_Elevations.dxf`]: elevationsDxf(
      'ATELIER WINDOWS - CASEMENT AND SLIDING SET',
      WINDOW_TYPES.map((w) => ({
        name: w.name.toUpperCase(),
        size: `${w.width} x ${w.height}, SILL ${w.sill}`,
        width: w.width,
        draw: () => windowElevation(w),
      })),
    ),
  });
}

type Front = { doors: number; height: number } | { drawer: number };

interface KitchenUnit {
  name: string;
  category: 'Base' | 'Wall' | 'Tall';
  width: number;
  height: number;
  depth: number;
  /** Fronts, bottom to top: a row of `doors` side by side, or one drawer. */
  fronts: readonly Front[];
  /** A blind corner unit: the width of its blind panel, at the left. */
  blind?: number;
  sink?: boolean;
  description: string;
}

const PLINTH = 100;
const WORKTOP = 40;
const WALL_UNIT_BOTTOM = 1450;
/** Carcass height and depth by category: a tall unit's top is in line with the wall units'. */
const CARCASS = { Base: [720, 560], Wall: [720, 320], Tall: [WALL_UNIT_BOTTOM + 720 - PLINTH, 560] } as const;

const doors = (count: number, height = 720): Front[] => [{ doors: count, height }];
const drawers = (...heights: number[]): Front[] => heights.map((drawer) => ({ drawer }));
const unit = (
  name: string,
  category: KitchenUnit['category'],
  width: number,
  fronts: readonly Front[],
  description: string,
  extra: Pick<KitchenUnit, 'blind' | 'sink'> = {},
): KitchenUnit => {
  const [height, depth] = CARCASS[category];
  return { name, category, width, height, depth, fronts, description, ...extra };
};

const KITCHEN_UNITS: readonly KitchenUnit[] = [
  unit('Base 1D 300', 'Base', 300, doors(1), 'Narrow base unit - bottle pull-out'),
  unit('Base 1D 450', 'Base', 450, doors(1), 'Base unit - one door'),
  unit('Base 1D 600', 'Base', 600, doors(1), 'Base unit - one door'),
  unit('Base 2D 900', 'Base', 900, doors(2), 'Base unit - two doors'),
  unit('Drawer 3Dr 600', 'Base', 600, drawers(288, 288, 144), 'Three drawers - pots and pans'),
  unit('Drawer 4Dr 450', 'Base', 450, drawers(216, 216, 144, 144), 'Four drawers - cutlery on top'),
  unit('Sink 2D 900', 'Base', 900, doors(2), 'Sink unit - two doors', { sink: true }),
  unit('Corner 1D 900', 'Base', 900, doors(1), 'Blind corner unit - door on the open side', { blind: 450 }),
  unit('Wall 1D 450', 'Wall', 450, doors(1), 'Wall unit - one door'),
  unit('Wall 1D 600', 'Wall', 600, doors(1), 'Wall unit - one door'),
  unit('Wall 2D 900', 'Wall', 900, doors(2), 'Wall unit - two doors'),
  unit('Tall 2D 600', 'Tall', 600, [...doors(1, 1170), ...doors(1, 900)], 'Pantry unit - two doors'),
];

/** The unit's bottom above the floor: on its plinth, or hung with its top in line with a tall unit's. */
const unitBottom = (unit: KitchenUnit) => (unit.category === 'Wall' ? WALL_UNIT_BOTTOM : PLINTH);

/** The fronts of a unit, bottom to top, 3 mm apart, with bar handles. */
function unitFronts(unit: KitchenUnit): DxfEntity[] {
  const out: DxfEntity[] = [];
  const left = unit.blind ?? 0;
  let y = unitBottom(unit);
  for (const front of unit.fronts) {
    const height = 'drawer' in front ? front.drawer : front.height;
    const count = 'drawer' in front ? 1 : front.doors;
    const width = (unit.width - left) / count;
    for (let d = 0; d < count; d += 1) {
      const x = left + d * width;
      out.push(...rect('A-ELEV', x + 2, y + 2, width - 4, height - 4));
      out.push(frontHandle(front, x, y, width, height, count === 2 && d === 1));
    }
    y += height;
  }
  if (left > 0) out.push(...rect('A-ELEV-FINE', 2, unitBottom(unit) + 2, left - 4, unit.height - 4));
  return out;
}

/**
 * A bar handle: across the top of a drawer; upright on a door, on its meeting edge (the right of a
 * single door, the left of a pair's right door), near the top of a low door or the foot of a high one.
 */
function frontHandle(
  front: Front,
  x: number,
  y: number,
  width: number,
  height: number,
  leftEdge: boolean,
): DxfEntity {
  if ('drawer' in front)
    return line('A-ELEV-FINE', [x + width / 2 - 80, y + height - 50], [x + width / 2 + 80, y + height - 50]);
  const handleX = leftEdge ? x + 50 : x + width - 50;
  const handleY = y >= 1000 ? y + 60 : y + height - 220;
  return line('A-ELEV-FINE', [handleX, handleY], [handleX, handleY + 160]);
}

/** A gooseneck tap standing on the worktop, centred on the unit. */
function tap(centre: number, worktop: number): DxfEntity[] {
  const top = worktop + 220;
  return [
    line('A-ELEV', [centre, worktop], [centre, top]),
    arc('A-ELEV', [centre + 90, top], 90, 0, 180),
    line('A-ELEV', [centre + 180, top], [centre + 180, top - 60]),
  ];
}

/** A kitchen unit seen from the front: carcass, plinth, worktop, fronts, and a tap on a sink unit. */
function kitchenElevation(unit: KitchenUnit): DxfEntity[] {
  const bottom = unitBottom(unit);
  const top = bottom + unit.height;
  const plinth = unit.category === 'Wall' ? [] : rect('A-ELEV-FINE', 50, 0, unit.width - 100, PLINTH);
  const worktop = unit.category === 'Base' ? rect('A-ELEV', 0, top, unit.width, WORKTOP) : [];
  return [
    ...rect('A-ELEV', 0, bottom, unit.width, unit.height),
    ...plinth,
    ...worktop,
    ...unitFronts(unit),
    ...(unit.sink === true ? tap(unit.width / 2, top + WORKTOP) : []),
  ];
}

/** The catalogue's "Fronts": "3 drawers", "1 door", "2 doors". */
function frontsOf(unit: KitchenUnit): string {
  const drawers = unit.fronts.filter((f) => 'drawer' in f).length;
  if (drawers > 0) return `${drawers} drawers`;
  const doors = unit.fronts.reduce((n, f) => n + ('doors' in f ? f.doors : 0), 0);
  return doors === 1 ? '1 door' : `${doors} doors`;
}

function kitchenZip(): Buffer {
  const family = 'Atelier_Kitchen_Modular';
  const columns: CatalogueColumn[] = [
    { name: 'Width', kind: 'LENGTH' },
    { name: 'Height', kind: 'LENGTH' },
    { name: 'Depth', kind: 'LENGTH' },
    { name: 'Plinth Height', kind: 'LENGTH' },
    { name: 'Mounting Height', kind: 'LENGTH' },
    { name: 'Category', kind: 'OTHER' },
    { name: 'Fronts', kind: 'OTHER' },
    { name: 'Description', kind: 'OTHER' },
  ];
  const rows = KITCHEN_UNITS.map(
    (u) =>
      [
        u.name,
        u.width,
        u.height,
        u.depth,
        u.category === 'Wall' ? 0 : PLINTH,
        u.category === 'Wall' ? WALL_UNIT_BOTTOM : 0,
        u.category,
        frontsOf(u),
        u.description,
      ] as const,
  );
  return zipOf({
    'README.txt': textFile([
      'Atelier Modular Kitchen Families',
      '',
      `${KITCHEN_UNITS.length} modular kitchen units: base, drawer, sink and corner units, wall units and a tall pantry.`,
      `Base units: 720 carcass on a ${PLINTH} plinth under a ${WORKTOP} worktop (860 to the top); wall units hung`,
      `${WALL_UNIT_BOTTOM} above the floor, their tops in line with the tall unit's.`,
      '',
      `${family}.txt             Revit type catalogue: sizes, plinth and mounting heights, fronts, in millimetres.`,
      `${family}_Elevations.dxf  Front elevations of every unit (DXF R12, millimetres).`,
      '',
      'The Revit family files (.rfa) are not part of this demo download. Put the catalogue next to a',
      `casework family named ${family}.rfa and Revit's Load Family dialog offers these types.`,
      ...README_FOOTER,
    ]),
    [`${family}.txt`]: typeCatalogue(columns, rows),
    [`${family}_Elevations.dxf`]: elevationsDxf(
      'ATELIER MODULAR KITCHEN UNITS',
      KITCHEN_UNITS.map((u) => ({
        name: u.name.toUpperCase(),
        size: `${u.width} W x ${u.height} H x ${u.depth} D`,
        width: u.width,
        draw: () => kitchenElevation(u),
      })),
    ),
  });
}

// ---------------------------------------------------------------------------------------------
// Procedural textures (tileable noise, palettes, JPEG through sharp)
// ---------------------------------------------------------------------------------------------

const smoothstep = (t: number) => t * t * (3 - 2 * t);
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  lerp(a[0], b[0], t),
  lerp(a[1], b[1], t),
  lerp(a[2], b[2], t),
];
const TAU = Math.PI * 2;

/**
 * Adds `weight` × value noise to a size × size field: random values on a `cells` × `cells` lattice
 * that wraps, smoothly interpolated, so the field tiles seamlessly.
 */
function addNoiseLayer(field: Float32Array, size: number, rng: Prng, cells: number, weight: number): void {
  const lattice = Float32Array.from({ length: cells * cells }, () => rng.next());
  // Per column: the lattice columns either side and the smoothed position between them.
  const left = new Int32Array(size);
  const right = new Int32Array(size);
  const across = new Float32Array(size);
  for (let x = 0; x < size; x += 1) {
    const position = (x / size) * cells;
    left[x] = Math.floor(position);
    right[x] = (left[x]! + 1) % cells;
    across[x] = smoothstep(position - left[x]!);
  }
  for (let y = 0; y < size; y += 1) {
    const position = (y / size) * cells;
    const j = Math.floor(position);
    const down = smoothstep(position - j);
    const top = j * cells;
    const bottom = ((j + 1) % cells) * cells;
    for (let x = 0; x < size; x += 1) {
      const t = across[x]!;
      const upper = lerp(lattice[top + left[x]!]!, lattice[top + right[x]!]!, t);
      const lower = lerp(lattice[bottom + left[x]!]!, lattice[bottom + right[x]!]!, t);
      const i = y * size + x;
      field[i] = field[i]! + weight * lerp(upper, lower, down);
    }
  }
}

/** `field` stretched to fill [0, 1]. */
function normalised(field: Float32Array): Float32Array {
  let min = Infinity;
  let max = -Infinity;
  for (const value of field) {
    min = Math.min(min, value);
    max = Math.max(max, value);
  }
  return field.map((value) => (value - min) / (max - min || 1));
}

/** Fractal (fBm) tileable noise over a size × size tile, in [0, 1]: `octaves` layers from `cells` a side, each twice as fine and half as strong. */
function fractalField(rng: Prng, size: number, cells: number, octaves: number): Float32Array {
  const field = new Float32Array(size * size);
  for (let k = 0; k < octaves; k += 1) addNoiseLayer(field, size, rng, cells << k, 0.5 ** k);
  return normalised(field);
}

/** The colour at `t` in [0, 1] along evenly spaced palette stops. */
function paletteAt(stops: readonly Rgb[], t: number): Rgb {
  const position = Math.min(Math.max(t, 0), 1) * (stops.length - 1);
  const i = Math.min(Math.floor(position), stops.length - 2);
  const a = stops[i]!;
  const b = stops[i + 1]!;
  return mix(a, b, position - i);
}

const clampByte = (value: number) => Math.min(255, Math.max(0, Math.round(value)));

/** An RGB raster of a size × size tile: `colourAt(index)` per pixel, plus ± `grain` of random grain. */
function raster(size: number, rng: Prng, grain: number, colourAt: (index: number) => Rgb): Buffer {
  const pixels = Buffer.alloc(size * size * 3);
  for (let i = 0; i < size * size; i += 1) {
    const [r, g, b] = colourAt(i);
    const n = (rng.next() - 0.5) * 2 * grain;
    pixels[i * 3] = clampByte(r + n);
    pixels[i * 3 + 1] = clampByte(g + n);
    pixels[i * 3 + 2] = clampByte(b + n);
  }
  return pixels;
}

/** Blends `colour` (by `alpha`) into the pixels of a small disc, wrapping around the tile's edges. */
function stamp(
  pixels: Buffer,
  size: number,
  [cx, cy]: Point,
  radius: number,
  colour: Rgb,
  alpha: number,
): void {
  const r = Math.ceil(radius);
  for (let dy = -r; dy <= r; dy += 1) {
    for (let dx = -r; dx <= r; dx += 1) {
      if (dx * dx + dy * dy > radius * radius) continue;
      const x = (((Math.round(cx) + dx) % size) + size) % size;
      const y = (((Math.round(cy) + dy) % size) + size) % size;
      const i = (y * size + x) * 3;
      for (let c = 0; c < 3; c += 1) pixels[i + c] = clampByte(lerp(pixels[i + c]!, colour[c]!, alpha));
    }
  }
}

async function jpeg(pixels: Buffer, width: number, height: number): Promise<Buffer> {
  return sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 82 })
    .toBuffer();
}

const STONE_SIZE = 512;

/** Kota: blue-green limestone, even, with faint layered streaks. */
function kotaStone(): Buffer {
  const rng = createPrng(0x6b07a);
  const body = fractalField(rng, STONE_SIZE, 3, 6);
  const warp = fractalField(rng, STONE_SIZE, 2, 4);
  const field = normalised(
    body.map((value, i) => {
      const u = (i % STONE_SIZE) / STONE_SIZE;
      const v = Math.floor(i / STONE_SIZE) / STONE_SIZE;
      const streaks = 0.5 + 0.5 * Math.sin(TAU * (2 * u + v) + 6 * warp[i]!);
      return 0.72 * value + 0.28 * streaks;
    }),
  );
  const palette: Rgb[] = [
    [66, 82, 82],
    [88, 104, 102],
    [108, 122, 118],
    [132, 142, 134],
  ];
  return raster(STONE_SIZE, rng, 5, (i) => paletteAt(palette, field[i]!));
}

/** Jaisalmer: golden-yellow limestone, clouded, with brown fossil specks and pale shell flecks. */
function jaisalmerStone(): Buffer {
  const rng = createPrng(0x1a15a);
  const field = fractalField(rng, STONE_SIZE, 4, 6);
  const palette: Rgb[] = [
    [178, 126, 58],
    [202, 154, 84],
    [220, 178, 108],
    [234, 200, 138],
  ];
  const pixels = raster(STONE_SIZE, rng, 6, (i) => paletteAt(palette, field[i]!));
  for (let k = 0; k < 420; k += 1) {
    const at: Point = [rng.next() * STONE_SIZE, rng.next() * STONE_SIZE];
    stamp(pixels, STONE_SIZE, at, 0.8 + rng.next() * 2.2, [128, 84, 40], 0.35 + rng.next() * 0.35);
  }
  for (let k = 0; k < 160; k += 1) {
    const at: Point = [rng.next() * STONE_SIZE, rng.next() * STONE_SIZE];
    stamp(pixels, STONE_SIZE, at, 1 + rng.next() * 2, [246, 226, 184], 0.4);
  }
  return pixels;
}

/** Shahabad: grey limestone with a blue cast, mottled, with faint rust-brown patches. */
function shahabadStone(): Buffer {
  const rng = createPrng(0x5a4ab);
  const body = fractalField(rng, STONE_SIZE, 5, 6);
  const rust = fractalField(rng, STONE_SIZE, 2, 4);
  const palette: Rgb[] = [
    [68, 74, 80],
    [88, 96, 104],
    [108, 116, 122],
    [128, 134, 138],
  ];
  const rustColour: Rgb = [122, 102, 82];
  return raster(STONE_SIZE, rng, 5, (i) => {
    const base = paletteAt(palette, body[i]!);
    const patch = smoothstep(Math.min(Math.max((rust[i]! - 0.62) / 0.25, 0), 1)) * 0.55;
    return mix(base, rustColour, patch);
  });
}

/** Granite (Sadarahalli grey): black, grey and white crystals, salt and pepper. */
function graniteStone(): Buffer {
  const rng = createPrng(0x96a41);
  const crystals = fractalField(rng, STONE_SIZE, 48, 2);
  const fine = fractalField(rng, STONE_SIZE, 128, 1);
  const field = normalised(crystals.map((value, i) => 0.75 * value + 0.25 * fine[i]!));
  const bands: readonly { below: number; colour: Rgb }[] = [
    { below: 0.3, colour: [34, 34, 36] },
    { below: 0.36, colour: [92, 90, 90] },
    { below: 0.7, colour: [156, 154, 150] },
    { below: 0.76, colour: [188, 186, 182] },
    { below: Infinity, colour: [224, 222, 216] },
  ];
  return raster(STONE_SIZE, rng, 9, (i) => bands.find((band) => field[i]! < band.below)!.colour);
}

const STONES: readonly { file: string; name: string; render: () => Buffer }[] = [
  { file: 'kota-blue_512.jpg', name: 'Kota stone (blue-green limestone, Rajasthan)', render: kotaStone },
  {
    file: 'jaisalmer-yellow_512.jpg',
    name: 'Jaisalmer stone (golden limestone, Rajasthan)',
    render: jaisalmerStone,
  },
  {
    file: 'shahabad-grey_512.jpg',
    name: 'Shahabad stone (grey limestone, Karnataka)',
    render: shahabadStone,
  },
  {
    file: 'granite-sadarahalli-grey_512.jpg',
    name: 'Sadarahalli grey granite (Karnataka)',
    render: graniteStone,
  },
];

async function stoneZip(): Promise<Buffer> {
  const textures = await Promise.all(
    STONES.map(async (s) => [s.file, await jpeg(s.render(), STONE_SIZE, STONE_SIZE)] as const),
  );
  return zipOf({
    ...Object.fromEntries(textures),
    'README.txt': textFile([
      'Indian Stone Textures Pack',
      '',
      `Four seamless (tileable) ${STONE_SIZE} x ${STONE_SIZE} JPG textures, drawn procedurally:`,
      ...STONES.map((s) => `  ${s.file.padEnd(34)} ${s.name}`),
      '',
      'Each tiles without a seam in both directions. At about 600 mm a tile they read well in',
      'interior renders; scale them to taste in your renderer.',
      ...README_FOOTER,
    ]),
  });
}

const TERRAZZO_SIZE = 1024;

const TERRAZZO_CHIPS: readonly Rgb[] = [
  [236, 232, 224],
  [236, 232, 224],
  [40, 40, 42],
  [96, 124, 98],
  [176, 94, 64],
  [206, 160, 84],
  [142, 140, 136],
];

/** An irregular chip: a star-shaped polygon of 5–8 corners around the origin. */
function chipOutline(rng: Prng, radius: number): Point[] {
  const corners = rng.int(5, 8);
  const start = rng.next() * TAU;
  return Array.from({ length: corners }, (_, k) => {
    const angle = start + (k + rng.next() * 0.6) * (TAU / corners);
    const r = radius * (0.55 + rng.next() * 0.45);
    return [Math.cos(angle) * r, Math.sin(angle) * r] as const;
  });
}

/** Where the row at height `y` crosses `outline`, left to right: spans between pairs are inside. */
function crossings(outline: readonly Point[], y: number): number[] {
  const xs: number[] = [];
  for (let i = 0, j = outline.length - 1; i < outline.length; j = i, i += 1) {
    const [xi, yi] = outline[i]!;
    const [xj, yj] = outline[j]!;
    if (yi > y !== yj > y) xs.push(xi + ((xj - xi) * (y - yi)) / (yj - yi));
  }
  return xs.sort((a, b) => a - b);
}

/** Paints a chip centred on (cx, cy), row by row, wrapping around the board's edges (the board tiles). */
function paintChip(pixels: Buffer, rng: Prng, cx: number, cy: number, radius: number, colour: Rgb): void {
  const outline = chipOutline(rng, radius);
  const shade = 0.9 + rng.next() * 0.16;
  const r = Math.ceil(radius);
  for (let dy = -r; dy <= r; dy += 1) {
    const xs = crossings(outline, dy + 0.5);
    for (let k = 0; k + 1 < xs.length; k += 2) {
      for (let dx = Math.ceil(xs[k]! - 0.5); dx + 0.5 < xs[k + 1]!; dx += 1) {
        const x = (cx + dx + TERRAZZO_SIZE) % TERRAZZO_SIZE;
        const y = (cy + dy + TERRAZZO_SIZE) % TERRAZZO_SIZE;
        const i = (y * TERRAZZO_SIZE + x) * 3;
        const n = (rng.next() - 0.5) * 10;
        for (let c = 0; c < 3; c += 1) pixels[i + c] = clampByte(colour[c]! * shade + n);
      }
    }
  }
}

const CEMENT: readonly Rgb[] = [
  [184, 180, 172],
  [204, 200, 192],
];

/** A terrazzo board: marble and stone chips of three sizes on a cement ground; it tiles. */
function terrazzoPixels(): Buffer {
  const rng = createPrng(0x7e2a2);
  const ground = fractalField(rng, TERRAZZO_SIZE, 6, 5);
  const pixels = raster(TERRAZZO_SIZE, rng, 6, (i) => paletteAt(CEMENT, ground[i]!));
  const sizes = [
    { count: 40, min: 22, max: 38 },
    { count: 260, min: 10, max: 20 },
    { count: 1800, min: 3, max: 9 },
  ];
  for (const { count, min, max } of sizes) {
    for (let k = 0; k < count; k += 1) {
      const colour = rng.pick(TERRAZZO_CHIPS);
      paintChip(
        pixels,
        rng,
        rng.int(0, TERRAZZO_SIZE - 1),
        rng.int(0, TERRAZZO_SIZE - 1),
        rng.int(min, max),
        colour,
      );
    }
  }
  return pixels;
}

// ---------------------------------------------------------------------------------------------
// HDR skies (Radiance RGBE, equirectangular)
// ---------------------------------------------------------------------------------------------

const HDR_WIDTH = 512;
const HDR_HEIGHT = 256;

interface Sky {
  file: string;
  title: string;
  /** The sun's azimuth (degrees from the map's centre, clockwise) and altitude (degrees). */
  azimuth: number;
  altitude: number;
  /** The horizon's colour towards the sun. */
  glow: Rgb;
}

const SKIES: readonly Sky[] = [
  {
    file: 'golden-hour-morning_512x256.hdr',
    title: 'Morning: sun 7 degrees up in the east, clear',
    azimuth: -90,
    altitude: 7,
    glow: [1.1, 0.66, 0.32],
  },
  {
    file: 'golden-hour-evening_512x256.hdr',
    title: 'Evening: sun 4 degrees up in the west, hazy',
    azimuth: 90,
    altitude: 4,
    glow: [1.3, 0.55, 0.2],
  },
];

type Vector = readonly [number, number, number];

/** Linear radiances: the sun's disc, the zenith, the horizon away from the sun, the ground. */
const SUN_DISC: Rgb = [180, 150, 105];
const ZENITH: Rgb = [0.06, 0.14, 0.38];
const HORIZON_AWAY: Rgb = [0.5, 0.4, 0.46];
const GROUND: Rgb = [0.07, 0.055, 0.04];

/** The unit direction at azimuth `azimuth` (radians, 0 = the map's centre) and altitude `altitude`. */
const direction = (azimuth: number, altitude: number): Vector => [
  Math.cos(altitude) * Math.sin(azimuth),
  Math.sin(altitude),
  -Math.cos(altitude) * Math.cos(azimuth),
];

/** Linear radiance of the sky (and a dark warm ground) seen along `d`. */
function skyRadiance(sky: Sky, sun: Vector, d: Vector): Rgb {
  const gamma = Math.acos(Math.min(1, d[0] * sun[0] + d[1] * sun[1] + d[2] * sun[2]));
  if (gamma < 0.02) return SUN_DISC;
  const altitude = Math.asin(d[1]);
  const towardsSun = (1 + (d[0] * sun[0] + d[2] * sun[2]) / Math.max(Math.hypot(d[0], d[2]), 1e-6)) / 2;
  const horizon = mix(HORIZON_AWAY, sky.glow, towardsSun ** 2);
  if (altitude < 0) return mix(GROUND, horizon, Math.exp(altitude / 0.04));
  const halo = 3 * Math.exp(-gamma / 0.07) + 1.2 * Math.exp(-gamma / 0.3);
  const [r, g, b] = mix(ZENITH, horizon, Math.exp(-altitude / 0.22));
  return [r + halo * sky.glow[0], g + halo * sky.glow[1] * 0.9, b + halo * sky.glow[2] * 0.8];
}

/** Writes one RGBE pixel at `offset`: a shared exponent, the largest mantissa at least 128. */
function writeRgbe(out: Buffer, offset: number, [r, g, b]: Rgb): void {
  const v = Math.max(r, g, b);
  if (v < 1e-32) {
    out.fill(0, offset, offset + 4);
    return;
  }
  let exponent = Math.floor(Math.log2(v)) + 1;
  if (v / 2 ** exponent >= 1) exponent += 1;
  if (v / 2 ** exponent < 0.5) exponent -= 1;
  const scale = 256 / 2 ** exponent;
  out[offset] = Math.min(255, Math.floor(r * scale));
  out[offset + 1] = Math.min(255, Math.floor(g * scale));
  out[offset + 2] = Math.min(255, Math.floor(b * scale));
  out[offset + 3] = exponent + 128;
}

/** A Radiance .hdr of the sky: the header, then flat (not run-length encoded) RGBE scanlines, top first. */
function skyHdr(sky: Sky): Uint8Array {
  const header = Buffer.from(
    `#?RADIANCE\nSOFTWARE=Atelier demo seed\nFORMAT=32-bit_rle_rgbe\n\n-Y ${HDR_HEIGHT} +X ${HDR_WIDTH}\n`,
    'latin1',
  );
  const pixels = Buffer.alloc(HDR_WIDTH * HDR_HEIGHT * 4);
  const sun = direction((sky.azimuth * Math.PI) / 180, (sky.altitude * Math.PI) / 180);
  for (let y = 0; y < HDR_HEIGHT; y += 1) {
    const altitude = Math.PI / 2 - ((y + 0.5) / HDR_HEIGHT) * Math.PI;
    for (let x = 0; x < HDR_WIDTH; x += 1) {
      const azimuth = ((x + 0.5) / HDR_WIDTH) * TAU - Math.PI;
      writeRgbe(pixels, (y * HDR_WIDTH + x) * 4, skyRadiance(sky, sun, direction(azimuth, altitude)));
    }
  }
  return Buffer.concat([header, pixels]);
}

function hdriZip(): Buffer {
  return zipOf({
    ...Object.fromEntries(SKIES.map((sky) => [sky.file, skyHdr(sky)])),
    'README.txt': textFile([
      'Golden Hour HDRI Set',
      '',
      `Two equirectangular (latitude-longitude) sky maps, ${HDR_WIDTH} x ${HDR_HEIGHT}, Radiance HDR (RGBE):`,
      ...SKIES.map((sky) => `  ${sky.file.padEnd(34)} ${sky.title}`),
      '',
      'A low warm sun over a gradient sky and a dark ground. Use them as environment lighting',
      '(world or dome light) in Blender, V-Ray, Enscape, D5 or Twinmotion; they are small, so pair',
      'them with a backplate when the sky shows in the frame.',
      ...README_FOOTER,
    ]),
  });
}

// ---------------------------------------------------------------------------------------------
// A4 landscape portfolio template (pdfkit)
// ---------------------------------------------------------------------------------------------

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

async function portfolioZip(): Promise<Buffer> {
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

// ---------------------------------------------------------------------------------------------
// Climate zones of India (SVG rasterised by sharp)
// ---------------------------------------------------------------------------------------------

type LonLat = readonly [lon: number, lat: number];

/** Map position of a longitude and latitude (an unprojected, schematic grid). */
const mapXY = ([lon, lat]: LonLat): Point => [40 + (lon - 68) * 23, 110 + (37.5 - lat) * 23];

const pathOf = (points: readonly LonLat[]) =>
  `M${points
    .map((p) =>
      mapXY(p)
        .map((n) => n.toFixed(1))
        .join(' '),
    )
    .join(' L')} Z`;

/** A stylised outline of India (schematic, not an authoritative boundary). */
/** Points from "lon lat, lon lat, …". */
const lonLats = (text: string): LonLat[] =>
  text.split(',').map((pair) => {
    const [lon = NaN, lat = NaN] = pair.trim().split(/\s+/).map(Number);
    return [lon, lat];
  });

/** A stylised outline of India (schematic, not an authoritative boundary). */
const INDIA = lonLats(
  `74 37, 75.5 37, 77.8 35.5, 80 35.6, 79.4 32.5, 78.8 31, 80.2 30.2, 81 28.5, 84 27.4, 88 26.4,
   88.1 27.9, 88.9 27.2, 89.8 26.8, 92 26.9, 92 27.8, 94.5 29.3, 96.1 29.4, 97.3 28.2, 96.2 27.3,
   95.2 26.6, 94.8 25, 94.2 23.8, 93.4 23, 93.1 22.3, 92.6 21.9, 92.25 23.6, 91.7 22.95, 91.3 23.3,
   91.2 23.9, 91.6 24.2, 92.2 24.9, 91.8 25.15, 89.8 25.3, 88.6 24.3, 89 22, 88.9 21.6, 87.5 21.5,
   86.8 20.5, 85 19.3, 83.5 18, 82.3 16.6, 80.3 15.5, 80.2 13.5, 79.9 11, 79.8 10.3, 78.9 9.2,
   77.5 8.1, 76.5 8.9, 75.8 11, 74.9 12.8, 74.1 14.8, 73.4 16.5, 72.9 18.9, 72.8 20.5, 72.6 21.4,
   72.2 21, 71 20.8, 69 22.3, 70 22.8, 68.6 23.5, 68.2 23.7, 68.8 24.3, 71 24.4, 70.3 25.7, 69.5 27,
   70.5 28, 72 29.9, 73.4 29.9, 74.5 30.9, 74.6 31.9, 75.3 32.3, 74 33, 73.6 34.6, 72.5 35.9`,
);

interface ClimateZone {
  name: string;
  colour: string;
  /** The NBC's criterion, in two lines. */
  rule: readonly [string, string];
  places: string;
  /** Where it lies, roughly (clipped to the outline); the composite zone is the ground under the others. */
  areas: readonly (readonly LonLat[])[];
}

const CLIMATE_ZONES: readonly ClimateZone[] = [
  {
    name: 'Hot-dry',
    colour: '#d9743a',
    rule: ['Mean monthly maximum above 30 °C,', 'relative humidity below 55 %'],
    places: 'Jodhpur, Jaisalmer, Ahmedabad',
    areas: [lonLats('68 29, 72.5 30.5, 75 27.5, 75 25, 73.8 23.5, 72.8 22.6, 71.5 22.4, 70 22.2, 68 23')],
  },
  {
    name: 'Warm-humid',
    colour: '#3f8f8a',
    rule: ['Above 30 °C and 55 % humidity,', 'or above 25 °C and 75 %'],
    places: 'Mumbai, Chennai, Kolkata',
    areas: [
      lonLats(
        '72 21.5, 73.3 21, 73.9 18.5, 74.2 16.5, 75 14, 75.8 12, 77.2 10, 77.8 8.5, 76 7.5, 71 7.5, 70 21',
      ),
      lonLats(
        `77.9 8, 78.2 10, 78.8 11.8, 79.6 13.5, 79.6 15.5, 81 16.8, 82.6 18.2, 84.5 19.8, 85.8 21.2, 87 22.5,
         87.5 24.5, 88 26.2, 89.5 26.6, 92 27, 94.5 27.6, 97.5 27.9, 98.5 27.8, 98.5 20, 88 20, 80 7, 78 7`,
      ),
    ],
  },
  {
    name: 'Composite',
    colour: '#e2b84c',
    rule: ['Six months or more in none', 'of the other four zones'],
    places: 'Delhi, Lucknow, Nagpur',
    areas: [],
  },
  {
    name: 'Temperate',
    colour: '#7fae5a',
    rule: ['Mean monthly maximum 25–30 °C,', 'relative humidity below 75 %'],
    places: 'Bengaluru',
    areas: [lonLats('76.2 13.9, 77.4 14.2, 78.4 13.6, 78.5 12.4, 77.6 11.6, 76.5 11.8, 75.9 12.8')],
  },
  {
    name: 'Cold',
    colour: '#7a9cc9',
    rule: ['Mean monthly maximum below 25 °C,', 'at any humidity'],
    places: 'Leh, Srinagar, Shimla',
    areas: [
      lonLats('68 38, 82 38, 80.5 30.6, 77 30.6, 76 32.2, 73 33'),
      lonLats('88 29, 98 30, 97.5 27.9, 94.5 27.9, 92 27.4, 88.3 27.1'),
    ],
  },
];

/** Representative cities; the label sits to the right of the dot unless `left`. */
const CITIES: readonly { name: string; at: LonLat; left?: boolean }[] = [
  { name: 'Leh', at: [77.58, 34.16] },
  { name: 'Shimla', at: [77.17, 31.1] },
  { name: 'Delhi', at: [77.21, 28.61] },
  { name: 'Jodhpur', at: [73.02, 26.24] },
  { name: 'Ahmedabad', at: [72.57, 23.02] },
  { name: 'Nagpur', at: [79.09, 21.15] },
  { name: 'Kolkata', at: [88.36, 22.57] },
  { name: 'Mumbai', at: [72.88, 19.08] },
  { name: 'Bengaluru', at: [77.59, 12.97], left: true },
  { name: 'Chennai', at: [80.27, 13.08] },
];

function climateLegend(): string {
  const rows = CLIMATE_ZONES.map((zone, i) => {
    const y = 250 + i * 120;
    return [
      `<rect x="770" y="${y}" width="34" height="34" rx="4" fill="${zone.colour}" stroke="#4a4038" stroke-width="1"/>`,
      `<text x="820" y="${y + 16}" font-size="22" font-weight="bold" fill="#1f1a17">${zone.name}</text>`,
      ...zone.rule.map(
        (text, k) => `<text x="820" y="${y + 40 + k * 19}" font-size="15" fill="#4a4038">${text}</text>`,
      ),
      `<text x="820" y="${y + 83}" font-size="15" font-style="italic" fill="#5b6470">e.g. ${zone.places}</text>`,
    ].join('');
  });
  const heading = `<text x="770" y="220" font-size="16" font-weight="bold" fill="#b4561f" letter-spacing="2">CLIMATE ZONES</text>`;
  return heading + rows.join('');
}

function cityMarks(): string {
  return CITIES.map(({ name, at, left }) => {
    const [x, y] = mapXY(at);
    const labelX = left ? x - 9 : x + 9;
    return [
      `<circle cx="${x.toFixed(1)}" cy="${y.toFixed(1)}" r="5" fill="#1f1a17" stroke="#fff" stroke-width="1.5"/>`,
      `<text x="${labelX.toFixed(1)}" y="${(y + 5).toFixed(1)}" font-size="15" fill="#1f1a17"`,
      ` text-anchor="${left ? 'end' : 'start'}">${name}</text>`,
    ].join('');
  }).join('\n');
}

function climateMapSvg(): string {
  const outline = pathOf(INDIA);
  const composite = CLIMATE_ZONES.find((z) => z.name === 'Composite')!;
  const zones = CLIMATE_ZONES.flatMap((z) =>
    z.areas.map((area) => `<path d="${pathOf(area)}" fill="${z.colour}"/>`),
  );
  const north = `<path d="M0 -34 L10 0 L0 -8 L-10 0 Z" fill="#1f1a17"/>`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="900" viewBox="0 0 1200 900" font-family="sans-serif">`,
    `<rect width="1200" height="900" fill="#f7f4ee"/>`,
    `<text x="40" y="62" font-size="38" font-weight="bold" fill="#1f1a17">Climate Zones of India</text>`,
    `<text x="40" y="92" font-size="17" fill="#5b6470">The five climate zones of the National Building Code of India (NBC 2016), drawn schematically</text>`,
    `<defs><clipPath id="india"><path d="${outline}"/></clipPath></defs>`,
    `<path d="${outline}" fill="${composite.colour}"/>`,
    `<g clip-path="url(#india)">${zones.join('')}</g>`,
    `<path d="${outline}" fill="none" stroke="#4a4038" stroke-width="2" stroke-linejoin="round"/>`,
    cityMarks(),
    `<g transform="translate(700 160)">${north}<text y="22" font-size="16" text-anchor="middle">N</text></g>`,
    climateLegend(),
    `<text x="40" y="880" font-size="13" fill="#5b6470">Atelier demo content. Schematic and not to scale: zone boundaries are indicative, and the outline is not an authoritative depiction of India's borders.</text>`,
    `</svg>`,
  ].join('\n');
}

async function climateZonesJpg(): Promise<Buffer> {
  return sharp(Buffer.from(climateMapSvg())).jpeg({ quality: 82 }).toBuffer();
}

// ---------------------------------------------------------------------------------------------
// The files
// ---------------------------------------------------------------------------------------------

const LIBRARY_FILES: readonly { key: string; contentType: string; render: () => Promise<Buffer> | Buffer }[] =
  [
    {
      key: 'resources/standards/accessible-toilets.dxf',
      contentType: 'image/vnd.dxf',
      render: () => Buffer.from(accessibleToiletsDxf()),
    },
    { key: 'resources/revit/doors.zip', contentType: 'application/zip', render: doorsZip },
    { key: 'resources/revit/windows.zip', contentType: 'application/zip', render: windowsZip },
    { key: 'resources/revit/kitchen.zip', contentType: 'application/zip', render: kitchenZip },
    { key: 'resources/textures/stone.zip', contentType: 'application/zip', render: stoneZip },
    { key: 'resources/textures/hdri-golden-hour.zip', contentType: 'application/zip', render: hdriZip },
    {
      key: 'resources/textures/terrazzo.jpg',
      contentType: 'image/jpeg',
      render: () => jpeg(terrazzoPixels(), TERRAZZO_SIZE, TERRAZZO_SIZE),
    },
    { key: 'resources/portfolio/a4-landscape.zip', contentType: 'application/zip', render: portfolioZip },
    { key: 'resources/public/climate-zones.jpg', contentType: 'image/jpeg', render: climateZonesJpg },
  ];

/** Every non-PDF demo library file, rendered deterministically (same bytes every run). */
export async function renderLibraryFiles(): Promise<LibraryFile[]> {
  return Promise.all(
    LIBRARY_FILES.map(async ({ key, contentType, render }) => ({ key, contentType, bytes: await render() })),
  );
}

/** Renders and stores each under its key; answers the byte length stored, by key. */
export async function storeLibraryFiles(files: FileStorage): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  for (const { key, bytes, contentType } of await renderLibraryFiles()) {
    await files.put(key, bytes, contentType);
    sizes.set(key, bytes.length);
  }
  return sizes;
}
