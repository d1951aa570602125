// The CSV dumps' cells and lines: RFC 4180 through csv-stringify, made safe and readable for
// spreadsheet software. Pure.
import { stringify as stringifyCsv } from 'csv-stringify/sync';
import type { Reference } from '../corpus/corpus-schema.ts';
import type { Locale } from '../../../src/contract/facts.ts';
import type { Term } from '../../../src/contract/response-schemas.ts';
import type { TermDetails } from '../publish/api-records.ts';

/**
 * A UTF-8 byte order mark starts every CSV dump: without it, Excel opens UTF-8 CSV in the
 * system's legacy code page and shows Cyrillic as mojibake. Readers strip it (csv-parse
 * `bom: true`, Python `encoding="utf-8-sig"`; LibreOffice and Google Sheets do so themselves).
 */
export const CSV_BOM = '\uFEFF';

/** The columns of the CSV dumps, in order. */
export const CSV_COLUMNS = [
  'slug',
  'term',
  'definition',
  'pillar',
  'tradition',
  'etymology',
  'pronunciation',
  'termOriginal',
  'termOriginalLang',
  'aliases',
  'relatedTerms',
  'broader',
  'url',
  'relatedPosts',
  'references',
  'fullContent',
] as const;

// OWASP "CSV injection": a spreadsheet evaluates a cell starting with one of these as a formula.
const FORMULA_START = /^[=+\-@\t\r]/;
/** Marks an escaped cell; cells that start with it are escaped too, so unescaping is exact. */
export const CSV_ESCAPE = "'";

/**
 * A cell that a spreadsheet would run as a formula gets a leading apostrophe, which spreadsheet
 * software reads as "text follows". A cell already starting with an apostrophe gets one more,
 * so `unescapeCsvCell` restores every value exactly.
 */
export function escapeCsvCell(value: string): string {
  return FORMULA_START.test(value) || value.startsWith(CSV_ESCAPE) ? CSV_ESCAPE + value : value;
}

/** The inverse of escapeCsvCell: what a program reading the dumps applies to every cell. */
export function unescapeCsvCell(cell: string): string {
  return cell.startsWith(CSV_ESCAPE) ? cell.slice(CSV_ESCAPE.length) : cell;
}

/** One reference as a spreadsheet user reads it: `Author, Title (year), locator [kind]`. */
export function referenceText({ kind, author, title, year, locator }: Reference): string {
  return `${author}, ${title} (${year})${locator ? `, ${locator}` : ''} [${kind}]`;
}

// Names and references never contain line breaks (the corpus schema forbids control
// characters in names), so one per line is unambiguous and wraps readably in a cell.
const lines = (values: readonly string[]) => values.join('\n');

/** A term's cells in CSV_COLUMNS order, before escaping; an empty cell is null. */
export function csvCells(term: Term, details: TermDetails, locale: keyof TermDetails['aliases']): string[] {
  return [
    term.slug,
    term.term,
    term.definition,
    term.pillar,
    term.tradition,
    term.etymology ?? '',
    term.pronunciation ?? '',
    term.termOriginal ?? '',
    details.termOriginalLang ?? '',
    lines(details.aliases[locale]),
    term.relatedTerms.join(' '),
    details.broader.join(' '),
    term.url,
    JSON.stringify(term.relatedPosts),
    lines(details.references.map(referenceText)),
    term.fullContent,
  ];
}

/**
 * One CSV record: escaped cells, CRLF-terminated (RFC 4180). A cell is quoted when it holds a
 * comma, a quote, a CR or an LF: csv-stringify quotes only cells holding the record delimiter
 * itself (CRLF) once one is set, unless `quote_record_delimiter` says otherwise, and a bare LF
 * left unquoted ends the record for Python, sqlite3 and spreadsheets. Line breaks inside a cell
 * stay LF, as in the API's values.
 */
export function csvLine(cells: readonly string[]): string {
  return stringifyCsv([cells.map(escapeCsvCell)], { record_delimiter: 'windows', quote_record_delimiter: true });
}

/**
 * What comes before a locale dump's record (`csvLine(cells)`) in the combined dump: the locale's
 * cell. A locale code is letters only, which csv-stringify never quotes and escapeCsvCell never
 * marks, so the two make `csvLine([locale, ...cells])` without stringifying the cells again (the
 * build writes the record's bytes after it: encoded once for both dumps).
 */
export const csvLocaleCell = (locale: Locale): string => `${locale},`;

/** The combined dump's record, from a locale dump's record (csvLocaleCell): the tests' statement of it. */
export function csvLineWithLocale(locale: Locale, line: string): string {
  return csvLocaleCell(locale) + line;
}
