// xmlbuilder's value converters with a fast path for values that need no work: a text or
// attribute value holding no character the library escapes and none XML 1.0 refuses is
// returned as it is, which is what the library's own converters return for it; every other
// value goes through them (escaped, or refused with their error). The library escapes with
// four to six `replace` passes and checks characters with a regular expression that tries
// every position, per value; on the TBX dump's definitions that was a third of its time.
// Names are checked once each: TBX uses a handful.
import type xmlbuilder from 'xmlbuilder';

/** What xmlbuilder's stringifier calls on itself (lib/XMLStringifier.js). */
interface LibraryStringifier {
  textEscape(value: string): string;
  attEscape(value: string): string;
  assertLegalChar(value: string): string;
  assertLegalName(value: string): string;
}

// Characters XML 1.0 cannot carry (C0 controls but tab, LF and CR; U+FFFE, U+FFFF) and every
// surrogate: a value with a surrogate takes the library's path, which tells a pair from a lone one.
const CHECKED = '\\0-\\x08\\x0B\\f\\x0E-\\x1F\\uD800-\\uDFFF\\uFFFE\\uFFFF';
/** What xmlbuilder's textEscape replaces: & < > and CR. */
const TEXT_WORK = new RegExp(`[&<>\\r${CHECKED}]`);
/** What its attEscape replaces: & < " tab LF CR. */
const ATTRIBUTE_WORK = new RegExp(`[&<"\\t\\n\\r${CHECKED}]`);

/** The `stringify` option of xmlbuilder.create: its `text`, `attValue` and `name` with the fast paths. */
export function fastStringifier(): xmlbuilder.XMLStringifier {
  const names = new Map<string, string>();
  return {
    text(this: LibraryStringifier, value: unknown): string {
      const text = `${value}` || '';
      return TEXT_WORK.test(text) ? this.assertLegalChar(this.textEscape(text)) : text;
    },
    attValue(this: LibraryStringifier, value: unknown): string {
      const text = `${value}` || '';
      return ATTRIBUTE_WORK.test(text) ? this.assertLegalChar(this.attEscape(text)) : text;
    },
    name(this: LibraryStringifier, value: unknown): string {
      const name = `${value}` || '';
      let checked = names.get(name);
      if (checked === undefined) {
        checked = this.assertLegalName(name);
        names.set(name, checked);
      }
      return checked;
    },
  };
}
