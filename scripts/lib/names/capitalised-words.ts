// The capitalised words of a text (an upper-case letter, then letters and hyphens): what
// `text.match(/\p{Lu}[\p{L}-]*/gu)` finds, for the name checks (scholar-checks.ts), which ask it
// of every Bulgarian body. Pure.

const CAPITALISED = /\p{Lu}[\p{L}-]*/uy;

/** Whether the code unit cannot start an upper-case letter: ASCII but A-Z, or a lower-case Cyrillic letter (а-џ). */
const surelyNotUpper = (code: number) =>
  code < 0x41 || (code > 0x5a && code < 0x80) || (code >= 0x430 && code <= 0x45f);

/**
 * The matches of /\p{Lu}[\p{L}-]*\/gu in order. The pattern is tried only where a word can start:
 * most of a text is lower-case letters and spaces, passed over without a regular expression (half
 * the time of the global match on the bundled corpus's Bulgarian bodies). Where it fails, the
 * search moves on by one code unit: the second half of a pair that did not start a word starts none.
 */
export function capitalisedMatches(text: string): string[] {
  const found: string[] = [];
  for (let at = 0; at < text.length; ) {
    const code = text.charCodeAt(at);
    if (surelyNotUpper(code)) {
      at++;
      continue;
    }
    CAPITALISED.lastIndex = at;
    const match = CAPITALISED.exec(text);
    if (match === null) {
      at++;
      continue;
    }
    found.push(match[0]);
    at = CAPITALISED.lastIndex;
  }
  return found;
}
