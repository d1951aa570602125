// In-process latency of each kind of list query, each against a floor of the same size:
//   the query path (parse, select, render: answerList + body) against copying a body of the
//   size of that query's response;
//   the whole handler (Request in, Response out, body read) against building a Request and a
//   Response around a copy of the same bytes and reading it back.
// Every case is warmed up in a first round over all of them (so JIT and GC warm-up never land
// on whichever case runs first), then again just before it is measured.
import { createHandler } from '../../src/handler.ts';
import { answerList } from '../../src/list/endpoint.ts';
import { loadIndexes, loadSiteFacts } from '../../runtime/load-indexes.ts';
import { percentile } from '../harness/stats.ts';

const [distDir, iterationsArg] = process.argv.slice(2) as [string, string];
const iterations = Number(iterationsArg);
const indexes = loadIndexes(distDir);
const handle = createHandler({ indexes, site: loadSiteFacts(distDir) });

const name = (locale: 'en' | 'bg', at: number) => indexes[locale].namesOf(Math.floor(at * indexes[locale].count))[0]!;
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

type Run = () => unknown;
async function warm(run: Run, times: number) {
  for (let i = 0; i < times; i++) await run();
}
async function measure(run: Run): Promise<{ p50: number; p99: number }> {
  await warm(run, 300);
  const samples = new Float64Array(iterations);
  for (let i = 0; i < iterations; i++) {
    const start = process.hrtime.bigint();
    await run();
    samples[i] = Number(process.hrtime.bigint() - start) / 1000;
  }
  samples.sort();
  return { p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
}

const cases = Object.entries(QUERIES).map(([label, search]) => {
  const url = `https://bench.test/api/lexicon/public?${search}`;
  const answer = answerList(indexes, new URLSearchParams(search));
  if (!answer.ok) throw new Error(`${label}: not a 200`);
  const bytes = answer.body();
  const query = () => {
    const a = answerList(indexes, new URLSearchParams(search));
    return a.ok ? a.body() : a;
  };
  const handler = async () => (await handle(new Request(url), { ip: '127.0.0.1' })).arrayBuffer();
  const copy = () => bytes.slice();
  const response = async () =>
    new Response(bytes.slice(), { headers: { 'Content-Type': 'application/json' } }).arrayBuffer();
  const floorHandler = async () => {
    void new Request(url);
    return response();
  };
  return { label, total: answer.meta.total, bodyBytes: bytes.byteLength, query, handler, copy, floorHandler };
});

for (let round = 0; round < 3; round++) {
  for (const c of cases) for (const run of [c.query, c.handler, c.copy, c.floorHandler]) await warm(run, 100);
}
const results: Record<string, object> = {};
for (const c of cases) {
  results[c.label] = {
    total: c.total,
    bodyBytes: c.bodyBytes,
    query: await measure(c.query),
    copy: await measure(c.copy),
    handler: await measure(c.handler),
    floorHandler: await measure(c.floorHandler),
  };
}
console.log(JSON.stringify({ results }));
