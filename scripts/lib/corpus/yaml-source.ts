// Parses YAML files and Markdown frontmatter. js-yaml gives the value where it gives exactly
// what the `yaml` library would (yaml-fast-path.ts); everything else, and every line a message
// needs, comes from `yaml`'s document, which points each problem at the line it comes from.
import { ParseCache } from './parse-cache.ts';
import { fastYamlValue } from './yaml-fast-path.ts';
import { isMap, isNode, isScalar, LineCounter, parseDocument, visit, type Document } from 'yaml';

export interface ParsedYaml {
  /** The plain JavaScript value, or undefined when the YAML did not parse. */
  value: unknown;
  /** Syntax errors: line (1-based, in the whole file) and message. */
  errors: { line: number; message: string }[];
  /** The 1-based line in the whole file where the value at `path` starts (best effort). */
  lineOf(path: readonly PropertyKey[]): number;
}

/**
 * `firstLine` is the file line where the YAML text starts (2 for frontmatter). With a cache,
 * text parsed by an earlier build is not parsed again unless a message needs a line.
 */
export function parseYaml(text: string, firstLine = 1, cache?: ParseCache): ParsedYaml {
  if (!cache) return parseYamlNow(text, firstLine);
  const key = ParseCache.keyOf(text, firstLine);
  const hit = cache.get(key);
  if (hit) {
    let parsed: ParsedYaml | undefined;
    return {
      value: hit.value,
      errors: hit.errors,
      lineOf: (path) => (parsed ??= parseWithYamlLibrary(text, firstLine)).lineOf(path),
    };
  }
  const parsed = parseYamlNow(text, firstLine);
  cache.set(key, { value: parsed.value, errors: parsed.errors });
  return parsed;
}

/**
 * A file whose value is known (a cached outcome): it is parsed again only if a message needs
 * a line number.
 */
export function deferredYaml(text: string, value: unknown, firstLine = 1): ParsedYaml {
  let parsed: ParsedYaml | undefined;
  return { value, errors: [], lineOf: (path) => (parsed ??= parseWithYamlLibrary(text, firstLine)).lineOf(path) };
}

function parseYamlNow(text: string, firstLine: number): ParsedYaml {
  const tooDeep = tooDeepError(text, firstLine);
  if (tooDeep) return tooDeep;
  const fast = fastYamlValue(text);
  return fast ? deferredYaml(text, fast.value, firstLine) : parseDocumentNow(text, firstLine);
}

/** Today's guard against a stack overflow, before either parser sees the text. */
function tooDeepError(text: string, firstLine: number): ParsedYaml | undefined {
  const tooDeep = deepestLine(text);
  if (tooDeep === undefined) return undefined;
  // The yaml library recurses once per level: 20,000 levels overflowed the stack (issue 22).
  const message = `nests lists or maps more than ${MAX_NESTING} levels deep; a corpus file needs a few`;
  return { value: undefined, errors: [{ line: tooDeep + firstLine - 1, message }], lineOf: () => firstLine };
}

/**
 * The parse by the `yaml` library alone: the value, the errors and their lines, and the lines of
 * values. The fast path's oracle (test/unit/yaml-fast-path.test.ts) and what it falls back to.
 */
export function parseWithYamlLibrary(text: string, firstLine = 1): ParsedYaml {
  return tooDeepError(text, firstLine) ?? parseDocumentNow(text, firstLine);
}

function parseDocumentNow(text: string, firstLine: number): ParsedYaml {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: true });
  const toFileLine = (offset: number) => lineCounter.linePos(offset).line + firstLine - 1;
  // One mistake often makes the parser report several errors on its line: the first says it best.
  const errors = doc.errors
    .map((error) => ({
      line: toFileLine(error.pos[0]),
      message: firstSentence(error.message) + (HINTS[error.code] ?? ''),
    }))
    .filter((error, i, all) => all.findIndex((e) => e.line === error.line) === i);
  let value: unknown;
  const cycle = errors.length === 0 ? aliasInsideItsAnchor(doc) : undefined;
  if (cycle) {
    // `yaml` builds such a value as an object holding itself: every later check would recurse without end.
    errors.push({
      line: toFileLine(cycle.offset),
      message: `the alias *${cycle.name} stands for a value that holds it (a value without end); write the values out instead`,
    });
  } else if (errors.length === 0) {
    try {
      value = doc.toJS({ maxAliasCount: MAX_ALIAS_COUNT });
    } catch {
      // The yaml library refuses an alias bomb (aliases of aliases expanding exponentially).
      errors.push({
        line: toFileLine(firstAliasOffset(doc)),
        message: `aliases expand to more than ${MAX_ALIAS_COUNT} nodes; write the values out instead of repeating *aliases`,
      });
    }
  }
  return {
    value,
    errors,
    lineOf: (path) => toFileLine(offsetOf(doc, path)),
  };
}

/** Far beyond any hand-written corpus file, far below what overflows the parser's stack. */
const MAX_NESTING = 100;

