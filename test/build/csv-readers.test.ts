// The CSV dumps read by the tools their users open them with: Python's csv module (as the
// README says), `sqlite3 .import --csv` and LibreOffice Calc (headless, converted to flat ODS).
// Each must get exactly one record per term, with every field equal to the API's record: a
// cell holding a line break must never split a record.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCorpus } from '../../bench/synthetic-corpus.ts';
import { LOCALES, type Locale } from '../../src/contract/facts.ts';
import { ManifestSchema } from '../../src/contract/dump-schemas.ts';
import type { Term } from '../../src/contract/response-schemas.ts';
import { CSV_COLUMNS, unescapeCsvCell } from '../../scripts/lib/formats/csv-dump.ts';
import type { TermDetails } from '../../scripts/lib/publish/api-records.ts';
import { loadCorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { validateCorpus, type Corpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import {
  pythonWith,
  readCsvWithLibreOffice,
  readCsvWithPython,
  readCsvWithSqlite,
  SOFFICE,
  SQLITE3,
} from '../helpers/external-readers.ts';
import { emitInMemory, type EmittedSite } from '../helpers/in-memory-site.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const PYTHON = pythonWith('csv');
for (const [tool, found, pkg] of [
  ['python3', PYTHON, 'python3'],
  ['sqlite3', SQLITE3, 'sqlite3'],
  ['soffice', SOFFICE, 'libreoffice-calc'],
] as const)
  if (!found) console.warn(`test/build/csv-readers.test.ts: skipping the ${tool} reader: not installed (${pkg})`);

type DumpLocale = Locale | 'all';

/** Writes a site's CSV dumps to a folder: the files as a user downloads them. */
function writeCsvDumps(site: EmittedSite, dir: string): Record<DumpLocale, string> {
  const manifest = ManifestSchema.parse(JSON.parse(site.files.get('dumps/manifest.json') as string));
  const files = {} as Record<DumpLocale, string>;
  for (const file of manifest.files.filter((f) => f.format === 'csv')) {
    const target = path.join(dir, file.name);
    writeFileSync(target, site.files.get(file.path.slice(1))!);
    files[file.locale] = target;
  }
  return files;
}

/** What each column must hold for a term, from the API's record and the corpus's details, as the README documents. */
function apiCells(term: Term, details: TermDetails, locale: Locale): string[] {
  const byColumn: Record<(typeof CSV_COLUMNS)[number], string> = {
    slug: term.slug,
    term: term.term,
    definition: term.definition,
    pillar: term.pillar,
    tradition: term.tradition,
    etymology: term.etymology ?? '',
    pronunciation: term.pronunciation ?? '',
    termOriginal: term.termOriginal ?? '',
    termOriginalLang: details.termOriginalLang ?? '',
    aliases: details.aliases[locale].join('\n'),
    relatedTerms: term.relatedTerms.join(' '),
    broader: details.broader.join(' '),
    url: term.url,
    relatedPosts: JSON.stringify(term.relatedPosts),
    references: details.references
      .map((r) => `${r.author}, ${r.title} (${r.year})${r.locator ? `, ${r.locator}` : ''} [${r.kind}]`)
      .join('\n'),
    fullContent: term.fullContent,
  };
  return CSV_COLUMNS.map((column) => byColumn[column]);
}

/** The rows every reader must get from each file: the header, then one record per term in list order. */
function expectedRows(site: EmittedSite): Record<DumpLocale, string[][]> {
  const rows = (locale: Locale) =>
    site.records.locales[locale].terms.map((t) => apiCells(t, site.records.details.get(t.slug)!, locale));
  return {
    en: [[...CSV_COLUMNS], ...rows('en')],
    bg: [[...CSV_COLUMNS], ...rows('bg')],
    all: [['locale', ...CSV_COLUMNS], ...LOCALES.flatMap((l) => rows(l).map((r) => [l, ...r]))],
  };
}

/** A program's reading of the cells: one leading apostrophe (the formula escape) removed. */
const unescaped = (rows: string[][]) => rows.map((row) => row.map(unescapeCsvCell));

/** Compares record counts first, so a split record reads as one clear number, then every field. */
function expectSameRecords(reader: string, actual: string[][], expected: string[][]) {
  expect(actual.length - 1, `${reader}: records`).toBe(expected.length - 1);
  for (const [index, row] of actual.entries()) expect(row, `${reader}: record ${index}`).toEqual(expected[index]);
}

const bundledCorpus = async (): Promise<Corpus> => {
  const validation = validateCorpus(await loadCorpusFiles(path.resolve(import.meta.dirname, '../../corpus')));
  if (!validation.ok) throw new Error('the bundled corpus is invalid');
  return validation.corpus;
};

describe('the CSV dumps of the bundled corpus', () => {
  const dir = tempDir();
  let files: Record<DumpLocale, string>;
  let expected: Record<DumpLocale, string[][]>;

  beforeAll(async () => {
    const site = await emitInMemory(await bundledCorpus());
    files = writeCsvDumps(site, dir);
    expected = expectedRows(site);
    // The corpus has cells with line breaks and no comma or quote: the case that once split records.
    const multiline = expected.en
      .slice(1)
      .flat()
      .filter((cell) => cell.includes('\n') && !/[",]/.test(cell));
    expect(multiline.length).toBeGreaterThan(0);
    expect(expected.en.length - 1).toBeGreaterThanOrEqual(320);
  }, 120_000);

  it.skipIf(!PYTHON)("Python's csv module reads one record per term, every field equal to the API's", () => {
    for (const locale of [...LOCALES, 'all'] as const) {
      expectSameRecords(`python ${locale}`, unescaped(readCsvWithPython(PYTHON!, files[locale])), expected[locale]);
    }
  });

  it.skipIf(!SQLITE3)("sqlite3 .import --csv reads one record per term, every field equal to the API's", () => {
    for (const locale of [...LOCALES, 'all'] as const) {
      expectSameRecords(`sqlite3 ${locale}`, unescaped(readCsvWithSqlite(files[locale])), expected[locale]);
    }
  });

  it.skipIf(!SOFFICE)(
    "LibreOffice Calc opens one row per term, every cell equal to the API's",
    () => {
      const read = readCsvWithLibreOffice([files.en, files.bg, files.all], dir);
      for (const [index, locale] of (['en', 'bg', 'all'] as const).entries()) {
        // Calc keeps no trailing empty cells; the expected rows lose theirs the same way.
        const trimmed = expected[locale].map((row) => {
          const copy = [...row];
          while (copy.length > 0 && copy.at(-1) === '') copy.pop();
          return copy;
        });
        expectSameRecords(`LibreOffice ${locale}`, unescaped(read[index]!), trimmed);
      }
    },
    300_000,
  );
});

describe('the CSV dumps of a 5,000-term synthetic corpus', () => {
  const dir = tempDir();
  let files: Record<DumpLocale, string>;
  let expected: Record<DumpLocale, string[][]>;

  beforeAll(async () => {
    const site = await emitInMemory(generateCorpus(5000, 42));
    files = writeCsvDumps(site, dir);
    expected = expectedRows(site);
  }, 300_000);

  it.skipIf(!PYTHON)("Python's csv module reads 5,000 records per locale, every field equal to the API's", () => {
    for (const locale of [...LOCALES, 'all'] as const) {
      expectSameRecords(`python ${locale}`, unescaped(readCsvWithPython(PYTHON!, files[locale])), expected[locale]);
    }
    expect(expected.en.length - 1).toBe(5000);
  });

  it.skipIf(!SQLITE3)('sqlite3 .import --csv reads 5,000 records per locale', () => {
    for (const locale of LOCALES) {
      expectSameRecords(`sqlite3 ${locale}`, unescaped(readCsvWithSqlite(files[locale])), expected[locale]);
    }
  });
});
