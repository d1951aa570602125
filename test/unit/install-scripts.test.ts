// Every installed package with an install-time script is named in package.json's `allowScripts`
// (npm 11's policy, RFC npm/rfcs#868): npm then runs the allowed ones, skips the denied ones, and
// warns about none ("N packages have install scripts not yet covered by allowScripts", issue 24).
// Read from node_modules, not the lock file: the lock does not record the implicit
// `node-gyp rebuild` of a package that ships a binding.gyp (unix-dgram).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import type { LockFile } from '../helpers/lockfile-engines.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
const policy = (readJson('package.json') as { allowScripts?: Record<string, boolean> }).allowScripts ?? {};
const lock = readJson('package-lock.json') as LockFile;

const nameAt = (location: string) => location.slice(location.lastIndexOf('node_modules/') + 'node_modules/'.length);

/** The install-time scripts npm would run for the package installed at `location`. */
function installScripts(location: string): string[] {
  const manifest = path.join(ROOT, location, 'package.json');
  if (!existsSync(manifest)) return []; // an optional package for another platform
  const scripts = (JSON.parse(readFileSync(manifest, 'utf8')).scripts ?? {}) as Record<string, string>;
  const found = ['preinstall', 'install', 'postinstall'].filter((event) => scripts[event]);
  const implicitGyp = !scripts.install && !scripts.preinstall && existsSync(path.join(ROOT, location, 'binding.gyp'));
  return implicitGyp ? [...found, 'install (node-gyp rebuild)'] : found;
}

describe('allowScripts', () => {
  const withScripts = Object.keys(lock.packages).filter((location) => location && installScripts(location).length);

  it('names every installed package that has an install script', () => {
    const unreviewed = withScripts.map(nameAt).filter((name) => !(name in policy));
    expect([...new Set(unreviewed)]).toEqual([]);
  });

  it('names no package the lock file no longer holds', () => {
    const locked = new Set(Object.keys(lock.packages).map(nameAt));
    expect(Object.keys(policy).filter((name) => !locked.has(name))).toEqual([]);
  });

  it('lets the scripts run that the project needs', () => {
    // better-sqlite3 downloads or compiles its addon; esbuild checks its platform binary.
    expect(policy['better-sqlite3']).toBe(true);
    expect(policy.esbuild).toBe(true);
  });
});
