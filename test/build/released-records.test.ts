// A build lets its records go while it writes them (emit.ts releaseRecords): each record once its
// term file, dump records and SQLite rows are written, a term's details after its last locale.
// That changes what the build holds, never what it writes: the same files and bytes as an emit
// that keeps its records; and a released list read by mistake says so instead of reading empty.
// The records are also made to share what is the same in both locales and across terms.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { DATA_VERSION_HEX_DIGITS, LOCALES, type Locale } from '../../src/contract/facts.ts';
import { gramsOf, forgetGrams } from '../../src/list/list-index/grams.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import type { ApiRecords } from '../../scripts/lib/publish/api-records.ts';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';
import { emitSite, termFile } from '../../scripts/lib/publish/emit.ts';
import { listEntry } from '../../scripts/lib/publish/list-index-file.ts';
import { MemorySink } from '../../scripts/lib/publish/write-output.ts';
import { rememberedIndexLine } from '../../scripts/lib/pages/index-page.ts';
import { emitPages } from '../../scripts/lib/pages/site-pages.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';

function smallRecords(): ApiRecords {
  const validation = validateCorpus(smallCorpusFiles());
  if (!validation.ok) throw new Error('the small fixture corpus must be valid');
  return deriveApiRecords(validation.corpus, 'https://api.test');
}

async function emitted(records: ApiRecords, releaseRecords: boolean): Promise<Map<string, string | Uint8Array>> {
  const sink = new MemorySink();
  const options = {
    source: 'Test Lexicon',
    dataVersion: 'f'.repeat(DATA_VERSION_HEX_DIGITS),
    builtAt: new Date(0),
    rateLimitPerHour: 100,
    releaseRecords,
  };
  await emitSite(records, options, sink);
  return sink.files;
}

const bytes = (content: string | Uint8Array) => Buffer.from(content);

describe('records let go while the output is written', () => {
  it('writes the same files, byte for byte, as an emit that keeps its records', async () => {
    const kept = await emitted(smallRecords(), false);
    const released = await emitted(smallRecords(), true);
    expect([...released.keys()].sort()).toEqual([...kept.keys()].sort());
    const differing = [...kept].filter(([name, content]) => !bytes(content).equals(bytes(released.get(name) ?? '')));
    expect(differing.map(([name]) => name)).toEqual([]);
  });

  it('leaves nothing of the terms behind, and a released list read later is an error naming it', async () => {
    const records = smallRecords();
    expect(records.locales.en.terms.length).toBeGreaterThan(2);
    await emitted(records, true);
    expect(records.details.size).toBe(0);
    for (const locale of LOCALES)
      expect(() => records.locales[locale].terms).toThrow(
        `the ${locale} records were let go once written (emitSite releaseRecords)`,
      );
  });

  it("lets the first locale's records die before the second locale's pass ends (nothing else holds them)", async () => {
    setFlagsFromString('--expose-gc');
    const collect = runInNewContext('gc') as () => void;
    const records = smallRecords();
    const [first, second] = LOCALES as unknown as [Locale, Locale];
    const firstRecords = records.locales[first].terms.map((term) => new WeakRef(term));
    const lastOfSecond = termFile(second, records.locales[second].terms.at(-1)?.slug ?? '');
    let alive: number | undefined;
    // Asked while the second locale's last term file is written: a step later, with no frame of the test's on the stack.
    class Watching extends MemorySink {
      override async file(file: string, contents: string | Uint8Array): Promise<void> {
        if (file === lastOfSecond) {
          await new Promise((resolve) => setImmediate(resolve));
          collect();
          alive = firstRecords.filter((ref) => ref.deref() !== undefined).length;
        }
        await super.file(file, contents);
      }
    }
    const options = { source: 'T', dataVersion: 'f'.repeat(DATA_VERSION_HEX_DIGITS), builtAt: new Date(0) };
    await emitSite(records, { ...options, rateLimitPerHour: 100, releaseRecords: true }, new Watching());
    expect(alive).toBe(0);
  });

  it('keeps every record when not asked to release them', async () => {
    const records = smallRecords();
    const before = LOCALES.map((locale) => [...records.locales[locale].terms]);
    const details = records.details.size;
    await emitted(records, false);
    expect(LOCALES.map((locale) => records.locales[locale].terms)).toEqual(before);
    expect(records.details.size).toBe(details);
  });
});

describe('what the records share', () => {
  it("a term's records in both locales share one array of cross-links", () => {
    const records = smallRecords();
    const bg = new Map(records.locales.bg.terms.map((term) => [term.slug, term]));
    for (const en of records.locales.en.terms) expect(bg.get(en.slug)?.relatedTerms).toBe(en.relatedTerms);
  });

  it("every term a post lists holds the same object for it in a locale's relatedPosts", () => {
    const records = smallRecords();
    for (const locale of LOCALES) {
      const seen = new Map<string, unknown>();
      let shared = 0;
      for (const term of records.locales[locale].terms)
        for (const post of term.relatedPosts) {
          const first = seen.get(post.slug);
          if (first === undefined) seen.set(post.slug, post);
          else {
            expect(post).toBe(first);
            shared++;
          }
        }
      // The fixture has posts listing several terms: the property is exercised.
      expect(shared).toBeGreaterThan(0);
    }
  });
});

describe('what a list index entry holds', () => {
  // Held until its locale's index is written: a slice of Node's shared Buffer pool (any
  // Buffer.from under 4 KB) would keep the whole 8 KB slab alive, with the term file bytes
  // allocated beside it (about 4 KB a term at 5,000 terms, ten times the item).
  it("its item's bytes alone, in a buffer of their own", () => {
    const records = smallRecords();
    for (const locale of LOCALES)
      for (const term of records.locales[locale].terms) {
        const { json } = listEntry(term, []);
        expect(typeof json).not.toBe('string');
        expect((json as Uint8Array).buffer.byteLength).toBe(json.length);
      }
  });
});

describe('the gram memo of a list index', () => {
  it('is kept for the same names until forgotten, then made again (equal, not the same)', () => {
    const names = [['alpha', 'beta'], ['gamma']];
    const first = gramsOf('en', names);
    expect(gramsOf('en', names)).toBe(first);
    forgetGrams('en');
    const again = gramsOf('en', names);
    expect(again).not.toBe(first);
    expect(again).toEqual(first);
  });
});

describe('what the pages leave behind', () => {
  it("a whole site's pages (a build's) keep no index line of a record; the edit loop's selected pages keep them for its next change", async () => {
    const validation = validateCorpus(smallCorpusFiles());
    if (!validation.ok) throw new Error('the small fixture corpus must be valid');
    const { site } = validation.corpus;
    const records = deriveApiRecords(validation.corpus, 'https://api.test');
    const config = { paths: site.paths, traditionLabels: site.traditionLabels };
    const terms = LOCALES.flatMap((locale) => records.locales[locale].terms);
    expect(terms.length).toBeGreaterThan(4);
    // A build: the records stay alive while the API's files are written, and each kept its line.
    await emitPages(records, config, new MemorySink());
    expect(terms.filter((term) => rememberedIndexLine(term) !== undefined).map((term) => term.slug)).toEqual([]);
    await emitPages(records, config, new MemorySink(), { term: () => false, post: () => false });
    expect(terms.filter((term) => rememberedIndexLine(term) === undefined).map((term) => term.slug)).toEqual([]);
  });
});
