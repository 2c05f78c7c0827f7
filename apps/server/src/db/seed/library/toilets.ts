import {
  arc,
  circle,
  dimension,
  label,
  line,
  mirrored,
  moved,
  polyline,
  rect,
  writeDxf,
  type DxfEntity,
  type DxfLayer,
} from './dxf.js';
import type { Point } from './geometry.js';

/*
 * Accessible toilet layouts: three indicative plans (a corner WC for a left-hand and a right-hand
 * transfer, and a peninsular WC), each with its walls, an outward-opening door, the WC and basin,
 * grab rails, the 1500 mm turning circle and dimensions, side by side in one DXF
 * (`resources/standards/accessible-toilets.dxf`).
 */

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

const CORNER_WC: ToiletLayout = {
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
};

const TOILET_LAYOUTS: readonly ToiletLayout[] = [
  CORNER_WC,
  {
    ...CORNER_WC,
    title: 'LAYOUT B - CORNER WC, RIGHT-HAND TRANSFER',
    note: 'MIRROR OF LAYOUT A: PROVIDE BOTH HANDS WHERE THERE ARE TWO TOILETS',
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

export function accessibleToiletsDxf(): Uint8Array {
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
