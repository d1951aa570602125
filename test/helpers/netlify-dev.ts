// Starts `npm run dev` (netlify dev, offline) on a free port for the end-to-end suite and stops
// the whole process group afterwards, also when a test fails or the run is interrupted. Each one
// runs in a private copy of the checkout (test/helpers/private-checkout.ts), so that netlify dev's
// `.netlify/` folder is its own: two of them (or one and a developer's) may run side by side.
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { httpRequest } from './http-client.ts';
import { privateCheckout } from './private-checkout.ts';

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

export interface DevServer {
  baseUrl: string;
  /** The project folder netlify dev runs in (its `.netlify/` is there), removed by stop(). */
  projectRoot: string;
  output: () => string;
  stop(): Promise<void>;
}

export async function startNetlifyDev(
  env: Record<string, string>,
  timeoutMs = 90_000,
  onOutput: (chunk: Buffer) => void = () => {},
  /** Flags of `npm run dev` (`--corpus DIR` to run the edit loop on a test's corpus). */
  args: string[] = [],
): Promise<DevServer> {
  const port = await freePort();
  const checkout = privateCheckout();
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'scripts/dev.ts', ...args], {
    cwd: checkout.root,
    env: { ...process.env, ...env, PORT: String(port), CI: 'true' },
    detached: true, // its own process group, so stop() ends netlify and its workers too
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  for (const stream of [child.stdout!, child.stderr!]) {
    stream.on('data', (chunk: Buffer) => {
      output += chunk;
      onOutput(chunk);
    });
  }
  const kill = () => {
    try {
      process.kill(-child.pid!, 'SIGTERM');
    } catch {
      // already gone
    }
  };
  process.once('exit', kill);

  const baseUrl = `http://localhost:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) {
      checkout.remove();
      throw new Error(`netlify dev exited (${child.exitCode}):\n${output}`);
    }
    const ready = await httpRequest(`${baseUrl}/api/lexicon/pillars.json`).then(
      (r) => r.status === 200,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      kill();
      checkout.remove();
      throw new Error(`netlify dev was not ready after ${timeoutMs} ms:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }

  return {
    baseUrl,
    projectRoot: checkout.root,
    output: () => output,
    async stop() {
      process.removeListener('exit', kill);
      kill();
      await new Promise<void>((resolve) => {
        if (child.exitCode !== null) return resolve();
        const timer = setTimeout(() => {
          try {
            process.kill(-child.pid!, 'SIGKILL');
          } catch {
            // gone
          }
          resolve();
        }, 5_000);
        child.once('exit', () => {
          clearTimeout(timer);
          resolve();
        });
      });
      checkout.remove();
    },
  };
}
