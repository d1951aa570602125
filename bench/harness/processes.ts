// Every measurement runs in a fresh process: probes that print one JSON line, whole commands
// timed from spawn to exit, and servers driven over an IPC channel (ready, CPU marks, stop)
// while a load generator in another process sends them requests on loopback.
import { fork, spawnSync, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';

export const ROOT = path.resolve(import.meta.dirname, '../..');
export const PROBES = path.join(ROOT, 'bench/probes');

/** The Node flags of package.json's build script (`exec node [flags] bin/run.mjs build`). */
export function buildScriptNodeFlags(script: string): string[] {
  const match = /^exec node ((?:--\S+ )*)bin\/run\.mjs build$/.exec(script);
  if (!match) throw new Error(`package.json's build script is not "exec node [flags] bin/run.mjs build": ${script}`);
  return (match[1] ?? '').split(' ').filter(Boolean);
}

/** What `npm run build` starts Node with, so a timed build is the one users run. */
export const BUILD_NODE_FLAGS = buildScriptNodeFlags(
  JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts.build,
);

// Probes print JSON of their own shape; each caller reads the fields it asked for.
// biome-ignore lint/suspicious/noExplicitAny: untyped probe output, narrowed by each caller
type Json = Record<string, any>;
const loaderFlags = (script: string) => (script.endsWith('.ts') ? ['--import', 'tsx'] : []);

/** Runs a probe in a fresh Node process and returns the JSON of its last line of output. */
export function probe(
  script: string,
  args: string[],
  options: { nodeFlags?: string[]; env?: Record<string, string> } = {},
): Json {
  const result = spawnSync(
    process.execPath,
    [...(options.nodeFlags ?? []), ...loaderFlags(script), path.join(PROBES, script), ...args],
    {
      cwd: ROOT,
      encoding: 'utf8',
      env: { ...process.env, ...options.env },
      maxBuffer: 64 * 1024 * 1024,
    },
  );
  if (result.status !== 0) throw new Error(`${script} failed (${result.status ?? result.signal}):\n${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1)!);
}

/** Wall time of a whole command, from spawn to exit: what a user of the command waits. */
export function timeCommand(args: string[], env: Record<string, string> = {}): number {
  const started = performance.now();
  const result = spawnSync(process.execPath, args, {
    cwd: ROOT,
    encoding: 'utf8',
    env: { ...process.env, ...env },
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (result.status !== 0)
    throw new Error(`node ${args.join(' ')} failed (${result.status ?? result.signal}):\n${result.stderr}`);
  return ms;
}

export interface ServerProcess {
  port: number;
  /** CPU time (user + system, µs) the server process has used so far. */
  cpu(): Promise<number>;
  stop(): Promise<void>;
}

/** Starts bench/probes/serve.ts in the given mode; resolves once it listens. */
export async function startServerProcess(args: string[], env: Record<string, string> = {}): Promise<ServerProcess> {
  const child: ChildProcess = fork(path.join(PROBES, 'serve.ts'), args, {
    cwd: ROOT,
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env },
    stdio: ['ignore', 'ignore', 'pipe', 'ipc'],
  });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk));
  const next = <T>(): Promise<T> =>
    new Promise((resolve, reject) => {
      const onExit = (code: number | null) => reject(new Error(`serve.ts ${args[0]} exited (${code}):\n${stderr}`));
      child.once('exit', onExit);
      child.once('message', (message) => {
        child.off('exit', onExit);
        resolve(message as T);
      });
    });
  const { port } = await next<{ port: number }>();
  return {
    port,
    async cpu() {
      const reply = next<{ cpu: number }>();
      child.send('cpu');
      return (await reply).cpu;
    },
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.send('stop');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}

export interface LoadResult {
  requests: number;
  seconds: number;
  rps: number;
  bytes: number;
  /** Server CPU per request, µs. */
  cpuPerRequest: number;
}

/**
 * Sends GET requests for `paths` (in turn) over keep-alive connections from a separate
 * process, after a warm-up of the same requests; bounded in time and in count. Any answer
 * other than 200 fails the measurement: a benchmark of error responses measures nothing.
 */
export async function measureLoad(
  server: ServerProcess,
  paths: string[],
  options: { seconds: number; warmupSeconds?: number; connections?: number; maxRequests?: number },
): Promise<LoadResult> {
  const run = (seconds: number) => {
    if (paths.length === 1 && HAS_WRK) return wrk(server.port, seconds, options.connections ?? 16, paths[0]!);
    const result = probe('load.mjs', [
      String(server.port),
      String(seconds),
      String(options.connections ?? 16),
      String(options.maxRequests ?? 1_000_000),
      JSON.stringify(paths),
    ]);
    if (result.failures > 0)
      throw new Error(`load: ${result.failures} of ${result.requests} requests failed: ${result.firstFailure}`);
    return result;
  };
  run(options.warmupSeconds ?? 1);
  const before = await server.cpu();
  const result = run(options.seconds);
  const cpu = (await server.cpu()) - before;
  return {
    requests: result.requests,
    seconds: result.seconds,
    rps: result.requests / result.seconds,
    bytes: result.bytes,
    cpuPerRequest: cpu / result.requests,
  };
}

/** wrk (C, Debian package `wrk`), where installed: it outruns any Node server on one core. */
const HAS_WRK = process.env.BENCH_LOAD !== 'node' && spawnSync('wrk', ['--version']).error === undefined;
export const LOAD_GENERATOR = HAS_WRK ? 'wrk (1 thread)' : 'probes/load.mjs (Node)';

function wrk(port: number, seconds: number, connections: number, urlPath: string) {
  const out = spawnSync('wrk', ['-t1', `-c${connections}`, `-d${seconds}s`, `http://127.0.0.1:${port}${urlPath}`], {
    encoding: 'utf8',
  }).stdout;
  const match = /(\d+) requests in ([\d.]+)(ms|s|m),\s+([\d.]+)(B|KB|MB|GB) read/.exec(out);
  if (!match) throw new Error(`wrk: unexpected output\n${out}`);
  const unit = { ms: 0.001, s: 1, m: 60 }[match[3] as 'ms' | 's' | 'm'];
  const scale = { B: 1, KB: 1024, MB: 1024 ** 2, GB: 1024 ** 3 }[match[5] as 'B' | 'KB' | 'MB' | 'GB'];
  const failures = Number(/Non-2xx or 3xx responses: (\d+)/.exec(out)?.[1] ?? 0);
  return {
    requests: Number(match[1]),
    seconds: Number(match[2]) * unit,
    bytes: Number(match[4]) * scale,
    failures,
    firstFailure: failures > 0 ? out : undefined,
  };
}
