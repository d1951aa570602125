// Turns the corpus files into validated records, or into the full list of what is wrong
// with them. Pure: no I/O. Every problem names the file, the line where there is one, the
// field, and what to do about it; all problems are collected before the build gives up.
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import { SiteConfigSchema, type Post, type SiteConfig, type TermFacts } from './corpus-schema.ts';
import type { CorpusProblem, CorpusTerm, LocalizedTermText, ValidationResult } from './corpus-model.ts';
import { isOnDisk, type CorpusFiles, type SourceFile } from './load-corpus.ts';
import { detachedText } from './detached-text.ts';
import type { ParseCache } from './parse-cache.ts';
import {
  checkRelatedTerms,
  checkTermVocabulary,
  checkVocabularies,
  compareCodeUnits,
  sortProblems,
  unknownSlugMessage,
} from './corpus-checks.ts';
import { checkedYamlFile, checkTermText, parseWith } from './file-checks.ts';
import { SITE_FILE, type SortedFiles, sortFiles } from './corpus-layout.ts';
import { checkBroaderOfTerm, checkHierarchy } from './hierarchy.ts';
import { parseYaml, type ParsedYaml } from './yaml-source.ts';
import { checkedFile, corpusTerm, type FileOutcomes } from './validation-memo.ts';

export type { Corpus, CorpusProblem, CorpusTerm, LocalizedTermText, ValidationResult } from './corpus-model.ts';
export { formatProblem } from './corpus-model.ts';
export type { FileOutcomes } from './validation-memo.ts';
export { checkableFiles } from './corpus-layout.ts';

type Report = (problem: CorpusProblem) => void;

/** What every step of validation shares. */
interface Pass {
  root: string;
  report: Report;
  cache: ParseCache | undefined;
  outcomes: FileOutcomes | undefined;
}

/** A term.yaml that parsed, kept for the checks that need every slug. */
interface RegisteredTerm {
  facts: TermFacts;
  file: SourceFile;
  yaml: ParsedYaml;
}

/** The slugs claimed so far: by a term.yaml, or by a folder whose term.yaml did not parse. */
class SlugRegistry {
  /** slug -> the term.yaml that claimed it first (also for terms with other problems). */
  readonly owners = new Map<string, { file: string; at: () => { file: string; line: number; field: string } }>();
  /** Folders whose term.yaml did not parse: their name stands in for the slug, so references to
   * them are not reported a second time. */
  readonly unparsedDirs = new Set<string>();

  isKnown = (slug: string): boolean => this.owners.has(slug) || this.unparsedDirs.has(slug);
  known = (): string[] => [...this.owners.keys(), ...this.unparsedDirs];
}

/** `cache`: files parsed and checked by an earlier build (parse-cache.ts); `outcomes`: see FileOutcomes. */
export function validateCorpus(
  { root, files, problems: loadProblems = [] }: CorpusFiles,
  { cache, outcomes }: { cache?: ParseCache; outcomes?: FileOutcomes } = {},
): ValidationResult {
  // What the loader could not read (links, size, encoding) is reported first, with the rest.
  const problems: CorpusProblem[] = [...loadProblems];
  const pass: Pass = { root, report: (problem) => problems.push(problem), cache, outcomes };
  const { siteFile, termDirs, postFiles } = sortFiles(root, files, pass.report);
  const site = checkSite(pass, siteFile);
  const slugs = new SlugRegistry();
  const { terms, registered } = readTerms(pass, termDirs, site, slugs);
  checkRelatedSlugs(pass, registered, slugs);
  checkHierarchy(registered, slugs.isKnown, slugs.known, pass.report);
  const posts = readPosts(pass, postFiles, slugs);

  if (problems.length > 0 || !site) return { ok: false, problems: sortProblems(problems) };
  terms.sort((a, b) => compareCodeUnits(a.slug, b.slug));
  posts.sort((a, b) => compareCodeUnits(a.slug, b.slug));
  return { ok: true, corpus: { site, terms, posts } };
}

