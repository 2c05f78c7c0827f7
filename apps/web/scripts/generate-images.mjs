// Generates the demo catalogue's illustrations locally (nothing is downloaded): one architectural
// drawing per workshop, blog, trip, campaign banner and resource the demo seed refers to
// (`/images/<folder>/<name>.jpg|png`), drawn as SVG and rendered by sharp to WebP at the widths the
// web app's image pipeline asks for (`<name>-<width>.webp`, lib/images.ts), plus the site's share
// image. Run with `npm run images -w apps/web`; output goes to apps/web/public/images.
//
// The names come from the demo seed's content modules (read-only, through tsx), so the art always
// matches the seeded data; the large seed's `placeholder-N` images are drawn too.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '../public/images');
const seedContent = path.join(here, '../../server/src/db/seed/content');

/** Must match IMAGE_WIDTHS in src/lib/images.ts. */
const WIDTHS = [400, 800, 1200];
const W = 1200;
const H = 750;

const INK = '#1f1b18';
const THEME = '#f59a4c';
const DEEP = '#e3683b';
const PAPERS = ['#fbf3ea', '#f6ede3', '#f3ece4', '#fdf6ef', '#f1e9df'];
const ACCENTS = [
  { strong: THEME, soft: '#f8c7a0', wash: '#fde6d2' },
  { strong: '#7d9b8c', soft: '#bfd1c5', wash: '#e3ece6' },
  { strong: '#7f97ad', soft: '#c3d1de', wash: '#e4eaf0' },
  { strong: '#c98a5b', soft: '#e8c9ad', wash: '#f5e6d8' },
  { strong: DEEP, soft: '#f3b38f', wash: '#fbe2d3' },
];

/** A small seeded generator (mulberry32), so every drawing is stable across runs. */
function random(seedText) {
  let h = 1779033703 ^ seedText.length;
  for (let i = 0; i < seedText.length; i++) {
    h = Math.imul(h ^ seedText.charCodeAt(i), 3432918353);
    h = (h << 13) | (h >>> 19);
  }
  let a = h >>> 0;
  const next = () => {
    a |= 0;
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    range: (min, max) => min + next() * (max - min),
    int: (min, max) => Math.floor(min + next() * (max - min + 1)),
    pick: (items) => items[Math.floor(next() * items.length)],
  };
}

const r1 = (n) => Math.round(n * 10) / 10;

function frame(paper, body, grid = true) {
  const gridLines = grid
    ? `<defs><pattern id="g" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0v40" fill="none" stroke="${INK}" stroke-opacity="0.06" stroke-width="1.5"/></pattern></defs><rect width="${W}" height="${H}" fill="url(#g)"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="${paper}"/>${gridLines}${body}</svg>`;
}

/** Architecture: an elevation, a colonnade of arches on a plinth, under a low sun. */
function elevation(rng, c) {
  const base = 600;
  const bays = rng.int(4, 7);
  const left = rng.range(150, 260);
  const width = W - left * 2;
  const bay = width / bays;
  const height = rng.range(260, 360);
  const top = base - height;
  let arches = '';
  for (let i = 0; i < bays; i++) {
    const x = left + i * bay + bay * 0.18;
    const w = bay * 0.64;
    const spring = top + height * 0.42;
    arches += `<path d="M${r1(x)} ${base}V${r1(spring)}a${r1(w / 2)} ${r1(w / 2)} 0 0 1 ${r1(w)} 0V${base}" fill="${i % 2 ? c.soft : c.wash}" stroke="${INK}" stroke-width="6" stroke-linejoin="round"/>`;
  }
  const sunX = rng.range(760, 980);
  return (
    `<circle cx="${r1(sunX)}" cy="${r1(top - 40)}" r="${r1(rng.range(70, 110))}" fill="${c.strong}"/>` +
    `<rect x="${r1(left)}" y="${r1(top)}" width="${r1(width)}" height="${r1(height)}" fill="#fffaf4" stroke="${INK}" stroke-width="7"/>` +
    `<path d="M${r1(left - 30)} ${r1(top)}h${r1(width + 60)}" stroke="${INK}" stroke-width="14" stroke-linecap="round"/>` +
    arches +
    `<path d="M${r1(left - 90)} ${base}h${r1(width + 180)}M${r1(left - 60)} ${base + 24}h${r1(width + 120)}M${r1(left - 30)} ${base + 48}h${r1(width + 60)}" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>`
  );
}

