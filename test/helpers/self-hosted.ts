// Starts `npm start` (the self-hosted server) on a free port for tests, and stops it.
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { httpRequest } from './http-client.ts';
import { freePort } from './netlify-dev.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

export interface SelfHosted {
  baseUrl: string;
  port: number;
  child: ChildProcess;
  output: () => string;
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

/**
 * The server from the sources (through tsx), or, with `installDir`, `npm start` of a production
 * install (test/helpers/production-install.ts): then `child` is npm itself, as a supervisor sees it.
 */
export async function startSelfHosted(
  args: string[],
  env: Record<string, string>,
  onOutput: (chunk: Buffer) => void = () => {},
  { installDir }: { installDir?: string } = {},
): Promise<SelfHosted> {
  const port = await freePort();
  let output = '';
  const serverArgs = ['--host', '127.0.0.1', '--port', String(port), ...args];
  const [command, commandArgs] = installDir
    ? ['npm', ['start', '--silent', '--', ...serverArgs]]
    : [process.execPath, ['--import', 'tsx', 'scripts/start.ts', ...serverArgs]];
  const child = spawn(command, commandArgs, {
    cwd: installDir ?? ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk;
      onOutput(chunk);
    });
  }
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`npm start exited (${child.exitCode}):\n${output}`);
    if (
      await httpRequest(`${baseUrl}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`npm start was not ready after 30 s:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    baseUrl,
    port,
    child,
    output: () => output,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve(child.exitCode);
        child.once('exit', (code) => resolve(code));
        child.kill(signal);
        setTimeout(() => child.kill('SIGKILL'), 10_000).unref();
      }),
  };
}
