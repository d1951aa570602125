// A term's editorial findings (editorial-checks.ts) are a function of its three files (term.yaml,
// en.md, bg.md, with their paths: the findings name them), of site.yaml's two Interpretations
// headings and of the code; nothing else. So they are kept in the parse cache (parse-cache.ts)
// under a key made of exactly those (the files by their digests): a warm build works out only
// the terms whose files changed.
// They are worked out on the main thread, after validation, from the validated terms: on the
// check threads each thread paid the checks' warm-up (compiling the anonymous-view patterns,
// about 0.1 s, and filling the name checks' memos) again, more CPU than the thread saved
// (bench/README.md, "Build CPU ..., fourth session"). The one check across terms (work-year)
// runs on every build.
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import type { Corpus, CorpusTerm } from './corpus-model.ts';
import {
  type EditorialFinding,
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
    const termYaml = digestOf(term.file);
    const en = digestOf(localeFileOf(term.file, 'en'));
    const bg = digestOf(localeFileOf(term.file, 'bg'));
    if (termYaml === undefined || en === undefined || bg === undefined)
      return termFindingsUnder(term, headings, sources);
    const key = editorialKey({ file: term.file, digests: { 'term.yaml': termYaml, en, bg }, headings });
    const known = cache.findings<EditorialFinding[]>(key);
    if (known !== undefined) return known;
    const found = termFindingsUnder(term, headings, sources);
    cache.setOutcome(key, found);
    return found;
  };
}
