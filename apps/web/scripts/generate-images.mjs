// Generates the demo catalogue's illustrations locally (nothing is downloaded): one architectural
// drawing per workshop (its discipline's motif and palette, varied by its slug), blog, trip (its
// destination's landmarks), campaign banner and resource the demo seed refers to
// (`/images/<folder>/<name>.jpg|png`), drawn as SVG and rendered by sharp to WebP at the widths the
// web app's image pipeline asks for (`<name>-<width>.webp`, lib/images.ts), plus the site's share
// image, and a monogram portrait (SVG) per demo instructor. The drawings are in artwork.mjs. Run with `npm run images -w apps/web`; output goes to apps/web/public/images.
//
// The names come from the demo seed's content modules (read-only, through tsx), so the art always
// matches the seeded data; the large seed's `placeholder-N` images are drawn too.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';
import {
  ACCENTS,
  axonometric,
  draw,
  elevation,
  essay,
  frame,
  H,
  instructorPortrait,
  poster,
  random,
  sheet,
  sitePlan,
  skyline,
  tripArt,
  W,
  workshopArt,
} from './artwork.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '../public/images');
const seedContent = path.join(here, '../../server/src/db/seed/content');

/** Must match IMAGE_WIDTHS in src/lib/images.ts. */
const WIDTHS = [400, 800, 1200];

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

const { DEMO_INSTRUCTORS, DEMO_WORKSHOPS } = await tsImport(
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
  const slug = slugify(w.shortTitle);
  jobs.push([workshopArt(slug, w.home[0]), `workshops/${slug}`]);
}
for (let i = 1; i <= 24; i++) jobs.push([workshopArt(`placeholder-${i}`, i), `workshops/placeholder-${i}`]);
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
for (const t of DEMO_TRIPS) jobs.push([tripArt(t.slug), `trips/${t.slug}`]);
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
// The public resources' thumbnails: a drawing sheet for a PDF, a site plan for an image (a map).
for (const f of DEMO_OUTER_FILES) {
  if (f.kind === 'pdf' || f.kind === 'image')
    jobs.push([
      draw('resource', f.name, f.kind === 'pdf' ? sheet : sitePlan),
      `resources/${slugify(f.name)}`,
    ]);
}

for (const [svg, file] of jobs) await render(svg, file);

// Instructors' portraits: SVG as it is (under a kilobyte, sharp at every size), one colour each.
mkdirSync(path.join(out, 'instructors'), { recursive: true });
DEMO_INSTRUCTORS.flat().forEach((person, index) =>
  writeFileSync(
    path.join(out, `instructors/${slugify(person.name)}.svg`),
    instructorPortrait(person.name, index),
  ),
);

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
    'each `/images/<folder>/<name>.jpg` the seed names is served as `<name>-400|800|1200.webp`;\n' +
    'instructor portraits are `/images/instructors/<name>.svg`. Do not edit by hand.\n',
);
console.log(
  `drew ${jobs.length} illustrations × ${WIDTHS.length} widths into ${path.relative(process.cwd(), out)}`,
);