/** Computational design: fins whose depth follows an attractor curve, like a parametric facade. */
function parametric(rng, c) {
  const count = rng.int(26, 38);
  const left = 120;
  const step = (W - 240) / count;
  const phase = rng.range(0, Math.PI * 2);
  const freq = rng.range(1.2, 2.4);
  let fins = '';
  for (let i = 0; i <= count; i++) {
    const t = i / count;
    const amp = (Math.sin(t * Math.PI * freq + phase) + 1) / 2;
    const x = left + i * step;
    const h = 180 + amp * 300;
    const y = 375 - h / 2;
    const w = 6 + amp * 16;
    fins += `<rect x="${r1(x - w / 2)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="${r1(w / 2)}" fill="${amp > 0.62 ? c.strong : INK}" fill-opacity="${amp > 0.62 ? 1 : r1(0.35 + amp * 0.5)}"/>`;
  }
  let curve = `M${left} ${r1(375 + Math.sin(phase) * 200)}`;
  for (let i = 1; i <= 60; i++) {
    const t = i / 60;
    curve += `L${r1(left + t * (W - 240))} ${r1(375 + Math.sin(t * Math.PI * freq + phase) * 200)}`;
  }
  return `<rect x="60" y="60" width="${W - 120}" height="${H - 120}" rx="36" fill="${c.wash}"/>${fins}<path d="${curve}" fill="none" stroke="${INK}" stroke-width="4" stroke-dasharray="2 14" stroke-linecap="round"/>`;
}

/** Interiors: a one-point perspective room with a window, a pendant and a chair. */
function room(rng, c) {
  const bx = rng.range(380, 460);
  const by = rng.range(190, 230);
  const bw = rng.range(340, 420);
  const bh = rng.range(260, 300);
  const floor = by + bh;
  const wx = bx + rng.range(30, bw - 200);
  const chairX = rng.range(bx - 120, bx + bw - 80);
  return (
    `<path d="M0 0H${W}L${r1(bx + bw)} ${r1(by)}H${r1(bx)}Z" fill="${c.wash}"/>` +
    `<path d="M0 ${H}H${W}L${r1(bx + bw)} ${r1(floor)}H${r1(bx)}Z" fill="${c.soft}"/>` +
    `<path d="M0 0L${r1(bx)} ${r1(by)}V${r1(floor)}L0 ${H}Z" fill="#fffaf4"/>` +
    `<path d="M${W} 0L${r1(bx + bw)} ${r1(by)}V${r1(floor)}L${W} ${H}Z" fill="#f4ece3"/>` +
    `<rect x="${r1(bx)}" y="${r1(by)}" width="${r1(bw)}" height="${r1(bh)}" fill="#fffdf9" stroke="${INK}" stroke-width="6"/>` +
    `<rect x="${r1(wx)}" y="${r1(by + 40)}" width="160" height="150" fill="${c.strong}" fill-opacity="0.85" stroke="${INK}" stroke-width="6"/>` +
    `<path d="M${r1(wx + 80)} ${r1(by + 40)}v150M${r1(wx)} ${r1(by + 115)}h160" stroke="${INK}" stroke-width="4"/>` +
    `<path d="M0 0L${r1(bx)} ${r1(by)}M${W} 0L${r1(bx + bw)} ${r1(by)}M0 ${H}L${r1(bx)} ${r1(floor)}M${W} ${H}L${r1(bx + bw)} ${r1(floor)}" stroke="${INK}" stroke-width="5"/>` +
    `<path d="M${r1(bx + bw / 2)} 0V${r1(by - 40)}" stroke="${INK}" stroke-width="3"/><path d="M${r1(bx + bw / 2 - 46)} ${r1(by - 10)}a46 40 0 0 1 92 0Z" fill="${INK}"/>` +
    `<path d="M${r1(chairX)} ${r1(floor + 150)}v-120a30 30 0 0 1 30-30h70v90h60v60" fill="none" stroke="${INK}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"/>` +
    `<rect x="${r1(chairX + 220)}" y="${r1(floor + 40)}" width="180" height="70" rx="14" fill="${INK}"/><path d="M${r1(chairX + 240)} ${r1(floor + 110)}v50M${r1(chairX + 380)} ${r1(floor + 110)}v50" stroke="${INK}" stroke-width="8"/>`
  );
}

