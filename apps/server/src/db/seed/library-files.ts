import type { FileStorage } from '../../integrations/storage/file-storage.js';
import { climateZonesJpg } from './library/climate-map.js';
import { hdriZip } from './library/hdri.js';
import { portfolioZip } from './library/portfolio.js';
import { doorsZip, windowsZip } from './library/revit-doors-windows.js';
import { kitchenZip } from './library/revit-kitchen.js';
import { jpeg, stoneZip, TERRAZZO_SIZE, terrazzoPixels } from './library/textures.js';
import { accessibleToiletsDxf } from './library/toilets.js';

/*
 * The demo library's files other than its PDFs, rendered at seed time as documents.ts renders
 * those: a DXF of accessible toilet layouts, the Revit sets' type catalogues with DXF elevations
 * (we cannot write .rfa families), tileable stone textures, golden-hour HDR skies, a terrazzo
 * board, an A4 portfolio template and a schematic climate-zone map. All drawn by the modules in
 * library/, nothing fetched, each small. Fixed PRNG seeds, fixed PDF dates and fixed zip times: a
 * file renders to the same bytes on every run (the map's text is set in the machine's sans-serif,
 * so its bytes follow the installed fonts). The seed stores the bytes under each key and lists
 * each file with the length of what it wrote.
 */

/** One rendered library file: its storage key, its bytes and the type it is served as. */
export interface LibraryFile {
  key: string;
  bytes: Buffer;
  contentType: string;
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
