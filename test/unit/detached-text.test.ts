// A term's checked text copied so that it shares no memory with its file (corpus/detached-text.ts).
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { detachedText } from '../../scripts/lib/corpus/detached-text.ts';
import type { LocalizedTermText } from '../../scripts/lib/corpus/corpus-model.ts';

const fields = fc.record({
  term: fc.string(),
  definition: fc.string(),
  etymology: fc.option(fc.string(), { nil: null }),
  pronunciation: fc.option(fc.string(), { nil: null }),
  aliases: fc.option(fc.array(fc.string()), { nil: undefined }),
});

describe('detachedText', () => {
  it('keeps every field, in order, and the body reader itself, never calling it (property)', () => {
    fc.assert(
      fc.property(fields, (values) => {
        const text = { ...values } as LocalizedTermText;
        const reader = () => {
          throw new Error('the body was read');
        };
        Object.defineProperty(text, 'body', { enumerable: true, get: reader });
        const copy = detachedText(text);
        expect(Object.keys(copy)).toEqual(Object.keys(text));
        const { body: _body, ...copied } = Object.getOwnPropertyDescriptors(copy);
        expect(Object.fromEntries(Object.entries(copied).map(([key, d]) => [key, d.value]))).toEqual(values);
        expect(Object.getOwnPropertyDescriptor(copy, 'body')?.get).toBe(reader);
        // The arrays are copies: nothing of the checked text is shared but its strings' contents.
        if (values.aliases) expect(copy.aliases).not.toBe(text.aliases);
      }),
    );
  });

  it('copies a text whose body is a plain value too', () => {
    const text: LocalizedTermText = { term: 'Sophia', definition: 'Wisdom.', body: 'The body.' } as LocalizedTermText;
    expect(detachedText(text)).toEqual(text);
  });
});
