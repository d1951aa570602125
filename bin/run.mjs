#!/usr/bin/env node
// Runs one command of compiled/ (`npm run build`, `npm start`, ...) in this very process, so
// a signal sent to it reaches the server itself. Compiles first when a source is newer than
// the last compilation (a checkout that was edited, or pulled, after `npm ci`): JavaScript
// that no longer matches the sources is never run. The check is one stat per source file.
import { readdirSync, statSync } from 'node:fs';
import module from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile, OUT, ROOT, SOURCE_DIRS, STAMP } from '../scripts/compile.mjs';

// Node 22.1 and later can keep V8's compiled code of each module on disk (keyed by the module's
// text), so a start after the first compiles little again: 0.8x the CPU of `build --help` on
// Node 22 (bench/README.md, "Start-up and editorial checks, sixth session"). Node 20 has no such
// cache and starts as before. Worker threads take the folder from the environment when they
// start; NODE_DISABLE_COMPILE_CACHE=1 turns it off, NODE_COMPILE_CACHE names another folder.
if (module.enableCompileCache) {
  process.env.NODE_COMPILE_CACHE ??= path.join(tmpdir(), 'node-compile-cache');
  module.enableCompileCache(process.env.NODE_COMPILE_CACHE);
}

const command = process.argv[2];
if (
  !command ||
  !/^[a-z-]+$/.test(command) ||
  !statSync(path.join(ROOT, 'scripts', `${command}.ts`), { throwIfNoEntry: false })
) {
  process.stderr.write('usage: bin/run.mjs <a command of scripts/, such as build or start> [options]\n');
  process.exit(2);
}

function compiledAt() {
  return statSync(STAMP, { throwIfNoEntry: false })?.mtimeMs ?? -1;
}

/** Whether a .ts or .css file under `dir` changed after `since` (plain fs calls: this runs on every start). */
function changedSince(dir, since) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (changedSince(file, since)) return true;
    } else if (/\.(ts|css)$/.test(entry.name) && statSync(file).mtimeMs > since) {
      return true;
    }
  }
  return false;
}

const stamp = compiledAt();
if (stamp < 0 || SOURCE_DIRS.some((dir) => changedSince(path.join(ROOT, dir), stamp))) await compile();

// The command reads its options from process.argv, as if it had been started itself.
process.argv.splice(2, 1);
process.argv[1] = path.join(OUT, `${command}.js`);
await import(pathToFileURL(process.argv[1]).href);
