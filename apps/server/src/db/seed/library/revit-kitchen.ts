import { arc, line, rect, type DxfEntity } from './dxf.js';
import { revitSetZip, type CatalogueColumn } from './revit-sets.js';

/*
 * The Revit modular kitchen set: base, drawer, sink, corner, wall and tall units on one plinth,
 * worktop and wall-unit height, each drawn as a front elevation (carcass, fronts, bar handles and a
 * tap on the sink unit), and the zip (`resources/revit/kitchen.zip`) of a README, a type catalogue
 * and a DXF of the elevations.
 */

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

export function kitchenZip(): Buffer {
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
  return revitSetZip({
    family,
    category: 'casework',
    intro: [
      'Atelier Modular Kitchen Families',
      '',
      `${KITCHEN_UNITS.length} modular kitchen units: base, drawer, sink and corner units, wall units and a tall pantry.`,
      `Base units: 720 carcass on a ${PLINTH} plinth under a ${WORKTOP} worktop (860 to the top); wall units hung`,
      `${WALL_UNIT_BOTTOM} above the floor, their tops in line with the tall unit's.`,
    ],
    catalogueNote: 'Revit type catalogue: sizes, plinth and mounting heights, fronts, in millimetres.',
    elevationsNote: 'Front elevations of every unit (DXF R12, millimetres).',
    columns,
    rows,
    title: 'ATELIER MODULAR KITCHEN UNITS',
    elevations: KITCHEN_UNITS.map((u) => ({
      name: u.name.toUpperCase(),
      size: `${u.width} W x ${u.height} H x ${u.depth} D`,
      width: u.width,
      draw: () => kitchenElevation(u),
    })),
  });
}
