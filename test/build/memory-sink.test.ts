import { describe, expect, it } from 'vitest';
import { MemorySink } from '../../scripts/lib/publish/output-sink.ts';

// OutputSink.file: the contents are the caller's again once it resolves (emit.ts encodes the next
// term's file into the same buffer), so a sink that keeps bytes keeps a copy.
describe('MemorySink', () => {
  it('keeps each file as it was written when the caller reuses its buffer', async () => {
    const sink = new MemorySink();
    const buffer = Buffer.alloc(32);
    const first = buffer.write('{"term":"aeon"}');
    await sink.file('a.json', buffer.subarray(0, first));
    const second = buffer.write('{"term":"bythos"}');
    await sink.file('b.json', buffer.subarray(0, second));
    buffer.fill(0);
    expect(String(sink.files.get('a.json'))).toBe('{"term":"aeon"}');
    expect(String(sink.files.get('b.json'))).toBe('{"term":"bythos"}');
  });

  it('keeps the bytes of a plain Uint8Array as a copy, readable as text', async () => {
    const sink = new MemorySink();
    const bytes = new TextEncoder().encode('Ἀβραξάς');
    await sink.file('c.txt', bytes);
    bytes.fill(0);
    expect(String(sink.files.get('c.txt'))).toBe('Ἀβραξάς');
  });
});
