// The build's floor: serialize and write the same number of files of the same sizes as a
// built output, through the same atomic, streaming writer, and nothing else (no parsing, no
// validation, no derivation). Large files are streamed in 1 MiB pieces, as the build does.
import { statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { writeAtomically } from '../../scripts/lib/write-output.ts';

const [builtDir, outDir] = process.argv.slice(2) as [string, string];
const sizes = fg.sync('**/*', { cwd: builtDir, onlyFiles: true }).map((file) => [file, statSync(path.join(builtDir, file)).size] as const);
const PIECE = 1024 * 1024;
const started = performance.now();
await writeAtomically(outDir, async (sink) => {
  for (const [file, size] of sizes) {
    if (size <= PIECE) {
      await sink.file(file, JSON.stringify({ data: 'x'.repeat(Math.max(0, size - 11)) }));
      continue;
    }
    const stream = await sink.stream(file);
    for (let written = 0; written < size; written += PIECE) {
      await stream.write(JSON.stringify({ data: 'x'.repeat(Math.max(0, Math.min(PIECE, size - written) - 11)) }));
    }
    await stream.close();
  }
});
console.log(JSON.stringify({ ms: performance.now() - started, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
