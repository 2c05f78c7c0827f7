import { describe, expect, it } from 'vitest';
import { blogPath, slugify, workshopPath, youtubeId, type BlogLike, type WorkshopLike } from './index.js';
import { withFrozen } from '../test/support.js';

describe('slugify (spec §5: lower-cased, spaces become hyphens, other symbols removed)', () => {
  it.each([
    { text: 'Revit Architecture', expected: 'revit-architecture' },
    { text: 'UI/UX Design: Basics', expected: 'uiux-design-basics' },
    { text: '  Hello \t\n World  ', expected: 'hello-world' },
    { text: 'C++ & Java', expected: 'c-java' },
    { text: 'a -- b', expected: 'a-b' },
    { text: '--leading and trailing--', expected: 'leading-and-trailing' },
    { text: 'Café Déco 2026', expected: 'caf-dco-2026' },
    { text: 'already-a-slug', expected: 'already-a-slug' },
    { text: '!!!', expected: '' },
    { text: '', expected: '' },
    { text: 42, expected: '42' },
    { text: null, expected: '' },
  ])('when the text is "$text", then the slug is "$expected"', ({ text, expected }) => {
    expect(slugify(text)).toBe(expected);
  });
});

describe('workshopPath (spec §2 routes)', () => {
  const rows: { when: string; workshop: WorkshopLike | null; expected: string }[] = [
    {
      when: 'a masterclass',
      workshop: { id: 12, type: 1, shortTitle: 'Revit in 3 Days!' },
      expected: '/masterclass/revit-in-3-days?id=12',
    },
    {
      when: 'a course',
      workshop: { id: 7, type: 2, shortTitle: 'BIM Professional' },
      expected: '/course/bim-professional?id=7',
    },
    {
      when: 'another type',
      workshop: { id: 8, type: 3, shortTitle: 'Trip' },
      expected: '/course/trip?id=8',
    },
    {
      when: 'a workshop with no type',
      workshop: { id: 9, shortTitle: 'X' },
      expected: '/course/x?id=9',
    },
    {
      when: 'a type that arrives as "1"',
      workshop: { id: 10, type: '1', shortTitle: 'Y' },
      expected: '/masterclass/y?id=10',
    },
    { when: 'no short title', workshop: { id: 11, type: 1 }, expected: '/masterclass/?id=11' },
    { when: 'nothing at all', workshop: null, expected: '/course/?id=' },
  ];
  it.each(rows)('when $when, then the path is $expected', ({ workshop, expected }) => {
    expect(withFrozen([workshop], (w) => workshopPath(w))).toBe(expected);
  });
});

describe("blogPath (spec §2: category falls back to 'uncategorized', the slug to 'untitled')", () => {
  const rows: { when: string; blog: BlogLike | null; expected: string }[] = [
    {
      when: 'the category is a string',
      blog: { id: 4, url: 'site-analysis', category: 'Urban Design' },
      expected: '/blog/urban-design/site-analysis?id=4',
    },
    {
      when: 'the category is a record',
      blog: { id: 5, url: 'revit-tips', category: { name: 'BIM & CAD' } },
      expected: '/blog/bim-cad/revit-tips?id=5',
    },
    {
      when: 'the category is missing',
      blog: { id: 6, url: 'x' },
      expected: '/blog/uncategorized/x?id=6',
    },
    {
      when: 'the category name slugs to nothing',
      blog: { id: 6, url: 'x', category: { name: '???' } },
      expected: '/blog/uncategorized/x?id=6',
    },
    {
      when: 'the url is empty',
      blog: { id: 7, url: '', category: 'News' },
      expected: '/blog/news/untitled?id=7',
    },
    {
      when: 'the url is missing',
      blog: { id: 7, category: 'News' },
      expected: '/blog/news/untitled?id=7',
    },
    {
      when: 'the id is 0',
      blog: { id: 0, url: 'zero' },
      expected: '/blog/uncategorized/zero?id=0',
    },
    { when: 'there is no id', blog: { url: 'x', category: 'News' }, expected: '/blogs' },
    { when: 'the id is null', blog: { id: null, url: 'x' }, expected: '/blogs' },
    { when: 'the id is blank', blog: { id: ' ', url: 'x' }, expected: '/blogs' },
    { when: 'the blog is null', blog: null, expected: '/blogs' },
  ];
  it.each(rows)('when $when, then the path is $expected', ({ blog, expected }) => {
    expect(withFrozen([blog], (b) => blogPath(b))).toBe(expected);
  });
});

describe('youtubeId (spec §5: only an 11-character video id)', () => {
  const id = 'dQw4w9WgXcQ';
  it.each([
    { when: 'a bare id', input: id, expected: id },
    { when: 'a bare id with - and _', input: 'a-b_c-d_e-f', expected: 'a-b_c-d_e-f' },
    { when: 'a watch address', input: `https://www.youtube.com/watch?v=${id}`, expected: id },
    {
      when: 'a watch address with other parameters first',
      input: `https://youtube.com/watch?feature=share&v=${id}&t=42`,
      expected: id,
    },
    { when: 'a mobile watch address', input: `https://m.youtube.com/watch?v=${id}`, expected: id },
    {
      when: 'a watch address without a scheme',
      input: `www.youtube.com/watch?v=${id}`,
      expected: id,
    },
    { when: 'a short address', input: `https://youtu.be/${id}`, expected: id },
    {
      when: 'a short address with a start time',
      input: `https://youtu.be/${id}?t=30`,
      expected: id,
    },
    { when: 'a short address without a scheme', input: `youtu.be/${id}`, expected: id },
    {
      when: 'an embed address',
      input: `https://www.youtube.com/embed/${id}?autoplay=1`,
      expected: id,
    },
    {
      when: 'a privacy-enhanced embed address',
      input: `https://www.youtube-nocookie.com/embed/${id}`,
      expected: id,
    },
    { when: 'a shorts address', input: `https://youtube.com/shorts/${id}`, expected: id },
    { when: 'surrounding blanks', input: `  ${id}  `, expected: id },
    { when: 'a 10-character id', input: 'dQw4w9WgXc', expected: null },
    { when: 'a 12-character id', input: 'dQw4w9WgXcQQ', expected: null },
    { when: 'an id with a forbidden character', input: 'dQw4w9WgX.Q', expected: null },
    {
      when: 'a watch address with a 12-character id',
      input: `https://www.youtube.com/watch?v=${id}Q`,
      expected: null,
    },
    { when: 'a watch address with no id', input: 'https://www.youtube.com/watch', expected: null },
    { when: 'another site', input: `https://vimeo.com/watch?v=${id}`, expected: null },
    {
      when: 'a channel address',
      input: 'https://www.youtube.com/channel/UCabcdefghij',
      expected: null,
    },
    { when: 'an empty string', input: '', expected: null },
    { when: 'null', input: null, expected: null },
  ])('when $when, then the id is $expected', ({ input, expected }) => {
    expect(youtubeId(input)).toBe(expected);
  });
});
