import { gunzipSync, brotliDecompressSync } from 'node:zlib';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { chooseCoding, encode, isCompressible, varyAcceptEncoding, weakened } from '../../runtime/content-coding.ts';

describe('content codings of npm start', () => {
  it.each([
    [null, undefined],
    ['', undefined],
    ['identity', undefined],
    ['gzip', 'gzip'],
    ['gzip, deflate, br', 'br'],
    ['gzip, br', 'br'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=0.5, br;q=0.4', 'gzip'],
    ['*', 'br'],
    ['*;q=0', undefined],
    ['deflate', undefined],
    ['GZIP', 'gzip'],
  ])('Accept-Encoding %j chooses %s', (header, coding) => {
    expect(chooseCoding(header)).toBe(coding);
  });

  it.each([
    ['application/json; charset=utf-8', true],
    ['application/problem+json; charset=utf-8', true],
    ['text/html; charset=utf-8', true],
    ['text/csv; charset=utf-8; header=present', true],
    ['application/x-ndjson; charset=utf-8', true],
    ['application/vnd.sqlite3', true],
    ['image/png', false],
    ['application/octet-stream', false],
    [undefined, false],
  ])('%s compressible: %s', (type, expected) => {
    expect(isCompressible(type)).toBe(expected);
  });

  it('adds Accept-Encoding to Vary once, keeping what is there', () => {
    expect(varyAcceptEncoding(undefined)).toBe('Accept-Encoding');
    expect(varyAcceptEncoding('Accept')).toBe('Accept, Accept-Encoding');
    expect(varyAcceptEncoding('accept-encoding')).toBe('accept-encoding');
    expect(varyAcceptEncoding('Accept, Accept-Encoding')).toBe('Accept, Accept-Encoding');
  });

  it('weakens a strong entity tag once', () => {
    expect(weakened('"abc"')).toBe('W/"abc"');
    expect(weakened('W/"abc"')).toBe('W/"abc"');
  });

  it('encodes any bytes so that zlib decodes them back', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 5000 }), (bytes) => {
        expect(new Uint8Array(gunzipSync(encode(bytes, 'gzip')))).toEqual(bytes);
        expect(new Uint8Array(brotliDecompressSync(encode(bytes, 'br')))).toEqual(bytes);
      }),
      { numRuns: 50 },
    );
  });
});
