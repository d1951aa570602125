// Index load time and memory, against the floor of reading the same bytes. Run with
// --expose-gc so the heap figures are after collection.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../src/contract/facts.ts';
import { decodeListIndex } from '../../src/list/list-index/decode.ts';
import { listIndexPath } from '../../src/contract/output-layout.ts';

const [distDir, mode] = process.argv.slice(2) as [string, 'decode' | 'raw'];
const gc = (globalThis as { gc?: () => void }).gc!;
gc();
const before = process.memoryUsage();
const started = performance.now();
const kept: unknown[] = [];
for (const locale of LOCALES) {
  const bytes = readFileSync(path.join(distDir, listIndexPath(locale)));
  kept.push(mode === 'decode' ? decodeListIndex(bytes) : bytes);
}
const ms = performance.now() - started;
gc();
const after = process.memoryUsage();
const mb = (n: number) => n / 1024 / 1024;
console.log(
  JSON.stringify({
    ms,
    heapMb: mb(after.heapUsed - before.heapUsed),
    arrayBuffersMb: mb(after.arrayBuffers - before.arrayBuffers),
    totalMb: mb(after.heapUsed - before.heapUsed + after.arrayBuffers - before.arrayBuffers),
    kept: kept.length,
  }),
);
