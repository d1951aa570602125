// A production install of this checkout, as a self-hoster makes one: the project's files (the
// working tree, uncommitted changes included) copied to a fresh folder, then
// `npm ci --omit=dev`, whose `prepare` compiles the TypeScript. No tsx, no TypeScript, no test
// or benchmark tools: what runs there is what runs in production.
import { execFile, execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';

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

/**
 * better-sqlite3's addon as this checkout compiled it, packed as prebuild-install's local
 * prebuild: the production install then takes the path of any machine that can download
 * GitHub's prebuilt binaries (unpacking one), instead of compiling SQLite again, which took 16 to
 * over 20 minutes on this shared machine. Without the checkout's addon, it compiles.
 */
function localPrebuilds(prebuilds: string): Record<string, string> {
  const addon = path.join(ROOT, 'node_modules/better-sqlite3/build/Release/better_sqlite3.node');
  if (!existsSync(addon)) return {};
  const { version } = JSON.parse(readFileSync(path.join(ROOT, 'node_modules/better-sqlite3/package.json'), 'utf8'));
  rmSync(prebuilds, { recursive: true, force: true });
  mkdirSync(prebuilds, { recursive: true });
  const name = `better-sqlite3-v${version}-node-v${process.versions.modules}-${process.platform}-${process.arch}.tar.gz`;
  execFileSync('tar', [
    '-czf',
    path.join(prebuilds, name),
    '-C',
    path.join(ROOT, 'node_modules/better-sqlite3'),
    'build/Release/better_sqlite3.node',
  ]);
  return { npm_config_better_sqlite3_local_prebuilds: prebuilds };
}

/**
 * Makes (afresh) a production install of this checkout in `dir`; resolves to `dir`. Asynchronous,
 * so the e2e set-up builds the corpus while npm installs.
 */
export async function makeProductionInstall(dir: string): Promise<string> {
  rmSync(dir, { recursive: true, force: true });
  for (const file of projectFiles()) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  // --prefer-offline: the packages come from npm's cache when the checkout's own `npm ci` put them there.
  await promisify(execFile)('npm', ['ci', '--omit=dev', '--no-audit', '--no-fund', '--prefer-offline'], {
    cwd: dir,
    env: { ...process.env, NODE_ENV: 'production', ...localPrebuilds(`${dir}.prebuilds`) },
    // Without a prebuilt binary better-sqlite3 compiles SQLite: about 100 s of CPU, far more on a loaded machine.
    timeout: 1_800_000,
    maxBuffer: 64 * 1024 * 1024,
  });
  return dir;
}
