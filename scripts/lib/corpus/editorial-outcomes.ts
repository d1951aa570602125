// A term's editorial findings (editorial-checks.ts) are a function of its three files (term.yaml,
// en.md, bg.md, with their paths: the findings name them), of site.yaml's two Interpretations
// headings and of the code; nothing else. So they are kept in the parse cache (parse-cache.ts)
// under a key made of exactly those (the files by their digests): a warm build works out only
// the terms whose files changed.
// They are worked out after validation, from the validated terms, all on one thread: split over
// the check threads, each thread paid the checks' warm-up (compiling the anonymous-view patterns,
// about 0.1 s, and filling the name checks' memos) again, more CPU than the thread saved
// (bench/README.md, "Build CPU ..., fourth session"). A cold build sends the terms the cache does
// not know to one check thread, whole, while the main thread goes on (linelessFindings,
// completeFindings; bench/README.md, "The critical path on two cores, seventh session"). The one
// check across terms (work-year) runs on every build, on the main thread.
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import type { Corpus, CorpusTerm } from './corpus-model.ts';
import {
  type EditorialFinding,
  type EditorialTerm,
  type InterpretationsHeadings,
  interpretationsHeadings,
  localeFileOf,
  type SourceTexts,
  termFindingsUnder,
} from './editorial-checks.ts';
import { ParseCache } from './parse-cache.ts';

/** A term's three files' digests (load-corpus.ts: SourceFile.digest) by file kind. */
export type TermFileDigests = Record<'term.yaml' | Locale, string>;

/** What a term's findings are a function of (with the code). */
export interface EditorialInputs {
  /** The term.yaml path, as messages show it (the locale files are beside it). */
  file: string;
  digests: TermFileDigests;
  headings: InterpretationsHeadings;
}

/**
 * The cache key of a term's findings: its files' paths and the digests of their bytes (the
 * loader's: no text is read again, which at 100,000 terms meant every text from disk), and the
 * headings. A key kind of its own: keys made of the texts themselves (before) are never matched.
 */
export function editorialKey({ file, digests, headings }: EditorialInputs): string {
  return ParseCache.keyOfParts(
    [file, headings.en, headings.bg, digests['term.yaml'], ...LOCALES.map((locale) => digests[locale])],
    'editorial findings of file digests',
  );
}

/** A term's findings' cache key; none when one of its files is not in the corpus (then it is not cached). */
function termKey(
  term: CorpusTerm,
  headings: InterpretationsHeadings,
  digestOf: (file: string) => string | undefined,
): string | undefined {
  const termYaml = digestOf(term.file);
  const en = digestOf(localeFileOf(term.file, 'en'));
  const bg = digestOf(localeFileOf(term.file, 'bg'));
  if (termYaml === undefined || en === undefined || bg === undefined) return undefined;
  return editorialKey({ file: term.file, digests: { 'term.yaml': termYaml, en, bg }, headings });
}

/**
 * editorialFindings' per-term step through the cache: a term whose key is there (an earlier
 * build) is not checked again; one worked out now is kept. `digestOf` gives a corpus file's
 * digest by the path messages show (none: a file not in the corpus, so the term is not cached).
 */
export function cachedTermFindings(
  cache: ParseCache,
  digestOf: (file: string) => string | undefined,
): (term: CorpusTerm, site: Corpus['site'], sources: SourceTexts) => EditorialFinding[] {
  return (term, site, sources) => {
    const headings = interpretationsHeadings(site);
    const key = termKey(term, headings, digestOf);
    if (key === undefined) return termFindingsUnder(term, headings, sources);
    const known = cache.findings<EditorialFinding[]>(key);
    if (known !== undefined) return known;
    const found = termFindingsUnder(term, headings, sources);
    cache.setOutcome(key, found);
    return found;
  };
}

/** The terms whose findings a build must work out: not in the cache (with their keys, if cached at all). */
export interface MissingFindings {
  terms: CorpusTerm[];
  keys: (string | undefined)[];
  headings: InterpretationsHeadings;
  /** The findings the cache had, by term. */
  known: Map<CorpusTerm, EditorialFinding[]>;
}

/** Asks the cache for every term's findings (as cachedTermFindings does, counting hits and misses). */
export function findingsMissing(
  corpus: Corpus,
  cache: ParseCache,
  digestOf: (file: string) => string | undefined,
): MissingFindings {
  const headings = interpretationsHeadings(corpus.site);
  const missing: MissingFindings = { terms: [], keys: [], headings, known: new Map() };
  for (const term of corpus.terms) {
    const key = termKey(term, headings, digestOf);
    const known = key === undefined ? undefined : cache.findings<EditorialFinding[]>(key);
    if (known !== undefined) missing.known.set(term, known);
    else {
      missing.terms.push(term);
      missing.keys.push(key);
    }
  }
  return missing;
}

/** The part of a term its findings read: all a thread is sent. */
export function editorialTerm({ slug, file, references, texts }: CorpusTerm): EditorialTerm {
  const text = (locale: Locale) => {
    const { body, definition, etymology } = texts[locale];
    return { body, definition, etymology };
  };
  return { slug, file, references, texts: { en: text('en'), bg: text('bg') } };
}

/**
 * Each term's findings without the files' texts, so without lines (what a check thread works
 * out: it has no texts). A term's findings are the same with texts or without but for `line`.
 */
export function linelessFindings(terms: EditorialTerm[], headings: InterpretationsHeadings): EditorialFinding[][] {
  const none: SourceTexts = new Map();
  return terms.map((term) => termFindingsUnder(term, headings, none));
}

/**
 * The per-term step of editorialFindings once the missing terms' lineless findings are known
 * (`lineless[i]` of `missing.terms[i]`): a term without findings has none; a term with some
 * (few) is checked again here, with the texts, for their lines. What is worked out is kept in
 * the cache under the key cachedTermFindings uses, with the same value.
 */
export function completeFindings(
  missing: MissingFindings,
  lineless: EditorialFinding[][],
  cache: ParseCache,
): (term: CorpusTerm, site: Corpus['site'], sources: SourceTexts) => EditorialFinding[] {
  const worked = new Map<CorpusTerm, EditorialFinding[]>();
  const indexOf = new Map(missing.terms.map((term, i) => [term, i]));
  return (term, _site, sources) => {
    const known = missing.known.get(term) ?? worked.get(term);
    if (known !== undefined) return known;
    const i = indexOf.get(term);
    const found =
      i !== undefined && lineless[i]?.length === 0 ? [] : termFindingsUnder(term, missing.headings, sources);
    const key = i === undefined ? undefined : missing.keys[i];
    if (key !== undefined) cache.setOutcome(key, found);
    worked.set(term, found);
    return found;
  };
}
