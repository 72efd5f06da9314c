import { describe, expect, test } from 'vitest';
import { csvText, safeFileName } from './csv';

describe('csvText', () => {
  test('starts with the byte order mark and ends each row with CRLF', () => {
    const text = csvText([
      ['时间', '有功功率 (kW)'],
      ['2026-11-25 08:00:00', 12.5],
    ]);
    expect(text.charCodeAt(0)).toBe(0xfeff);
    expect(text.slice(1)).toBe('时间,有功功率 (kW)\r\n2026-11-25 08:00:00,12.5\r\n');
  });

  test.each([
    ['plain', 'plain'],
    ['a,b', '"a,b"'],
    ['say "hi"', '"say ""hi"""'],
    ['two\nlines', '"two\nlines"'],
    ['cr\r', '"cr\r"'],
    [' padded ', '" padded "'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+1', "'+1"],
    ['-x', "'-x"],
    ['@cmd', "'@cmd"],
  ])('writes the text %j as %j', (cell, written) => {
    expect(csvText([[cell]]).slice(1)).toBe(`${written}\r\n`);
  });

  test('writes numbers and booleans as they are, none as an empty field', () => {
    expect(csvText([[-3.25, 0, true, null, undefined, '']]).slice(1)).toBe('-3.25,0,true,,,\r\n');
  });
});

describe('safeFileName', () => {
  test.each([
    ['功率趋势-2026-11-25 0830.csv', '功率趋势-2026-11-25 0830.csv'],
    ['A/B: "C"?', 'A_B_ _C__'],
    ['  ', '_'],
  ])('%j is saved as %j', (name, saved) => {
    expect(safeFileName(name)).toBe(saved);
  });
});
