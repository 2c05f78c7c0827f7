import { strFromU8, unzipSync } from 'fflate';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { isStorageKey, type FileStorage } from '../../integrations/storage/file-storage.js';
import { DEMO_OUTER_FILES, DEMO_RESOURCE_FOLDERS, type DemoResourceFolder } from './content/site.js';
import { renderLibraryFiles, storeLibraryFiles, type LibraryFile } from './library-files.js';

/**
 * The demo library's non-PDF files are rendered at seed time (library-files.ts): each must be a
 * real file of its kind — a DXF that CAD opens, zips that unzip to what their READMEs say, JPGs
 * and HDRs of the stated size — and render to the same bytes every time, so the library can list
 * each with the length of what it stored.
 */

const KEYS = [
  'resources/standards/accessible-toilets.dxf',
  'resources/revit/doors.zip',
  'resources/revit/windows.zip',
  'resources/revit/kitchen.zip',
  'resources/textures/stone.zip',
  'resources/textures/hdri-golden-hour.zip',
  'resources/textures/terrazzo.jpg',
  'resources/portfolio/a4-landscape.zip',
  'resources/public/climate-zones.jpg',
];

/** Every path the seeded library lists, folders and outer files alike. */
function listedPaths(folders: readonly DemoResourceFolder[]): string[] {
  return folders.flatMap((f) => [
    ...f.files.flatMap((file) => (file.path ? [file.path] : [])),
    ...listedPaths(f.children ?? []),
  ]);
}

/** A FileStorage that keeps bytes in a map, with the type each was put with. */
function memoryStorage(): FileStorage & { stored: Map<string, { bytes: Buffer; contentType: string }> } {
  const stored = new Map<string, { bytes: Buffer; contentType: string }>();
  return {
    kind: 'local',
    stored,
    async put(key, bytes, contentType) {
      stored.set(key, { bytes, contentType });
    },
    async get(key) {
      return stored.get(key)?.bytes ?? null;
    },
    async delete(key) {
      stored.delete(key);
    },
    async close() {},
  };
}

/** The DXF's group codes and values, pair by pair. */
function dxfGroups(text: string): [number, string][] {
  const lines = text.split('\n');
  const groups: [number, string][] = [];
  for (let i = 0; i + 1 < lines.length; i += 2) groups.push([Number(lines[i]), lines[i + 1]!]);
  return groups;
}

/** Checks the DXF's structure (sections closed, EOF last) and answers its entity types. */
function dxfEntityTypes(text: string): string[] {
  expect(text.startsWith('0\nSECTION\n')).toBe(true);
  expect(text.trimEnd().endsWith('0\nEOF')).toBe(true);
  const groups = dxfGroups(text);
  expect(groups.every(([code]) => Number.isInteger(code) && code >= 0 && code <= 1071)).toBe(true);
  const sections = groups.filter(
    ([code, value]) => code === 2 && ['HEADER', 'TABLES', 'ENTITIES'].includes(value),
  );
  expect(sections.map(([, name]) => name)).toEqual(['HEADER', 'TABLES', 'ENTITIES']);
  expect(groups.filter(([c, v]) => c === 0 && v === 'SECTION')).toHaveLength(3);
  expect(groups.filter(([c, v]) => c === 0 && v === 'ENDSEC')).toHaveLength(3);
  const start = groups.findIndex(([code, value]) => code === 2 && value === 'ENTITIES');
  const entities = groups.slice(start + 1).filter(([code]) => code === 0);
  return entities.map(([, type]) => type).filter((type) => type !== 'ENDSEC' && type !== 'EOF');
}

