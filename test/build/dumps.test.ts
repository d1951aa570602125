// Every dump, read back with an independent parser, must yield exactly the records the API
// serves; the manifest must describe the files exactly.
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import initSqlJs from 'sql.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { LICENSE, LOCALES, type Locale } from '../../src/contract.ts';
import { ManifestSchema, TermSchema, type Manifest, type Term } from '../../src/schema.ts';
import { buildSite } from '../../scripts/lib/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const out = path.join(tempDir(), 'dist');
let manifest: Manifest;
let dataVersion: string;
const served: Record<Locale, Term[]> = { en: [], bg: [] };

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
    served[locale] = order.map((slug) => JSON.parse(readFileSync(path.join(out, `api/lexicon/${locale}/${slug}.json`), 'utf8')).data);
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
    expect(manifest.files.map((f) => `${f.locale}.${f.format}`).sort()).toEqual(
      ['all.csv', 'all.json', 'all.ndjson', 'all.sqlite', 'bg.csv', 'bg.json', 'bg.ndjson', 'en.csv', 'en.json', 'en.ndjson'],
    );
    for (const file of manifest.files) {
      const bytes = readFileSync(path.join(out, file.path));
      expect(file.bytes, file.name).toBe(bytes.byteLength);
      expect(file.sha256, file.name).toBe(createHash('sha256').update(bytes).digest('hex'));
      expect(file.name.startsWith(`lexicon-${dataVersion}-${file.locale}.`)).toBe(true);
    }
  });
});

describe('dump round trips (both locales and combined)', () => {
  it('JSON carries the license and exactly the served records', () => {
    for (const locale of LOCALES) {
      const json = JSON.parse(dump(locale, 'json').toString('utf8'));
      expect(json).toMatchObject({ license: LICENSE, licenseSpdx: 'CC-BY-SA-4.0', dataVersion, locale, attribution: manifest.attribution });
      expect(json.terms).toEqual(served[locale]);
    }
    const all = JSON.parse(dump('all', 'json').toString('utf8'));
    expect(all.terms).toEqual(served);
  });

  it('NDJSON holds one served record per line', () => {
    for (const locale of LOCALES) {
      const lines = dump(locale, 'ndjson').toString('utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
      expect(lines).toEqual(served[locale]);
    }
    const all = dump('all', 'ndjson').toString('utf8').trimEnd().split('\n').map((line) => JSON.parse(line));
    expect(all).toEqual(LOCALES.flatMap((locale) => served[locale].map((term) => ({ locale, ...term }))));
  });

  it('CSV (RFC 4180, read with csv-parse) rebuilds the served records', () => {
    const fromCsv = (row: Record<string, string>): Term =>
      TermSchema.parse({
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
    for (const locale of LOCALES) {
      const text = dump(locale, 'csv').toString('utf8');
      expect(text.split('\r\n')[0]).toBe('slug,term,definition,pillar,tradition,etymology,pronunciation,termOriginal,relatedTerms,url,relatedPosts,fullContent');
      const rows = parseCsv(text, { columns: true, record_delimiter: '\r\n' }) as Record<string, string>[];
      expect(rows.map(fromCsv)).toEqual(served[locale]);
    }
    const rows = parseCsv(dump('all', 'csv').toString('utf8'), { columns: true }) as Record<string, string>[];
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
      expect(meta).toMatchObject({ license: LICENSE, data_version: dataVersion, attribution_required: manifest.attribution.required });
      const indexes = rows("SELECT name FROM sqlite_master WHERE type = 'index' AND name NOT LIKE 'sqlite_%'").map((r) => r.name);
      expect(indexes).toEqual(expect.arrayContaining(['terms_slug', 'terms_pillar']));
      for (const l of LOCALES) {
        const terms = rows('SELECT * FROM terms WHERE locale = ? ORDER BY position', [l]).map((t) => ({
          term: t.term,
          slug: t.slug,
          definition: t.definition,
          pillar: t.pillar,
          tradition: t.tradition,
          etymology: t.etymology,
          relatedTerms: rows('SELECT related_slug FROM related_terms WHERE slug = ? ORDER BY position', [t.slug as string]).map((r) => r.related_slug),
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
      }
      db.close();
    }
  });
});
