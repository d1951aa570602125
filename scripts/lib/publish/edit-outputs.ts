// The edit loop's plan: given the records before and after a change and the terms and posts the
// change touched, every output file whose bytes may differ, rendered again, and the files to
// remove. Pure (it renders into memory). What it does not write (the dumps and their manifest,
// OpenAPI, the documentation page) names the data version or counts the corpus as a whole, and
// follows on the next full build. test/build/edit-session.test.ts compares every file it writes
// with a full build of the same corpus.
import { conceptFilePath, CONCEPT_FORMATS, type ConceptFormat, LOCALES } from '../../../src/contract/facts.ts';
import { listIndexPath } from '../../../src/contract/output-layout.ts';
import { pageFile } from '../../../src/routes.ts';
import type { Prepared } from './build-site.ts';
import { writeConceptFiles } from '../formats/concept-files.ts';
import { conceptsOf } from '../formats/concepts.ts';
import type { ApiRecords } from './api-records.ts';
import type { EditMemo } from './edit-memo.ts';
import { termFile, termFileContent, writeSiteFacts, writeVocabularyFiles } from './emit.ts';
import { listIndexContent } from './list-index-file.ts';
import { searchNamesOf } from '../names/term-search-names.ts';
import { sitePath } from '../pages/page-paths.ts';
import { emitPages } from '../pages/site-pages.ts';
import { MemorySink } from './write-output.ts';

export interface EditPlan {
  /** Output files to write, by path inside the output, the list indexes last. */
  files: Map<string, string | Uint8Array>;
  /** Output files to remove (a removed term's or post's). */
  removed: string[];
}

/** What a change touched: terms whose own files changed, posts whose file changed. */
export interface Touched {
  terms: ReadonlySet<string>;
  posts: ReadonlySet<string>;
}

const slugsOf = (records: ApiRecords) => new Set(records.locales.en.terms.map((term) => term.slug));

/** The terms whose records may differ: those touched, and those a touched post lists (before or after). */
function changedTerms(before: ApiRecords, after: ApiRecords, touched: Touched): Set<string> {
  const changed = new Set(touched.terms);
  for (const records of [before, after])
    for (const post of records.posts)
      if (touched.posts.has(post.slug)) for (const slug of post.terms) changed.add(slug);
  return changed;
}

/** Cross-links (broader first, then related: the API's relatedTerms) of a term, by slug, in one version of the records. */
function linksOf(records: ApiRecords): Map<string, readonly string[]> {
  return new Map(records.locales.en.terms.map((term) => [term.slug, term.relatedTerms]));
}

export async function planEdit(before: Prepared, after: Prepared, touched: Touched, memo: EditMemo): Promise<EditPlan> {
  const { records } = after;
  const sink = new MemorySink();
  const removed: string[] = [];
  const changed = changedTerms(before.records, records, touched);
  const present = slugsOf(records);
  const attributionJson = JSON.stringify(records.attribution);

  // The term files.
  for (const locale of LOCALES)
    for (const term of records.locales[locale].terms)
      if (changed.has(term.slug))
        await sink.file(termFile(locale, term.slug), termFileContent(JSON.stringify(term), attributionJson));
  for (const slug of changed) if (!present.has(slug)) removed.push(...LOCALES.map((locale) => termFile(locale, slug)));

  // A concept's RDF names its broader, narrower and related concepts: a change of links reaches both ends.
  const linksBefore = linksOf(before.records);
  const linksAfter = linksOf(records);
  const reached = new Set(changed);
  for (const slug of changed)
    for (const other of [...(linksBefore.get(slug) ?? []), ...(linksAfter.get(slug) ?? [])]) reached.add(other);
  const concepts = conceptsOf(records);
  await writeConceptFiles(
    sink,
    records.siteUrl,
    concepts.filter((concept) => reached.has(concept.slug)),
    memo.thesaurus(concepts),
  );
  for (const slug of reached)
    if (!present.has(slug))
      removed.push(...(Object.keys(CONCEPT_FORMATS) as ConceptFormat[]).map((f) => conceptFilePath(slug, f).slice(1)));

  if (after.pages) await planPages(before, after, touched, changed, linksAfter, sink, removed);
  await writeVocabularyFiles(records, sink);
  await writeSiteFacts(records, after.dataVersion, sink);
  // Last: a server that sees the new list index finds every file it lists in place.
  for (const locale of LOCALES) {
    const entries = records.locales[locale].terms.map((term) =>
      memo.listEntry(term, searchNamesOf(after.searchNames, locale, term.slug)),
    );
    await sink.file(listIndexPath(locale), listIndexContent(records, locale, after.dataVersion, entries));
  }
  return { files: sink.files, removed };
}

/**
 * A term page shows the names of the terms it links; a post page the names and definitions of
 * its terms; the indexes and the root every term. So: the changed terms' pages, the pages that
 * link them, the posts touched or listing them, the indexes and the root.
 */
async function planPages(
  before: Prepared,
  after: Prepared,
  touched: Touched,
  changed: ReadonlySet<string>,
  links: ReadonlyMap<string, readonly string[]>,
  sink: MemorySink,
  removed: string[],
): Promise<void> {
  const { records, pages } = after;
  if (!pages) return; // this deployment renders no pages
  const linking = new Set(changed);
  for (const [slug, targets] of links) if (targets.some((target) => changed.has(target))) linking.add(slug);
  const posts = new Set(
    records.posts
      .filter((post) => touched.posts.has(post.slug) || post.terms.some((slug) => changed.has(slug)))
      .map((post) => post.slug),
  );
  await emitPages(records, pages, sink, {
    term: (_locale, slug) => linking.has(slug),
    post: (slug) => posts.has(slug),
  });
  const pageOf = (url: string) => {
    const at = sitePath(url, records.siteUrl);
    return at === undefined ? undefined : pageFile(at)?.slice(1);
  };
  const present = slugsOf(records);
  const postsNow = new Set(records.posts.map((post) => post.slug));
  for (const locale of LOCALES) {
    for (const term of before.records.locales[locale].terms)
      if (!present.has(term.slug)) removed.push(...[pageOf(term.url)].filter((p) => p !== undefined));
    if (!before.pages?.paths.post.startsWith('/')) continue;
    for (const post of before.records.posts)
      if (!postsNow.has(post.slug)) removed.push(...[pageOf(post.url[locale])].filter((p) => p !== undefined));
  }
}