/** Landscape and urbanism: a site plan of blocks, trees and a river. */
function sitePlan(rng, c) {
  let body = `<rect width="${W}" height="${H}" fill="${c.wash}"/>`;
  const river = `M-20 ${r1(rng.range(120, 260))}C${r1(rng.range(250, 400))} ${r1(rng.range(150, 420))} ${r1(rng.range(500, 700))} ${r1(rng.range(300, 560))} ${W + 20} ${r1(rng.range(480, 680))}`;
  body += `<path d="${river}" fill="none" stroke="${ACCENTS[2].soft}" stroke-width="70" stroke-linecap="round"/><path d="${river}" fill="none" stroke="${ACCENTS[2].strong}" stroke-width="4" stroke-dasharray="18 14"/>`;
  const angle = rng.range(-14, 14);
  let blocks = '';
  for (let gx = 0; gx < 7; gx++) {
    for (let gy = 0; gy < 4; gy++) {
      if (rng.next() < 0.22) continue;
      const x = 90 + gx * 150 + rng.range(-8, 8);
      const y = 90 + gy * 150 + rng.range(-8, 8);
      const w = rng.range(80, 120);
      const h = rng.range(80, 120);
      const fill = rng.next() < 0.18 ? c.strong : rng.next() < 0.5 ? '#fffaf4' : c.soft;
      blocks += `<rect x="${r1(x)}" y="${r1(y)}" width="${r1(w)}" height="${r1(h)}" rx="6" fill="${fill}" stroke="${INK}" stroke-width="4"/>`;
    }
  }
  body += `<g transform="rotate(${r1(angle)} 600 375)" opacity="0.96">${blocks}</g>`;
  for (let i = 0; i < 26; i++) {
    const x = rng.range(40, W - 40);
    const y = rng.range(40, H - 40);
    const r = rng.range(14, 30);
    body += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${ACCENTS[1].strong}" fill-opacity="0.8" stroke="${INK}" stroke-width="3"/>`;
  }
  return body;
}

/** Visualisation: a building in two-point perspective with light and shadow. */
function perspective(rng, c) {
  const hx = rng.range(520, 680);
  const horizon = rng.range(430, 500);
  const top = rng.range(150, 220);
  const lx = hx - rng.range(260, 360);
  const rx = hx + rng.range(260, 360);
  const sx = rng.range(160, 1040);
  return (
    `<rect width="${W}" height="${r1(horizon)}" fill="${c.wash}"/>` +
    `<circle cx="${r1(sx)}" cy="${r1(rng.range(120, 200))}" r="70" fill="${c.strong}"/>` +
    `<rect y="${r1(horizon)}" width="${W}" height="${r1(H - horizon)}" fill="${c.soft}"/>` +
    `<path d="M${r1(hx)} ${r1(top)}L${r1(lx)} ${r1(top + 90)}V${r1(horizon + 40)}L${r1(hx)} ${r1(horizon + 110)}Z" fill="#fffaf4" stroke="${INK}" stroke-width="6" stroke-linejoin="round"/>` +
    `<path d="M${r1(hx)} ${r1(top)}L${r1(rx)} ${r1(top + 90)}V${r1(horizon + 40)}L${r1(hx)} ${r1(horizon + 110)}Z" fill="${INK}" fill-opacity="0.82" stroke="${INK}" stroke-width="6" stroke-linejoin="round"/>` +
    Array.from({ length: 5 }, (_, i) => {
      const t = (i + 1) / 6;
      const y1 = top + 90 + (horizon - 50 - top) * t;
      const y2 = top + (horizon + 110 - top) * t;
      return `<path d="M${r1(lx)} ${r1(y1)}L${r1(hx)} ${r1(y2)}" stroke="${INK}" stroke-width="3"/><path d="M${r1(hx)} ${r1(y2)}L${r1(rx)} ${r1(y1)}" stroke="${c.strong}" stroke-width="3"/>`;
    }).join('') +
    `<path d="M${r1(hx)} ${r1(horizon + 110)}L${r1(rx + 260)} ${r1(horizon + 200)}L${r1(rx + 40)} ${r1(horizon + 40)}Z" fill="${INK}" fill-opacity="0.18"/>` +
    `<path d="M0 ${r1(horizon)}H${W}" stroke="${INK}" stroke-width="3" stroke-dasharray="4 10"/>`
  );
}

