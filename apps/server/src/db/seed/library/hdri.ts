import type { Rgb } from './geometry.js';
import { mix, TAU } from './textures.js';
import { README_FOOTER, textFile, zipOf } from './zip.js';

/*
 * HDR skies (Radiance RGBE, equirectangular): two golden-hour skies, a low warm sun over a gradient
 * sky and a dark ground, computed per pixel and written as flat RGBE scanlines, zipped with a README
 * (`resources/textures/hdri-golden-hour.zip`).
 */

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

export function hdriZip(): Buffer {
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
