import { label, line, moved, writeDxf, type DxfEntity, type DxfLayer } from './dxf.js';
import { README_FOOTER, textFile, zipOf } from './zip.js';

/*
 * Revit family sets: type catalogues and elevations. What the door, window and kitchen sets
 * (revit-doors-windows.ts, revit-kitchen.ts) share: the type catalogue Revit reads next to a family
 * of the same name (we cannot write .rfa families), and the DXF sheet of elevations standing side by
 * side on one floor line, each labelled with its name and size.
 */

export interface CatalogueColumn {
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

/** One family set's download: what its README says, its type catalogue and its elevations. */
export interface RevitSet {
  /** The family's name: the catalogue is `{family}.txt`, the drawing `{family}_Elevations.dxf`. */
  family: string;
  /** Revit's word for the family ("door", "window", "casework"), for the README. */
  category: string;
  /** The README's title and what the set holds. */
  intro: readonly string[];
  /** What the README says each file holds. */
  catalogueNote: string;
  elevationsNote: string;
  columns: readonly CatalogueColumn[];
  rows: readonly (readonly [type: string, ...values: (string | number)[]])[];
  /** The elevations sheet's title and its items. */
  title: string;
  elevations: readonly { name: string; size: string; width: number; draw: () => DxfEntity[] }[];
}

/** A family set as a zip: README, type catalogue and elevations (DXF). */
export function revitSetZip(set: RevitSet): Buffer {
  return zipOf({
    'README.txt': textFile([
      ...set.intro,
      '',
      `${set.family}.txt             ${set.catalogueNote}`,
      `${set.family}_Elevations.dxf  ${set.elevationsNote}`,
      '',
      'The Revit family files (.rfa) are not part of this demo download. Put the catalogue next to a',
      `${set.category} family named ${set.family}.rfa and Revit's Load Family dialog offers these types.`,
      ...README_FOOTER,
    ]),
    [`${set.family}.txt`]: typeCatalogue(set.columns, set.rows),
    [`${set.family}_Elevations.dxf`]: elevationsDxf(set.title, set.elevations),
  });
}
