import { strToU8 } from 'fflate';
import type { Point } from './geometry.js';

/*
 * DXF (AutoCAD R12, ASCII, millimetres): the entities the library draws (lines, circles, arcs and
 * text), their constructors and transforms (moved, mirrored), a dimension with ticks and its length,
 * and the writer of the HEADER, TABLES and ENTITIES sections. The accessible toilet layouts and the
 * Revit sets' elevations are drawn with it.
 */

export type DxfEntity =
  | { type: 'LINE'; layer: string; from: Point; to: Point }
  | { type: 'CIRCLE'; layer: string; centre: Point; radius: number }
  | { type: 'ARC'; layer: string; centre: Point; radius: number; start: number; end: number }
  | { type: 'TEXT'; layer: string; at: Point; height: number; text: string; rotation: number };

export interface DxfLayer {
  name: string;
  /** AutoCAD colour index. */
  colour: number;
  dashed?: boolean;
}

/** A group: its code and its value (numbers in codes 10–59 are reals, the rest integers). */
type Group = readonly [code: number, value: string | number];

export const line = (layer: string, from: Point, to: Point): DxfEntity => ({ type: 'LINE', layer, from, to });
export const circle = (layer: string, centre: Point, radius: number): DxfEntity => ({
  type: 'CIRCLE',
  layer,
  centre,
  radius,
});
/** An arc drawn anticlockwise from `start` to `end` (degrees). */
export const arc = (layer: string, centre: Point, radius: number, start: number, end: number): DxfEntity => ({
  type: 'ARC',
  layer,
  centre,
  radius,
  start,
  end,
});
/** A line of text centred on `at` (its baseline), turned `rotation` degrees. */
export const label = (layer: string, at: Point, height: number, text: string, rotation = 0): DxfEntity => ({
  type: 'TEXT',
  layer,
  at,
  height,
  text,
  rotation,
});

/** Lines through `points`, back to the first when `closed`. */
export function polyline(layer: string, points: readonly Point[], closed = false): DxfEntity[] {
  const ends = closed ? [...points, points[0]!] : points;
  return ends.slice(1).map((to, i) => line(layer, ends[i]!, to));
}

export function rect(layer: string, x: number, y: number, width: number, height: number): DxfEntity[] {
  const corners: Point[] = [
    [x, y],
    [x + width, y],
    [x + width, y + height],
    [x, y + height],
  ];
  return polyline(layer, corners, true);
}

export function moved(entities: readonly DxfEntity[], dx: number, dy: number): DxfEntity[] {
  const shift = ([x, y]: Point): Point => [x + dx, y + dy];
  return entities.map((e) => {
    if (e.type === 'LINE') return { ...e, from: shift(e.from), to: shift(e.to) };
    if (e.type === 'TEXT') return { ...e, at: shift(e.at) };
    return { ...e, centre: shift(e.centre) };
  });
}

/** The mirror image of `entities` about the vertical line x = `axis` (text stays readable). */
export function mirrored(entities: readonly DxfEntity[], axis: number): DxfEntity[] {
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
export function writeDxf(layers: readonly DxfLayer[], entities: readonly DxfEntity[]): Uint8Array {
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
export function dimension(from: Point, to: Point): DxfEntity[] {
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