/** BIM: stacked floor slabs on a column grid, drawn in axonometric. */
function axonometric(rng, c) {
  const floors = rng.int(3, 5);
  const cx = 600;
  const cy = rng.range(520, 580);
  const a = rng.range(230, 290);
  const b = a * 0.5;
  const gap = rng.range(80, 100);
  let body = '';
  for (let f = 0; f < floors; f++) {
    const y = cy - f * gap;
    const pts = `${cx},${r1(y - b)} ${r1(cx + a)},${r1(y)} ${cx},${r1(y + b)} ${r1(cx - a)},${r1(y)}`;
    body += `<polygon points="${pts}" fill="${f === floors - 1 ? c.strong : f % 2 ? c.soft : '#fffaf4'}" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>`;
    body += `<path d="M${r1(cx - a)} ${r1(y)}v14L${cx} ${r1(y + b + 14)}L${r1(cx + a)} ${r1(y + 14)}V${r1(y)}" fill="${INK}" fill-opacity="0.12" stroke="${INK}" stroke-width="3"/>`;
    if (f < floors - 1) {
      for (const [dx, dy] of [
        [-a * 0.5, 0],
        [a * 0.5, 0],
        [0, b * 0.5],
        [0, -b * 0.5],
      ]) {
        body += `<path d="M${r1(cx + dx)} ${r1(y + dy - gap + 14)}V${r1(y + dy)}" stroke="${INK}" stroke-width="4"/>`;
      }
    }
  }
  let grid = '';
  for (let i = -4; i <= 4; i++) {
    grid += `<path d="M${r1(cx + i * 60 - 300)} ${r1(cy + 150 - i * 30)}L${r1(cx + i * 60 + 300)} ${r1(cy + 150 - i * 30 + 150)}" stroke="${INK}" stroke-opacity="0.15" stroke-width="2"/>`;
  }
  return `${grid}${body}<circle cx="${r1(rng.range(140, 300))}" cy="${r1(rng.range(120, 220))}" r="46" fill="none" stroke="${c.strong}" stroke-width="10"/>`;
}

/** Blogs: a quiet composition of an arch, a circle and the lines of a page. */
function essay(rng, c) {
  const ax = rng.range(140, 520);
  const aw = rng.range(220, 320);
  const cx = rng.range(700, 1000);
  let lines = '';
  for (let i = 0; i < 6; i++) {
    const y = 200 + i * 58;
    lines += `<path d="M${r1(ax + aw + 90)} ${y}h${r1(rng.range(180, 380))}" stroke="${INK}" stroke-opacity="${i === 0 ? 0.85 : 0.22}" stroke-width="${i === 0 ? 18 : 10}" stroke-linecap="round"/>`;
  }
  return (
    `<circle cx="${r1(cx)}" cy="${r1(rng.range(520, 600))}" r="${r1(rng.range(110, 170))}" fill="${c.soft}"/>` +
    `<path d="M${r1(ax)} 660V${r1(300)}a${r1(aw / 2)} ${r1(aw / 2)} 0 0 1 ${r1(aw)} 0V660Z" fill="${c.strong}" stroke="${INK}" stroke-width="8" stroke-linejoin="round"/>` +
    `<path d="M${r1(ax + aw * 0.25)} 660V${r1(340)}a${r1(aw / 4)} ${r1(aw / 4)} 0 0 1 ${r1(aw / 2)} 0V660" fill="#fffaf4" stroke="${INK}" stroke-width="6"/>` +
    `<path d="M80 660H${W - 80}" stroke="${INK}" stroke-width="8" stroke-linecap="round"/>` +
    lines
  );
}

