// The edit loop as an author waits for it: `npm start -- --watch` and `npm run dev` (netlify
// dev) serve a copy of the corpus; a term's en.md is written, and the term's URL is polled every
// 10 ms until its JSON carries the new text. The figure is the time from the end of the write to
// the first answer with the new bytes (several edits, each of another term), next to a full
// `npm run build` of the same corpus in the same run (issue 27: at 5,000 terms, within 1 s).
import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import type { BenchContext } from '../harness/context.ts';
import { ROOT, timeCommand } from '../harness/processes.ts';
import { ratioRow } from '../harness/report.ts';
import { stat } from '../harness/stats.ts';

const TARGET_MS = 1_000;

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

interface Watching {
  baseUrl: string;
  child: ChildProcess;
  output: () => string;
}

/** Starts a server command and waits until its edit loop watches (a build at start included). */
async function startWatching(args: string[], env: Record<string, string>, port: number): Promise<Watching> {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], {
    cwd: ROOT,
    env: { ...process.env, RATE_LIMIT_PER_HOUR: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  let output = '';
  for (const stream of [child.stdout!, child.stderr!]) stream.on('data', (chunk: Buffer) => void (output += chunk));
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 600_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${args.join(' ')} exited:\n${output}`);
    const ready =
      /edit loop: watching/.test(output) &&
      (await fetch(`${baseUrl}/api/lexicon/pillars.json`).then(
        (r) => r.ok,
        () => false,
      ));
    if (ready) return { baseUrl, child, output: () => output };
    if (Date.now() > deadline) throw new Error(`${args.join(' ')} did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

function stop(server: Watching): Promise<void> {
  return new Promise((resolve) => {
    if (server.child.exitCode !== null) return resolve();
    server.child.once('exit', () => resolve());
    const signal = (name: NodeJS.Signals) => {
      try {
        process.kill(-server.child.pid!, name);
      } catch {
        // the group is gone already
      }
    };
    signal('SIGTERM');
    setTimeout(() => signal('SIGKILL'), 10_000).unref();
  });
}

/** Milliseconds from the end of each write to the first answer carrying it. */
async function editLatencies(server: Watching, corpus: string, runs: number, round: string): Promise<number[]> {
  const latencies: number[] = [];
  for (let i = 0; i < runs; i++) {
    const slug = `term-${(i + 1).toString(36)}`;
    const file = path.join(corpus, 'terms', slug, 'en.md');
    const marker = `Edited in round ${round}-${i}.`;
    writeFileSync(file, `${readFileSync(file, 'utf8')}\n${marker}\n`);
    const written = performance.now();
    for (;;) {
      const body = await fetch(`${server.baseUrl}/api/lexicon/public/${slug}`).then((r) => r.text());
      if (body.includes(marker)) break;
      if (performance.now() - written > 120_000)
        throw new Error(`${slug}: not served after 120 s:\n${server.output()}`);
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    latencies.push(performance.now() - written);
    // Quiet between edits, as between an author's saves.
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  return latencies;
}

export async function measureEditLoop(ctx: BenchContext): Promise<void> {
  const { n, work, add } = ctx;
  const corpus = path.join(work, 'editloop-corpus');
  const dist = path.join(work, 'editloop-dist');
  const cache = path.join(work, 'editloop-cache');
  rmSync(corpus, { recursive: true, force: true });
  cpSync(ctx.corpus, corpus, { recursive: true });
  // The full build of the same corpus, same run, as a user runs it (a warm cache, as after the
  // first build of a checkout): the floor the loop is compared with.
  const build = [
    '--import',
    'tsx',
    'scripts/build.ts',
    '--corpus',
    corpus,
    '--out',
    dist,
    '--cache-dir',
    cache,
    '--quiet',
  ];
  const builds = [0].map(() => {
    rmSync(dist, { recursive: true, force: true });
    return timeCommand(build);
  });
  const floor = { label: 'full npm run build (warm cache)', value: stat(builds) };
  const runs = Math.max(3, ctx.runs);

  const servers: [string, (port: number) => Promise<Watching>][] = [
    [
      'npm start --watch',
      (port) =>
        startWatching(
          [
            'scripts/start.ts',
            '--dist',
            dist,
            '--watch',
            '--corpus',
            corpus,
            '--port',
            String(port),
            '--host',
            '127.0.0.1',
          ],
          {},
          port,
        ),
    ],
    [
      'npm run dev (netlify dev)',
      (port) =>
        startWatching(
          ['scripts/dev.ts', '--corpus', corpus],
          { LEXICON_DIST: dist, PORT: String(port), CI: 'true' },
          port,
        ),
    ],
  ];
  for (const [name, start] of servers) {
    const server = await start(await freePort());
    try {
      const latencies = await editLatencies(server, corpus, runs, name.split(' ')[1]!);
      add(
        ratioRow(
          { n, measure: `edit loop: a term's new JSON served, ${name}`, value: stat(latencies), unit: 'ms', floor },
          { text: `within ${TARGET_MS} ms`, test: () => stat(latencies).median <= TARGET_MS },
        ),
      );
    } finally {
      await stop(server);
    }
  }
}
