import { circle, line, polyline, rect, type DxfEntity } from './dxf.js';
import type { Point } from './geometry.js';
import { revitSetZip, type CatalogueColumn } from './revit-sets.js';

/*
 * The Revit door and window sets: flush and panel doors (single and double) and casement, sliding,
 * fixed and top-hung windows, each drawn as an elevation from outside with dashed opening marks or
 * slide arrows, and the two zips (`resources/revit/doors.zip`, `resources/revit/windows.zip`) of a
 * README, a type catalogue and a DXF of the elevations.
 */

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

export function doorsZip(): Buffer {
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
  return revitSetZip({
    family,
    category: 'door',
    intro: [
      'Atelier Doors - Flush & Panel Set',
      '',
      `${DOOR_TYPES.length} door types: flush (single and double, one with a vision panel) and two- and four-panel doors.`,
    ],
    catalogueNote: "Revit type catalogue: the types' sizes, frame, leaves and finish, in millimetres.",
    elevationsNote: 'Elevations of every type, seen from outside (DXF R12, millimetres).',
    columns,
    rows,
    title: 'ATELIER DOORS - FLUSH AND PANEL SET',
    elevations: DOOR_TYPES.map((d) => ({
      name: d.name.toUpperCase(),
      size: `${d.width} x ${d.height}`,
      width: d.width + 2 * DOOR_FRAME,
      draw: () => doorElevation(d),
    })),
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

export function windowsZip(): Buffer {
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
  return revitSetZip({
    family,
    category: 'window',
    intro: [
      'Atelier Windows - Casement & Sliding Set',
      '',
      `${WINDOW_TYPES.length} window types: casements of one to three leaves (one under a fanlight), two- and`,
      'three-shutter sliding windows, a fixed light and a top-hung toilet ventilator.',
    ],
    catalogueNote: 'Revit type catalogue: sizes, sill height, frame and operation, in millimetres.',
    elevationsNote: 'Elevations of every type at its sill height, seen from outside (DXF R12, mm).',
    columns,
    rows,
    title: 'ATELIER WINDOWS - CASEMENT AND SLIDING SET',
    elevations: WINDOW_TYPES.map((w) => ({
      name: w.name.toUpperCase(),
      size: `${w.width} x ${w.height}, SILL ${w.sill}`,
      width: w.width,
      draw: () => windowElevation(w),
    })),
  });
}
