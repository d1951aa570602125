// The reused encoding buffer (publish/reused-utf8.ts): what it hands back is the text's UTF-8 (after
// the given bytes), whatever came before in the same buffer, and long texts get buffers of their own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ReusedUtf8 } from '../../scripts/lib/publish/reused-utf8.ts';

describe('a reused UTF-8 buffer', () => {
  it('encodes each text, and bytes then a text, as Buffer.from and Buffer.concat would', () => {
    const reused = new ReusedUtf8();
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), fc.string({ unit: 'binary' }), (bytes, text) => {
        expect(Buffer.from(reused.after(bytes, text))).toEqual(Buffer.concat([bytes, Buffer.from(text)]));
        expect(Buffer.from(reused.encode(text))).toEqual(Buffer.from(text));
      }),
    );
  });

  it('frames a text between two byte strings, whatever the buffer held before', () => {
    const reused = new ReusedUtf8();
    fc.assert(
      fc.property(
        fc.uint8Array({ maxLength: 50 }),
        fc.string({ unit: 'binary' }),
        fc.uint8Array({ maxLength: 50 }),
        (head, text, tail) => {
          const framed = reused.framed(head, text, tail);
          expect(Buffer.from(framed)).toEqual(Buffer.concat([head, Buffer.from(text), tail]));
          expect(Buffer.from(framed.subarray(head.byteLength, framed.byteLength - tail.byteLength))).toEqual(
            Buffer.from(text),
          );
        },
      ),
    );
  });

  it('hands a record longer than its buffer may grow to in a buffer of its own', () => {
    const reused = new ReusedUtf8();
    const text = 'ж'.repeat(4 * 1024 * 1024);
    const first = reused.after(Buffer.from('{"a":1'), text);
    expect(first.byteLength).toBe(6 + 2 * text.length);
    expect(Buffer.from(first.subarray(0, 6)).toString()).toBe('{"a":1');
    const second = reused.after(Buffer.from('x'), 'y');
    expect(Buffer.from(second).toString()).toBe('xy');
    expect(first.buffer).not.toBe(second.buffer);
  });
});
