// Every dump, read back with an independent parser, must yield exactly the records the API
// serves; the manifest must describe the files exactly.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import initSqlJs from 'sql.js';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import { DATA_VERSION_PATTERN, LICENSE, LOCALES, type Locale } from '../../src/contract/facts.ts';
import { ReferenceSchema, type Reference } from '../../scripts/lib/corpus/corpus-schema.ts';
import { ManifestSchema, type Manifest } from '../../src/contract/dump-schemas.ts';
import { TermSchema, type Term } from '../../src/contract/response-schemas.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { unescapeCsvCell } from '../../scripts/lib/formats/csv-dump.ts';
import { foldForSearch } from '../../src/list/fold.ts';
import { staticHeaders } from '../../src/routes.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const out = path.join(tempDir(), 'dist');
let manifest: Manifest;
let dataVersion: string;
const served: Record<Locale, Term[]> = { en: [], bg: [] };
/** What the corpus says beyond the API's record, per slug (read from the corpus files). */
interface Details {
  termOriginalLang: string | null;
  aliases: string[];
  references: Reference[];
  broader: string[];
}
const details: Record<Locale, Map<string, Details>> = { en: new Map(), bg: new Map() };
/** The dump record: the served record, then the details. */
const dumped = (locale: Locale, term: Term) => ({ ...term, ...details[locale].get(term.slug)! });

function dump(locale: Locale | 'all', format: string): Buffer {
  const file = manifest.files.find((f) => f.locale === locale && f.format === format)!;
  return readFileSync(path.join(out, file.path));
}

beforeAll(async () => {
  const result = await buildSite({ corpusDir: SMALL_CORPUS, outDir: out, builtAt: new Date('2026-02-03T04:05:06Z') });
  if (!result.ok) throw new Error(result.messages.join('\n'));
  dataVersion = result.dataVersion;
  manifest = ManifestSchema.parse(JSON.parse(readFileSync(path.join(out, 'dumps/manifest.json'), 'utf8')));
  for (const locale of LOCALES) {
    // What the API serves: the static single-term files, in the list endpoint's order.
    const order = manifestOrder(locale);
    served[locale] = order.map(
      (slug) => JSON.parse(readFileSync(path.join(out, `api/lexicon/${locale}/${slug}.json`), 'utf8')).data,
    );
    for (const { slug } of served[locale]) {
      const facts = parseYaml(readFileSync(path.join(SMALL_CORPUS, 'terms', slug, 'term.yaml'), 'utf8'));
      const front = parseYaml(
        readFileSync(path.join(SMALL_CORPUS, 'terms', slug, `${locale}.md`), 'utf8').split('---\n')[1]!,
      );
      details[locale].set(slug, {
        termOriginalLang: facts.termOriginalLang ?? null,
        aliases: front.aliases ?? [],
        references: (facts.references ?? []).map((r: unknown) => ReferenceSchema.parse(r)),
        broader: facts.broader ?? [],
      });
    }
  }
});

function manifestOrder(locale: Locale): string[] {
  return (JSON.parse(dump(locale, 'json').toString('utf8')).terms as Term[]).map((t) => t.slug);
}

describe('manifest', () => {
  it('describes every dump with its exact size and SHA-256, and names carry the data version', () => {
    expect(manifest.dataVersion).toBe(dataVersion);
    expect(manifest.builtAt).toBe('2026-02-03T04:05:06.000Z');
    expect(manifest.counts).toEqual({ en: 6, bg: 6, posts: 2, pillars: 3 });
    expect(manifest.license).toBe(LICENSE);
    expect(manifest.files.map((f) => `${f.locale}.${f.format}`).sort()).toEqual([
      'all.csv',
      'all.json',
      'all.ndjson',
      'all.schema-org-jsonld',
      'all.skos-jsonld',
      'all.skos-turtle',
      'all.sqlite',
      'all.tbx',
      'bg.csv',
      'bg.json',
      'bg.ndjson',
      'en.csv',
      'en.json',
      'en.ndjson',
    ]);
    for (const file of manifest.files) {
      const bytes = readFileSync(path.join(out, file.path));
      expect(file.bytes, file.name).toBe(bytes.byteLength);
      expect(file.sha256, file.name).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(file.name.startsWith(`lexicon-${dataVersion}-${file.locale}.`)).toBe(true);
    }
  });

  it('gives every dump its own media type on the CDN', () => {
    const types = Object.fromEntries(manifest.files.map((f) => [f.format, staticHeaders(f.path, 100)['Content-Type']]));
    expect(types).toEqual({
      json: 'application/json; charset=utf-8',
      ndjson: 'application/x-ndjson; charset=utf-8',
      csv: 'text/csv; charset=utf-8; header=present',
      sqlite: 'application/vnd.sqlite3',
      'skos-turtle': 'text/turtle; charset=utf-8',
      'skos-jsonld': 'application/ld+json; charset=utf-8',
      tbx: 'application/xml; charset=utf-8',
      'schema-org-jsonld': 'application/ld+json; charset=utf-8',
    });
  });

  it('uses one data version, of one length, in every output that names it', () => {
    expect(dataVersion).toMatch(DATA_VERSION_PATTERN);
    const openapi = JSON.parse(readFileSync(path.join(out, 'api/lexicon/openapi.json'), 'utf8'));
    expect(openapi.info.version).toBe(dataVersion);
    expect(JSON.parse(dump('en', 'json').toString('utf8')).dataVersion).toBe(dataVersion);
    expect(readFileSync(path.join(out, 'api/lexicon/index.html'), 'utf8')).toContain(
      `<code class="hash">${dataVersion}</code>`,
    );
    // Every run of 12 to 64 hex digits (with a letter: not a decimal number) in these outputs is
    // the data version or a file's SHA-256.
    const sha256s = new Set(manifest.files.map((f) => f.sha256));
    for (const name of ['api/lexicon/openapi.json', 'api/lexicon/index.html', 'dumps/manifest.json']) {
      for (const [run] of readFileSync(path.join(out, name), 'utf8').matchAll(
        /(?<![0-9a-f])(?=[0-9]*[a-f])[0-9a-f]{12,64}(?![0-9a-f])/g,
      )) {
        expect(run === dataVersion || sha256s.has(run), `${name}: ${run}`).toBe(true);
      }
    }
  });
});

