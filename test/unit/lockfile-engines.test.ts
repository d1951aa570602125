// The lock file installs without EBADENGINE on every Node version package.json declares (issue 24).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { describe, expect, it } from 'vitest';
import { engineMismatches, type LockFile, lowestSupported } from '../helpers/lockfile-engines.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
const manifest = readJson('package.json') as { engines: { node: string } };
const lock = readJson('package-lock.json') as LockFile;
const supported = manifest.engines.node;

/**
 * Optional packages whose engines exclude a supported Node: npm skips them there without a word,
 * so each one needs a reason why nothing is missing then.
 */
const SKIPPED_OPTIONAL: Record<string, string> = {
  '@napi-rs/lzma-linux-x64-gnu':
    "@rollup/wasm-node publishes its own build tool's binary as optional; rollup never loads it",
};

describe('engineMismatches', () => {
  const sample: LockFile = {
    packages: {
      '': { version: '1.0.0', engines: { node: '>=99' } },
      'node_modules/chalk': { version: '6.0.1', engines: { node: '>=22' } },
      'node_modules/a/node_modules/cookie': { version: '2.0.2', engines: { node: '>=22' } },
      'node_modules/vitest': { version: '4.1.12', engines: { node: '^20.0.0 || ^22.0.0 || >=24.0.0' } },
      'node_modules/odd': { version: '1.0.0', engines: { node: 'twenty' } },
      'node_modules/bin-x64': { version: '1.0.0', engines: { node: '^22.20' }, optional: true },
      'node_modules/old-style': { version: '1.0.0', engines: ['node >= 0.8'] },
      'node_modules/no-engines': { version: '1.0.0' },
    },
  };

  it('names every package that excludes a supported version, by the name npm prints', () => {
    expect(engineMismatches(sample, '^20.19.0 || ^22.16.0')).toEqual([
      { id: 'bin-x64@1.0.0', requires: '^22.20', optional: true },
      { id: 'chalk@6.0.1', requires: '>=22', optional: false },
      { id: 'cookie@2.0.2', requires: '>=22', optional: false },
      { id: 'odd@1.0.0', requires: 'twenty', optional: false },
    ]);
  });

  it('checks the whole range: a package accepting only the lowest version is still reported', () => {
    const lts: LockFile = { packages: { 'node_modules/x': { version: '1.0.0', engines: { node: '^20.19.0' } } } };
    expect(engineMismatches(lts, '^20.19.0')).toEqual([]);
    expect(engineMismatches(lts, '^20.19.0 || ^22.16.0')).toEqual([
      { id: 'x@1.0.0', requires: '^20.19.0', optional: false },
    ]);
  });

  it('rejects a supported range that is not semver', () => {
    expect(() => engineMismatches(sample, 'node 20')).toThrow('engines.node "node 20" is not a semver range');
  });
});

describe('package-lock.json against engines.node', () => {
  const mismatches = engineMismatches(lock, supported);

  it('has no package npm would warn EBADENGINE about on a supported Node', () => {
    expect(mismatches.filter((m) => !m.optional)).toEqual([]);
  });

  it('skips only the optional packages known to be unused', () => {
    const skipped = mismatches.filter((m) => m.optional).map((m) => m.id.slice(0, m.id.lastIndexOf('@')));
    expect([...new Set(skipped)].sort()).toEqual(Object.keys(SKIPPED_OPTIONAL).sort());
  });

  it('records the engines of package.json (the lock file is not stale)', () => {
    expect((lock.packages[''] as { engines?: unknown }).engines).toEqual(manifest.engines);
  });

  it('starts where the locked tree does: a locked package refuses the releases just below the lowest', () => {
    // A floor higher than the tree needs would promise less than it could (the developers' guide
    // names Node 20.12); netlify-cli 26.0.1 is the one that asks for 20.12.2 today.
    const lowest = semver.parse(lowestSupported(supported));
    if (!lowest) throw new Error(`no lowest version in ${supported}`);
    const below = `>=${lowest.major}.${lowest.patch > 0 ? lowest.minor : lowest.minor - 1}.0 <${lowest.version}`;
    expect(engineMismatches(lock, below).filter((m) => !m.optional)).not.toEqual([]);
  });

  it('is quoted by the README, and its lowest version is the first it names (what .ci/run installs)', () => {
    expect(readFileSync(path.join(ROOT, 'README.md'), 'utf8')).toContain(`\`${supported}\``);
    expect(lowestSupported(supported)).toBe(supported.match(/\d+\.\d+\.\d+/)?.[0]);
  });
});
