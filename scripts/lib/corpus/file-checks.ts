// A corpus file's own checks: everything that can be said of one file without the others
// (YAML syntax, characters, its schema, the rules of its fields). Pure. Their clean outcomes
// are what the build cache keeps (parse-cache.ts), and what check workers compute in parallel
// on a cold build (parallel-checks.ts); the rules across files are in validate-corpus.ts.
import { hash } from 'node:crypto';
import type { z } from 'zod';
import type { Locale } from '../../../src/contract/facts.ts';
import {
  DEFINITION_MAX_SENTENCES,
  PostSchema,
  TermFactsSchema,
  TermTextSchema,
  type TermText,
} from './corpus-schema.ts';
import { fileDigest, isOnDisk, type SourceFile } from './source-file.ts';
import type { ParseCache } from './parse-cache.ts';
import { someStringUnsafe, stringsIn, textProblems } from './text-hygiene.ts';
import type { CorpusProblem, LocalizedTermText } from './corpus-model.ts';
import { deferredYaml, parseFrontmatter, parseYaml, splitFrontmatter, type ParsedYaml } from './yaml-source.ts';

type Report = (problem: CorpusProblem) => void;

/** What a data file of the corpus is, by its path inside it (validate-corpus.ts: checkableFiles). */
export type FileKind = 'term.yaml' | `${Locale}.md` | 'post';

/**
 * The cache key of a file's checked outcome, made from the digest of its bytes (the loader's, so
 * no text is hashed again: hashing every text for this key was 0.4 s of a cold 5,000-term
 * build's main thread, and again on each check thread). The same bytes always decode to the
 * same text, so the same key always means the same text.
 */
export const outcomeKey = (kind: FileKind, file: SourceFile): string =>
  // One call, not a Hash object per file (tens of thousands a build); a digest holds no "\0".
  hash('sha1', `checked ${kind} by digest\0${fileDigest(file)}`, 'base64url');

export interface CheckRequest {
  kind: FileKind;
  path: string;
  text: string;
  /** SourceFile.digest: what the outcome's key is made of. */
  digest?: string;
}

/**
 * The cache entries of the files that pass their own checks (problems are left to validation);
 * `onClean` is told each such file's outcome (streamed-checks.ts: the terms' editorial findings).
 */
export function cleanOutcomes(
  files: readonly CheckRequest[],
  onClean?: (request: CheckRequest, value: unknown) => void,
): [string, unknown][] {
  const outcomes: [string, unknown][] = [];
  for (const request of files) {
    const { kind, path, text, digest } = request;
    let clean = true;
    const file = { path, text, digest };
    const value = checkFile(kind, file, () => {
      clean = false;
    });
    if (!clean || value === undefined) continue;
    outcomes.push([outcomeKey(kind, file), value]);
    onClean?.(request, value);
  }
  return outcomes;
}

/** The schema of each kind of YAML file. */
const YAML_SCHEMAS = { 'term.yaml': TermFactsSchema, post: PostSchema };
type YamlKind = keyof typeof YAML_SCHEMAS;

/** One file's own checks, as validation runs them (a check worker runs the same). */
export function checkFile(kind: FileKind, file: SourceFile, report: Report, cache?: ParseCache): unknown {
  if (kind in YAML_SCHEMAS) return checkedYamlFile(file, kind as YamlKind, report, cache).value;
  return checkTermTextFields(file, kind.slice(0, 2) as Locale, report, cache);
}

/**
 * Runs a file's own checks, or reuses their outcome when the same text passed them in an
 * earlier build. Only clean outcomes are kept: a file with problems is checked again, so its
 * messages (and their lines) are always fresh.
 */
