import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { decodeUtf8 } from '../../scripts/lib/corpus/load-corpus.ts';
import { findUnsafeCharacter, isInvisibleOnly } from '../../scripts/lib/corpus/text-hygiene.ts';

describe('strict UTF-8 decoding', () => {
  it.each([
    ['61ff', 'byte 0xFF at offset 1'],
    ['61e973', 'byte 0xE9 at offset 1'], // Latin-1 "é" before an ASCII letter: the lead byte is named
    ['61e282', 'byte 0xE2 at offset 1'], // a sequence cut off by the end of the file
    ['eda080', 'byte 0xED at offset 0'], // a UTF-8-encoded surrogate (CESU-8)
  ])('%s: %s', (hex, where) => {
    const result = decodeUtf8(Buffer.from(hex, 'hex'));
    expect('problem' in result && result.problem).toContain(where);
  });

  it('agrees with the platform decoder, and names a byte after which no valid prefix continues', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 24 }), (bytes) => {
        let expected: string | undefined;
        try {
          expected = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
        } catch {
          expected = undefined;
        }
        const result = decodeUtf8(bytes);
        if (expected !== undefined) return 'text' in result && result.text === expected;
        const offset = Number(/offset (\d+)/.exec('problem' in result ? result.problem : '')?.[1]);
        // Everything before the named byte is valid UTF-8 (possibly ending mid-character).
        new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, offset), { stream: true });
        return offset < bytes.length;
      }),
    );
  });
});

describe('unsafe characters', () => {
  it('accepts ordinary text of every script the corpus uses, with tabs and line breaks', () => {
    for (const text of ['Sophia', 'Σοφία', 'Еон', 'חָכְמָה\u200F', 'ⲥⲟⲫⲓⲁ', 'a\tb\nc', 'क्‍ष'])
      expect(findUnsafeCharacter(text)).toBeUndefined();
  });

  it('names the first unsafe character and its line', () => {
    expect(findUnsafeCharacter('ok\nstill \u202E and \u0000')).toEqual({
      index: 9,
      line: 2,
      message:
        'contains U+202E at character 10, a bidirectional override or isolate, which can reorder how text displays; remove it',
    });
  });

  it('finds lone surrogates but not pairs', () => {
    expect(findUnsafeCharacter('𝔖ophia')).toBeUndefined();
    expect(findUnsafeCharacter('a\uDC00')?.index).toBe(1);
    expect(findUnsafeCharacter('𝔖\uD800')?.index).toBe(2);
  });

  it('treats a value of invisible characters alone as empty', () => {
    expect(isInvisibleOnly('\u200C\u200D')).toBe(true);
    expect(isInvisibleOnly('  ')).toBe(false); // blank: the schema's own rule
    expect(isInvisibleOnly('a\u200D')).toBe(false);
  });
});
