import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.js';

describe('console CSV', () => {
  it('when a cell holds a comma, a quote or a line break, then it is quoted with its quotes doubled', () => {
    expect(csvCell('plain')).toBe('plain');
    expect(csvCell('a, b')).toBe('"a, b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell(null)).toBe('');
    expect(csvCell({ a: 1 })).toBe('"{""a"":1}"');
  });

  it('when a cell starts like a formula, then it gets a leading quote', () => {
    for (const start of ['=', '+', '-', '@', '\t'])
      expect(csvCell(`${start}SUM(A1)`)).toBe(`'${start}SUM(A1)`);
    expect(csvCell('=1,2')).toBe(`"'=1,2"`);
  });

  it('when rows are written, then a header row comes first and rows end with CRLF', () => {
    expect(toCsv([{ header: 'id', value: (r: { id: number }) => r.id }], [{ id: 1 }, { id: 2 }])).toBe(
      'id\r\n1\r\n2\r\n',
    );
  });
});
