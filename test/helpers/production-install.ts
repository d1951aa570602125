// A production install of this checkout, as a self-hoster makes one: the project's files (the
// working tree, uncommitted changes included) copied to a fresh folder, then
// `npm ci --omit=dev`, whose `prepare` compiles the TypeScript. No tsx, no TypeScript, no test
// or benchmark tools: what runs there is what runs in production.
import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, rmSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** The files a clone of this checkout would hold: tracked and new, never ignored ones. */
function projectFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: ROOT,
    maxBuffer: 64 * 1024 * 1024,
  });
  return listed
    .toString('utf8')
    .split('\0')
    .filter((file) => file && existsSync(path.join(ROOT, file)));
}

/** Makes (afresh) a production install of this checkout in `dir`; returns `dir`. */
export function makeProductionInstall(dir: string): string {
  rmSync(dir, { recursive: true, force: true });
  for (const file of projectFiles()) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  // --prefer-offline: the packages come from npm's cache when the checkout's own `npm ci` put them there.
  execFileSync('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { ...process.env, NODE_ENV: 'production' },
    // better-sqlite3 compiles SQLite when no prebuilt binary can be downloaded (no network here):
    // about 100 s of CPU, many minutes on a loaded machine.
    timeout: 1_200_000,
  });
  return dir;
}
