// The parse cache changes how much is parsed and checked, never what the build says or writes.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { deserialize, serialize } from 'node:v8';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';
import { codeFingerprint, ParseCache } from '../../scripts/lib/corpus/parse-cache.ts';
import { outcomeKey } from '../../scripts/lib/corpus/file-checks.ts';
import { fileDigest, type SourceFile } from '../../scripts/lib/corpus/load-corpus.ts';
import { corpusSearchNames, termSearchNames } from '../../scripts/lib/names/term-search-names.ts';
import { formatProblem, validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { invalidCaseFiles, invalidCaseNames, SMALL_CORPUS, smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('parse cache', () => {
  it('checks each file once: a second validation parses and checks nothing but site.yaml, and gives the same corpus', () => {
    const cache = ParseCache.inMemory();
    const first = validateCorpus(smallCorpusFiles(), { cache });
    const checked = cache.outcomeMisses;
    // Every term.yaml, en.md, bg.md and post.
    expect(checked).toBeGreaterThan(10);
    expect(cache.outcomeHits).toBe(0);
    const parsedFirst = cache.misses;
    const second = validateCorpus(smallCorpusFiles(), { cache });
    expect(cache.outcomeHits).toBe(checked);
    expect(cache.outcomeMisses).toBe(checked);
    // site.yaml's own value is always checked against its schema; its parse is cached.
    expect(cache.misses).toBe(parsedFirst);
    expect(cache.hits).toBe(1);
    expect(second).toEqual(first);
  });

  it("keys a file's checked outcome by the digest of its bytes: the text is not read (nor hashed) to find it", () => {
    const text = 'term: Aeon\n';
    const digest = fileDigest({ path: 'a/en.md', text });
    const unread = (digest: string): SourceFile => ({
      path: 'a/en.md',
      digest,
      get text(): string {
        throw new Error('the text was read');
      },
    });
    expect(outcomeKey('en.md', unread(digest))).toBe(outcomeKey('en.md', { path: 'b/en.md', text }));
    expect(outcomeKey('en.md', unread(digest))).not.toBe(outcomeKey('bg.md', unread(digest)));
    expect(outcomeKey('en.md', unread(digest))).not.toBe(outcomeKey('en.md', { path: 'a/en.md', text: `${text} ` }));
    // Not the key the text itself would have under the kind of the parses' keys.
    expect(outcomeKey('en.md', unread(digest))).not.toBe(ParseCache.keyOf(text, 'checked en.md'));
  });

  it('checks only a changed file again; rules across files still run on cached ones, with their lines', () => {
    const cache = ParseCache.inMemory();
    validateCorpus(smallCorpusFiles(), { cache });
    const files = smallCorpusFiles();
    const edited = files.files.find((f) => f.path.endsWith('terms/sophia/term.yaml'))!;
    edited.text = edited.text.replace(/^pillar: .*$/m, 'pillar: nowhere');
    const before = { hits: cache.outcomeHits, misses: cache.outcomeMisses };
    const warm = validateCorpus(files, { cache });
    // The edited file still passes its own checks (the pillar's vocabulary is a rule across files).
    expect(cache.outcomeMisses - before.misses).toBe(1);
    expect(cache.outcomeHits - before.hits).toBeGreaterThan(10);
    const cold = validateCorpus(files);
    const messages = (result: typeof cold) => (result.ok ? [] : result.problems.map(formatProblem));
    expect(messages(warm)).toEqual(messages(cold));
    expect(messages(warm)).toEqual([
      expect.stringMatching(/terms\/sophia\/term\.yaml:\d+: pillar: "nowhere" is not a pillar/),
    ]);
  });

  it.each(invalidCaseNames())('%s: the same messages, lines included, from a warm cache', (name) => {
    const cold = validateCorpus(invalidCaseFiles(name));
    const cache = ParseCache.inMemory();
    // Warm with the valid corpus the case was made from, then with the case itself.
    validateCorpus(smallCorpusFiles(), { cache });
    validateCorpus(invalidCaseFiles(name), { cache });
    const warm = validateCorpus(invalidCaseFiles(name), { cache });
    const messages = (result: typeof cold) => (result.ok ? [] : result.problems.map(formatProblem));
    expect(messages(warm)).toEqual(messages(cold));
  });

  it('keeps no Markdown body (sliced from the file on every build), yet a warm validation gives the bodies', () => {
    const work = tempDir('lexicon-cache-');
    const cache = ParseCache.inMemory();
    const cold = validateCorpus(smallCorpusFiles(), { cache });
    cache.save(work);
    // v8 writes a string in one byte or two per character, as it holds it.
    const bytes = readFileSync(path.join(work, 'parse-cache-v2.v8'));
    const holds = (text: string) =>
      bytes.includes(Buffer.from(text, 'latin1')) || bytes.includes(Buffer.from(text, 'utf16le'));
    expect(holds('Sophia is a test term of the cosmology pillar.')).toBe(true);
    expect(holds('Sophia body text in English.')).toBe(false);
    const warm = validateCorpus(smallCorpusFiles(), { cache: ParseCache.load(work) });
    expect(warm).toEqual(cold);
    expect(warm.ok && warm.corpus.terms.find((t) => t.slug === 'sophia')!.texts.en.body).toContain(
      'Sophia body text in English.',
    );
  });

  it('survives on disk between builds, which then write the same output', async () => {
    const work = tempDir('lexicon-cache-');
    const cacheDir = path.join(work, 'cache');
    const builtAt = new Date('2026-01-01T00:00:00Z');
    const first = await buildSite({ corpusDir: SMALL_CORPUS, outDir: path.join(work, 'a'), cacheDir, builtAt });
    // The parsed files, and the dumps kept for the next build (dump-history.ts).
    expect(readdirSync(cacheDir).sort()).toEqual(['dumps', 'parse-cache-v2.v8']);
    const warm = ParseCache.load(cacheDir);
    const second = await buildSite({ corpusDir: SMALL_CORPUS, outDir: path.join(work, 'b'), cacheDir, builtAt });
    expect(first.ok && second.ok && second.dataVersion === first.dataVersion).toBe(true);
    validateCorpus(smallCorpusFiles(), { cache: warm });
    expect(warm.misses).toBe(0);
    expect(warm.outcomeMisses).toBe(0);
  });

  it("keeps each term's searchable names: the same names from a warm cache, none computed again", () => {
    const validated = validateCorpus(smallCorpusFiles());
    if (!validated.ok) throw new Error('the small corpus is valid');
    const records = deriveApiRecords(validated.corpus, 'https://example.test');
    const cache = ParseCache.inMemory();
    const cold = termSearchNames(records, cache);
    const terms = records.locales.en.terms.length;
    expect(cache.outcomeMisses).toBe(terms);
    expect(termSearchNames(records, cache)).toEqual(cold);
    expect(cache.outcomeHits).toBe(terms);
    expect(cold).toEqual(termSearchNames(records));
    expect(cold.bg.get('sophia')).toContain('sofia');
  });

  it("a build's search names come from the validated terms: the same names, under the same cache keys, as from the records", () => {
    const validated = validateCorpus(smallCorpusFiles());
    if (!validated.ok) throw new Error('the small corpus is valid');
    const records = deriveApiRecords(validated.corpus, 'https://example.test');
    const cache = ParseCache.inMemory();
    const fromTerms = corpusSearchNames(validated.corpus.terms, cache);
    expect(fromTerms).toEqual(termSearchNames(records));
    // Found again from the records' names: the keys (the names' JSON) are the same.
    const terms = records.locales.en.terms.length;
    expect(cache.outcomeMisses).toBe(terms);
    termSearchNames(records, cache);
    expect(cache.outcomeHits).toBe(terms);
    expect(cache.outcomeMisses).toBe(terms);
  });

  it('forget() lets go of every entry, after which nothing is found', () => {
    const cache = ParseCache.inMemory();
    validateCorpus(smallCorpusFiles(), { cache });
    cache.forget();
    const misses = cache.outcomeMisses;
    validateCorpus(smallCorpusFiles(), { cache });
    expect(cache.outcomeHits).toBe(0);
    expect(cache.outcomeMisses).toBe(misses * 2);
  });

  it('is ignored when the checking code changed (another fingerprint)', () => {
    const cacheDir = path.join(tempDir('lexicon-cache-'), 'cache');
    const cache = ParseCache.inMemory();
    validateCorpus(smallCorpusFiles(), { cache });
    cache.save(cacheDir);
    const file = path.join(cacheDir, 'parse-cache-v2.v8');
    const saved = deserialize(readFileSync(file)) as { fingerprint: string; entries: Map<string, unknown> };
    expect(saved.fingerprint).toBe(codeFingerprint());
    expect(saved.entries.size).toBeGreaterThan(10);
    writeFileSync(file, serialize({ ...saved, fingerprint: 'older code' }));
    const stale = ParseCache.load(cacheDir);
    validateCorpus(smallCorpusFiles(), { cache: stale });
    expect(stale.outcomeHits).toBe(0);
    expect(stale.hits).toBe(0);
  });

  it("remembers each text's key during a build's checks only, and the edit loop's memo for good", async () => {
    expect(ParseCache.remembersKeys()).toBe(false);
    const forget = ParseCache.rememberKeysFor();
    const text = 'slug: aeon\n';
    const key = ParseCache.keyOf(text, 'checked term.yaml');
    expect(ParseCache.keyOf(text, 'checked term.yaml')).toBe(key);
    // A build inside another keeps the outer one's memo.
    ParseCache.rememberKeysFor()();
    expect(ParseCache.remembersKeys()).toBe(true);
    forget();
    expect(ParseCache.remembersKeys()).toBe(false);
    expect(ParseCache.keyOf(text, 'checked term.yaml')).toBe(key);
    // After a build, the texts are no longer held.
    const result = await buildSite({ corpusDir: SMALL_CORPUS, outDir: path.join(tempDir(), 'out') });
    expect(result.ok).toBe(true);
    expect(ParseCache.remembersKeys()).toBe(false);
    ParseCache.rememberKeys();
    const forgetInLoop = ParseCache.rememberKeysFor();
    forgetInLoop();
    expect(ParseCache.remembersKeys()).toBe(true);
  });
});