/** Trips: a skyline of a place (domes, towers, roofs) against a big sun. */
function skyline(rng, c) {
  const ground = 560;
  let body = `<rect width="${W}" height="${H}" fill="${c.wash}"/><circle cx="${r1(rng.range(300, 900))}" cy="${r1(rng.range(260, 330))}" r="${r1(rng.range(150, 200))}" fill="${c.strong}" fill-opacity="0.9"/>`;
  let x = -20;
  while (x < W) {
    const w = rng.range(70, 160);
    const h = rng.range(90, 260);
    const kind = rng.int(0, 3);
    const fill = rng.next() < 0.3 ? c.soft : INK;
    const opacity = fill === INK ? r1(rng.range(0.75, 0.95)) : 1;
    if (kind === 0) {
      body += `<path d="M${r1(x)} ${ground}V${r1(ground - h)}h${r1(w)}V${ground}Z" fill="${fill}" fill-opacity="${opacity}"/>`;
    } else if (kind === 1) {
      body += `<path d="M${r1(x)} ${ground}V${r1(ground - h * 0.6)}a${r1(w / 2)} ${r1(w / 2)} 0 0 1 ${r1(w)} 0V${ground}Z" fill="${fill}" fill-opacity="${opacity}"/>`;
    } else if (kind === 2) {
      body += `<path d="M${r1(x)} ${ground}V${r1(ground - h * 0.55)}L${r1(x + w / 2)} ${r1(ground - h)}L${r1(x + w)} ${r1(ground - h * 0.55)}V${ground}Z" fill="${fill}" fill-opacity="${opacity}"/>`;
    } else {
      body += `<path d="M${r1(x + w * 0.35)} ${ground}V${r1(ground - h * 1.3)}h${r1(w * 0.3)}V${ground}Z" fill="${fill}" fill-opacity="${opacity}"/>`;
    }
    x += w + rng.range(-10, 18);
  }
  body += `<rect y="${ground}" width="${W}" height="${H - ground}" fill="${c.soft}"/><path d="M0 ${ground}H${W}" stroke="${INK}" stroke-width="6"/>`;
  for (let i = 0; i < 5; i++) {
    body += `<path d="M${r1(rng.range(60, 1000))} ${r1(ground + 50 + i * 28)}h${r1(rng.range(80, 200))}" stroke="${INK}" stroke-opacity="0.25" stroke-width="5" stroke-linecap="round"/>`;
  }
  return body;
}

/** Campaign banners: a bold poster of stacked shapes. */
function poster(rng, c) {
  let body = `<rect width="${W}" height="${H}" fill="${INK}"/>`;
  body += `<circle cx="${r1(rng.range(760, 960))}" cy="${r1(rng.range(300, 420))}" r="250" fill="${c.strong}"/>`;
  body += `<path d="M620 ${H}V430a180 180 0 0 1 360 0V${H}Z" fill="#fffaf4"/><path d="M700 ${H}V460a100 100 0 0 1 200 0V${H}Z" fill="${c.soft}"/>`;
  for (let i = 0; i < 7; i++) {
    body += `<path d="M80 ${150 + i * 70}h${r1(rng.range(200, 420))}" stroke="${i < 2 ? c.strong : '#fffaf4'}" stroke-opacity="${i < 2 ? 1 : 0.3}" stroke-width="${i < 2 ? 34 : 14}" stroke-linecap="round"/>`;
  }
  return body;
}

/** Resources: a drawing sheet with a title block. */
function sheet(rng, c) {
  let body = `<rect width="${W}" height="${H}" fill="${c.wash}"/><rect x="220" y="70" width="760" height="610" rx="10" fill="#fffdf9" stroke="${INK}" stroke-width="6"/>`;
  body += `<rect x="250" y="100" width="700" height="430" fill="none" stroke="${INK}" stroke-opacity="0.3" stroke-width="3"/>`;
  body += `<rect x="690" y="550" width="260" height="100" fill="${c.strong}" stroke="${INK}" stroke-width="4"/>`;
  for (let i = 0; i < 4; i++)
    body += `<path d="M270 ${565 + i * 24}h${r1(rng.range(200, 380))}" stroke="${INK}" stroke-opacity="0.35" stroke-width="8" stroke-linecap="round"/>`;
  const px = rng.range(330, 420);
  body += `<path d="M${r1(px)} 460V220h${r1(rng.range(220, 320))}v240Z" fill="${c.soft}" stroke="${INK}" stroke-width="5"/><path d="M${r1(px)} 330h160v130" fill="none" stroke="${INK}" stroke-width="4"/><circle cx="800" cy="260" r="60" fill="none" stroke="${INK}" stroke-width="4" stroke-dasharray="8 8"/>`;
  return body;
}

const BY_CATEGORY = [elevation, parametric, room, sitePlan, perspective, axonometric];

function draw(kind, name, motif) {
  const rng = random(`${kind}:${name}`);
  const accent = rng.pick(ACCENTS);
  const paper = rng.pick(PAPERS);
  const grid = motif !== sitePlan && motif !== skyline && motif !== poster;
  return frame(paper, motif(rng, accent), grid);
}