describe('the demo library files', () => {
  let files: LibraryFile[];
  let byKey: Map<string, LibraryFile>;
  const bytesOf = (key: string) => byKey.get(key)!.bytes;
  const entriesOf = (key: string) => unzipSync(bytesOf(key));

  beforeAll(async () => {
    files = await renderLibraryFiles();
    byKey = new Map(files.map((f) => [f.key, f]));
  });

  it('when they are rendered twice, then every listed non-PDF file renders, non-empty, to the same bytes both times', async () => {
    expect(files.map((f) => f.key).sort()).toEqual([...KEYS].sort());
    const listed = [
      ...listedPaths(DEMO_RESOURCE_FOLDERS),
      ...DEMO_OUTER_FILES.flatMap((f) => (f.path ? [f.path] : [])),
    ];
    expect(listed.filter((path) => !path.endsWith('.pdf')).sort()).toEqual([...KEYS].sort());
    for (const file of files) {
      expect(isStorageKey(file.key), file.key).toBe(true);
      expect(file.bytes.length, file.key).toBeGreaterThan(1_000);
    }
    // Zips carry a fixed time (1 January 2026, 00:00), never the time of the render: the first
    // entry's local header holds it (DOS time at offset 10, date at 12).
    for (const file of files.filter((f) => f.key.endsWith('.zip'))) {
      expect(file.bytes.readUInt32LE(0), file.key).toBe(0x04034b50);
      expect([file.bytes.readUInt16LE(10), file.bytes.readUInt16LE(12)], file.key).toEqual([
        0,
        ((2026 - 1980) << 9) | (1 << 5) | 1,
      ]);
    }
    const again = await renderLibraryFiles();
    for (const file of again) expect(file.bytes.equals(bytesOf(file.key)), file.key).toBe(true);
    // Small: the whole set stays well under 3 MB.
    expect(files.reduce((sum, f) => sum + f.bytes.length, 0)).toBeLessThan(3_000_000);
  });

  it('when the toilet layouts are read as DXF, then the sections close, EOF ends it and the plans hold lines, arcs, circles and text in millimetres', () => {
    const text = bytesOf('resources/standards/accessible-toilets.dxf').toString('latin1');
    const types = dxfEntityTypes(text);
    for (const type of ['LINE', 'ARC', 'CIRCLE', 'TEXT']) expect(types, type).toContain(type);
    expect(text).toContain('9\n$ACADVER\n1\nAC1009\n');
    expect(text).toContain('9\n$INSUNITS\n70\n4\n');
    // The 1500 mm turning circles: three layouts, radius 750.
    const groups = dxfGroups(text);
    const entities = groups.slice(groups.findIndex(([code, value]) => code === 2 && value === 'ENTITIES'));
    expect(entities.filter(([code, value]) => code === 40 && value === '750.0')).toHaveLength(3);
    expect(byKey.get('resources/standards/accessible-toilets.dxf')!.contentType).toBe('image/vnd.dxf');
  });

  it('when a Revit set is unzipped, then it holds a README, a type catalogue in millimetres and a DXF of the types’ elevations', () => {
    const sets = {
      'resources/revit/doors.zip': ['Atelier_Door_Flush-Panel', 12],
      'resources/revit/windows.zip': ['Atelier_Window_Casement-Sliding', 10],
      'resources/revit/kitchen.zip': ['Atelier_Kitchen_Modular', 12],
    } as const;
    for (const [key, [family, types]] of Object.entries(sets)) {
      const entries = entriesOf(key);
      expect(Object.keys(entries).sort(), key).toEqual(
        ['README.txt', `${family}.txt`, `${family}_Elevations.dxf`].sort(),
      );
      const catalogue = strFromU8(entries[`${family}.txt`]!).trimEnd().split('\r\n');
      expect(catalogue[0]).toMatch(/^,Width##LENGTH##MILLIMETERS,Height##LENGTH##MILLIMETERS,/);
      expect(catalogue).toHaveLength(types + 1);
      const width = catalogue[0]!.split(',').length;
      expect(catalogue.every((row) => row.split(',').length === width)).toBe(true);
      expect(dxfEntityTypes(strFromU8(entries[`${family}_Elevations.dxf`]!))).toContain('LINE');
      expect(strFromU8(entries['README.txt']!)).toContain('Atelier demo content');
    }
    expect(strFromU8(entriesOf('resources/revit/doors.zip')['Atelier_Door_Flush-Panel.txt']!)).toContain(
      '\r\nFlush 900 x 2100,900,2100,',
    );
  });

  it('when the images are decoded, then each JPG has its stated size, the stone textures included', async () => {
    const size = async (bytes: Uint8Array) => {
      const { format, width, height } = await sharp(bytes).metadata();
      return { format, width, height };
    };
    expect(await size(bytesOf('resources/textures/terrazzo.jpg'))).toEqual({
      format: 'jpeg',
      width: 1024,
      height: 1024,
    });
    expect(await size(bytesOf('resources/public/climate-zones.jpg'))).toEqual({
      format: 'jpeg',
      width: 1200,
      height: 900,
    });
    const stones = entriesOf('resources/textures/stone.zip');
    const textures = Object.keys(stones).filter((name) => name.endsWith('.jpg'));
    expect(textures.sort()).toEqual([
      'granite-sadarahalli-grey_512.jpg',
      'jaisalmer-yellow_512.jpg',
      'kota-blue_512.jpg',
      'shahabad-grey_512.jpg',
    ]);
    for (const name of textures) {
      expect(await size(stones[name]!), name).toEqual({ format: 'jpeg', width: 512, height: 512 });
    }
    expect(Object.keys(stones)).toContain('README.txt');
  });

  it('when the HDRI set is unzipped, then each sky is a Radiance file of 512 × 256 flat RGBE pixels after its header', () => {
    const entries = entriesOf('resources/textures/hdri-golden-hour.zip');
    const skies = Object.keys(entries).filter((name) => name.endsWith('.hdr'));
    expect(skies).toHaveLength(2);
    expect(Object.keys(entries)).toContain('README.txt');
    for (const name of skies) {
      const bytes = Buffer.from(entries[name]!);
      const resolution = '\n\n-Y 256 +X 512\n';
      const end = bytes.indexOf(resolution) + resolution.length;
      const header = bytes.subarray(0, end).toString('latin1');
      expect(header.startsWith('#?RADIANCE\n'), name).toBe(true);
      expect(header).toContain('\nFORMAT=32-bit_rle_rgbe\n');
      expect(bytes.length, name).toBe(end + 512 * 256 * 4);
      // Normalised pixels: the largest mantissa of each is at least 128 (none reads as a run-length marker).
      for (let i = end; i < bytes.length; i += 4 * 997) {
        expect(Math.max(bytes[i]!, bytes[i + 1]!, bytes[i + 2]!)).toBeGreaterThanOrEqual(128);
      }
    }
  });

  it('when the portfolio template is unzipped, then it holds a multi-page A4 landscape PDF and a README on the grid', () => {
    const entries = entriesOf('resources/portfolio/a4-landscape.zip');
    expect(Object.keys(entries).sort()).toEqual(['A4-Landscape-Portfolio-Template.pdf', 'README.txt']);
    const pdf = Buffer.from(entries['A4-Landscape-Portfolio-Template.pdf']!).toString('latin1');
    expect(pdf.startsWith('%PDF-')).toBe(true);
    expect((pdf.match(/\/Type \/Page\b/g) ?? []).length).toBe(5);
    expect(pdf).toContain('/MediaBox [0 0 841.89 595.28]');
    const readme = strFromU8(entries['README.txt']!);
    expect(readme).toContain('12, each 19 mm wide');
    expect(readme).toContain('4 mm between columns');
  });

  it('when they are stored, then every key holds its bytes with its type, and each byte length is reported', async () => {
    const storage = memoryStorage();
    const sizes = await storeLibraryFiles(storage);
    expect([...sizes.keys()].sort()).toEqual([...KEYS].sort());
    for (const file of files) {
      const stored = storage.stored.get(file.key)!;
      expect(stored.bytes.equals(file.bytes), file.key).toBe(true);
      expect(stored.contentType).toBe(file.contentType);
      expect(sizes.get(file.key)).toBe(file.bytes.length);
    }
    expect(storage.stored.get('resources/textures/terrazzo.jpg')!.contentType).toBe('image/jpeg');
    expect(storage.stored.get('resources/revit/doors.zip')!.contentType).toBe('application/zip');
  });
});
