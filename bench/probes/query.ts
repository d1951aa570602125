// In-process latency of each kind of list query: the query path itself (parse, select,
// render: answerList + body) and the whole handler (Request in, Response out), against the
// same loop around a function that returns a constant body.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES, type Locale } from '../../src/contract.ts';
import { createHandler } from '../../src/handler.ts';
import { answerList } from '../../src/list-endpoint.ts';
import { decodeListIndex, type ListIndex } from '../../src/list-index.ts';
import { loadIndexes } from '../../runtime/load-indexes.ts';

const [distDir, iterationsArg] = process.argv.slice(2) as [string, string];
const iterations = Number(iterationsArg);
const indexes = loadIndexes(distDir);
const handle = createHandler({ indexes });
const constantBody = new TextEncoder().encode('{"data":[]}');

const name = (locale: Locale, at: number) => indexes[locale].names.split('\n')[Math.floor(at * indexes[locale].count)]!;
const count = indexes.en.count;
const QUERIES: Record<string, string> = {
  'no filter': '',
  'pillar only': 'pillar=alchemy',
  'Latin q, common': 'q=a',
  'Latin q, rare': `q=${encodeURIComponent(name('en', 0.5))}`,
  'Cyrillic q, common': 'locale=bg&q=%D0%B0',
  'Cyrillic q, rare': `locale=bg&q=${encodeURIComponent(name('bg', 0.3))}`,
  'no match': 'q=qqzzqq',
  'deep offset': `offset=${Math.max(0, count - 20)}`,
  'limit 500': 'limit=500',
};

async function measure(run: () => unknown | Promise<unknown>): Promise<{ p50: number; p99: number }> {
  for (let i = 0; i < 200; i++) await run();
  const samples = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    await run();
    samples[i] = Number(process.hrtime.bigint() - start) / 1000;
  }
  samples.sort();
  return { p50: samples[Math.floor(iterations * 0.5)]!, p99: samples[Math.floor(iterations * 0.99)]! };
}

const results: Record<string, { query: { p50: number; p99: number }; handler: { p50: number; p99: number }; total: number }> = {};
const floor = {
  query: await measure(() => constantBody.slice()),
  handler: await measure(() => new Response(constantBody.slice(), { headers: { 'Content-Type': 'application/json' } })),
};
for (const [label, query] of Object.entries(QUERIES)) {
  const search = new URLSearchParams(query);
  const url = `https://bench.test/api/lexicon/public?${query}`;
  const answer = answerList(indexes, search);
  results[label] = {
    total: answer.ok ? answer.meta.total : -1,
    query: await measure(() => {
      const a = answerList(indexes, new URLSearchParams(query));
      return a.ok ? a.body() : a;
    }),
    handler: await measure(() => handle(new Request(url), { ip: '127.0.0.1' })),
  };
  void search;
}
console.log(JSON.stringify({ floor, results }));
