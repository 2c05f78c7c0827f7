import sharp from 'sharp';
import type { Point } from './geometry.js';

/*
 * Climate zones of India (SVG rasterised by sharp): the five climate zones of the NBC 2016, drawn
 * schematically over a stylised outline with representative cities and a legend, as an SVG that
 * sharp turns into a JPG (`resources/public/climate-zones.jpg`). Its text is set in the machine's
 * sans-serif, so its bytes follow the installed fonts.
 */

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

export async function climateZonesJpg(): Promise<Buffer> {
  return sharp(Buffer.from(climateMapSvg())).jpeg({ quality: 82 }).toBuffer();
}
