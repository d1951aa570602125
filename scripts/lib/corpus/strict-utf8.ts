// Corpus text must be valid UTF-8: the strict decoding of the loader (load-corpus.ts), which names
// the first invalid byte and its line, so an author can find what a Latin-1 editor saved.

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });

/** Strict UTF-8, naming the offset and line of the first invalid byte. Exported for tests. */
export function decodeUtf8(bytes: Uint8Array): { text: string } | { problem: string; line: number } {
  try {
    return { text: strictUtf8.decode(bytes) };
  } catch {
    // Reported below, with where the first invalid byte is.
  }
  const offset = firstInvalidByte(bytes);
  let line = 1;
  for (let i = 0; i < offset; i++) if (bytes[i] === 0x0a) line++;
  const invalid = bytes[offset];
  if (invalid === undefined)
    throw new RangeError(`decodeUtf8: offset ${offset} is past the last of ${bytes.length} bytes`);
  const byte = invalid.toString(16).toUpperCase().padStart(2, '0');
  return {
    line,
    problem: `is not valid UTF-8: byte 0x${byte} at offset ${offset}; save the file as UTF-8 (it may be Latin-1 or Windows-1251)`,
  };
}

/**
 * The offset of the first byte that makes the text invalid UTF-8, found by bisecting with
 * the platform's decoder: a prefix decoded in streaming mode fails exactly when it
 * contains an invalid sequence (an incomplete one at its end is not yet an error).
 */
function firstInvalidByte(bytes: Uint8Array): number {
  let valid = 0;
  let invalid = bytes.length;
  while (invalid - valid > 1) {
    const middle = (valid + invalid) >>> 1;
    if (decodesAsPrefix(bytes.subarray(0, middle))) valid = middle;
    else invalid = middle;
  }
  // Byte `invalid - 1` is where decoding failed (or the end of a truncated last sequence).
  // If it broke off a multi-byte sequence, that sequence's lead byte is the one to fix.
  const failed = invalid - 1;
  const before = [...bytes.subarray(Math.max(0, failed - 3), failed)].reverse();
  for (const [back, byte] of before.entries()) {
    if ((byte & 0xc0) === 0x80) continue;
    const lead = failed - 1 - back;
    const length = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return length > failed - lead ? lead : failed;
  }
  return failed;
}

function decodesAsPrefix(prefix: Uint8Array): boolean {
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(prefix, { stream: true });
    return true;
  } catch {
    return false;
  }
}
