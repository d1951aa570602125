// A term's editorial findings (editorial-checks.ts) are a function of its three files (term.yaml,
// en.md, bg.md, with their paths: the findings name them), of site.yaml's two Interpretations
// headings and of the code; nothing else. So they are kept in the parse cache (parse-cache.ts)
// under a key made of exactly those: a warm build works out only the terms whose files changed.
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
import { outcomeKey } from './file-checks.ts';
import { ParseCache } from './parse-cache.ts';

/** A term's three texts by file kind. */
export type TermFileTexts = Record<'term.yaml' | Locale, string>;

/** What a term's findings are a function of (with the code). */
export interface EditorialInputs {
  /** The term.yaml path, as messages show it (the locale files are beside it). */
  file: string;
  texts: TermFileTexts;
  headings: InterpretationsHeadings;
}

/**
 * The cache key of a term's findings: its files' paths and texts (by the keys of their checked
 * outcomes, which hash each whole text: worked out once per build, parse-cache.ts), and the headings.
 */
export function editorialKey({ file, texts, headings }: EditorialInputs): string {
  return ParseCache.keyOfParts(
    [
      file,
      headings.en,
      headings.bg,
      outcomeKey('term.yaml', texts['term.yaml']),
      ...LOCALES.map((locale) => outcomeKey(`${locale}.md`, texts[locale])),
    ],
    'editorial findings',
  );
}

/**
 * editorialFindings' per-term step through the cache: a term whose key is there (an earlier
 * build) is not checked again; one worked out now is kept.
 */
export function cachedTermFindings(
  cache: ParseCache,
): (term: CorpusTerm, site: Corpus['site'], sources: SourceTexts) => EditorialFinding[] {
  return (term, site, sources) => {
    const headings = interpretationsHeadings(site);
    const termYaml = sources.get(term.file);
    const en = sources.get(localeFileOf(term.file, 'en'));
    const bg = sources.get(localeFileOf(term.file, 'bg'));
    if (termYaml === undefined || en === undefined || bg === undefined)
      return termFindingsUnder(term, headings, sources);
    const key = editorialKey({ file: term.file, texts: { 'term.yaml': termYaml, en, bg }, headings });
    const known = cache.findings<EditorialFinding[]>(key);
    if (known !== undefined) return known;
    const found = termFindingsUnder(term, headings, sources);
    cache.setOutcome(key, found);
    return found;
  };
}
