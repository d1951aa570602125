// Our term-file path: serialize every single-term response and write it through the build's
// writer (writeAtomically), as emitSite does for term files, and nothing else. Mode `plain`
// is its floor: the same serialization, then plain synchronous writes.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { writeAtomically } from '../../scripts/lib/publish/write-output.ts';
import { assertSameFiles, readTermFiles } from './term-inputs.ts';

const [builtDir, outDir, mode = 'writer'] = process.argv.slice(2) as [string, string, ('writer' | 'plain')?];
const files = readTermFiles(builtDir);
const started = performance.now();
if (mode === 'writer') {
  await writeAtomically(outDir, async (sink) => {
    for (const { file, value } of files) await sink.file(file, JSON.stringify(value));
  });
} else {
  const made = new Set<string>();
  for (const { file, value } of files) {
    const target = path.join(outDir, file);
    const dir = path.dirname(target);
    if (!made.has(dir)) mkdirSync(dir, { recursive: true });
    made.add(dir);
    writeFileSync(target, JSON.stringify(value));
  }
}
const ms = performance.now() - started;
assertSameFiles(builtDir, outDir, files);
console.log(JSON.stringify({ ms, files: files.length }));