/** The API's Term from a dump record that has the details too. */
function withoutDetails(record: Term & Partial<Details>): Term {
  const { termOriginalLang: _lang, aliases: _aliases, references: _references, broader: _broader, ...term } = record;
  return term;
}

describe('dump round trips (both locales and combined)', () => {
  it('JSON carries the license and exactly the served records', () => {
    for (const locale of LOCALES) {
      const json = JSON.parse(dump(locale, 'json').toString('utf8'));
      expect(json).toMatchObject({
        license: LICENSE,
        licenseSpdx: 'CC-BY-SA-4.0',
        dataVersion,
        locale,
        attribution: manifest.attribution,
      });
      expect(json.terms).toEqual(served[locale].map((t) => dumped(locale, t)));
      expect(json.terms.map(withoutDetails)).toEqual(served[locale]);
    }
    const all = JSON.parse(dump('all', 'json').toString('utf8'));
    expect(all.terms).toEqual(Object.fromEntries(LOCALES.map((l) => [l, served[l].map((t) => dumped(l, t))])));
    // The fixture has a term with aliases and references, structured.
    expect(details.en.get('sophia')!.aliases).toEqual(['=Sophia', 'Wisdom']);
    expect(
      JSON.parse(dump('en', 'json').toString('utf8')).terms.find((t: Term) => t.slug === 'aeon').references[0],
    ).toEqual({
      kind: 'primary',
      author: 'Layton, Bentley (trans.)',
      title: 'The Gnostic Scriptures',
      year: 1987,
    });
  });

  it('NDJSON holds one served record per line, each carrying the license and the credit text', () => {
    const license = { license: LICENSE, attribution: manifest.attribution.required };
    for (const locale of LOCALES) {
      const lines = dump(locale, 'ndjson')
        .toString('utf8')
        .trimEnd()
        .split('\n')
        .map((line) => JSON.parse(line));
      expect(lines).toEqual(served[locale].map((t) => ({ ...dumped(locale, t), ...license })));
    }
    const all = dump('all', 'ndjson')
      .toString('utf8')
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(all).toEqual(
      LOCALES.flatMap((locale) => served[locale].map((term) => ({ locale, ...dumped(locale, term), ...license }))),
    );
  });

  it('CSV (RFC 4180, with a BOM, read with csv-parse) rebuilds the served records; formula cells are escaped', () => {
    // What a program reading the dumps does: strip the BOM, then unescape every cell.
    const unescapeRow = (row: Record<string, string>) =>
      Object.fromEntries(Object.entries(row).map(([k, v]) => [k, unescapeCsvCell(v)]));
    const fromCsv = (raw: Record<string, string>): Term => {
      const row = unescapeRow(raw);
      return TermSchema.parse({
        term: row.term,
        slug: row.slug,
        definition: row.definition,
        pillar: row.pillar,
        tradition: row.tradition,
        etymology: row.etymology || null,
        relatedTerms: row.relatedTerms ? row.relatedTerms!.split(' ') : [],
        url: row.url,
        fullContent: row.fullContent,
        pronunciation: row.pronunciation || null,
        termOriginal: row.termOriginal || null,
        relatedPosts: JSON.parse(row.relatedPosts!),
      });
    };
    for (const locale of LOCALES) {
      const bytes = dump(locale, 'csv');
      expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
      const text = bytes.toString('utf8');
      expect(text.split('\r\n')[0]).toBe(
        '\uFEFFslug,term,definition,pillar,tradition,etymology,pronunciation,termOriginal,termOriginalLang,aliases,relatedTerms,broader,url,relatedPosts,references,fullContent',
      );
      // Any line ending ends a record outside quotes, as for Python's csv module (csv-readers.test.ts).
      const rows = parseCsv(text, { columns: true, bom: true, record_delimiter: ['\r\n', '\n', '\r'] }) as Record<
        string,
        string
      >[];
      expect(rows.map(fromCsv)).toEqual(served[locale]);
      for (const row of rows.map(unescapeRow)) {
        const expected = details[locale].get(row.slug!)!;
        expect(row.termOriginalLang || null).toBe(expected.termOriginalLang);
        expect(row.broader ? row.broader.split(' ') : []).toEqual(expected.broader);
        expect(row.aliases ? row.aliases.split('\n') : []).toEqual(expected.aliases);
        // One reference per line, readable: every part of it present.
        const references = row.references ? row.references.split('\n') : [];
        expect(references).toHaveLength(expected.references.length);
        expected.references.forEach((r, i) => {
          for (const part of [r.author, r.title, String(r.year), r.locator ?? '', r.kind])
            expect(references[i]).toContain(part);
        });
      }
    }
    // A spreadsheet never sees a cell that starts a formula: "=Sophia..." is written "'=Sophia...".
    const en = parseCsv(dump('en', 'csv'), { columns: true, bom: true }) as Record<string, string>[];
    expect(en.find((row) => row.slug === 'sophia')!.aliases).toBe("'=Sophia\nWisdom");
    expect(en.flatMap((row) => Object.values(row)).filter((cell) => /^[=+\-@\t\r]/.test(cell))).toEqual([]);
    const rows = parseCsv(dump('all', 'csv'), { columns: true, bom: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.locale, fromCsv(row)])).toEqual(LOCALES.flatMap((l) => served[l].map((t) => [l, t])));
  });

  it('SQLite (read with sql.js) rebuilds the served records of both locales, with license metadata and indexes', async () => {
    const SQL = await initSqlJs();
    {
      const db = new SQL.Database(dump('all', 'sqlite'));
      const rows = (sql: string, params: (string | number)[] = []) => {
        const statement = db.prepare(sql);
        statement.bind(params);
        const out: Record<string, string | number | null>[] = [];
        while (statement.step()) out.push(statement.getAsObject() as Record<string, string | number | null>);
        statement.free();
        return out;
      };
      const meta = Object.fromEntries(rows('SELECT key, value FROM metadata').map((r) => [r.key, r.value]));
      expect(meta).toMatchObject({
        license: LICENSE,
        data_version: dataVersion,
        attribution_required: manifest.attribution.required,
      });
      const indexes = rows("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").map(
        (r) => r.name,
      );
      expect(indexes).toEqual(expect.arrayContaining(['terms_slug', 'terms_pillar']));
      const sql = (text: string) => rows('SELECT sql FROM sqlite_master WHERE name = ?', [text])[0]?.sql;
      expect(sql('terms_fts')).toContain('fts4');
      for (const l of LOCALES) {
        const terms = rows('SELECT * FROM terms WHERE locale = ? ORDER BY position', [l]).map((t) => ({
          term: t.term,
          slug: t.slug,
          definition: t.definition,
          pillar: t.pillar,
          tradition: t.tradition,
          etymology: t.etymology,
          relatedTerms: rows('SELECT related_slug FROM related_terms WHERE slug = ? ORDER BY position', [
            t.slug as string,
          ]).map((r) => r.related_slug),
          url: t.url,
          fullContent: t.full_content,
          pronunciation: t.pronunciation,
          termOriginal: t.term_original,
          relatedPosts: rows(
            'SELECT p.title, p.slug, p.url FROM term_posts tp JOIN posts p ON p.slug = tp.post_slug AND p.locale = ? WHERE tp.term_slug = ? ORDER BY tp.position',
            [l, t.slug as string],
          ),
        }));
        expect(terms).toEqual(served[l]);
        // The details, structured, and the API's folding of each name.
        for (const t of rows('SELECT slug, term, term_folded, term_original_lang FROM terms WHERE locale = ?', [l])) {
          const expected = details[l].get(t.slug as string)!;
          expect(t.term_folded).toBe(foldForSearch(t.term as string, l));
          expect(t.term_original_lang).toBe(expected.termOriginalLang);
          expect(
            rows('SELECT alias FROM aliases WHERE locale = ? AND slug = ? ORDER BY position', [
              l,
              t.slug as string,
            ]).map((r) => r.alias),
          ).toEqual(expected.aliases);
          const references = rows(
            'SELECT kind, author, title, year, locator FROM term_references WHERE slug = ? ORDER BY position',
            [t.slug as string],
          );
          expect(references.map(({ locator, ...r }) => (locator === null ? r : { ...r, locator }))).toEqual(
            expected.references,
          );
          expect(
            rows('SELECT broader_slug FROM broader_terms WHERE slug = ? ORDER BY position', [t.slug as string]).map(
              (r) => r.broader_slug,
            ),
          ).toEqual(expected.broader);
        }
      }
      db.close();
    }
  });
});
