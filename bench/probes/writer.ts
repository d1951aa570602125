// Our writer alone: the same files and bytes as write-floor.mjs, through writeAtomically (the
// build's writer: per-file hash, concurrent async writes, staging folder, swap) and nothing
// else. The difference to the plain floor is the writer's own cost.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeAtomically } from '../../scripts/lib/publish/write-output.ts';

const [builtDir, outDir] = process.argv.slice(2) as [string, string];
const HELD = 8 * 1024 * 1024;
const PIECE = Buffer.alloc(1024 * 1024, 0x78);
const files = readdirSync(builtDir, { recursive: true, withFileTypes: true })
  .filter((entry) => entry.isFile())
  .map((entry) => path.relative(builtDir, path.join(entry.parentPath ?? entry.path, entry.name)))
  // The writer keeps its own record of hashes; writing the previous one would count it twice.
  .filter((file) => !file.endsWith('output-hashes.json'))
  .map((file) => {
    const size = statSync(path.join(builtDir, file)).size;
    return { file, size, bytes: size <= HELD ? new Uint8Array(readFileSync(path.join(builtDir, file))) : undefined };
  });

const started = performance.now();
await writeAtomically(outDir, async (sink) => {
  for (const { file, size, bytes } of files) {
    if (bytes) {
      await sink.file(file, bytes);
      continue;
    }
    const stream = await sink.stream(file);
    for (let written = 0; written < size; written += PIECE.byteLength)
      await stream.write(PIECE.subarray(0, Math.min(PIECE.byteLength, size - written)));
    await stream.close();
  }
});
console.log(JSON.stringify({ ms: performance.now() - started, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
