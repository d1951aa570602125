// The SQLite dump reproduces the API's search: a substring of `search_names.name` against the
// handler for random queries (oracle), and the README's sqlite3 one-liners, run as written
// (through sql.js, and through the sqlite3 CLI where it is installed).
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import initSqlJs from 'sql.js';
import { describe, expect, it } from 'vitest';
import { LOCALES, type Locale } from '../../src/contract/facts.ts';
import { LIST_PARAMETERS } from '../../src/contract/list-parameters.ts';
import { foldForSearch } from '../../src/list/fold.ts';
import { ManifestSchema } from '../../src/contract/dump-schemas.ts';
import { loadCorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { emitInMemory, siteFrom } from '../helpers/in-memory-site.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const validation = validateCorpus(await loadCorpusFiles(path.join(ROOT, 'corpus')));
if (!validation.ok) throw new Error('the bundled corpus is invalid');
const emitted = await emitInMemory(validation.corpus);
const site = siteFrom(emitted);
const manifest = ManifestSchema.parse(JSON.parse(emitted.files.get('dumps/manifest.json') as string));
const sqliteBytes = emitted.files.get(manifest.files.find((f) => f.format === 'sqlite')!.path.slice(1)) as Uint8Array;
const SQL = await initSqlJs();
const db = new SQL.Database(sqliteBytes);

function query(sql: string, params: (string | number)[] = []): string[][] {
  const statement = db.prepare(sql);
  statement.bind(params);
  const rows: string[][] = [];
  while (statement.step()) rows.push(statement.get().map(String));
  statement.free();
  return rows;
}

/** Every match of q, in list order: the pages of the list endpoint, followed to the end. */
async function apiSearch(q: string, locale: Locale): Promise<string[][]> {
  const found: string[][] = [];
  const pageSize = LIST_PARAMETERS.limit.maximum;
  for (let offset = 0; ; offset += pageSize) {
    const params = new URLSearchParams({ q, locale, limit: String(pageSize), offset: String(offset) });
    const body = await (await site.handle(`/api/lexicon/public?${params}`)).json();
    found.push(...body.data.map((t: { slug: string; term: string }) => [t.slug, t.term]));
    if (!body.meta.hasMore) {
      expect(found).toHaveLength(body.meta.total);
      return found;
    }
  }
}

describe("search_names reproduces the API's q", () => {
  // Names in both scripts and the original forms: q matches all of them.
  const names = LOCALES.flatMap((l) =>
    site.terms[l].flatMap((t) => [t.term, ...(t.termOriginal ? [t.termOriginal] : [])]),
  );
  const qArbitrary = fc.oneof(
    // Substrings of real names, in any case.
    fc.tuple(fc.constantFrom(...names), fc.nat(), fc.nat(), fc.boolean()).map(([name, a, b, upper]) => {
      const chars = [...name];
      const start = a % chars.length;
      const text = chars.slice(start, start + 1 + (b % 6)).join('');
      return upper ? text.toUpperCase() : text;
    }),
    fc.string({ unit: fc.constantFrom('a', 'o', 'и', 'а', 'ъ', 'é', 'Σ', ' '), maxLength: 4 }),
  );

  it('for random queries in both locales, the same terms in the same order', async () => {
    await fc.assert(
      fc.asyncProperty(qArbitrary, fc.constantFrom(...LOCALES), async (q, locale) => {
        const needle = foldForSearch(q.trim(), locale);
        // A q of combining marks alone folds to nothing: the API matches no term (a blank q is no filter).
        if (needle === '' && q.trim() !== '') {
          expect(await apiSearch(q, locale)).toEqual([]);
          return;
        }
        const rows = query(
          'SELECT slug, term FROM terms t WHERE locale = ? AND EXISTS (SELECT 1 FROM search_names n WHERE n.locale = t.locale AND n.slug = t.slug AND instr(n.name, ?) > 0) ORDER BY position',
          [locale, needle],
        );
        expect(rows).toEqual(await apiSearch(q, locale));
      }),
      { numRuns: 200 },
    );
  });
});

/** The SQL of the README's sqlite3 examples, in order. */
function readmeExamples(): string[] {
  const readme = readFileSync(path.join(ROOT, 'README.md'), 'utf8');
  const block = readme.slice(
    readme.indexOf('<!-- sqlite-examples:start -->'),
    readme.indexOf('<!-- sqlite-examples:end -->'),
  );
  return [...block.matchAll(/^sqlite3 lexicon-\*-all\.sqlite "(.+)"$/gm)].map((m) => m[1]!);
}

const [qExample, ftsExample] = readmeExamples();
/** Bulgarian terms whose definition has a word starting with "камък", in list order (brute force). */
const ftsOracle = site.terms.bg
  .filter((t) =>
    t.definition
      .toLocaleLowerCase('bg')
      .split(/[^\p{L}\p{N}]+/u)
      .some((word) => word.startsWith('камък')),
  )
  .map((t) => [t.slug, t.term]);

describe("the README's sqlite3 one-liners", () => {
  it('are two, and the first gives what /api/lexicon/public?q=камък&locale=bg gives', async () => {
    expect(readmeExamples()).toHaveLength(2);
    const api = await apiSearch('камък', 'bg');
    expect(api.length).toBeGreaterThan(0);
    expect(query(qExample!)).toEqual(api);
  });

  it('the second finds every Bulgarian definition with a word starting with камък', () => {
    expect(ftsOracle.length).toBeGreaterThan(0);
    expect(query(ftsExample!)).toEqual(ftsOracle);
  });

  const sqlite3 = spawnSync('sqlite3', ['--version']).error ? undefined : 'sqlite3';
  if (!sqlite3)
    console.warn(
      'test/build/sqlite-search.test.ts: skipping the sqlite3 CLI runs: no sqlite3 on PATH (install the sqlite3 package)',
    );

  it.skipIf(!sqlite3)('give the same rows through the sqlite3 command-line shell', async () => {
    const file = path.join(tempDir(), 'lexicon-all.sqlite');
    writeFileSync(file, sqliteBytes);
    const run = (sql: string) =>
      execFileSync('sqlite3', ['-readonly', file, sql], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map((line) => line.split('|'));
    expect(run(qExample!)).toEqual(await apiSearch('камък', 'bg'));
    expect(run(ftsExample!)).toEqual(ftsOracle);
  });
});
