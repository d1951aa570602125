// The fast path of the YAML parse (yaml-source.ts). js-yaml builds plain values about four times
// faster than the `yaml` package builds its document (bench/README.md, "The YAML parse, fifth
// session"), but only `yaml` keeps what our messages need (positions, error codes), and the two
// parsers do not agree on everything. So js-yaml answers only for a text it accepts and where both
// give the same value; every other text goes to `yaml`, which decides errors and lines as before.
// That they agree is what test/unit/yaml-fast-path.test.ts checks (every corpus file, generated
// documents), against the `yaml`-only parse.
import { FAILSAFE_SCHEMA, load, type State, Type } from 'js-yaml';
import { isScalar, Schema, type ScalarTag } from 'yaml';

/** `yaml`'s YAML 1.2 core schema tags for plain scalars (null, booleans, integers, floats), in its order. */
const CORE_SCALAR_TAGS = new Schema({ schema: 'core' }).tags.filter(
  (tag): tag is ScalarTag => tag.default === true && !('collection' in tag && tag.collection) && !!tag.test,
);

/**
 * Whether a plain scalar may be one of the core schema's (else it is a string): every one is
 * empty or starts with a digit, a sign, a dot, "~", or the first letter of null, true or false.
 * Most plain scalars of the corpus are words: they skip the tags' regular expressions.
 */
export function mayBeCoreScalar(plain: string): boolean {
  if (plain.length === 0) return true;
  const c = plain.charCodeAt(0);
  return (c >= 0x30 && c <= 0x39) || MAY_START_A_CORE_SCALAR.has(c);
}
const MAY_START_A_CORE_SCALAR = new Set([...'+-.~nNtTfF'].map((c) => c.charCodeAt(0)));

/**
 * Plain scalars resolved by `yaml`'s own core schema tags, run inside js-yaml: the same regular
 * expressions and the same conversions, so `017`, `0o17`, `1_000`, `yes` or `12:30:00` become
 * what `yaml` makes of them. One js-yaml type for all of them (js-yaml would try each type in
 * turn): `resolve` finds the tag, and js-yaml calls `construct` right after it, on the same text.
 * Collections and strings are js-yaml's failsafe schema; explicit tags never reach js-yaml.
 */
function coreScalarType(): Type {
  const resolveOptions = { intAsBigInt: false };
  const onError = () => undefined;
  let found: ScalarTag | undefined;
  return new Type('tag:lexicon-api,2026:core-scalar', {
    kind: 'scalar',
    resolve: (data: unknown) => {
      found = undefined;
      if (typeof data !== 'string' || !mayBeCoreScalar(data)) return false;
      found = CORE_SCALAR_TAGS.find((tag) => (tag.test as RegExp).test(data));
      return found !== undefined;
    },
    construct: (data: string) => {
      const resolved = (found as ScalarTag).resolve(data, onError, resolveOptions as never);
      return isScalar(resolved) ? resolved.value : resolved;
    },
  });
}

const CORE_AS_YAML_RESOLVES = FAILSAFE_SCHEMA.extend({ implicit: [coreScalarType()] });

/**
 * Constructs whose values the two parsers build differently, or whose safety rests on `yaml`'s
 * checks: node properties (anchors `&`, aliases `*`: shared objects and alias bombs; tags `!`),
 * directives and document markers (js-yaml reads "---x" as one), merge keys, explicit `?` keys,
 * collections as keys, keys spelled as null (`yaml` makes them "", js-yaml "null"), `__proto__`,
 * and implicit keys near YAML's 1,024-character limit (hasLongLine). Conservative: a `*` after
 * ", " in prose sends a file to `yaml` too, which only costs time. Most were found by the oracle test.
 */
