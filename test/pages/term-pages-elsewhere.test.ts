// The file writer thread renders each term page from the term file it writes and a small context
// (term-page-context.ts), never from the records: the same bytes as the page made from the records
// (emitPages), for every term of both locales; and a build whose term pages are made there still
// lets the index pages' lines go (emitPages ALL_BUT_TERM_PAGES).
import { describe, expect, it } from 'vitest';
import { DATA_VERSION_HEX_DIGITS, LOCALES } from '../../src/contract/facts.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';
import { emitSite, termFile } from '../../scripts/lib/publish/emit.ts';
import { MemorySink } from '../../scripts/lib/publish/write-output.ts';
import { rememberedIndexLine } from '../../scripts/lib/pages/index-page.ts';
import { ownPagePath, pageFileOf } from '../../scripts/lib/pages/page-paths.ts';
import { ALL_BUT_TERM_PAGES, emitPages } from '../../scripts/lib/pages/site-pages.ts';
import { termPageContext, termPageOfFile, termPageView } from '../../scripts/lib/pages/term-page-context.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';

function fixture() {
  const validation = validateCorpus(smallCorpusFiles());
  if (!validation.ok) throw new Error('the small fixture corpus must be valid');
  const { site } = validation.corpus;
  const records = deriveApiRecords(validation.corpus, 'https://api.test');
  return { records, config: { paths: site.paths, traditionLabels: site.traditionLabels } };
}

describe('term pages rendered from the term files', () => {
  it('are the bytes of the pages made from the records, for every term of both locales', async () => {
    const { records, config } = fixture();
    const pages = new MemorySink();
    await emitPages(records, config, pages);
    // Through a structured clone, as the thread gets it.
    const view = termPageView(structuredClone(termPageContext(records, config)));
    const files = new MemorySink();
    const options = { source: 'Test', dataVersion: 'f'.repeat(DATA_VERSION_HEX_DIGITS), builtAt: new Date(0) };
    const expected = LOCALES.flatMap((locale) =>
      records.locales[locale].terms.map((term) => ({ locale, slug: term.slug, url: term.url })),
    );
    await emitSite(records, { ...options, rateLimitPerHour: 100 }, files);
    expect(expected.length).toBeGreaterThan(4);
    for (const { locale, slug, url } of expected) {
      const page = termPageOfFile(view, locale, Buffer.from(files.files.get(termFile(locale, slug)) ?? ''));
      expect(page.file).toBe(pageFileOf(ownPagePath(url, records.siteUrl)));
      expect(page.body).toBe(pages.files.get(page.file));
    }
  });

  it("a build's other pages keep no index line of a record", async () => {
    const { records, config } = fixture();
    const sink = new MemorySink();
    const count = await emitPages(records, config, sink, ALL_BUT_TERM_PAGES);
    const terms = LOCALES.flatMap((locale) => records.locales[locale].terms);
    expect(terms.filter((term) => rememberedIndexLine(term) !== undefined).map((term) => term.slug)).toEqual([]);
    const termPages = terms.map((term) => pageFileOf(ownPagePath(term.url, records.siteUrl)));
    expect(termPages.filter((file) => sink.files.has(file))).toEqual([]);
    expect(count).toBeGreaterThan(2);
  });
});
