// What a self-hoster waits for and stores (issue 24), against floors of the same run:
// - the production install (`npm ci --omit=dev` of this checkout, from npm's cache) against the
//   checkout's own development install;
// - the time from `node` to the first answer of the server, and to a build's first work (its
//   `--help`, which loads every module of the build), compiled (bin/run.mjs) against the
//   sources through tsx (how both ran before), each less a bare Node process doing the same.
import { execFileSync, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { makeProductionInstall } from '../../test/helpers/production-install.ts';
import { repeatAsync, type BenchContext } from '../harness/context.ts';
import { ROOT, timeCommand } from '../harness/processes.ts';
import { ratioRow } from '../harness/report.ts';
import { stat } from '../harness/stats.ts';

/** Size on disk, without the build's own cache (node_modules/.cache), which grows with use. */
const megabytes = (dir: string) =>
  Number(execFileSync('du', ['-sk', '--exclude=.cache', dir], { encoding: 'utf8' }).split('\t')[0]) / 1024;

/** Milliseconds from spawning `node args` until GET `urlPath` answers 200; then the process is killed. */
async function timeToFirstAnswer(args: string[], port: number, urlPath: string): Promise<number> {
  const started = performance.now();
  const child = spawn(process.execPath, args, {
    cwd: ROOT,
    stdio: 'ignore',
    env: { ...process.env, PORT: String(port) },
  });
  try {
    for (;;) {
      const ok = await new Promise<boolean>((resolve) => {
        http
          .get({ host: '127.0.0.1', port, path: urlPath }, (response) => {
            response.resume();
            resolve(response.statusCode === 200);
          })
          .on('error', () => resolve(false));
      });
      if (ok) return performance.now() - started;
      if (child.exitCode !== null) throw new Error(`node ${args.join(' ')} exited (${child.exitCode})`);
      if (performance.now() - started > 30_000) throw new Error(`node ${args.join(' ')}: no answer after 30 s`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
  } finally {
    child.kill('SIGKILL');
    await new Promise((resolve) => (child.exitCode === null ? child.once('exit', resolve) : resolve(null)));
  }
}

/** A bare node:http server answering /healthz: the floor under any server's start. */
const BARE_SERVER = `require('node:http').createServer((q, r) => r.end('{}')).listen(process.env.PORT, '127.0.0.1')`;

export async function measureProduction(ctx: BenchContext): Promise<void> {
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'lexicon-prod-bench-'));
  try {
    const installs = await repeatAsync(Math.min(ctx.runs, 3), async (i) => {
      const started = performance.now();
      const dir = await makeProductionInstall(path.join(scratch, `install-${i}`));
      return { ms: performance.now() - started, mb: megabytes(path.join(dir, 'node_modules')) };
    });
    ctx.add(
      ratioRow(
        {
          n: 0,
          measure: 'production install: node_modules',
          value: stat(installs.map((i) => i.mb)),
          unit: 'MB',
          floor: { label: 'development install (npm ci)', value: stat([megabytes(path.join(ROOT, 'node_modules'))]) },
          note: `npm ci --omit=dev from npm's cache: ${(stat(installs.map((i) => i.ms)).median / 1000).toFixed(1)} s`,
        },
        { text: '<= 0.10', test: (r) => r <= 0.1 },
      ),
    );

    const out = path.join(scratch, 'dist');
    execFileSync(process.execPath, ['bin/run.mjs', 'build', '--corpus', 'corpus', '--out', out, '--quiet'], {
      cwd: ROOT,
    });
    const port = 18_000 + (process.pid % 1000);
    const bare = stat(await repeatAsync(ctx.runs, () => timeToFirstAnswer(['-e', BARE_SERVER], port, '/healthz')));
    const serverArgs = ['--dist', out, '--port', String(port), '--host', '127.0.0.1'];
    const compiled = stat(
      await repeatAsync(ctx.runs, () => timeToFirstAnswer(['bin/run.mjs', 'start', ...serverArgs], port, '/healthz')),
    );
    const tsx = stat(
      await repeatAsync(ctx.runs, () =>
        timeToFirstAnswer(['--import', 'tsx', 'scripts/start.ts', ...serverArgs], port, '/healthz'),
      ),
    );
    const overhead = (s: typeof bare) => ({
      min: s.min - bare.median,
      median: s.median - bare.median,
      max: s.max - bare.median,
    });
    ctx.add(
      ratioRow(
        {
          n: 323,
          measure: 'npm start: start-up overhead, compiled',
          value: overhead(compiled),
          unit: 'ms',
          floor: { label: 'from the sources through tsx', value: overhead(tsx) },
          note: `time to first answer ${compiled.median.toFixed(0)} ms vs ${tsx.median.toFixed(0)} ms; a bare node:http server ${bare.median.toFixed(0)} ms`,
        },
        { text: '<= 0.25', test: (r) => r <= 0.25 },
      ),
    );

    const bareNode = stat(await repeatAsync(ctx.runs, async () => timeCommand(['-e', ''])));
    const buildCompiled = stat(
      await repeatAsync(ctx.runs, async () => timeCommand(['bin/run.mjs', 'build', '--help'])),
    );
    const buildTsx = stat(
      await repeatAsync(ctx.runs, async () => timeCommand(['--import', 'tsx', 'scripts/build.ts', '--help'])),
    );
    const less = (s: typeof bareNode) => ({
      min: s.min - bareNode.median,
      median: s.median - bareNode.median,
      max: s.max - bareNode.median,
    });
    ctx.add(
      ratioRow(
        {
          n: 323,
          measure: 'npm run build: start-up overhead, compiled',
          value: less(buildCompiled),
          unit: 'ms',
          floor: { label: 'from the sources through tsx', value: less(buildTsx) },
          note: `every module of the build loaded (--help): ${buildCompiled.median.toFixed(0)} ms vs ${buildTsx.median.toFixed(0)} ms; bare node ${bareNode.median.toFixed(0)} ms`,
        },
        { text: '<= 0.25', test: (r) => r <= 0.25 },
      ),
    );
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}
