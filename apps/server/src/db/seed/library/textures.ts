import sharp from 'sharp';
import { createPrng, type Prng } from '../random.js';
import type { Point, Rgb } from './geometry.js';
import { README_FOOTER, textFile, zipOf } from './zip.js';

/*
 * Procedural textures (tileable noise, palettes, JPEG through sharp): value noise on a wrapping
 * lattice summed into fractal fields, coloured along palettes with random grain; the four Indian
 * stones, zipped as seamless JPGs (`resources/textures/stone.zip`), and the terrazzo board
 * (`resources/textures/terrazzo.jpg`). Each texture draws from its own fixed PRNG seed in a fixed
 * order, so it renders to the same bytes on every run. The HDR skies share `mix` and `TAU`.
 */

const smoothstep = (t: number) => t * t * (3 - 2 * t);
const lerp = (a: number, b: number, t: number) => a + (b - a) * t;
export const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  lerp(a[0], b[0], t),
  lerp(a[1], b[1], t),
  lerp(a[2], b[2], t),
];
export const TAU = Math.PI * 2;

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

export async function jpeg(pixels: Buffer, width: number, height: number): Promise<Buffer> {
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

export async function stoneZip(): Promise<Buffer> {
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

export const TERRAZZO_SIZE = 1024;

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
export function terrazzoPixels(): Buffer {
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
