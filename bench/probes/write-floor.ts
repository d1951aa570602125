// The build's floor: serialize and write the same number of files of the same sizes as a
// built output, with the same atomic writer, and nothing else (no parsing, no validation).
import { statSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import { writeOutputAtomically } from '../../scripts/lib/write-output.ts';

const [builtDir, outDir] = process.argv.slice(2) as [string, string];
const sizes = fg.sync('**/*', { cwd: builtDir, onlyFiles: true }).map((file) => [file, statSync(path.join(builtDir, file)).size] as const);
const started = performance.now();
const files = new Map<string, string>();
for (const [file, size] of sizes) files.set(file, JSON.stringify({ data: 'x'.repeat(Math.max(0, size - 11)) }));
await writeOutputAtomically(outDir, files);
console.log(JSON.stringify({ ms: performance.now() - started, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