export const NEEDS_YAML = [
  /(?:^|[[{,]|[-:?][ \t])[ \t]*[&*!?%@`]/m,
  /^(?:%|---|\.\.\.)/m,
  /<</,
  /__proto__/,
  /[\]}][ \t]*:/,
  /(?:^|[\s[{,])(?:~|[Nn]ull|NULL)?[ \t]*:/m,
  // A list's first item a list left empty ("- -" at a line's end: js-yaml drops a later item).
  /-[ \t]+-[ \t]*(?:\s#.*)?$/m,
  // Tabs (`yaml` refuses them as indentation in more places) and a carriage return alone (not a
  // line break to `yaml`).
  /\t|\r(?!\n)/,
  // A comment right after a flow collection or a quote (`yaml` wants white space before it); a
  // byte order mark (each parser skips it in other places); a block scalar's indentation
  // indicator (they count a top-level block's indentation differently).
  /[\]}"',]#/,
  /\uFEFF/,
  /[|>][-+]?[0-9]/,
  // A flow mapping's entry without a value, spelled as null (a key too, like "~: x" above).
  /\{[ \n]*(?:~|[Nn]ull|NULL)[ \n]*[,}]|,[ \n]*(?:~|[Nn]ull|NULL)?[ \n]*[,}]/,
];

/**
 * NEEDS_YAML as one search: one scan of a text instead of one per pattern (0.5x their time on the
 * corpus's texts; bench/README.md, "The check thread's CPU, twelfth session"). Each is read with
 * `m`, which changes only ^ and $: those without them read the same with it.
 */
const NEEDS_YAML_SEARCH = new RegExp(NEEDS_YAML.map((pattern) => `(?:${pattern.source})`).join('|'), 'm');

/** Whether the text holds a construct above, or a long line: then `yaml` parses it. */
export const needsYaml = (text: string): boolean => NEEDS_YAML_SEARCH.test(text) || hasLongLine(text);

/** Whether a line (up to a line feed) holds 1,000 characters or more: what /^[^\n]{1000}/m finds, without a regular expression. */
function hasLongLine(text: string): boolean {
  for (let start = 0; ; ) {
    const end = text.indexOf('\n', start);
    if ((end < 0 ? text.length : end) - start >= 1000) return true;
    if (end < 0) return false;
    start = end + 1;
  }
}

/**
 * Whether a flow collection is one the two parsers read differently, or one this scan cannot
 * follow: one still open at the end of a line (`yaml` wants its later lines indented; js-yaml
 * does not); a collection inside a flow mapping (as a key without a value, js-yaml makes it "",
 * `yaml` its YAML text); a comment inside one. A quoted scalar inside a flow collection is
 * stepped over, so that a quoted "]" or "}" does not close it for this count (the corpus's
 * aliases are lists of quoted names); brackets outside flow collections (in scalars) count too:
 * conservative, it only costs time.
 */
function flowCollectionNeedsYaml(text: string): boolean {
  const open: number[] = [];
  let mappings = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x5b || c === 0x7b) {
      if (mappings > 0) return true;
      open.push(c);
      if (c === 0x7b) mappings++;
    } else if ((c === 0x5d || c === 0x7d) && open.length > 0) {
      if (open.pop() === 0x7b) mappings--;
    } else if (open.length > 0 && (c === 0x0a || (c === 0x23 && afterSpace(text, i)))) {
      return true;
    } else if (open.length > 0 && (c === 0x22 || c === 0x27) && startsAScalar(text, i)) {
      const end = quotedScalarEnd(text, i);
      if (end === undefined) return true;
      i = end;
    }
  }
  return false;
}

const afterSpace = (text: string, at: number) => at === 0 || /[ \t\n]/.test(text.charAt(at - 1));
/** A quote starts a quoted scalar only where a scalar may start (in "x's" it is plain text). */
const startsAScalar = (text: string, at: number) => afterSpace(text, at) || /[[{,:]/.test(text.charAt(at - 1));

/**
 * Where the quoted scalar opened at `at` ends (its closing quote: "" escaped by a backslash,
 * '' doubled), or undefined when it runs past its line.
 */
function quotedScalarEnd(text: string, at: number): number | undefined {
  const quote = text.charCodeAt(at);
  for (let i = at + 1; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (c === 0x0a) return undefined;
    if (quote === 0x22 && c === 0x5c) {
      if (text.charCodeAt(i + 1) === 0x0a) return undefined;
      i++;
    } else if (c === quote) {
      if (quote === 0x27 && text.charCodeAt(i + 1) === 0x27) i++;
      else return i;
    }
  }
  return undefined;
}

/**
 * A js-yaml listener that stops the parse at a scalar whose later lines are not indented past
 * the line it starts on (blank lines aside), or hold a "#": there the parsers disagree (js-yaml
 * takes a quote closed at the start of a line, `yaml` wants it indented). A definition folded
 * over two indented lines, as `yaml` itself writes long values, stays on the fast path.
 */
function indentedScalars(): (event: string, state: State) => void {
  const openedAt: number[] = [];
  return (event, { input, kind, position }) => {
    if (event === 'open') {
      openedAt.push(position);
      return;
    }
    const from = openedAt.pop() as number;
    if (kind !== 'scalar') return;
    const lineBreak = input.indexOf('\n', from);
    if (lineBreak !== -1 && lineBreak < position && !laterLinesIndented(input, from, position))
      throw new Error('a scalar over lines not indented past its first');
  };
}

function laterLinesIndented(input: string, from: number, to: number): boolean {
  const lineStart = input.lastIndexOf('\n', from - 1) + 1;
  // The column of the line's first key or item ("- a: x" counts from "a").
  let base = lineStart;
  while (base < from && (input.charCodeAt(base) === SPACE || input.charCodeAt(base) === HYPHEN)) base++;
  const column = base - lineStart;
  for (
    let lineBreak = input.indexOf('\n', from);
    lineBreak !== -1 && lineBreak < to;
    lineBreak = input.indexOf('\n', lineBreak + 1)
  ) {
    let at = lineBreak + 1;
    while (input.charCodeAt(at) === SPACE) at++;
    const first = input.charCodeAt(at);
    if (at >= input.length || first === LINE_FEED || first === CARRIAGE_RETURN) continue;
    if (at - lineBreak - 1 <= column || first === HASH) return false;
  }
  return true;
}
const [SPACE, HYPHEN, LINE_FEED, CARRIAGE_RETURN, HASH] = [0x20, 0x2d, 0x0a, 0x0d, 0x23];

/**
 * The value of a YAML text, when js-yaml can give it exactly as `yaml` would; undefined when
 * the text must go to `yaml` (a construct above, anything js-yaml refuses, anything but a
 * mapping at the top).
 */
export function fastYamlValue(text: string): { value: unknown } | undefined {
  if (needsYaml(text) || flowCollectionNeedsYaml(text)) return undefined;
  let value: unknown;
  try {
    value = load(text, { schema: CORE_AS_YAML_RESOLVES, listener: indentedScalars() });
  } catch {
    return undefined;
  }
  // A corpus file is a mapping. Anything else at the top (a scalar, a block scalar, a list, an
  // empty document) is rare and where the two parsers differ most: `yaml` decides.
  const isMapping = value !== null && typeof value === 'object' && !Array.isArray(value);
  return isMapping ? { value } : undefined;
}
