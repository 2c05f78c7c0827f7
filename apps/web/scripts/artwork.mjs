// The demo catalogue's artwork as SVG text, with no I/O: every drawing is a pure function of its
// seed text (a slug, a name), so the same course always gets the same picture and tests can check
// that (src/lib/artwork.test.tsx). scripts/generate-images.mjs renders them to files.

export const W = 1200;
export const H = 750;

const INK = '#1f1b18';
const THEME = '#f59a4c';
const DEEP = '#e3683b';
const PAPERS = ['#fbf3ea', '#f6ede3', '#f3ece4', '#fdf6ef', '#f1e9df'];
export const ACCENTS = [
  { strong: THEME, soft: '#f8c7a0', wash: '#fde6d2' },
  { strong: '#7d9b8c', soft: '#bfd1c5', wash: '#e3ece6' },
  { strong: '#7f97ad', soft: '#c3d1de', wash: '#e4eaf0' },
  { strong: '#c98a5b', soft: '#e8c9ad', wash: '#f5e6d8' },
  { strong: DEEP, soft: '#f3b38f', wash: '#fbe2d3' },
];

/** A small seeded generator (mulberry32), so every drawing is stable across runs. */
export function random(seedText) {
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

export function frame(paper, body, grid = true) {
  const gridLines = grid
    ? `<defs><pattern id="g" width="40" height="40" patternUnits="userSpaceOnUse"><path d="M40 0H0v40" fill="none" stroke="${INK}" stroke-opacity="0.06" stroke-width="1.5"/></pattern></defs><rect width="${W}" height="${H}" fill="url(#g)"/>`
    : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" width="${W}" height="${H}"><rect width="${W}" height="${H}" fill="${paper}"/>${gridLines}${body}</svg>`;
}

/** Architecture: an elevation, a colonnade of arches on a plinth, under a low sun. */
export function elevation(rng, c) {
  const base = 600;
  const bays = rng.int(4, 7);
  const left = rng.range(150, 260);
  const width = W - left * 2;
  const bay = width / bays;
  const height = rng.range(260, 360);
  const top = base - height;
  let arches = '';
  // The openings and the roof vary by course: arcade, pointed arches, a grid of windows, portholes.
  const opening = rng.pick(['arch', 'pointed', 'grid', 'round']);
  for (let i = 0; i < bays; i++) {
    const x = left + i * bay + bay * 0.18;
    const w = bay * 0.64;
    const spring = top + height * 0.42;
    const fill = i % 2 ? c.soft : c.wash;
    const stroke = `stroke="${INK}" stroke-width="6" stroke-linejoin="round"`;
    if (opening === 'arch')
      arches += `<path d="M${r1(x)} ${base}V${r1(spring)}a${r1(w / 2)} ${r1(w / 2)} 0 0 1 ${r1(w)} 0V${base}" fill="${fill}" ${stroke}/>`;
    else if (opening === 'pointed')
      arches += `<path d="M${r1(x)} ${base}V${r1(spring)}Q${r1(x)} ${r1(spring - w * 0.6)} ${r1(x + w / 2)} ${r1(spring - w * 0.9)}Q${r1(x + w)} ${r1(spring - w * 0.6)} ${r1(x + w)} ${r1(spring)}V${base}Z" fill="${fill}" ${stroke}/>`;
    else if (opening === 'grid')
      for (let j = 0; j < 3; j++)
        arches += `<rect x="${r1(x)}" y="${r1(top + 24 + j * ((height - 24) / 3))}" width="${r1(w)}" height="${r1((height - 24) / 3 - 24)}" fill="${(i + j) % 3 ? c.wash : c.strong}" ${stroke}/>`;
    else
      arches += `<circle cx="${r1(x + w / 2)}" cy="${r1(top + height * 0.3)}" r="${r1(w * 0.36)}" fill="${fill}" ${stroke}/><rect x="${r1(x + w * 0.15)}" y="${r1(top + height * 0.55)}" width="${r1(w * 0.7)}" height="${r1(height * 0.45)}" fill="${fill}" ${stroke}/>`;
  }
  const sunX = rng.range(760, 980);
  const roof = rng.pick(['flat', 'gable', 'vault']);
  const roofShape =
    roof === 'gable'
      ? `<path d="M${r1(left - 30)} ${r1(top)}L${r1(left + width / 2)} ${r1(top - 110)}L${r1(left + width + 30)} ${r1(top)}Z" fill="${c.soft}" stroke="${INK}" stroke-width="7" stroke-linejoin="round"/>`
      : roof === 'vault'
        ? `<path d="M${r1(left)} ${r1(top)}a${r1(width / 2)} 90 0 0 1 ${r1(width)} 0Z" fill="${c.wash}" stroke="${INK}" stroke-width="7"/>`
        : '';
  return (
    `<circle cx="${r1(sunX)}" cy="${r1(top - 40)}" r="${r1(rng.range(70, 110))}" fill="${c.strong}"/>` +
    roofShape +
    `<rect x="${r1(left)}" y="${r1(top)}" width="${r1(width)}" height="${r1(height)}" fill="#fffaf4" stroke="${INK}" stroke-width="7"/>` +
    `<path d="M${r1(left - 30)} ${r1(top)}h${r1(width + 60)}" stroke="${INK}" stroke-width="14" stroke-linecap="round"/>` +
    arches +
    `<path d="M${r1(left - 90)} ${base}h${r1(width + 180)}M${r1(left - 60)} ${base + 24}h${r1(width + 120)}M${r1(left - 30)} ${base + 48}h${r1(width + 60)}" stroke="${INK}" stroke-width="6" stroke-linecap="round"/>`
  );
}

/** Computational design, second form: a field of dots scaled by their distance to two attractors. */
function dotField(rng, c) {
  const cols = rng.int(14, 20);
  const rows = Math.round((cols * 5) / 8);
  const step = (W - 240) / cols;
  const attractors = [0, 1].map(() => [rng.range(200, 1000), rng.range(160, 590)]);
  let dots = '';
  for (let i = 0; i <= cols; i++) {
    for (let j = 0; j <= rows; j++) {
      const x = 120 + i * step;
      const y = 90 + j * ((H - 180) / rows);
      const d = Math.min(...attractors.map(([ax, ay]) => Math.hypot(x - ax, y - ay)));
      const r = Math.max(2, step * 0.46 * (1 - Math.min(d / 420, 1)));
      dots += `<circle cx="${r1(x)}" cy="${r1(y)}" r="${r1(r)}" fill="${r > step * 0.3 ? c.strong : INK}" fill-opacity="${r > step * 0.3 ? 1 : 0.55}"/>`;
    }
  }
  const [[x1, y1], [x2, y2]] = attractors;
  return `<rect x="60" y="60" width="${W - 120}" height="${H - 120}" rx="36" fill="${c.wash}"/>${dots}<path d="M${r1(x1)} ${r1(y1)}L${r1(x2)} ${r1(y2)}" stroke="${INK}" stroke-width="4" stroke-dasharray="2 14" stroke-linecap="round"/>`;
}

/** Computational design: fins whose depth follows an attractor curve, like a parametric facade. */
export function parametric(rng, c) {
  if (rng.next() < 0.5) return dotField(rng, c);
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

/** A room's window, by kind: a gridded square, an arch, a round window or two tall slits. */
function windowOf(kind, x, y, c) {
  const frame = `fill="${c.strong}" fill-opacity="0.85" stroke="${INK}" stroke-width="6"`;
  if (kind === 'arch')
    return `<path d="M${r1(x)} ${r1(y + 170)}V${r1(y + 80)}a80 80 0 0 1 160 0V${r1(y + 170)}Z" ${frame}/><path d="M${r1(x + 80)} ${r1(y)}V${r1(y + 170)}" stroke="${INK}" stroke-width="4"/>`;
  if (kind === 'round')
    return `<circle cx="${r1(x + 80)}" cy="${r1(y + 80)}" r="78" ${frame}/><path d="M${r1(x + 2)} ${r1(y + 80)}h156M${r1(x + 80)} ${r1(y + 2)}v156" stroke="${INK}" stroke-width="4"/>`;
  if (kind === 'slits')
    return `<rect x="${r1(x + 10)}" y="${r1(y - 10)}" width="50" height="190" ${frame}/><rect x="${r1(x + 100)}" y="${r1(y - 10)}" width="50" height="190" ${frame}/>`;
  return `<rect x="${r1(x)}" y="${r1(y)}" width="160" height="150" ${frame}/><path d="M${r1(x + 80)} ${r1(y)}v150M${r1(x)} ${r1(y + 75)}h160" stroke="${INK}" stroke-width="4"/>`;
}

/** A room's floor: plain, planks running to the vanishing point, or a band of tiles. */
function floorOf(kind, bx, bw, floor) {
  if (kind === 'planks') {
    let lines = '';
    for (let i = 1; i < 8; i++) {
      const t = i / 8;
      lines += `<path d="M${r1(bx + bw * t)} ${r1(floor)}L${r1(W * t)} ${H}" stroke="${INK}" stroke-opacity="0.25" stroke-width="3"/>`;
    }
    return lines;
  }
  if (kind === 'tiles') {
    let lines = '';
    for (let i = 1; i < 5; i++) {
      const y = floor + (H - floor) * (i / 5) ** 1.4;
      const half = (bw / 2) * (1 - (y - floor) / (H - floor)) + (W / 2) * ((y - floor) / (H - floor));
      lines += `<path d="M${r1(bx + bw / 2 - half)} ${r1(y)}H${r1(bx + bw / 2 + half)}" stroke="${INK}" stroke-opacity="0.25" stroke-width="3"/>`;
    }
    return lines;
  }
  return '';
}

/** Interiors: a one-point perspective room with a window, a pendant and a chair. */
export function room(rng, c) {
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
    windowOf(rng.pick(['grid', 'arch', 'round', 'slits']), wx, by + 40, c) +
    floorOf(rng.pick(['plain', 'planks', 'tiles']), bx, bw, floor) +
    `<path d="M0 0L${r1(bx)} ${r1(by)}M${W} 0L${r1(bx + bw)} ${r1(by)}M0 ${H}L${r1(bx)} ${r1(floor)}M${W} ${H}L${r1(bx + bw)} ${r1(floor)}" stroke="${INK}" stroke-width="5"/>` +
    `<path d="M${r1(bx + bw / 2)} 0V${r1(by - 40)}" stroke="${INK}" stroke-width="3"/><path d="M${r1(bx + bw / 2 - 46)} ${r1(by - 10)}a46 40 0 0 1 92 0Z" fill="${INK}"/>` +
    `<path d="M${r1(chairX)} ${r1(floor + 150)}v-120a30 30 0 0 1 30-30h70v90h60v60" fill="none" stroke="${INK}" stroke-width="10" stroke-linejoin="round" stroke-linecap="round"/>` +
    `<rect x="${r1(chairX + 220)}" y="${r1(floor + 40)}" width="180" height="70" rx="14" fill="${INK}"/><path d="M${r1(chairX + 240)} ${r1(floor + 110)}v50M${r1(chairX + 380)} ${r1(floor + 110)}v50" stroke="${INK}" stroke-width="8"/>`
  );
}

/** Landscape and urbanism: a site plan of blocks, trees and a river. */
export function sitePlan(rng, c) {
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
export function perspective(rng, c) {
  // A tower or a long low block, by course.
  const tower = rng.next() < 0.5;
  const hx = rng.range(520, 680);
  const horizon = rng.range(430, 500);
  const top = tower ? rng.range(40, 90) : rng.range(200, 260);
  const lx = hx - (tower ? rng.range(150, 200) : rng.range(300, 380));
  const rx = hx + (tower ? rng.range(150, 200) : rng.range(300, 380));
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
    `<path d="M0 ${r1(horizon)}H${W}" stroke="${INK}" stroke-width="3" stroke-dasharray="4 10"/>` +
    (rng.next() < 0.6
      ? Array.from({ length: rng.int(2, 4) }, (_, i) => {
          const x = (tower ? 120 : 80) + i * 95;
          return `<path d="M${x} ${r1(horizon + 140)}v-70" stroke="${INK}" stroke-width="6"/><circle cx="${x}" cy="${r1(horizon + 40)}" r="42" fill="${c.strong}" fill-opacity="0.85" stroke="${INK}" stroke-width="4"/>`;
        }).join('')
      : '')
  );
}

/** BIM: stacked floor slabs on a column grid, drawn in axonometric. */
export function axonometric(rng, c) {
  const floors = rng.int(2, 6);
  const cx = 600;
  const gap = floors > 4 ? rng.range(62, 72) : rng.range(80, 100);
  const cy = rng.range(520, 580) + (floors > 4 ? 40 : 0);
  // Square, long or deep plates, and the highlighted level (the one being coordinated) varies.
  const a = rng.range(170, 300);
  const b = a * rng.pick([0.5, 0.36, 0.7]);
  const highlight = rng.int(0, floors - 1);
  let body = '';
  for (let f = 0; f < floors; f++) {
    const y = cy - f * gap;
    const pts = `${cx},${r1(y - b)} ${r1(cx + a)},${r1(y)} ${cx},${r1(y + b)} ${r1(cx - a)},${r1(y)}`;
    body += `<polygon points="${pts}" fill="${f === highlight ? c.strong : f % 2 ? c.soft : '#fffaf4'}" stroke="${INK}" stroke-width="5" stroke-linejoin="round"/>`;
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
export function essay(rng, c) {
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
export function skyline(rng, c) {
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
export function poster(rng, c) {
  let body = `<rect width="${W}" height="${H}" fill="${INK}"/>`;
  body += `<circle cx="${r1(rng.range(760, 960))}" cy="${r1(rng.range(300, 420))}" r="250" fill="${c.strong}"/>`;
  body += `<path d="M620 ${H}V430a180 180 0 0 1 360 0V${H}Z" fill="#fffaf4"/><path d="M700 ${H}V460a100 100 0 0 1 200 0V${H}Z" fill="${c.soft}"/>`;
  for (let i = 0; i < 7; i++) {
    body += `<path d="M80 ${150 + i * 70}h${r1(rng.range(200, 420))}" stroke="${i < 2 ? c.strong : '#fffaf4'}" stroke-opacity="${i < 2 ? 1 : 0.3}" stroke-width="${i < 2 ? 34 : 14}" stroke-linecap="round"/>`;
  }
  return body;
}

/** Resources: a drawing sheet with a title block. */
export function sheet(rng, c) {
  let body = `<rect width="${W}" height="${H}" fill="${c.wash}"/><rect x="220" y="70" width="760" height="610" rx="10" fill="#fffdf9" stroke="${INK}" stroke-width="6"/>`;
  body += `<rect x="250" y="100" width="700" height="430" fill="none" stroke="${INK}" stroke-opacity="0.3" stroke-width="3"/>`;
  body += `<rect x="690" y="550" width="260" height="100" fill="${c.strong}" stroke="${INK}" stroke-width="4"/>`;
  for (let i = 0; i < 4; i++)
    body += `<path d="M270 ${565 + i * 24}h${r1(rng.range(200, 380))}" stroke="${INK}" stroke-opacity="0.35" stroke-width="8" stroke-linecap="round"/>`;
  const px = rng.range(330, 420);
  body += `<path d="M${r1(px)} 460V220h${r1(rng.range(220, 320))}v240Z" fill="${c.soft}" stroke="${INK}" stroke-width="5"/><path d="M${r1(px)} 330h160v130" fill="none" stroke="${INK}" stroke-width="4"/><circle cx="800" cy="260" r="60" fill="none" stroke="${INK}" stroke-width="4" stroke-dasharray="8 8"/>`;
  return body;
}

/** The motif of each discipline, in the order of the seed's DEMO_CATEGORIES. */
export const BY_CATEGORY = [elevation, parametric, room, sitePlan, perspective, axonometric];

/**
 * One palette per discipline (same order), so a card's colour says its discipline before its
 * words do: brick for architecture, indigo for computation, ochre for interiors, green for
 * landscape and urbanism, dusk rose for visualisation, teal for BIM.
 */
export const DISCIPLINE_PALETTES = [
  { strong: '#c8553d', soft: '#efb9a5', wash: '#fbe7de', papers: ['#fcf4ee', '#fbf0e8'] },
  { strong: '#5048e5', soft: '#bcb8f6', wash: '#e9e8fd', papers: ['#f6f6fd', '#f2f1fb'] },
  { strong: '#d4921a', soft: '#f1d28e', wash: '#fbf0d6', papers: ['#fdf9ef', '#fcf5e6'] },
  { strong: '#2f8a55', soft: '#a6d3b3', wash: '#e1f1e5', papers: ['#f4f9f3', '#eef6ee'] },
  { strong: '#b3457c', soft: '#e8b3cd', wash: '#f9e5ef', papers: ['#fcf5f8', '#faf0f5'] },
  { strong: '#1b8797', soft: '#9fd5dc', wash: '#def1f3', papers: ['#f3f9fa', '#edf6f7'] },
];

/** Any drawing on its paper: the seed text fixes every random choice. */
export function draw(kind, name, motif) {
  const rng = random(`${kind}:${name}`);
  const accent = rng.pick(ACCENTS);
  const paper = rng.pick(PAPERS);
  const grid = motif !== sitePlan && motif !== skyline && motif !== poster;
  return frame(paper, motif(rng, accent), grid);
}

/**
 * A course's cover: its discipline's motif and palette, varied by its slug (the motif's
 * proportions, the paper's tint, which colour leads). Same slug, same picture; two courses of one
 * discipline share a family look but not a drawing.
 */
export function workshopArt(slug, categoryIndex) {
  const index = ((categoryIndex % BY_CATEGORY.length) + BY_CATEGORY.length) % BY_CATEGORY.length;
  const motif = BY_CATEGORY[index];
  const palette = DISCIPLINE_PALETTES[index];
  const rng = random(`workshop:${slug}`);
  const paper = rng.pick(palette.papers);
  // Half the courses lead with the soft colour, so neighbours in a rail differ in weight too.
  const colours = rng.next() < 0.5 ? palette : { ...palette, soft: palette.wash, wash: palette.soft };
  // A backdrop shape of the discipline's colour behind the drawing, placed by the slug, and every
  // other course drawn mirrored: neighbours of one discipline differ at a glance.
  const backdrop = rng.pick([
    `<circle cx="${r1(rng.range(200, 1000))}" cy="${r1(rng.range(150, 600))}" r="${r1(rng.range(220, 320))}" fill="${palette.wash}"/>`,
    `<path d="M0 ${H}V${r1(rng.range(250, 450))}L${r1(rng.range(500, 900))} ${H}Z" fill="${palette.wash}"/>`,
    `<rect x="${r1(rng.range(0, 600))}" y="0" width="${r1(rng.range(240, 420))}" height="${H}" fill="${palette.wash}"/>`,
    `<path d="M${W} 0V${r1(rng.range(380, 560))}A${r1(rng.range(380, 560))} ${r1(rng.range(380, 560))} 0 0 1 ${r1(rng.range(600, 820))} 0Z" fill="${palette.wash}"/>`,
  ]);
  const drawing = motif(rng, colours);
  const mirrored = rng.next() < 0.5 ? `<g transform="translate(${W} 0) scale(-1 1)">${drawing}</g>` : drawing;
  return frame(paper, backdrop + mirrored, motif !== sitePlan);
}

const CORBUSIER = { red: '#c8372d', yellow: '#f2b632', blue: '#2f5d9b' };

/** Chandigarh: the Assembly's hyperboloid tower, the High Court's parasol roof, the Open Hand. */
function chandigarh(rng, c) {
  const ground = 560;
  const bays = rng.int(7, 10);
  let grid = '';
  for (let i = 0; i <= bays; i++)
    grid += `<path d="M${r1(160 + i * (560 / bays))} 360V${ground}" stroke="${INK}" stroke-width="5"/>`;
  for (let j = 1; j < 4; j++) grid += `<path d="M160 ${360 + j * 50}h560" stroke="${INK}" stroke-width="3"/>`;
  const colours = [CORBUSIER.red, CORBUSIER.yellow, CORBUSIER.blue];
  let panes = '';
  for (let k = 0; k < 4; k++) {
    const i = rng.int(0, bays - 1);
    const j = rng.int(0, 3);
    panes += `<rect x="${r1(160 + i * (560 / bays) + 3)}" y="${360 + j * 50 + 2}" width="${r1(560 / bays - 6)}" height="46" fill="${colours[k % 3]}"/>`;
  }
  return (
    `<rect width="${W}" height="${H}" fill="${c.wash}"/>` +
    `<circle cx="${r1(rng.range(880, 1000))}" cy="170" r="90" fill="${CORBUSIER.yellow}"/>` +
    `<path d="M120 340Q440 ${r1(rng.range(250, 290))} 760 340L740 360H140Z" fill="#d9d4cc" stroke="${INK}" stroke-width="6" stroke-linejoin="round"/>` +
    `<rect x="160" y="360" width="560" height="${ground - 360}" fill="#ece7df"/>${panes}${grid}` +
    `<path d="M800 ${ground}C840 440 840 330 810 240H960C930 330 930 440 970 ${ground}Z" fill="#cfc9bf" stroke="${INK}" stroke-width="6" stroke-linejoin="round"/>` +
    `<ellipse cx="885" cy="240" rx="75" ry="14" fill="${CORBUSIER.red}" stroke="${INK}" stroke-width="5"/>` +
    `<path d="M1040 ${ground}V420M1000 420c0-40 20-60 40-60s40 20 40 60c-10-16-24-18-40-6-16-12-30-10-40 6Z" fill="${INK}" stroke="${INK}" stroke-width="6" stroke-linejoin="round"/>` +
    `<rect y="${ground}" width="${W}" height="${H - ground}" fill="${c.soft}"/><path d="M0 ${ground}H${W}" stroke="${INK}" stroke-width="6"/>` +
    `<rect x="140" y="${ground + 40}" width="${r1(rng.range(300, 420))}" height="50" fill="${CORBUSIER.blue}" fill-opacity="0.55"/>`
  );
}

/** Ahmedabad: a stepwell's flights descending to water, and the brick circles of a Kahn facade. */
function ahmedabad(rng, c) {
  const sand = '#e9c99a';
  let steps = '';
  const levels = rng.int(5, 7);
  for (let i = 0; i < levels; i++) {
    const inset = 60 + i * 52;
    const y = 300 + i * 50;
    steps += `<path d="M${inset} ${y}H${W - inset}" stroke="${INK}" stroke-width="5"/><path d="M${inset} ${y}v50M${W - inset} ${y}v50" stroke="${INK}" stroke-width="4"/>`;
    for (let p = 0; p < 3; p++)
      steps += `<rect x="${r1(inset + 30 + p * 46)}" y="${y + 8}" width="14" height="42" fill="${INK}" fill-opacity="0.7"/><rect x="${r1(W - inset - 44 - p * 46)}" y="${y + 8}" width="14" height="42" fill="${INK}" fill-opacity="0.7"/>`;
  }
  const water = 300 + levels * 50;
  let circles = '';
  for (let i = 0; i < 3; i++) {
    const cx = 200 + i * 400 + rng.range(-20, 20);
    circles += `<circle cx="${r1(cx)}" cy="160" r="${r1(rng.range(56, 74))}" fill="${c.wash}" stroke="${INK}" stroke-width="6"/>`;
  }
  return (
    `<rect width="${W}" height="${H}" fill="#b8603e"/>` +
    `<path d="M0 230H${W}" stroke="${INK}" stroke-width="6"/>${circles}` +
    `<path d="M0 250H${W}V${H}H0Z" fill="${sand}"/>` +
    `<path d="M60 300H${W - 60}L${W - 60 - levels * 52} ${water}H${60 + levels * 52}Z" fill="${c.soft}" fill-opacity="0.55"/>` +
    steps +
    `<rect x="${60 + levels * 52}" y="${water}" width="${W - 2 * (60 + levels * 52)}" height="${H - water}" fill="${ACCENTS[2].strong}"/>` +
    `<path d="M${60 + levels * 52 + 30} ${water + 30}h${r1(rng.range(80, 200))}" stroke="#fffaf4" stroke-opacity="0.6" stroke-width="6" stroke-linecap="round"/>`
  );
}

/** Kyoto and Tokyo: a five-tier pagoda and a torii gate against a red sun, a tower far off. */
function kyoto(rng, c) {
  const vermilion = '#d8452f';
  const ground = 600;
  const px = rng.range(700, 820);
  let pagoda = '';
  for (let i = 0; i < 5; i++) {
    const w = 300 - i * 42;
    const y = ground - 60 - i * 82;
    pagoda += `<rect x="${r1(px - w * 0.32)}" y="${r1(y - 42)}" width="${r1(w * 0.64)}" height="58" fill="#fffaf4" stroke="${INK}" stroke-width="5"/>`;
    pagoda += `<path d="M${r1(px - w / 2 - 20)} ${r1(y - 36)}Q${r1(px)} ${r1(y - 70)} ${r1(px + w / 2 + 20)} ${r1(y - 36)}L${r1(px + w / 2 - 10)} ${r1(y - 50)}H${r1(px - w / 2 + 10)}Z" fill="${INK}"/>`;
  }
  pagoda += `<path d="M${r1(px)} ${ground - 470}V${ground - 560}" stroke="${INK}" stroke-width="8"/>`;
  const tx = rng.range(170, 300);
  return (
    `<rect width="${W}" height="${H}" fill="${c.wash}"/>` +
    `<circle cx="${r1(rng.range(400, 560))}" cy="230" r="130" fill="${vermilion}" fill-opacity="0.9"/>` +
    `<path d="M${r1(rng.range(1000, 1080))} ${ground}V180l12-40 12 40V${ground}Z" fill="${INK}" fill-opacity="0.25"/>` +
    pagoda +
    `<path d="M${r1(tx - 40)} 330Q${r1(tx + 130)} 300 ${r1(tx + 300)} 330V355Q${r1(tx + 130)} 326 ${r1(tx - 40)} 355Z" fill="${vermilion}" stroke="${INK}" stroke-width="5"/>` +
    `<path d="M${r1(tx - 10)} 392h280" stroke="${vermilion}" stroke-width="22"/>` +
    `<path d="M${r1(tx + 30)} 340V${ground}M${r1(tx + 230)} 340V${ground}" stroke="${vermilion}" stroke-width="26"/>` +
    `<rect y="${ground}" width="${W}" height="${H - ground}" fill="${c.soft}"/><path d="M0 ${ground}H${W}" stroke="${INK}" stroke-width="6"/>`
  );
}

/** Auroville: the golden sphere of the Matrimandir on its petals, and earth-block vaults. */
function auroville(rng, c) {
  const gold = '#d9a53b';
  const ground = 590;
  const cx = rng.range(560, 680);
  let discs = '';
  for (let i = 0; i < 9; i++) {
    const a = (i / 9) * Math.PI * 2;
    discs += `<circle cx="${r1(cx + Math.cos(a) * 120)}" cy="${r1(330 + Math.sin(a) * 120)}" r="34" fill="#e9bb55" stroke="${INK}" stroke-opacity="0.5" stroke-width="3"/>`;
  }
  let vaults = '';
  for (let i = 0; i < rng.int(3, 4); i++) {
    const x = 60 + i * 130;
    vaults += `<path d="M${x} ${ground}V${ground - 70}a60 60 0 0 1 120 0V${ground}Z" fill="#b5653f" stroke="${INK}" stroke-width="5"/><path d="M${x + 40} ${ground}v-50a20 20 0 0 1 40 0v50" fill="${INK}" fill-opacity="0.4"/>`;
  }
  return (
    `<rect width="${W}" height="${H}" fill="${c.wash}"/>` +
    `<path d="M${r1(cx - 240)} ${ground}L${r1(cx - 150)} 440H${r1(cx + 150)}L${r1(cx + 240)} ${ground}Z" fill="${c.soft}" stroke="${INK}" stroke-width="5"/>` +
    discs +
    `<circle cx="${r1(cx)}" cy="330" r="140" fill="${gold}" stroke="${INK}" stroke-width="6"/>` +
    `<path d="M${r1(cx - 140)} 330h280M${r1(cx)} 190v280" stroke="${INK}" stroke-opacity="0.25" stroke-width="4"/>` +
    vaults +
    `<rect y="${ground}" width="${W}" height="${H - ground}" fill="#c98d5d"/><path d="M0 ${ground}H${W}" stroke="${INK}" stroke-width="6"/>` +
    Array.from(
      { length: 7 },
      () =>
        `<circle cx="${r1(rng.range(880, 1160))}" cy="${r1(rng.range(380, 560))}" r="${r1(rng.range(26, 46))}" fill="${ACCENTS[1].strong}" stroke="${INK}" stroke-width="3"/>`,
    ).join('')
  );
}

/** Barcelona: the parabolic spires of the Sagrada Família and a trencadís mosaic. */
function barcelona(rng, c) {
  const sea = '#2f6db5';
  const ground = 600;
  let spires = '';
  const count = rng.int(4, 6);
  for (let i = 0; i < count; i++) {
    const x = 330 + i * 110 + rng.range(-10, 10);
    const h = 300 + (i % 2 ? 60 : 140) + rng.range(-20, 20);
    spires += `<path d="M${r1(x - 38)} ${ground}C${r1(x - 38)} ${r1(ground - h * 0.6)} ${r1(x - 12)} ${r1(ground - h)} ${r1(x)} ${r1(ground - h - 30)}C${r1(x + 12)} ${r1(ground - h)} ${r1(x + 38)} ${r1(ground - h * 0.6)} ${r1(x + 38)} ${ground}Z" fill="#e6d3b3" stroke="${INK}" stroke-width="5"/>`;
    spires += `<circle cx="${r1(x)}" cy="${r1(ground - h - 34)}" r="10" fill="${c.strong}" stroke="${INK}" stroke-width="3"/>`;
    for (let k = 1; k < 5; k++)
      spires += `<path d="M${r1(x - 14)} ${r1(ground - k * 50)}h28" stroke="${INK}" stroke-opacity="0.5" stroke-width="3"/>`;
  }
  let tiles = '';
  const palette = [sea, '#f2b632', c.strong, '#3f9c6d', '#fffaf4'];
  for (let i = 0; i < 60; i++) {
    tiles += `<path d="M${r1(rng.range(0, W))} ${r1(rng.range(ground + 10, H))}l${r1(rng.range(14, 34))} ${r1(rng.range(-12, 12))}l${r1(rng.range(-10, 10))} ${r1(rng.range(14, 28))}Z" fill="${rng.pick(palette)}"/>`;
  }
  return (
    `<rect width="${W}" height="${H}" fill="${c.wash}"/>` +
    `<circle cx="${r1(rng.range(900, 1060))}" cy="180" r="100" fill="#f2b632"/>` +
    spires +
    `<rect y="${ground}" width="${W}" height="${H - ground}" fill="${INK}"/>${tiles}<path d="M0 ${ground}H${W}" stroke="${INK}" stroke-width="6"/>`
  );
}

/** Each study trip's place, by a word of its slug; other trips get a skyline. */
const DESTINATIONS = [
  ['chandigarh', chandigarh],
  ['ahmedabad', ahmedabad],
  ['kyoto', kyoto],
  ['auroville', auroville],
  ['barcelona', barcelona],
];

/** A study trip's cover: its destination's landmarks, varied by its slug. */
export function tripArt(slug) {
  const motif = DESTINATIONS.find(([word]) => slug.includes(word))?.[1] ?? skyline;
  const rng = random(`trip:${slug}`);
  const accent = rng.pick(ACCENTS);
  return frame(rng.pick(PAPERS), motif(rng, accent), false);
}

/** Portrait colours: dark enough for white initials (≥ 4.5:1) and far apart in hue. */
export const PORTRAIT_COLOURS = [
  '#9a3412',
  '#4338ca',
  '#166534',
  '#9d174d',
  '#0e7490',
  '#854d0e',
  '#6d28d9',
  '#334155',
  '#b91c1c',
  '#0f766e',
  '#1d4ed8',
  '#a21caf',
];

/** Up to two initials of a person's name, titles (Ar., Dr., Prof.) left out. */
export function monogramOf(name) {
  const words = name.split(/\s+/).filter((w) => w && !/^(ar|dr|prof|mr|ms|mrs)\.?$/i.test(w));
  return words.length === 0
    ? '?'
    : (words.length === 1
        ? words[0].slice(0, 1)
        : `${words[0].slice(0, 1)}${words[words.length - 1].slice(0, 1)}`
      ).toUpperCase();
}

/**
 * An instructor's monogram portrait (160 × 160 SVG, under a kilobyte): their initials on a colour
 * (the `colourIndex`-th, or one chosen from their name) with an arch and a dot placed by their name.
 */
export function instructorPortrait(name, colourIndex) {
  const rng = random(`instructor:${name}`);
  const pick = Math.floor(rng.next() * PORTRAIT_COLOURS.length);
  // The generator numbers the demo's instructors, so no two of them share a colour.
  const colour = PORTRAIT_COLOURS[(colourIndex ?? pick) % PORTRAIT_COLOURS.length];
  const arch = rng.pick([
    'M30 160V100a50 50 0 0 1 100 0v60',
    'M0 160V120a80 80 0 0 1 160 0v40',
    'M56 160V60a24 24 0 0 1 48 0v100',
  ]);
  const angle = rng.int(0, 3) * 90;
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 160 160" width="160" height="160">` +
    `<rect width="160" height="160" fill="${colour}"/>` +
    `<path d="${arch}" fill="#fff" fill-opacity="0.14" transform="rotate(${angle} 80 80)"/>` +
    // The dot sits above the initials and inside the circle the page crops the portrait to.
    `<circle cx="${rng.pick([44, 80, 116])}" cy="${rng.int(30, 36)}" r="${rng.int(8, 11)}" fill="${THEME}"/>` +
    `<text x="80" y="80" dy="0.35em" text-anchor="middle" font-family="Manrope, Arial, Helvetica, sans-serif" font-size="60" font-weight="700" fill="#fff" letter-spacing="-1">${monogramOf(name)}</text>` +
    `</svg>`
  );
}
