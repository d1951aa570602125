// Serving over HTTP on loopback, each server in its own process and the load generator in
// another (bench/harness/processes.ts), against raw node:http sending the same bytes:
//   the function's path behind a node:http wrapper, list page;
//   `npm start` (startServer): a static term file and a list page (issue 11's targets);
//   `npm start` with its Redis rate-limit store against the in-memory store.
// Two figures each: throughput, which the load generator caps near the raw server's rate
// (so ratios near 1 say little), and server CPU per request, which does not depend on it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext } from '../harness/context.ts';
import { repeatAsync } from '../harness/context.ts';
import { measureLoad, startServerProcess, type LoadResult } from '../harness/processes.ts';
import { ratioRow, type Row } from '../harness/report.ts';
import { fmt, stat } from '../harness/stats.ts';
import { hasRedisServer, startRedis } from '../../test/helpers/redis-server.ts';
import { LIST_PATH } from '../../src/contract/facts.ts';

const LIST_PAGE = LIST_PATH;
const TERM_FILE = `${LIST_PATH}/term-0`;
/** A limit no benchmark reaches, so the stores count every request and never refuse one. */
const UNREACHED_LIMIT = '1000000000';

/** The body a server answers for a path, saved so that a raw server can send the same bytes. */
async function saveBody(args: string[], urlPath: string, file: string): Promise<string> {
  const server = await startServerProcess(args);
  try {
    const response = await fetch(`http://127.0.0.1:${server.port}${urlPath}`);
    if (response.status !== 200) throw new Error(`${urlPath}: ${response.status}`);
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    return response.headers.get('Content-Type') ?? 'application/json';
  } finally {
    await server.stop();
  }
}

async function load(args: string[], paths: string[], ctx: BenchContext): Promise<LoadResult> {
  const server = await startServerProcess(args);
  try {
    return await measureLoad(server, paths, { seconds: ctx.seconds });
  } finally {
    await server.stop();
  }
}

/** Throughput and CPU-per-request rows of `ours` against `floor`, run after run, interleaved. */
export async function comparePair(
  ctx: BenchContext,
  measure: string,
  ours: { args: string[]; paths: string[] },
  floor: { label: string; args: string[]; paths: string[] },
  target?: { text: string; test: (ratio: number) => boolean },
): Promise<Row[]> {
  const runs = await repeatAsync(Math.min(ctx.runs, 3), async () => ({
    ours: await load(ours.args, ours.paths, ctx),
    floor: await load(floor.args, floor.paths, ctx),
  }));
  const cpu = stat(runs.map((r) => r.ours.cpuPerRequest));
  const floorCpu = stat(runs.map((r) => r.floor.cpuPerRequest));
  return [
    ratioRow(
      {
        n: ctx.n,
        measure: `${measure}, throughput`,
        value: stat(runs.map((r) => r.ours.rps)),
        unit: 'req/s',
        floor: { label: floor.label, value: stat(runs.map((r) => r.floor.rps)) },
      },
      target,
    ),
    {
      ...ratioRow({
        n: ctx.n,
        measure: `${measure}, server CPU per request`,
        value: cpu,
        unit: 'µs',
        floor: { label: floor.label, value: floorCpu },
      }),
      note: `capacity ${(floorCpu.median / cpu.median).toFixed(2)}x the floor's`,
    },
  ];
}

export async function measureHttp(ctx: BenchContext): Promise<void> {
  const { built, work, add } = ctx;
  const listBody = path.join(work, 'list-page.json');
  const termBody = path.join(work, 'term-file.json');
  const listType = await saveBody(['start', built, '0'], LIST_PAGE, listBody);
  const termType = await saveBody(['start', built, '0'], TERM_FILE, termBody);
  const rawList = { label: 'raw node:http, same bytes', args: ['raw', listBody, listType], paths: [LIST_PAGE] };
  const rawTerm = { label: 'raw node:http, same bytes', args: ['raw', termBody, termType], paths: [TERM_FILE] };

  for (const row of await comparePair(
    ctx,
    'list page, node:http wrapper + handler',
    { args: ['wrapper', built], paths: [LIST_PAGE] },
    rawList,
  ))
    add(row);
  for (const row of await comparePair(
    ctx,
    'npm start: static term file',
    { args: ['start', built, '0'], paths: [TERM_FILE] },
    rawTerm,
    { text: '>= 0.8x raw', test: (r) => r >= 0.8 },
  ))
    add(row);
  for (const row of await comparePair(
    ctx,
    'npm start: list page',
    { args: ['start', built, '0'], paths: [LIST_PAGE] },
    rawList,
    { text: '>= 0.5x raw', test: (r) => r >= 0.5 },
  ))
    add(row);

  if (!hasRedisServer()) {
    process.stderr.write(
      "  skipped: the Redis store (no redis-server on PATH; install Debian's redis-server or set REDIS_SERVER_PATH)\n",
    );
    return;
  }
  const redis = await startRedis();
  try {
    const rows = await comparePair(
      ctx,
      'npm start, Redis store: list page',
      { args: ['start', built, UNREACHED_LIMIT, redis.url], paths: [LIST_PAGE] },
      { label: 'same, in-memory store', args: ['start', built, UNREACHED_LIMIT], paths: [LIST_PAGE] },
    );
    const [throughput, cpu] = rows as [Row, Row];
    add(throughput);
    add({
      ...cpu,
      note: `${fmt(cpu.value.median - cpu.floor!.value.median)} µs more server CPU per request; redis-server's own CPU not counted`,
    });
  } finally {
    await redis.stop();
  }
}
