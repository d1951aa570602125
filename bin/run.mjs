#!/usr/bin/env node
// Runs one command of compiled/ (`npm run build`, `npm start`, ...) in this very process, so
// a signal sent to it reaches the server itself. Compiles first when a source is newer than
// the last compilation (a checkout that was edited, or pulled, after `npm ci`): JavaScript
// that no longer matches the sources is never run. The check is one stat per source file.
import { readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { compile, OUT, ROOT, SOURCE_DIRS, STAMP } from '../scripts/compile.mjs';

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
