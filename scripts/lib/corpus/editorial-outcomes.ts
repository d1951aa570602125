// A term's editorial findings (editorial-checks.ts) are a function of its three files (term.yaml,
// en.md, bg.md, with their paths: the findings name them), of site.yaml's two Interpretations
// headings and of the code; nothing else. So they are kept in the parse cache (parse-cache.ts)
// under a key made of exactly those: a warm build works out only the terms whose files changed.
// On a cold build the check threads work them out with the term's own checks
// (parallel-checks.ts, check-share.ts), so both cores share them; the one check across terms
// (work-year) stays on the main thread.
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import { SiteConfigSchema, type TermFacts, type TermText } from './corpus-schema.ts';
import type { Corpus, CorpusTerm, LocalizedTermText } from './corpus-model.ts';
import {
  type EditorialFinding,
  type InterpretationsHeadings,
  interpretationsHeadings,
  localeFileOf,
  type SourceTexts,
  termFindingsUnder,
} from './editorial-checks.ts';
import { type FileKind, outcomeKey } from './file-checks.ts';
import type { CorpusFiles } from './load-corpus.ts';
import { ParseCache } from './parse-cache.ts';
import { parseYaml, splitFrontmatter } from './yaml-source.ts';
import { SITE_FILE } from './corpus-layout.ts';

/** A term's three texts by file kind. */
export type TermFileTexts = Record<'term.yaml' | Locale, string>;

/** What a check thread needs to work out one term's findings. */
export interface EditorialRequest {
  /** The term.yaml path, as messages show it (the locale files are beside it). */
  file: string;
  texts: TermFileTexts;
  headings: InterpretationsHeadings;
}

/**
 * The cache key of a term's findings: its files' paths and texts (by the keys of their checked
 * outcomes, which hash each whole text: worked out once per build, parse-cache.ts), and the headings.
 */
export function editorialKey({ file, texts, headings }: EditorialRequest): string {
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
 * The headings of the corpus's site.yaml before validation (a check thread's request needs them),
 * or undefined when it does not pass its schema (validation then fails anyway). Parsed through
 * the cache, so validation does not parse it again.
 */
export function siteHeadings({ root, files }: CorpusFiles, cache: ParseCache): InterpretationsHeadings | undefined {
  const path = root === '.' ? SITE_FILE : `${root}/${SITE_FILE}`;
  const site = files.find((file) => file.path === path);
  if (!site || site.unreadable) return undefined;
  const parsed = SiteConfigSchema.safeParse(parseYaml(site.text, 1, cache).value ?? {});
  return parsed.success ? interpretationsHeadings(parsed.data) : undefined;
}

/**
 * A term's key and findings, from the checked values of its files (`checked`: a file's value if
 * it passed its own checks). None when a file did not pass: validation reports it and the build
 * stops before the editorial checks.
 */
export function requestedFindings(
  request: EditorialRequest,
  checked: (kind: FileKind, path: string, text: string) => unknown,
): [string, EditorialFinding[]] | undefined {
  const { file, headings } = request;
  const facts = checked('term.yaml', file, request.texts['term.yaml']) as TermFacts | undefined;
  if (facts === undefined) return undefined;
  const texts: Partial<Record<Locale, LocalizedTermText>> = {};
  for (const locale of LOCALES) {
    const text = request.texts[locale];
    const fields = checked(`${locale}.md`, localeFileOf(file, locale), text) as TermText | undefined;
    const split = fields && splitFrontmatter(text);
    if (!split) return undefined;
    // As checkTermText makes it (file-checks.ts).
    texts[locale] = { ...fields, body: split.body.trim() };
  }
  const term: CorpusTerm = { ...facts, texts: texts as Record<Locale, LocalizedTermText>, file };
  const sources = new Map([[file, request.texts['term.yaml']]]);
  for (const locale of LOCALES) sources.set(localeFileOf(file, locale), request.texts[locale]);
  return [editorialKey(request), termFindingsUnder(term, headings, sources)];
}

/**
 * editorialFindings' per-term step through the cache: a term whose key is there (an earlier
 * build, or a check thread of this one) is not checked again; one worked out now is kept.
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
