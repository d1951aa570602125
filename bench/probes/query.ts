// In-process latency of the handler for each kind of list query, against the same harness
// calling a handler that returns a constant response.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../../src/contract.ts';
import { createHandler } from '../../src/handler.ts';
import { decodeListIndex, type ListIndex } from '../../src/list-index.ts';
import { listIndexPath } from '../../scripts/lib/emit.ts';

const [distDir, iterationsArg] = process.argv.slice(2) as [string, string];
const iterations = Number(iterationsArg);
const indexes = Object.fromEntries(
  LOCALES.map((l) => [l, decodeListIndex(readFileSync(path.join(distDir, listIndexPath(l))))]),
) as Record<Locale, ListIndex>;
const handle = createHandler({ indexes, readTermFile: async () => undefined });
const constant = async () => new Response('{"data":[]}', { headers: { 'Content-Type': 'application/json' } });

const name = (locale: Locale, at: number) => indexes[locale].names.split('\n')[Math.floor(at * indexes[locale].count)]!;
const count = indexes.en.count;
export const QUERIES: Record<string, string> = {
  'constant body (floor)': '',
  'no filter': '',
  'pillar only': '?pillar=alchemy',
  'Latin q, common': '?q=a',
  'Latin q, rare': `?q=${encodeURIComponent(name('en', 0.5))}`,
  'Cyrillic q, common': '?locale=bg&q=%D0%B0',
  'Cyrillic q, rare': `?locale=bg&q=${encodeURIComponent(name('bg', 0.3))}`,
  'no match': '?q=qqzzqq',
  'deep offset': `?offset=${Math.max(0, count - 20)}`,
  'limit 500': '?limit=500',
};

const results: Record<string, { p50: number; p99: number; total: number }> = {};
for (const [label, query] of Object.entries(QUERIES)) {
  const url = `https://bench.test/api/lexicon/public${query}`;
  const run = label.startsWith('constant') ? constant : handle;
  const client = { ip: '127.0.0.1' };
  let total = 0;
  for (let i = 0; i < 200; i++) await run(new Request(url), client);
  const samples = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    const response = await run(new Request(url), client);
    samples[i] = Number(process.hrtime.bigint() - start) / 1000;
    if (i === 0) total = label.startsWith('constant') ? 0 : JSON.parse(await response.text()).meta.total;
  }
  samples.sort();
  results[label] = { p50: samples[Math.floor(iterations * 0.5)]!, p99: samples[Math.floor(iterations * 0.99)]!, total };
}
console.log(JSON.stringify(results));