export function checkedOnce<T>(
  cache: ParseCache | undefined,
  kind: FileKind,
  file: SourceFile,
  report: Report,
  check: (report: Report) => T | undefined,
): T | undefined {
  if (!cache) return check(report);
  const key = outcomeKey(kind, file);
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

/**
 * A YAML file through its kind's schema, with its lines for later messages (parsed only if
 * needed). Without a cache, it is always checked: a check worker's own outcomes go to the cache.
 */
export function checkedYamlFile<K extends YamlKind>(
  file: SourceFile,
  kind: K,
  report: Report,
  cache: ParseCache | undefined,
): { value: z.infer<(typeof YAML_SCHEMAS)[K]> | undefined; yaml: ParsedYaml } {
  let yaml: ParsedYaml | undefined;
  const value = checkedOnce(cache, kind, file, report, (r) => {
    yaml = parseYaml(file.text, 1, cache);
    return parseWith(file, yaml, YAML_SCHEMAS[kind], r) as z.infer<(typeof YAML_SCHEMAS)[K]> | undefined;
  });
  return { value, yaml: yaml ?? deferredYaml(file.text, value) };
}

/** A term's text in one locale, its fields checked (or their cached outcome) and its body. */
export function checkTermText(
  file: SourceFile,
  locale: Locale,
  report: Report,
  cache: ParseCache | undefined,
): LocalizedTermText | undefined {
  const fields = checkedOnce(cache, `${locale}.md`, file, report, (r) => checkTermTextFields(file, locale, r, cache));
  if (!fields) return undefined;
  if (!isOnDisk(file)) {
    const body = termBody(file.text);
    return body === undefined ? undefined : { ...fields, body };
  }
  // A text kept on disk: its body is read again whenever it is needed, so no body is held, and
  // the file is not read here: fields exist only for bytes (the digest is the outcome's key) whose
  // frontmatter was split, and the body's next reader refuses other bytes. One read of every term
  // text fewer at 100,000 terms (bench/README.md, "The 100,000-term time, twelfth session").
  const text = { ...fields } as LocalizedTermText;
  Object.defineProperty(text, 'body', { enumerable: true, get: bodyReader(file) });
  return text;
}

/**
 * Reads a text's body from its file again. A function of its own so that the reader holds the
 * file and nothing else: the records keep it for the whole output (publish/full-content.ts), and a
 * closure made inside checkTermText would share its scope, the parse cache included.
 */
const bodyReader = (file: SourceFile) => () => termBody(file.text) ?? '';

/** A term text's body (LocalizedTermText.body): what follows its frontmatter, trimmed; none without frontmatter. */
export const termBody = (text: string): string | undefined => splitFrontmatter(text)?.body.trim();

/**
 * The checks of a term's text; the outcome is its fields, without the body. The body is most
 * of the file and is sliced from its text on every build: caching it would copy the corpus into
 * the cache (650 MB at 100,000 terms, read and written by every build).
 */
function checkTermTextFields(
  file: SourceFile,
  locale: Locale,
  report: Report,
  cache: ParseCache | undefined,
): TermText | undefined {
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
  const unsafeBody = textProblems(frontmatter.body);
  if (unsafeBody.length > 0) {
    // Counted only for a message: splitting every text into its lines cost more than its checks' regular expressions.
    const bodyLine = lineCount(file.text.replace(/\r\n/g, '\n')) - lineCount(frontmatter.body) + 1;
    for (const { offsetLine, message } of unsafeBody)
      report({ file: file.path, line: bodyLine + offsetLine, field: 'body', message });
    return undefined;
  }
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
  return body === '' ? undefined : text;
}

/** How many lines `text` has (split('\n').length, without the array). */
function lineCount(text: string): number {
  let lines = 1;
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) lines++;
  return lines;
}

/** An alias is another name: never the name itself nor listed twice (SKOS S13: a preferred label is never also an alternative one). */
function checkAliases(text: TermText, file: SourceFile, yaml: ParsedYaml, report: Report) {
  const seen = new Set([text.term]);
  (text.aliases ?? []).forEach((alias, i) => {
    // The line only when there is a problem: asking for it parses the text again (yaml-source.ts).
    const at = () => ({ file: file.path, line: yaml.lineOf(['aliases', i]), field: `aliases.${i}` });
    if (alias === text.term)
      report({ ...at(), message: 'repeats the term name; an alias is another spelling, remove it' });
    else if (seen.has(alias)) report({ ...at(), message: `"${alias}" is listed twice; list each alias once` });
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

export function parseWith<T extends z.ZodType>(
  file: SourceFile,
  yaml: ParsedYaml,
  schema: T,
  report: Report,
): z.infer<T> | undefined {
  if (yaml.errors.length > 0) {
    for (const error of yaml.errors) {
      report({ file: file.path, line: error.line, message: `invalid YAML: ${error.message}` });
    }
    return undefined;
  }
  let unsafe = false;
  // Each string's path is worked out only in a file with a problem.
  for (const [text, path] of someStringUnsafe(yaml.value) ? stringsIn(yaml.value) : []) {
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
  // With its input, an issue tells a missing field from a wrong one even where the field's own
  // message (its schema's `error`) replaces zod's "expected ..., received ...".
  const result = schema.safeParse(yaml.value ?? {}, { reportInput: true });
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
  if (issue.code !== 'invalid_type') return issue.message;
  if (issue.input === undefined) return `is required (expected ${issue.expected})`;
  const received = /received (\w+)/.exec(issue.message)?.[1];
  // No "received": the field's own message, which says what to write (year: "a whole year like 1977").
  return received === undefined ? issue.message : `must be ${article(issue.expected)}, not ${received}`;
}

function article(type: string): string {
  return /^[aeiou]/.test(type) ? `an ${type}` : `a ${type}`;
}