/** site.yaml: the vocabularies every other check depends on. */
function checkSite(pass: Pass, siteFile: SourceFile | undefined): SiteConfig | undefined {
  const { root, report, cache } = pass;
  if (!siteFile) {
    report({
      file: `${root}/${SITE_FILE}`,
      message: 'missing; the corpus needs a site configuration (see corpus/README.md)',
    });
    return undefined;
  }
  if (siteFile.unreadable) return undefined;
  return checkedFile(pass.outcomes, pass.report, siteFile, (r) => {
    const siteYaml = parseYaml(siteFile.text, 1, cache);
    const site = parseWith(siteFile, siteYaml, SiteConfigSchema, r);
    if (site) checkVocabularies(site, siteFile, siteYaml, r);
    return site;
  });
}

function readTerms(
  pass: Pass,
  termDirs: SortedFiles['termDirs'],
  site: SiteConfig | undefined,
  slugs: SlugRegistry,
): { terms: CorpusTerm[]; registered: RegisteredTerm[] } {
  const terms: CorpusTerm[] = [];
  const registered: RegisteredTerm[] = [];
  for (const [dir, dirFiles] of [...termDirs].sort(([a], [b]) => compareCodeUnits(a, b))) {
    const texts = readTermTexts(pass, dir, dirFiles);
    const term = readTermFacts(pass, dir, dirFiles.get('term.yaml'), slugs);
    if (!term) continue;
    const { facts, file } = term;
    if (site) checkTermVocabulary(facts, file, term.yaml, site, pass.report);
    if (texts.en && texts.bg) terms.push(corpusTerm(pass.outcomes, facts, { en: texts.en, bg: texts.bg }, file.path));
    checkTermFacts(pass, term);
    registered.push(term);
  }
  return { terms, registered };
}

function termDirPath(root: string, dir: string): string {
  return `${root === '.' ? '' : `${root}/`}terms/${dir}`;
}

/** en.md and bg.md of a term folder, each checked on its own. */
function readTermTexts(
  pass: Pass,
  dir: string,
  dirFiles: Map<string, SourceFile>,
): Partial<Record<Locale, LocalizedTermText>> {
  const { root, report, cache } = pass;
  const dirPath = termDirPath(root, dir);
  if (!dirFiles.has('term.yaml')) {
    report({ file: `${dirPath}/`, message: 'missing term.yaml; every term folder needs term.yaml, en.md and bg.md' });
  }
  const texts: Partial<Record<Locale, LocalizedTermText>> = {};
  for (const locale of LOCALES) {
    const textFile = dirFiles.get(`${locale}.md`);
    if (!textFile) {
      report({ file: `${dirPath}/`, message: `missing ${locale}.md; every term needs both en.md and bg.md` });
      continue;
    }
    const checkedBefore = cache?.outcomeMisses;
    const text = textFile.unreadable
      ? undefined
      : checkedFile(pass.outcomes, pass.report, textFile, (r) => checkTermText(textFile, locale, r, cache));
    // Checked here rather than found in the cache (where the check threads' copies are): its
    // values can be slices of a text kept on disk, which the records would keep alive.
    const checkedHere = cache === undefined || cache.outcomeMisses !== checkedBefore;
    if (text) texts[locale] = checkedHere && isOnDisk(textFile) ? detachedText(text) : text;
  }
  return texts;
}

