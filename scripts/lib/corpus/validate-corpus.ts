// Turns the corpus files into validated records, or into the full list of what is wrong
// with them. Pure: no I/O. Every problem names the file, the line where there is one, the
// field, and what to do about it; all problems are collected before the build gives up.
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import {
  SiteConfigSchema,
  type Post,
  type SiteConfig,
  type TermFacts,
  type TermText,
} from '../../../src/contract/schema.ts';
import type { CorpusFiles, SourceFile } from './load-corpus.ts';
import type { ParseCache } from './parse-cache.ts';
import {
  checkRelatedTerms,
  checkTermVocabulary,
  checkVocabularies,
  compareCodeUnits,
  sortProblems,
  unknownSlugMessage,
} from './corpus-checks.ts';
import { checkedYamlFile, checkTermText, parseWith, type FileKind } from './file-checks.ts';
import { checkBroaderOfTerm, checkHierarchy } from './hierarchy.ts';
import { parseYaml, type ParsedYaml } from './yaml-source.ts';

export interface CorpusProblem {
  file: string;
  line?: number;
  field?: string;
  message: string;
}

export interface LocalizedTermText extends TermText {
  /** The Markdown body, trimmed; becomes `fullContent`. */
  body: string;
}

export interface CorpusTerm extends TermFacts {
  texts: Record<Locale, LocalizedTermText>;
  /** The term.yaml path, for messages and statistics. */
  file: string;
}

export interface Corpus {
  site: SiteConfig;
  /** Sorted by slug. */
  terms: CorpusTerm[];
  /** Sorted by slug. */
  posts: Post[];
}

export type ValidationResult = { ok: true; corpus: Corpus } | { ok: false; problems: CorpusProblem[] };

export function formatProblem(problem: CorpusProblem): string {
  const where = problem.line === undefined ? problem.file : `${problem.file}:${problem.line}`;
  return problem.field === undefined
    ? `${where}: ${problem.message}`
    : `${where}: ${problem.field}: ${problem.message}`;
}

const TERM_FILE = /^terms\/([^/]+)\/(term\.yaml|[a-z]{2}\.md)$/;
const POST_FILE = /^posts\/[^/]+\.yaml$/;
const SITE_FILE = 'site.yaml';

const relativePath = (root: string, file: SourceFile) => (root === '.' ? file.path : file.path.slice(root.length + 1));

/** The readable data files whose own checks need no other file, with their kind. */
export function checkableFiles({ root, files }: CorpusFiles): { kind: FileKind; file: SourceFile }[] {
  const checkable: { kind: FileKind; file: SourceFile }[] = [];
  for (const file of files) {
    if (file.unreadable) continue;
    const rel = relativePath(root, file);
    const name = TERM_FILE.exec(rel)?.[2];
    if (POST_FILE.test(rel)) checkable.push({ kind: 'post', file });
    else if (name === 'term.yaml') checkable.push({ kind: name, file });
    else if (name && LOCALES.includes(name.slice(0, 2) as Locale)) checkable.push({ kind: name as FileKind, file });
  }
  return checkable;
}

