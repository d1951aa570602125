// Turns the corpus files into validated records, or into the full list of what is wrong
// with them. Pure: no I/O. Every problem names the file, the line where there is one, the
// field, and what to do about it; all problems are collected before the build gives up.
import type { z } from 'zod';
import { LOCALES, type Locale } from '../../src/contract.ts';
import {
  DEFINITION_MAX_SENTENCES,
  PostSchema,
  SiteConfigSchema,
  TermFactsSchema,
  TermTextSchema,
  type Post,
  type SiteConfig,
  type TermFacts,
  type TermText,
} from '../../src/schema.ts';
import type { CorpusFiles, SourceFile } from './load-corpus.ts';
import { ParseCache } from './parse-cache.ts';
import { stringsIn, textProblems } from './text-hygiene.ts';
import {
  checkRelatedTerms,
  checkTermVocabulary,
  checkVocabularies,
  compareCodeUnits,
  sortProblems,
  unknownSlugMessage,
} from './corpus-checks.ts';
import { deferredYaml, parseFrontmatter, parseYaml, type ParsedYaml } from './yaml-source.ts';

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

/** `cache`: YAML already parsed by an earlier build (parse-cache.ts). */
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
  const relative = (file: SourceFile) => (root === '.' ? file.path : file.path.slice(root.length + 1));

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
      const text = textFile.unreadable
        ? undefined
        : checkedOnce(cache, `${locale}.md`, textFile.text, report, (r) => parseTermText(textFile, locale, r, cache));
      if (text) texts[locale] = text;
    }
    if (!factsFile) continue;
    if (factsFile.unreadable) {
      unparsedDirs.add(dir);
      continue;
    }
    const { value: facts, yaml: factsYaml } = checkedYamlFile(factsFile, TermFactsSchema, 'term.yaml', report, cache);
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

  // ---- posts
  const posts: Post[] = [];
  const postFileBySlug = new Map<string, string>();
  for (const file of postFiles) {
    if (file.unreadable) continue;
    const { value: post, yaml } = checkedYamlFile(file, PostSchema, 'post', report, cache);
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

/**
 * Runs a file's own checks, or reuses their outcome when the same text passed them in an
 * earlier build. Only clean outcomes are kept: a file with problems is checked again, so its
 * messages (and their lines) are always fresh.
 */
function checkedOnce<T>(
  cache: ParseCache | undefined,
  kind: string,
  text: string,
  report: (problem: CorpusProblem) => void,
  check: (report: (problem: CorpusProblem) => void) => T | undefined,
): T | undefined {
  if (!cache) return check(report);
  const key = ParseCache.keyOf(text, `checked ${kind}`);
  const known = cache.outcome<T>(key);
  if (known !== undefined) return known;
  let clean = true;
  const value = check((problem) => {
    clean = false;
    report(problem);
  });
  if (clean && value !== undefined) cache.setOutcome(key, value);
  return value;
}

/** A YAML file through its schema, with its lines for later messages (parsed only if needed). */
function checkedYamlFile<T extends z.ZodType>(
  file: SourceFile,
  schema: T,
  kind: string,
  report: (problem: CorpusProblem) => void,
  cache: ParseCache | undefined,
): { value: z.infer<T> | undefined; yaml: ParsedYaml } {
  let yaml: ParsedYaml | undefined;
  const value = checkedOnce(cache, kind, file.text, report, (r) => {
    yaml = parseYaml(file.text, 1, cache);
    return parseWith(file, yaml, schema, r);
  });
  return { value, yaml: yaml ?? deferredYaml(file.text, value) };
}

function parseTermText(
  file: SourceFile,
  locale: Locale,
  report: (problem: CorpusProblem) => void,
  cache: ParseCache | undefined,
): LocalizedTermText | undefined {
  const frontmatter = parseFrontmatter(file.text, cache);
  if (!frontmatter) {
    const opened = /^\uFEFF?---[ \t]*\r?\n/.test(file.text);
    report({
      file: file.path,
      line: 1,
      message: opened
        ? 'the frontmatter is not closed; add a line "---" after its last field, before the Markdown body'
        : 'missing frontmatter; start the file with a line "---", the YAML fields, and another "---"',
    });
    return undefined;
  }
  const text = parseWith(file, frontmatter.yaml, TermTextSchema, report);
  const body = frontmatter.body.trim();
  const bodyLine = file.text.replace(/\r\n/g, '\n').split('\n').length - frontmatter.body.split('\n').length + 1;
  const unsafeBody = textProblems(frontmatter.body);
  for (const { offsetLine, message } of unsafeBody)
    report({ file: file.path, line: bodyLine + offsetLine, field: 'body', message });
  if (unsafeBody.length > 0) return undefined;
  if (body === '') {
    report({
      file: file.path,
      field: 'body',
      message: 'is empty; write the Markdown body after the closing "---" (it becomes fullContent)',
    });
  }
  if (!text) return undefined;
  const sentences = countSentences(text.definition, locale);
  if (sentences > DEFINITION_MAX_SENTENCES) {
    report({
      file: file.path,
      line: frontmatter.yaml.lineOf(['definition']),
      field: 'definition',
      message: `has ${sentences} sentences; at most ${DEFINITION_MAX_SENTENCES} are allowed (move detail into the body)`,
    });
  }
  checkAliases(text, file, frontmatter.yaml, report);
  return body === '' ? undefined : { ...text, body };
}

/** An alias is another name: never the name itself nor listed twice (SKOS S13: a preferred label is never also an alternative one). */
function checkAliases(text: TermText, file: SourceFile, yaml: ParsedYaml, report: (problem: CorpusProblem) => void) {
  const seen = new Set([text.term]);
  (text.aliases ?? []).forEach((alias, i) => {
    const at = { file: file.path, line: yaml.lineOf(['aliases', i]), field: `aliases.${i}` };
    if (alias === text.term)
      report({ ...at, message: 'repeats the term name; an alias is another spelling, remove it' });
    else if (seen.has(alias)) report({ ...at, message: `"${alias}" is listed twice; list each alias once` });
    seen.add(alias);
  });
}

const sentenceSegmenters = new Map<Locale, Intl.Segmenter>();

/** Sentences as Unicode segments them (UAX #29), so both scripts count the same way. */
export function countSentences(text: string, locale: Locale): number {
  let segmenter = sentenceSegmenters.get(locale);
  if (!segmenter) sentenceSegmenters.set(locale, (segmenter = new Intl.Segmenter(locale, { granularity: 'sentence' })));
  let count = 0;
  for (const segment of segmenter.segment(text)) if (segment.segment.trim() !== '') count++;
  return count;
}

function parseWith<T extends z.ZodType>(
  file: SourceFile,
  yaml: ParsedYaml,
  schema: T,
  report: (problem: CorpusProblem) => void,
): z.infer<T> | undefined {
  if (yaml.errors.length > 0) {
    for (const error of yaml.errors) {
      report({ file: file.path, line: error.line, message: `invalid YAML: ${error.message}` });
    }
    return undefined;
  }
  let unsafe = false;
  for (const [text, path] of stringsIn(yaml.value)) {
    for (const { offsetLine, message } of textProblems(text)) {
      unsafe = true;
      report({
        file: file.path,
        line: yaml.lineOf(path) + offsetLine,
        field: path.length > 0 ? path.join('.') : undefined,
        message,
      });
    }
  }
  if (unsafe) return undefined;
  const result = schema.safeParse(yaml.value ?? {});
  if (result.success) return result.data;
  for (const issue of result.error.issues) {
    if (issue.code === 'unrecognized_keys') {
      for (const key of issue.keys) {
        report({
          file: file.path,
          line: yaml.lineOf([...issue.path, key]),
          field: [...issue.path, key].join('.'),
          message: `is not a known field; see corpus/README.md for the fields of this file`,
        });
      }
      continue;
    }
    report({
      file: file.path,
      line: yaml.lineOf(issue.path),
      field: issue.path.length > 0 ? issue.path.join('.') : undefined,
      message: describeIssue(issue),
    });
  }
  return undefined;
}

function describeIssue(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_type') {
    if (/received undefined/.test(issue.message)) return `is required (expected ${issue.expected})`;
    const received = /received (\w+)/.exec(issue.message)?.[1] ?? 'something else';
    return `must be ${article(issue.expected)}, not ${received}`;
  }
  return issue.message;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}

export { compareCodeUnits, editDistance } from './corpus-checks.ts';
