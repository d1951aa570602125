// The build's physical floor: plain synchronous writes of the same files, with the same
// bytes, into an empty folder: one mkdirSync per folder and one writeFileSync per file, no
// hashing, no staging folder, no rename. Plain Node, no loader.
//
// The bytes are read from a built output first (not timed; reported as readMs so that a
// whole-process timing can leave it out). Files over 8 MiB (the dumps) are not held in
// memory: the same number of bytes is written in 1 MiB pieces from one buffer.
import { closeSync, mkdirSync, openSync, readFileSync, readdirSync, statSync, writeFileSync, writeSync } from 'node:fs';
import path from 'node:path';

const [builtDir, outDir] = process.argv.slice(2);
const HELD = 8 * 1024 * 1024;
const PIECE = Buffer.alloc(1024 * 1024, 0x78);

const readStarted = performance.now();
const files = [];
for (const entry of readdirSync(builtDir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const file = path.relative(builtDir, path.join(entry.parentPath ?? entry.path, entry.name));
  const size = statSync(path.join(builtDir, file)).size;
  files.push({ file, size, bytes: size <= HELD ? readFileSync(path.join(builtDir, file)) : undefined });
}
const readMs = performance.now() - readStarted;

const started = performance.now();
const made = new Set();
let bytes = 0;
for (const { file, size, bytes: contents } of files) {
  const target = path.join(outDir, file);
  const dir = path.dirname(target);
  if (!made.has(dir)) {
    mkdirSync(dir, { recursive: true });
    made.add(dir);
  }
  if (contents) {
    writeFileSync(target, contents);
  } else {
    const fd = openSync(target, 'w');
    for (let written = 0; written < size; written += PIECE.byteLength)
      writeSync(fd, PIECE, 0, Math.min(PIECE.byteLength, size - written));
    closeSync(fd);
  }
  bytes += size;
}
const ms = performance.now() - started;
console.log(
  JSON.stringify({ ms, readMs, files: files.length, bytes, maxRssMb: process.resourceUsage().maxRSS / 1024 }),
);