/** A folder's term.yaml, registered under its slug unless another term holds that slug. */
function readTermFacts(
  pass: Pass,
  dir: string,
  factsFile: SourceFile | undefined,
  slugs: SlugRegistry,
): RegisteredTerm | undefined {
  if (!factsFile) return undefined;
  const { report, cache } = pass;
  const checked = factsFile.unreadable
    ? undefined
    : checkedFile(pass.outcomes, pass.report, factsFile, (r) => {
        const { value, yaml } = checkedYamlFile(factsFile, 'term.yaml', r, cache);
        return value && { value, yaml };
      });
  const { value: facts, yaml } = checked ?? { value: undefined, yaml: undefined };
  if (!facts || !yaml) {
    slugs.unparsedDirs.add(dir);
    return undefined;
  }
  // Lines are looked up only for a message: a cached file is not parsed otherwise.
  const slugAt = () => ({ file: factsFile.path, line: yaml.lineOf(['slug']), field: 'slug' });
  if (facts.slug !== dir) {
    report({
      ...slugAt(),
      message: `"${facts.slug}" differs from its folder terms/${dir}/; rename the folder to terms/${facts.slug}/ or set slug: ${dir}`,
    });
    // References may use either name: neither is reported a second time.
    slugs.unparsedDirs.add(dir);
  }
  const previous = slugs.owners.get(facts.slug);
  if (previous) {
    // Neither file is "the" right one: name both, each pointing at the other.
    report({ ...slugAt(), message: `"${facts.slug}" is also the slug of ${previous.file}; slugs must be unique` });
    report({
      ...previous.at(),
      message: `"${facts.slug}" is also the slug of ${factsFile.path}; slugs must be unique`,
    });
    return undefined;
  }
  slugs.owners.set(facts.slug, { file: factsFile.path, at: slugAt });
  return { facts, file: factsFile, yaml };
}

/** The rules of one term.yaml's fields that need no other term. */
function checkTermFacts({ report }: Pass, { facts, file, yaml }: RegisteredTerm): void {
  checkRelatedTerms(facts, file, yaml, report);
  checkBroaderOfTerm(facts, file, yaml, report);
  if (facts.termOriginal === null && facts.termOriginalLang) {
    report({
      file: file.path,
      line: yaml.lineOf(['termOriginalLang']),
      field: 'termOriginalLang',
      message: 'names the language of termOriginal, which is null; set termOriginal or make this null',
    });
  }
}

/** References need the complete slug set, so they are checked after every term is read. */
function checkRelatedSlugs({ report }: Pass, registered: readonly RegisteredTerm[], slugs: SlugRegistry): void {
  for (const { facts, file, yaml } of registered) {
    facts.relatedTerms.forEach((slug, i) => {
      if (slug !== facts.slug && !slugs.isKnown(slug)) {
        report({
          file: file.path,
          line: yaml.lineOf(['relatedTerms', i]),
          field: `relatedTerms.${i}`,
          message: unknownSlugMessage(slug, slugs.known()),
        });
      }
    });
  }
}

function readPosts(pass: Pass, postFiles: readonly SourceFile[], slugs: SlugRegistry): Post[] {
  const { report, cache } = pass;
  const posts: Post[] = [];
  const postFileBySlug = new Map<string, string>();
  for (const file of postFiles) {
    if (file.unreadable) continue;
    const checked = checkedFile(pass.outcomes, pass.report, file, (r) => {
      const { value, yaml } = checkedYamlFile(file, 'post', r, cache);
      return value && { value, yaml };
    });
    if (!checked) continue;
    const { value: post, yaml } = checked;
    const previous = postFileBySlug.get(post.slug);
    if (previous) {
      report({
        file: file.path,
        line: yaml.lineOf(['slug']),
        field: 'slug',
        message: `"${post.slug}" is already used by ${previous}; post slugs must be unique`,
      });
      continue;
    }
    postFileBySlug.set(post.slug, file.path);
    checkPostTerms(report, file, yaml, post.terms, slugs);
    posts.push(post);
  }
  return posts;
}

function checkPostTerms(
  report: Report,
  file: SourceFile,
  yaml: ParsedYaml,
  terms: readonly string[],
  slugs: SlugRegistry,
): void {
  const seen = new Set<string>();
  terms.forEach((slug, i) => {
    const at = () => ({ file: file.path, line: yaml.lineOf(['terms', i]), field: `terms.${i}` });
    if (seen.has(slug)) report({ ...at(), message: `"${slug}" is listed twice; list each term once` });
    else if (!slugs.isKnown(slug)) report({ ...at(), message: unknownSlugMessage(slug, slugs.known()) });
    seen.add(slug);
  });
}

export { compareCodeUnits } from './corpus-checks.ts';
export { countSentences } from './file-checks.ts';