/** `cache`: files parsed and checked by an earlier build (parse-cache.ts). */
export function validateCorpus(
  { root, files, problems: loadProblems = [] }: CorpusFiles,
  { cache }: { cache?: ParseCache } = {},
): ValidationResult {
  const parse = (text: string) => parseYaml(text, 1, cache);
  // What the loader could not read (links, size, encoding) is reported first, with the rest.
  const problems: CorpusProblem[] = [...loadProblems];
  // A file that could not be read exists, so its absence is not reported, but it is not parsed.
  const unreadable = new Set(files.filter((file) => file.unreadable).map((file) => file.path));
  const report = (problem: CorpusProblem) => problems.push(problem);
  const relative = (file: SourceFile) => relativePath(root, file);

  let siteFile: SourceFile | undefined;
  const termDirs = new Map<string, Map<string, SourceFile>>();
  const postFiles: SourceFile[] = [];
  for (const file of files) {
    const rel = relative(file);
    const termMatch = TERM_FILE.exec(rel);
    if (rel === SITE_FILE) siteFile = file;
    else if (POST_FILE.test(rel)) postFiles.push(file);
    else if (termMatch && (termMatch[2] === 'term.yaml' || LOCALES.includes(termMatch[2]!.slice(0, 2) as Locale))) {
      const dir = termMatch[1]!;
      if (!termDirs.has(dir)) termDirs.set(dir, new Map());
      termDirs.get(dir)!.set(termMatch[2]!, file);
    } else if (!unreadable.has(file.path)) {
      report({
        file: file.path,
        message: rel.split('/').some((part) => part.startsWith('.'))
          ? 'hidden file (editors and file managers leave such files); delete it: the corpus holds only its data files'
          : 'unexpected file; the corpus holds site.yaml, terms/<slug>/{term.yaml,en.md,bg.md} and posts/<slug>.yaml',
      });
    }
  }

  // ---- site.yaml: the vocabularies every other check depends on.
  const siteYaml = siteFile && !siteFile.unreadable ? parse(siteFile.text) : undefined;
  if (!siteFile) {
    report({
      file: `${root}/${SITE_FILE}`,
      message: 'missing; the corpus needs a site configuration (see corpus/README.md)',
    });
  }
  const site =
    siteFile && !siteFile.unreadable && siteYaml ? parseWith(siteFile, siteYaml, SiteConfigSchema, report) : undefined;
  if (site && siteFile && siteYaml) checkVocabularies(site, siteFile, siteYaml, report);

  // ---- terms
  const terms: CorpusTerm[] = [];
  // slug -> the term.yaml that claimed it first (also for terms with other problems).
  const slugOwner = new Map<string, { file: string; at: () => { file: string; line: number; field: string } }>();
  const registered: { facts: TermFacts; file: SourceFile; yaml: ParsedYaml }[] = [];
  // Folders whose term.yaml did not parse: their folder name stands in for the slug, so
  // references to them are not reported a second time.
  const unparsedDirs = new Set<string>();
  for (const [dir, dirFiles] of [...termDirs].sort(([a], [b]) => compareCodeUnits(a, b))) {
    const factsFile = dirFiles.get('term.yaml');
    const dirPath = `${root === '.' ? '' : `${root}/`}terms/${dir}`;
    if (!factsFile) {
      report({ file: `${dirPath}/`, message: 'missing term.yaml; every term folder needs term.yaml, en.md and bg.md' });
    }
    const texts: Partial<Record<Locale, LocalizedTermText>> = {};
    for (const locale of LOCALES) {
      const textFile = dirFiles.get(`${locale}.md`);
      if (!textFile) {
        report({ file: `${dirPath}/`, message: `missing ${locale}.md; every term needs both en.md and bg.md` });
        continue;
      }
      const text = textFile.unreadable ? undefined : checkTermText(textFile, locale, report, cache);
      if (text) texts[locale] = text;
    }
    if (!factsFile) continue;
    if (factsFile.unreadable) {
      unparsedDirs.add(dir);
      continue;
    }
    const { value: facts, yaml: factsYaml } = checkedYamlFile(factsFile, 'term.yaml', report, cache);
    if (!facts) {
      unparsedDirs.add(dir);
      continue;
    }

    // Lines are looked up only for a message: a cached file is not parsed otherwise.
    const slugAt = () => ({ file: factsFile.path, line: factsYaml.lineOf(['slug']), field: 'slug' });
    if (facts.slug !== dir) {
      report({
        ...slugAt(),
        message: `"${facts.slug}" differs from its folder terms/${dir}/; rename the folder to terms/${facts.slug}/ or set slug: ${dir}`,
      });
      // References may use either name: neither is reported a second time.
      unparsedDirs.add(dir);
    }
    const previous = slugOwner.get(facts.slug);
    if (previous) {
      // Neither file is "the" right one: name both, each pointing at the other.
      report({ ...slugAt(), message: `"${facts.slug}" is also the slug of ${previous.file}; slugs must be unique` });
      report({
        ...previous.at(),
        message: `"${facts.slug}" is also the slug of ${factsFile.path}; slugs must be unique`,
      });
      continue;
    }
    slugOwner.set(facts.slug, { file: factsFile.path, at: slugAt });
    if (site) checkTermVocabulary(facts, factsFile, factsYaml, site, report);
    if (texts.en && texts.bg) terms.push({ ...facts, texts: { en: texts.en, bg: texts.bg }, file: factsFile.path });
    checkRelatedTerms(facts, factsFile, factsYaml, report);
    checkBroaderOfTerm(facts, factsFile, factsYaml, report);
    if (facts.termOriginal === null && facts.termOriginalLang) {
      report({
        file: factsFile.path,
        line: factsYaml.lineOf(['termOriginalLang']),
        field: 'termOriginalLang',
        message: 'names the language of termOriginal, which is null; set termOriginal or make this null',
      });
    }
    registered.push({ facts, file: factsFile, yaml: factsYaml });
  }
  const isKnownSlug = (slug: string) => slugOwner.has(slug) || unparsedDirs.has(slug);
  const knownSlugs = () => [...slugOwner.keys(), ...unparsedDirs];
  // References need the complete slug set, so they are checked after every term is read.
  for (const { facts, file, yaml } of registered) {
    facts.relatedTerms.forEach((slug, i) => {
      if (slug !== facts.slug && !isKnownSlug(slug)) {
        report({
          file: file.path,
          line: yaml.lineOf(['relatedTerms', i]),
          field: `relatedTerms.${i}`,
          message: unknownSlugMessage(slug, knownSlugs()),
        });
      }
    });
  }

  checkHierarchy(registered, isKnownSlug, knownSlugs, report);

  // ---- posts
  const posts: Post[] = [];
  const postFileBySlug = new Map<string, string>();
  for (const file of postFiles) {
    if (file.unreadable) continue;
    const { value: post, yaml } = checkedYamlFile(file, 'post', report, cache);
    if (!post) continue;
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
    const seen = new Set<string>();
    post.terms.forEach((slug, i) => {
      const at = () => ({ file: file.path, line: yaml.lineOf(['terms', i]), field: `terms.${i}` });
      if (seen.has(slug)) report({ ...at(), message: `"${slug}" is listed twice; list each term once` });
      else if (!isKnownSlug(slug)) {
        report({ ...at(), message: unknownSlugMessage(slug, knownSlugs()) });
      }
      seen.add(slug);
    });
    posts.push(post);
  }

  if (problems.length > 0 || !site) return { ok: false, problems: sortProblems(problems) };
  terms.sort((a, b) => compareCodeUnits(a.slug, b.slug));
  posts.sort((a, b) => compareCodeUnits(a.slug, b.slug));
  return { ok: true, corpus: { site, terms, posts } };
}

export { compareCodeUnits, editDistance } from './corpus-checks.ts';
export { countSentences } from './file-checks.ts';
