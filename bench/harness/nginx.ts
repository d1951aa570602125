// nginx serving the same dist/ as a peer of `npm start` in the HTTP section (issue 27): one
// process (`master_process off`, so its CPU time is the whole server's), no access log, sendfile,
// keep-alive without a request limit. It serves files as they are: the term URL is mapped to its
// English file as the routing table does, and a folder to its index.html; it adds nothing of the
// contract (no CORS, license or rate-limit headers). Debian's package: `apt-get install nginx`.
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { API_ROOT, LIST_PATH } from '../../src/contract/facts.ts';
import type { ServerProcess } from './processes.ts';

const NGINX = process.env.NGINX_PATH ?? 'nginx';

export const hasNginx = () => spawnSync(NGINX, ['-v']).error === undefined;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function config(dist: string, work: string, port: number): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(work, name)};`;
  return `worker_processes 1;
master_process off;
daemon off;
pid ${path.join(work, 'nginx.pid')};
error_log ${path.join(work, 'error.log')} error;
events { worker_connections 1024; }
http {
  access_log off;
  sendfile on;
  tcp_nopush on;
  keepalive_requests 100000000;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  types { application/json json; text/html html; text/css css; }
  default_type application/octet-stream;
  server {
    listen 127.0.0.1:${port};
    root ${dist};
    index index.html;
    location ~ ^${LIST_PATH}/([a-z0-9-]+)$ { try_files ${API_ROOT}/en/$1.json =404; }
  }
}
`;
}

/** CPU time (user + system, µs) of a process so far, from /proc. */
function processCpu(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  // utime and stime are fields 14 and 15 of stat, in clock ticks (USER_HZ, 100 on Linux).
  return ((Number(fields[11]) + Number(fields[12])) * 1e6) / 100;
}

async function listening(port: number, deadline: number): Promise<void> {
  for (;;) {
    const ok = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (ok) return;
    if (Date.now() > deadline) throw new Error(`nginx did not listen on ${port}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Starts nginx on `dist` (scratch files in `work`); the same interface as the Node servers. */
export async function startNginx(dist: string, work: string): Promise<ServerProcess> {
  mkdirSync(work, { recursive: true });
  const port = await freePort();
  const conf = path.join(work, 'nginx.conf');
  writeFileSync(conf, config(path.resolve(dist), work, port));
  const child = spawn(NGINX, ['-p', work, '-c', conf], { stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr!.on('data', (chunk: Buffer) => void (stderr += chunk));
  const exited = new Promise<never>((_, reject) =>
    child.once('exit', (code) => reject(new Error(`nginx exited (${code}):\n${stderr}`))),
  );
  exited.catch(() => undefined);
  await Promise.race([listening(port, Date.now() + 10_000), exited]);
  return {
    port,
    cpu: async () => processCpu(child.pid!),
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once('exit', () => resolve());
        child.kill('SIGQUIT');
        setTimeout(() => child.kill('SIGKILL'), 5_000).unref();
      }),
  };
}
