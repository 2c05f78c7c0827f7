import { describe, expect, it } from 'vitest';
import {
  DISCIPLINE_PALETTES,
  PORTRAIT_COLOURS,
  instructorPortrait,
  monogramOf,
  tripArt,
  workshopArt,
} from '../../scripts/artwork.mjs';

/*
 * The demo's artwork (scripts/artwork.mjs, rendered by scripts/generate-images.mjs): each course's
 * cover comes from its slug and discipline, so it must be the same on every run and different
 * from every other course's; a discipline is recognisable by its palette.
 */

/** Some of the demo's courses, by discipline (DEMO_CATEGORIES order). */
const COURSES: [string, number][] = [
  ['architectural-design-studio', 0],
  ['climate-responsive-homes', 0],
  ['passive-cooling-strategies', 0],
  ['grasshopper-for-facade-design', 1],
  ['generative-design-space-planning', 1],
  ['retail-hospitality-interiors', 2],
  ['lighting-design-for-interiors', 2],
  ['water-sensitive-urban-design', 3],
  ['qgis-for-urban-analysis', 3],
  ['enscape-real-time-rendering', 4],
  ['twinmotion-for-architects', 4],
  ['revit-families-deep-dive', 5],
  ['bim-management-iso-19650', 5],
];

const fillsOf = (svg: string) => new Set([...svg.matchAll(/fill="(#[0-9a-f]{6})"/g)].map((m) => m[1]));

describe('course, trip and instructor artwork', () => {
  it('when a course is drawn twice, then the drawing is the same', () => {
    for (const [slug, discipline] of COURSES)
      expect(workshopArt(slug, discipline)).toBe(workshopArt(slug, discipline));
    expect(tripArt('kyoto-tokyo-architecture-tour')).toBe(tripArt('kyoto-tokyo-architecture-tour'));
  });

  it('when the courses are drawn, then no two share a drawing, even within a discipline', () => {
    const drawings = COURSES.map(([slug, discipline]) => workshopArt(slug, discipline));
    expect(new Set(drawings).size).toBe(COURSES.length);
  });

  it("when a course is drawn, then it carries its own discipline's colour and no other discipline's", () => {
    expect(new Set(DISCIPLINE_PALETTES.map((p) => p.strong)).size).toBe(DISCIPLINE_PALETTES.length);
    for (const [slug, discipline] of COURSES) {
      const fills = fillsOf(workshopArt(slug, discipline));
      const svg = workshopArt(slug, discipline);
      expect(svg).toContain(DISCIPLINE_PALETTES[discipline]!.strong);
      DISCIPLINE_PALETTES.forEach((palette, index) => {
        if (index !== discipline)
          expect(fills.has(palette.strong), `${slug} has discipline ${index}'s colour`).toBe(false);
      });
    }
  });

  it('when the study trips are drawn, then each destination gets its own scene', () => {
    const slugs = [
      'chandigarh-le-corbusier-study-tour',
      'ahmedabad-heritage-to-modern-masters',
      'kyoto-tokyo-architecture-tour',
      'auroville-earth-architecture-workshop',
      'barcelona-gaudi-modernisme',
    ];
    const drawings = slugs.map(tripArt);
    expect(new Set(drawings).size).toBe(slugs.length);
    // Landmarks, not a generic skyline: the structure of each scene differs (shapes, not only numbers).
    const shapes = drawings.map((svg) => svg.replace(/-?\d+(\.\d+)?/g, '0').replace(/#[0-9a-f]{6}/g, ''));
    expect(new Set(shapes).size).toBe(slugs.length);
  });

  it('when instructors get portraits, then each shows their initials without titles, in a colour of their own', () => {
    expect(monogramOf('Ar. Meera Kulkarni')).toBe('MK');
    expect(monogramOf('Dr. Ananya Iyer')).toBe('AI');
    expect(monogramOf('Nikhil Rao')).toBe('NR');
    const portraits = PORTRAIT_COLOURS.map((_, index) => instructorPortrait(`Person ${index}`, index));
    const backgrounds = portraits.map(
      (svg) => /<rect width="160" height="160" fill="(#[0-9a-f]{6})"/.exec(svg)?.[1],
    );
    expect(new Set(backgrounds).size).toBe(PORTRAIT_COLOURS.length);
    const meera = instructorPortrait('Ar. Meera Kulkarni', 0);
    expect(meera).toContain('>MK</text>');
    expect(meera).toBe(instructorPortrait('Ar. Meera Kulkarni', 0));
    expect(meera.length).toBeLessThan(1024);
  });
});