async function render(svg, file) {
  const base = path.join(out, file);
  mkdirSync(path.dirname(base), { recursive: true });
  const png = await sharp(Buffer.from(svg), { density: 144 }).resize(W, H).png().toBuffer();
  await Promise.all(
    WIDTHS.map((width) =>
      sharp(png)
        .resize(width)
        .webp({ quality: 72, effort: 6, smartSubsample: true })
        .toFile(`${base}-${width}.webp`),
    ),
  );
}

const { DEMO_CATEGORIES, DEMO_WORKSHOPS } = await tsImport(
  path.join(seedContent, 'catalogue.ts'),
  import.meta.url,
);
const { DEMO_BLOGS } = await tsImport(path.join(seedContent, 'blogs.ts'), import.meta.url);
const { DEMO_TRIPS, DEMO_OUTER_FILES, DEMO_COMPETITIONS } = await tsImport(
  path.join(seedContent, 'site.ts'),
  import.meta.url,
);
const { slugify } = await tsImport(path.join(seedContent, '../util.ts'), import.meta.url);

const jobs = [];
for (const w of DEMO_WORKSHOPS) {
  const motif = BY_CATEGORY[w.home[0]] ?? elevation;
  jobs.push([draw('workshop', w.shortTitle, motif), `workshops/${slugify(w.shortTitle)}`]);
}
for (let i = 1; i <= 24; i++) {
  jobs.push([
    draw('workshop', `placeholder-${i}`, BY_CATEGORY[i % BY_CATEGORY.length]),
    `workshops/placeholder-${i}`,
  ]);
}
// Blog categories: design theory, software tutorials, career & portfolio, sustainability, travel.
const BY_BLOG_CATEGORY = [essay, axonometric, sheet, sitePlan, skyline];
for (const b of DEMO_BLOGS)
  jobs.push([draw('blog', b.url, BY_BLOG_CATEGORY[b.category] ?? essay), `blogs/${b.url}`]);
for (let i = 1; i <= 12; i++) {
  jobs.push([
    draw('blog', `placeholder-${i}`, BY_BLOG_CATEGORY[i % BY_BLOG_CATEGORY.length]),
    `blogs/placeholder-${i}`,
  ]);
}
for (const t of DEMO_TRIPS) jobs.push([draw('trip', t.slug, skyline), `trips/${t.slug}`]);
// Competitions: a site plan or an axonometric study per brief.
DEMO_COMPETITIONS.forEach((c, i) =>
  jobs.push([draw('competition', c.slug, i % 2 ? axonometric : sitePlan), `competitions/${c.slug}`]),
);
for (const name of [
  'monsoon-fest-popup',
  'grasshopper-sidebar',
  'portfolio-webinar-sidebar',
  'new-year-popup',
]) {
  jobs.push([draw('campaign', name, poster), `campaigns/${name}`]);
}
for (const f of DEMO_OUTER_FILES) {
  if (f.kind === 'pdf') jobs.push([draw('resource', f.name, sheet), `resources/${slugify(f.name)}`]);
}

for (const [svg, file] of jobs) await render(svg, file);

// The share image of pages without their own (1200 × 630, JPEG for every link-preview service).
const share = frame('#fbf3ea', `${elevation(random('share'), ACCENTS[0]).replace(/600/g, '560')}`)
  .replace(`viewBox="0 0 ${W} ${H}"`, `viewBox="0 60 ${W} 630"`)
  .replace(`height="${H}"`, 'height="630"');
mkdirSync(path.join(out, 'share'), { recursive: true });
await sharp(Buffer.from(share))
  .resize(1200, 630)
  .jpeg({ quality: 78, mozjpeg: true })
  .toFile(path.join(out, 'share/atelier-1200.jpg'));

writeFileSync(
  path.join(out, 'README.md'),
  '# Generated illustrations\n\nDrawn by `apps/web/scripts/generate-images.mjs` (`npm run images -w apps/web`) for the demo seed:\n' +
    'each `/images/<folder>/<name>.jpg` the seed names is served as `<name>-400|800|1200.webp`.\nDo not edit by hand.\n',
);
console.log(
  `drew ${jobs.length} illustrations × ${WIDTHS.length} widths into ${path.relative(process.cwd(), out)}`,
);
