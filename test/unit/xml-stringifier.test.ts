// The fast converters given to xmlbuilder (formats/xml-stringifier.ts) against the library's
// own (oracle): the same XML for every text and attribute value, and the same refusal for what
// XML 1.0 cannot carry, whichever path a value takes.
import fc from 'fast-check';
import xmlbuilder from 'xmlbuilder';
import { describe, expect, it } from 'vitest';
import { fastStringifier } from '../../scripts/lib/formats/xml-stringifier.ts';

const PRETTY = { pretty: true, indent: '  ', newline: '\n' };

/** An element with `value` as an attribute, as text, and as both again under a second name. */
function written(value: string, stringify?: xmlbuilder.XMLStringifier): string {
  const root = xmlbuilder.create('root', { headless: true, ...(stringify ? { stringify } : {}) });
  root.ele('item', { value, 'xml:lang': 'en' }, value);
  root.ele('other', { target: `x${value}y` }, `x${value}y`);
  return root.end(PRETTY);
}

/** What the library writes, or the message it refuses the value with. */
function outcome(value: string, stringify?: xmlbuilder.XMLStringifier): string {
  try {
    return written(value, stringify);
  } catch (error) {
    return `refused: ${(error as Error).message}`;
  }
}

// Every character the converters treat specially, the ones either side of each range, and
// ordinary text in the scripts of the corpus.
const SPECIAL = [
  ...'&<>"\'\t\n\r \u0000\u0001\u0008\u0009\u000A\u000B\u000C\u000D\u000E\u001F\u0020\u007F',
  '\uD7FF',
  '\uD800',
  '\uDBFF',
  '\uDC00',
  '\uDFFF',
  '\uE000',
  '\uFFFD',
  '\uFFFE',
  '\uFFFF',
  '𓂀',
  '\uD83D\uDE00',
  '&amp;',
  '&lt;',
  ']]>',
  'é',
  'Космология',
  'ἀρχή',
  'a',
];
const values = fc.oneof(
  fc.array(fc.constantFrom(...SPECIAL), { maxLength: 12 }).map((parts) => parts.join('')),
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.string({ maxLength: 40 }),
);

describe('fastStringifier', () => {
  it('writes exactly what xmlbuilder writes, and refuses exactly what it refuses', () => {
    fc.assert(
      fc.property(values, (value) => {
        expect(outcome(value, fastStringifier())).toBe(outcome(value));
      }),
      { numRuns: 3000 },
    );
  });

  it.each(SPECIAL)('agrees with xmlbuilder on %j alone and inside text', (special) => {
    for (const value of [special, `text ${special} text`, `${special}${special}`]) {
      expect(outcome(value, fastStringifier())).toBe(outcome(value));
    }
  });

  it('still refuses a name XML cannot carry, and again when asked twice', () => {
    const stringify = fastStringifier();
    const root = xmlbuilder.create('root', { headless: true, stringify });
    expect(() => root.ele('1bad')).toThrow('Invalid character in name: 1bad');
    expect(() => root.ele('1bad')).toThrow('Invalid character in name: 1bad');
    expect(root.ele('good').toString()).toBe('<good/>');
  });
});
