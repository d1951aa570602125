// Part of `prepare` in a production install (`npm ci --omit=dev`): removes what node-gyp leaves
// behind after compiling better-sqlite3 where no prebuilt binary could be downloaded (SQLite's
// and the addon's C sources, object files, a static library, a test extension: 25 of its 28 MB),
// keeping the package's JavaScript and the one compiled addon it loads. Nothing else is touched,
// and a development install keeps everything (`npm rebuild` needs the sources). To rebuild a
// pruned production install (another Node version), run `npm ci --omit=dev` again.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const PACKAGE = path.join(ROOT, 'node_modules', 'better-sqlite3');
const ADDON = path.join('build', 'Release', 'better_sqlite3.node');
/** What the package needs at run time (lib/ requires the addon through `bindings`). */
const KEEP = new Set(['package.json', 'LICENSE', 'README.md', 'lib', 'build']);

/** Whether npm runs this for an install without development dependencies. */
const productionInstall = () =>
  (process.env.npm_config_omit ?? '').split(/[\s,]+/).includes('dev') || process.env.NODE_ENV === 'production';

export function pruneNativeBuild() {
  if (!existsSync(path.join(PACKAGE, ADDON))) return 0;
  let removed = 0;
  const remove = (file) => {
    rmSync(file, { recursive: true, force: true });
    removed++;
  };
  for (const entry of readdirSync(PACKAGE)) if (!KEEP.has(entry)) remove(path.join(PACKAGE, entry));
  for (const entry of readdirSync(path.join(PACKAGE, 'build')))
    if (entry !== 'Release') remove(path.join(PACKAGE, 'build', entry));
  const release = path.join(PACKAGE, 'build', 'Release');
  for (const entry of readdirSync(release)) if (entry !== path.basename(ADDON)) remove(path.join(release, entry));
  return removed;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url) && productionInstall()) {
  const removed = pruneNativeBuild();
  if (removed > 0) process.stderr.write(`pruned ${removed} build leftovers of better-sqlite3\n`);
}
