// CSV cells: formula injection is escaped for spreadsheets, and every value comes back exactly
// through csv-parse (reading any line ending as the end of a record, like Python's csv module)
// and unescapeCsvCell.
import { parse as parseCsv } from 'csv-parse/sync';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/contract/facts.ts';
import {
  CSV_BOM,
  csvLine,
  csvLineWithLocale,
  escapeCsvCell,
  referenceText,
  unescapeCsvCell,
} from '../../scripts/lib/formats/csv-dump.ts';

const FORMULA_START = /^[=+\-@\t\r]/;
const ANY_LINE_END = ['\r\n', '\n', '\r'];

describe('escapeCsvCell', () => {
  it.each([
    ['=HYPERLINK("http://evil.example","x")', `'=HYPERLINK("http://evil.example","x")`],
    ['+1', "'+1"],
    ['-1+1', "'-1+1"],
    ['@SUM(A1:A2)', "'@SUM(A1:A2)"],
    ['\t=1', "'\t=1"],
    ['\r=1', "'\r=1"],
    ["'already quoted", "''already quoted"],
    ['Sophia = wisdom', 'Sophia = wisdom'],
    ['София', 'София'],
    ['', ''],
  ])('%j is written %j', (value, cell) => {
    expect(escapeCsvCell(value)).toBe(cell);
    expect(unescapeCsvCell(cell)).toBe(value);
  });

  it('round-trips any record through csv-stringify and csv-parse, and no cell starts a formula', () => {
    const cell = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', "'", '"', ',', 'a', 'я') }),
    );
    fc.assert(
      fc.property(fc.array(cell, { maxLength: 6 }), (values) => {
        // A first cell that is never empty: a record of one empty cell is an empty line.
        const record = ['slug', ...values];
        const text = CSV_BOM + csvLine(record);
        // Every line ending ends a record outside quotes, as for Python's csv module and spreadsheets.
        const rows = parseCsv(text, {
          bom: true,
          record_delimiter: ANY_LINE_END,
          relax_column_count: false,
        }) as string[][];
        expect(rows).toHaveLength(1);
        expect(rows[0]!.some((c) => FORMULA_START.test(c))).toBe(false);
        expect(rows[0]!.map(unescapeCsvCell)).toEqual(record);
      }),
    );
  });
});

describe('csvLineWithLocale', () => {
  it('is the record with the locale as its first cell, for any cells', () => {
    const cell = fc.oneof(
      fc.string({ unit: 'grapheme' }),
      fc.string({ unit: fc.constantFrom('=', '+', '-', '@', '\t', '\r', '\n', "'", '"', ',', 'a', 'я') }),
    );
    fc.assert(
      fc.property(fc.constantFrom(...LOCALES), fc.array(cell, { minLength: 1, maxLength: 6 }), (locale, cells) => {
        expect(csvLineWithLocale(locale, csvLine(cells))).toBe(csvLine([locale, ...cells]));
      }),
    );
  });
});

describe('referenceText', () => {
  it('writes a reference as a spreadsheet user reads it', () => {
    expect(
      referenceText({
        kind: 'primary',
        author: 'Layton, Bentley (trans.)',
        title: 'The Gnostic Scriptures',
        year: 1987,
      }),
    ).toBe('Layton, Bentley (trans.), The Gnostic Scriptures (1987) [primary]');
    expect(
      referenceText({ kind: 'scholarly', author: 'Jung, C. G.', title: 'Aion', year: 1959, locator: 'CW 9/ii §68' }),
    ).toBe('Jung, C. G., Aion (1959), CW 9/ii §68 [scholarly]');
  });
});
