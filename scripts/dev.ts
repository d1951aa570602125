// `npm run dev`: serves the built site through netlify dev, offline, on PORT (default 8888),
// and publishes every change of the corpus into it (the edit loop: README "The edit loop").
// Builds first when dist/ is missing or not the corpus's. The flags are the ones netlify-cli needs without a
// network: no edge functions (they would download Deno), no browser, no telemetry.
import { DEFAULT_OUTPUT_DIR, listIndexPath } from '../src/contract/output-layout.ts';
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { rateLimitOrExit } from './lib/cli/cli-env.ts';
import { recoverUnderLock } from '../runtime/publish.ts';

const root = path.resolve(import.meta.dirname, '..');
// LEXICON_DIST: serve another built folder (the tests' temporary builds); the function reads
// its index from the same folder. Otherwise dist/, built first when missing.
const servedDir = process.env.LEXICON_DIST;
// As the build and npm start do: finish or roll back a swap that a killed build left (its journal),
// so a kill at the wrong instant does not make dev build again, or serve nothing.
for (const action of await recoverUnderLock(path.resolve(servedDir ?? path.join(root, DEFAULT_OUTPUT_DIR)), {
  timeoutMs: 0,
}).catch(() => [] as string[]))
  process.stderr.write(`${action}\n`);
// Our own flags; every other one goes to netlify dev. The edit loop watches `--corpus` (default
// corpus/) and publishes each change into the served folder; a test's LEXICON_DIST is watched
// only with an explicit --corpus. `--no-watch`: serve the folder as it is.
const ownFlags = takeOwnFlags(process.argv.slice(2));
const watching = ownFlags.watch && (ownFlags.corpus !== undefined || !servedDir);
if (watching) {
  const { startEditLoop } = await import('./lib/publish/edit-loop.ts');
  await startEditLoop({
    corpusDir: ownFlags.corpus ?? path.join(root, 'corpus'),
    outDir: path.resolve(servedDir ?? path.join(root, DEFAULT_OUTPUT_DIR)),
    cacheDir: path.join(root, 'node_modules/.cache/lexicon-api'),
    siteUrl: process.env.URL || undefined,
    rateLimitPerHour: rateLimitOrExit(),
    log: (line) => process.stderr.write(`${line}\n`),
  });
} else if (!servedDir && !existsSync(path.join(root, DEFAULT_OUTPUT_DIR, listIndexPath('en')))) {
  const build = spawn(process.execPath, ['--import', 'tsx', 'scripts/build.ts'], { cwd: root, stdio: 'inherit' });
  const code: number = await new Promise((resolve) => build.on('exit', (c) => resolve(c ?? 1)));
  if (code !== 0) process.exit(code);
}
const limit = rateLimitOrExit();
process.stderr.write(
  limit > 0
    ? `Rate limit: ${limit} requests per hour per client (RATE_LIMIT_PER_HOUR; 0 disables it; npm run build again so the static files advertise the same policy).\n`
    : 'Rate limit: off (RATE_LIMIT_PER_HOUR=0); npm run build again so the static files advertise none.\n',
);
const port = process.env.PORT ?? '8888';
const netlify = path.join(root, 'node_modules/.bin/netlify');
const child = spawn(
  netlify,
  [
    'dev',
    '--offline',
    '--internal-disable-edge-functions',
    '--port',
    port,
    ...(servedDir ? ['--dir', path.resolve(servedDir)] : []),
    ...ownFlags.rest,
  ],
  { cwd: root, stdio: 'inherit', env: { ...process.env, BROWSER: 'none', NETLIFY_TELEMETRY_DISABLED: '1' } },
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => child.kill(signal));
child.on('exit', (code) => process.exit(code ?? 0));

function takeOwnFlags(args: string[]): { watch: boolean; corpus?: string; rest: string[] } {
  const rest: string[] = [];
  let watch = true;
  let corpus: string | undefined;
  const queue = [...args];
  for (let arg = queue.shift(); arg !== undefined; arg = queue.shift()) {
    const next = queue[0];
    if (arg === '--no-watch') watch = false;
    else if (arg === '--corpus' && next !== undefined) {
      corpus = path.resolve(next);
      queue.shift();
    } else if (arg.startsWith('--corpus=')) corpus = path.resolve(arg.slice('--corpus='.length));
    else rest.push(arg);
  }
  return { watch, corpus, rest };
}
