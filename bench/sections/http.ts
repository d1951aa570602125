// Serving over HTTP on loopback, each server in its own process and the load generator in
// another (bench/harness/processes.ts), against raw node:http sending the same bytes:
//   the function's path behind a node:http wrapper, list page;
//   `npm start` (startServer): a static term file, the docs page and a list page (issue 27's
//   targets), with nginx serving the same dist/ in the same runs where it is installed;
//   `npm start` with a rate limit (its default), where every term file and list page is counted;
//   `npm start` with its Redis rate-limit store against the in-memory store.
// Two figures each: throughput, which the load generator caps near the raw server's rate
// (so ratios near 1 say little), and server CPU per request, which does not depend on it.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext } from '../harness/context.ts';
import { repeatAsync } from '../harness/context.ts';
import { hasNginx, startNginx } from '../harness/nginx.ts';
import { measureLoad, startServerProcess, type LoadResult, type ServerProcess } from '../harness/processes.ts';
import { ratioRow, type Row } from '../harness/report.ts';
import { fmt, stat } from '../harness/stats.ts';
import { hasRedisServer, startRedis } from '../../test/helpers/redis-server.ts';
import { DOCS_PATH, LIST_PATH } from '../../src/contract/facts.ts';

const LIST_PAGE = LIST_PATH;
const DOCS_PAGE = DOCS_PATH;
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

type Start = () => Promise<ServerProcess>;

async function load(start: Start, paths: string[], ctx: BenchContext): Promise<LoadResult> {
  const server = await start();
  try {
    return await measureLoad(server, paths, { seconds: ctx.seconds });
  } finally {
    await server.stop();
  }
}

const node =
  (args: string[]): Start =>
  () =>
    startServerProcess(args);

/** Throughput and CPU rows of one server's runs against the floor's runs. */
function rowsAgainst(
  ctx: BenchContext,
  measure: string,
  ours: LoadResult[],
  floor: { label: string; runs: LoadResult[] },
  target?: { text: string; test: (ratio: number) => boolean },
): Row[] {
  const cpu = stat(ours.map((r) => r.cpuPerRequest));
  const floorCpu = stat(floor.runs.map((r) => r.cpuPerRequest));
  return [
    ratioRow(
      {
        n: ctx.n,
        measure: `${measure}, throughput`,
        value: stat(ours.map((r) => r.rps)),
        unit: 'req/s',
        floor: { label: floor.label, value: stat(floor.runs.map((r) => r.rps)) },
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

/**
 * `npm start`, raw node:http and nginx on the same path, run after run, interleaved: rows of ours
 * and of nginx, each against the raw server of the same runs.
 */
async function compareWithNginx(
  ctx: BenchContext,
  measure: string,
  ours: { args: string[]; paths: string[] },
  raw: { label: string; args: string[]; paths: string[] },
  target?: { text: string; test: (ratio: number) => boolean },
): Promise<Row[]> {
  const withNginx = hasNginx();
  const nginxWork = path.join(ctx.work, 'nginx');
  const runs = await repeatAsync(Math.min(ctx.runs, 3), async () => ({
    ours: await load(node(ours.args), ours.paths, ctx),
    raw: await load(node(raw.args), raw.paths, ctx),
    nginx: withNginx ? await load(() => startNginx(ctx.built, nginxWork), ours.paths, ctx) : undefined,
  }));
  const floor = { label: raw.label, runs: runs.map((r) => r.raw) };
  const rows = rowsAgainst(
    ctx,
    `npm start: ${measure}`,
    runs.map((r) => r.ours),
    floor,
    target,
  );
  if (!withNginx) {
    process.stderr.write("  skipped: nginx (not on PATH; install Debian's nginx or set NGINX_PATH)\n");
    return rows;
  }
  const nginx = runs.map((r) => r.nginx!);
  const [throughput, cpu] = rowsAgainst(ctx, `nginx, same dist/: ${measure}`, nginx, floor) as [Row, Row];
  const ourRps = stat(runs.map((r) => r.ours.rps)).median;
  const ourCpu = stat(runs.map((r) => r.ours.cpuPerRequest)).median;
  throughput.note = `npm start: ${(ourRps / throughput.value.median).toFixed(2)}x nginx's rate`;
  cpu.note = `npm start uses ${(ourCpu / cpu.value.median).toFixed(2)}x nginx's CPU per request`;
  return [...rows, throughput, cpu];
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
    ours: await load(node(ours.args), ours.paths, ctx),
    floor: await load(node(floor.args), floor.paths, ctx),
  }));
  return rowsAgainst(
    ctx,
    measure,
    runs.map((r) => r.ours),
    { label: floor.label, runs: runs.map((r) => r.floor) },
    target,
  );
}

export async function measureHttp(ctx: BenchContext): Promise<void> {
  const { built, work, add } = ctx;
  const raw = async (urlPath: string, name: string) => {
    const file = path.join(work, name);
    const type = await saveBody(['start', built, '0'], urlPath, file);
    return { label: 'raw node:http, same bytes', args: ['raw', file, type], paths: [urlPath] };
  };
  const rawList = await raw(LIST_PAGE, 'list-page.json');
  const rawTerm = await raw(TERM_FILE, 'term-file.json');
  const rawDocs = await raw(DOCS_PAGE, 'docs-page.html');
  const start = (paths: string[], limit = '0') => ({ args: ['start', built, limit], paths });

  for (const row of await comparePair(
    ctx,
    'list page, node:http wrapper + handler',
    { args: ['wrapper', built], paths: [LIST_PAGE] },
    rawList,
  ))
    add(row);
  const atLeast = (ratio: number) => ({ text: `>= ${ratio}x raw`, test: (r: number) => r >= ratio });
  for (const row of await compareWithNginx(ctx, 'static term file', start([TERM_FILE]), rawTerm, atLeast(0.8)))
    add(row);
  for (const row of await compareWithNginx(ctx, 'docs page', start([DOCS_PAGE]), rawDocs)) add(row);
  for (const row of await comparePair(ctx, 'npm start: list page', start([LIST_PAGE]), rawList, atLeast(0.5))) add(row);
  // With a limit (npm start's default), every term file and list page is counted: the kept
  // answer, one count and that client's counters (runtime/counted-answers.ts). The same targets
  // as without one: the default configuration is what a self-hoster runs.
  for (const [measure, paths, floor, target] of [
    ['static term file', [TERM_FILE], rawTerm, atLeast(0.8)],
    ['list page', [LIST_PAGE], rawList, atLeast(0.5)],
  ] as const)
    for (const row of await comparePair(
      ctx,
      `npm start, counted (default: a rate limit): ${measure}`,
      start([...paths], UNREACHED_LIMIT),
      floor,
      target,
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
