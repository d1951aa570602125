// Characters no corpus text should carry: they are invisible, change how neighbouring text
// is displayed, break JSON consumers or search, or betray text that was mis-decoded. Pure.
//
// Allowed on purpose: tab and line feed (Markdown bodies, folded YAML), the bidi *marks*
// (LRM, RLM, ALM: Hebrew and Arabic original forms may need them) and ZWJ/ZWNJ (Indic and
// Persian scripts need them); but no value may consist of invisible characters alone.

export interface UnsafeCharacter {
  /** Index in UTF-16 code units, and the 1-based line of that index in the text. */
  index: number;
  line: number;
  message: string;
}

const FORBIDDEN: [RegExp, (char: string) => string][] = [
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  [/[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/, () => 'a control character; remove it'],
  [
    /[\u202A-\u202E\u2066-\u2069]/,
    () => 'a bidirectional override or isolate, which can reorder how text displays; remove it',
  ],
  [/[\u2028\u2029]/, () => 'a Unicode line or paragraph separator; use an ordinary line break or a space'],
  [/[\u200B\u2060\uFEFF\u180E]/, () => 'an invisible zero-width character, which breaks search; remove it'],
  [
    /\uFFFD/,
    () => 'the replacement character, a sign of text decoded with the wrong encoding; retype the original character',
  ],
  [/[\uFDD0-\uFDEF\uFFFE\uFFFF]/, () => 'a Unicode noncharacter; remove it'],
];

/** "U+00AD" for the character `char` starts with. */
function codePoint(char: string): string {
  const code = char.codePointAt(0);
  if (code === undefined) throw new RangeError('codePoint: an empty match has no character to name');
  return `U+${code.toString(16).toUpperCase().padStart(4, '0')}`;
}

/**
 * Every character FORBIDDEN names, and every surrogate: a text with none of them (nearly every
 * text) is passed in one scan instead of one per pattern. Surrogates are in it because a lone one
 * is unsafe; a text with a whole pair (an astral character) takes the full look below.
 */
const ANY_SUSPECT =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point
  /[\u0000-\u0008\u000B-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069\u2028\u2029\u200B\u2060\uFEFF\u180E\uFFFD\uFDD0-\uFDEF\uFFFE\uFFFF\uD800-\uDFFF]/;

/** The first character of `text` that the corpus does not accept, if any. */
export function findUnsafeCharacter(text: string): UnsafeCharacter | undefined {
  if (!ANY_SUSPECT.test(text)) return undefined;
  let first: { index: number; message: string } | undefined;
  for (const [pattern, describe] of FORBIDDEN) {
    const match = pattern.exec(text);
    if (match && (!first || match.index < first.index)) {
      first = {
        index: match.index,
        message: `contains ${codePoint(match[0])} at character ${match.index + 1}, ${describe(match[0])}`,
      };
    }
  }
  const at = /[\uD800-\uDFFF]/.test(text) ? loneSurrogateIndex(text) : -1;
  if (at !== -1) {
    if (!first || at < first.index) {
      first = {
        index: at,
        message: `contains a lone surrogate (${codePoint(text.charAt(at))}) at character ${at + 1}, which is not a character and cannot be encoded as UTF-8; remove it or write the whole character`,
      };
    }
  }
  if (!first) return undefined;
  return { ...first, line: lineAt(text, first.index) };
}

/** True for a value that is not blank but shows nothing: zero-width and other invisible characters only. */
export function isInvisibleOnly(text: string): boolean {
  // No code point outside the invisible ones: stops at the first visible character.
  return text.trim() !== '' && !/[^\s\p{Default_Ignorable_Code_Point}]/u.test(text);
}

/**
 * Whether a string inside a parsed YAML value has a problem (textProblems): the walk of every
 * YAML file, without the paths stringsIn makes (a generator and an array per value, needed only
 * to name the field of a problem, which few files have; bench/README.md, "The check thread's
 * CPU, twelfth session").
 */
export function someStringUnsafe(value: unknown): boolean {
  if (typeof value === 'string') return textProblems(value).length > 0;
  if (Array.isArray(value)) {
    for (const item of value) if (someStringUnsafe(item)) return true;
  } else if (value !== null && typeof value === 'object') {
    for (const item of Object.values(value)) if (someStringUnsafe(item)) return true;
  }
  return false;
}

/** Every string inside a parsed YAML value, with its path (keys and indexes). */
export function* stringsIn(value: unknown, path: (string | number)[] = []): Generator<[string, (string | number)[]]> {
  if (typeof value === 'string') yield [value, path];
  else if (Array.isArray(value)) for (const [i, item] of value.entries()) yield* stringsIn(item, [...path, i]);
  else if (value !== null && typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) yield* stringsIn(item, [...path, key]);
  }
}

/** Problems of one text value: `field` is the dotted path shown in messages. */
export function textProblems(text: string): { offsetLine: number; message: string }[] {
  const unsafe = findUnsafeCharacter(text);
  if (unsafe) return [{ offsetLine: unsafe.line - 1, message: unsafe.message }];
  if (isInvisibleOnly(text)) {
    return [
      {
        offsetLine: 0,
        message: 'has no visible characters (only zero-width or other invisible ones); write the value',
      },
    ];
  }
  return [];
}

function loneSurrogateIndex(text: string): number {
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    const next = text.charCodeAt(i + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) i++;
    else if (unit >= 0xd800 && unit <= 0xdfff) return i;
  }
  return -1;
}

function lineAt(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