const [NEWLINE, SPACE, HYPHEN] = [0x0a, 0x20, 0x2d];
const [OPEN_BRACKET, OPEN_BRACE, CLOSE_BRACKET, CLOSE_BRACE] = [0x5b, 0x7b, 0x5d, 0x7d];

/** The first line (1-based) where flow brackets or block indentation pass MAX_NESTING levels. */
function deepestLine(text: string): number | undefined {
  let depth = 0;
  let line = 1;
  let lineStart = true;
  let indent = 0;
  // Character codes, not one-character strings: this runs over every YAML text of every build.
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === NEWLINE) {
      line++;
      lineStart = true;
      indent = 0;
      continue;
    }
    if (lineStart && (c === SPACE || c === HYPHEN)) {
      indent++;
      if (indent / 2 > MAX_NESTING) return line;
      continue;
    }
    lineStart = false;
    if (c === OPEN_BRACKET || c === OPEN_BRACE) depth++;
    else if ((c === CLOSE_BRACKET || c === CLOSE_BRACE) && depth > 0) depth--;
    if (depth > MAX_NESTING) return line;
  }
  return undefined;
}

/** The yaml library's own default: ample for hand-written files, fatal to an alias bomb. */
export const MAX_ALIAS_COUNT = 100;

function firstAliasOffset(doc: Document): number {
  let offset = 0;
  visit(doc, {
    Alias(_, node) {
      offset = node.range?.[0] ?? 0;
      return visit.BREAK;
    },
  });
  return offset;
}

/** The first alias that stands inside the very node its anchor names (`&a [x, *a]`). */
function aliasInsideItsAnchor(doc: Document): { name: string; offset: number } | undefined {
  let found: { name: string; offset: number } | undefined;
  visit(doc, {
    Alias(_, alias) {
      const anchored = alias.resolve(doc);
      const at = alias.range?.[0];
      if (at !== undefined && anchored?.range && anchored.range[0] <= at && at < anchored.range[1]) {
        found = { name: alias.source, offset: at };
        return visit.BREAK;
      }
    },
  });
  return found;
}

// What a corpus author most likely did, by the yaml library's error code.
const QUOTING_HINT =
  '; if a value contains ": " or starts with a quote, bracket or other special character, wrap it in double quotes';
const HINTS: Partial<Record<string, string>> = {
  BLOCK_AS_IMPLICIT_KEY: QUOTING_HINT,
  UNEXPECTED_TOKEN: QUOTING_HINT,
  MISSING_CHAR: '; close the quote or bracket that was opened',
  BAD_INDENT: '; check the indentation and that every [ or { is closed',
  DUPLICATE_KEY: '; each field may appear only once',
};

// The yaml library appends a code excerpt to its messages; the line number replaces it.
function firstSentence(message: string): string {
  const [first = ''] = message.split('\n');
  return first.replace(/ at line \d+, column \d+:?$/, '');
}

/** Offset of the deepest node along `path` that exists (a missing key points at its map). */
function offsetOf(doc: Document, path: readonly PropertyKey[]): number {
  let best = doc.contents?.range?.[0] ?? 0;
  for (let depth = path.length; depth > 0; depth--) {
    const prefix = path.slice(0, depth).map((key) => (typeof key === 'symbol' ? String(key) : key));
    const node = doc.getIn(prefix, true);
    if (isNode(node) && node.range) return node.range[0];
    // A key whose value is null or missing: point at the key itself.
    const parent = depth > 1 ? doc.getIn(prefix.slice(0, -1), true) : doc.contents;
    if (isMap(parent)) {
      const pair = parent.items.find((item) => isScalar(item.key) && item.key.value === prefix.at(-1));
      if (pair && isScalar(pair.key) && pair.key.range) return pair.key.range[0];
      if (depth === path.length && parent.range) best = parent.range[0];
    }
  }
  return best;
}

export interface Frontmatter {
  yaml: ParsedYaml;
  /** The Markdown after the closing `---`, with line endings normalised to \n. */
  body: string;
}

/** Splits `---` frontmatter from a Markdown file; undefined when the file has none. */
export function parseFrontmatter(text: string, cache?: ParseCache): Frontmatter | undefined {
  const split = splitFrontmatter(text);
  return split && { yaml: parseYaml(split.yamlText, 2, cache), body: split.body };
}

/** The frontmatter's YAML text and the Markdown body, unparsed (line endings normalised to \n). */
export function splitFrontmatter(text: string): { yamlText: string; body: string } | undefined {
  const normalised = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (!normalised.startsWith('---\n')) return undefined;
  const close = /^---[ \t]*$/m;
  const rest = normalised.slice(4);
  const match = close.exec(rest);
  if (!match) return undefined;
  const yamlText = rest.slice(0, match.index);
  const body = rest.slice(match.index + match[0].length).replace(/^\n/, '');
  return { yamlText, body };
}
