// The output's promise under kill -9 and concurrency: after any interruption, the next
// build start (recoverOutput) finds either the old or the new output complete at its path.
import { execFile, spawn } from 'node:child_process';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { outputSiblings, PUBLISH_STEPS, recoverOutput, recoverUnderLock } from '../../runtime/publish.ts';
import { acquireOutputLock, OutputLockedError } from '../../runtime/output-lock.ts';
import { OUTPUT_HASHES_PATH, writeOutputAtomically } from '../../scripts/lib/publish/write-output.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { incompleteness, versionFiles } from '../helpers/output-check.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const REPO = path.resolve(import.meta.dirname, '../..');
const CHILD = path.join(REPO, 'test/helpers/publish-child.ts');
const BUILD_CLI = path.join(REPO, 'scripts/build.ts');
const tsx = (script: string, args: string[]) => [process.execPath, ['--import', 'tsx', script, ...args]] as const;

/** Runs a child that kills itself at `killAt`; resolves to the signal it died of. */
function runKilledChild(outDir: string, label: string, killAt: string): Promise<NodeJS.Signals | null> {
  const [cmd, args] = tsx(CHILD, [outDir, label, killAt]);
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: REPO, stdio: ['ignore', 'ignore', 'pipe'] });
    let stderr = '';
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('error', reject);
    child.on('exit', (code, signal) => (code ? reject(new Error(stderr)) : resolve(signal)));
  });
}

const labelOf = (dir: string) => readFileSync(path.join(dir, 'label.txt'), 'utf8');
const siblingsOf = (outDir: string) =>
  readdirSync(path.dirname(outDir)).filter((name) => name.startsWith(path.basename(outDir)));

describe('publishing under SIGKILL', () => {
  const work = tempDir('lexicon-publish-');

  // Every point a kill can land on deterministically: during staging and after each step of the swap.
  const killPoints = ['file-1', 'file-20', 'file-41', ...PUBLISH_STEPS];
  it.each(killPoints)(
    'killed after %s: the next start finds the old or the new output complete',
    async (killAt) => {
      const outDir = path.join(work, `out-${killAt}`);
      await writeOutputAtomically(outDir, versionFiles('old'));
      expect(await runKilledChild(outDir, 'new', killAt)).toBe('SIGKILL');

      await recoverUnderLock(outDir);
      expect(incompleteness(outDir)).toEqual([]);
      // The old output stays until it has been renamed away; from then on the new one wins.
      const retired =
        PUBLISH_STEPS.indexOf(killAt as (typeof PUBLISH_STEPS)[number]) >= PUBLISH_STEPS.indexOf('old-retired');
      expect(labelOf(outDir)).toBe(retired ? 'new' : 'old');
      expect(siblingsOf(outDir)).toEqual([path.basename(outDir)]);
    },
    60_000,
  );

  it('killed during the very first build, leaves nothing half-published', async () => {
    const outDir = path.join(work, 'first');
    expect(await runKilledChild(outDir, 'new', 'file-20')).toBe('SIGKILL');
    await recoverUnderLock(outDir);
    expect(existsSync(outDir)).toBe(false);
    expect(siblingsOf(outDir)).toEqual([]);
  }, 30_000);

  it('a real build killed at random instants always leaves a complete output', async () => {
    const corpus = path.join(work, 'corpus-b');
    cpSync(SMALL_CORPUS, corpus, { recursive: true });
    const sophia = path.join(corpus, 'terms/sophia/en.md');
    writeFileSync(sophia, readFileSync(sophia, 'utf8').replace('term: Sophia', 'term: Sophia B'));
    const outDir = path.join(work, 'real');
    await writeOutputAtomically(outDir, new Map([['old.txt', 'old']]));
    // Seeded, so a failure names delays that reproduce it; spread over startup, validation and writing.
    const delays = fc.sample(fc.integer({ min: 150, max: 1800 }), { numRuns: 10, seed: 13 });
    for (const delay of delays) {
      const [cmd, args] = tsx(BUILD_CLI, ['--corpus', corpus, '--out', outDir, '--quiet', '--no-cache']);
      const child = spawn(cmd, args, { cwd: REPO, stdio: 'ignore' });
      const timer = setTimeout(() => child.kill('SIGKILL'), delay);
      await new Promise((resolve) => child.on('exit', resolve));
      clearTimeout(timer);
      await recoverUnderLock(outDir);
      expect(incompleteness(outDir), `killed after ${delay} ms`).toEqual([]);
      expect(siblingsOf(outDir), `killed after ${delay} ms`).toEqual([path.basename(outDir)]);
    }
  }, 120_000);
});

describe('two builds on one output', () => {
  const work = tempDir('lexicon-concurrent-');

  it('are serialised: both succeed and the output is one complete build', async () => {
    const corpusB = path.join(work, 'corpus-b');
    cpSync(SMALL_CORPUS, corpusB, { recursive: true });
    const sophia = path.join(corpusB, 'terms/sophia/en.md');
    writeFileSync(sophia, readFileSync(sophia, 'utf8').replace('term: Sophia', 'term: Sophia B'));
    const outDir = path.join(work, 'dist');
    const run = (corpus: string) => {
      const [cmd, args] = tsx(BUILD_CLI, ['--corpus', corpus, '--out', outDir, '--quiet', '--no-cache']);
      return promisify(execFile)(cmd, args, { cwd: REPO });
    };
    await Promise.all([run(SMALL_CORPUS), run(corpusB)]);
    expect(incompleteness(outDir)).toEqual([]);
    // The manifest and the dumps it names come from the same build as the term files.
    const manifest = JSON.parse(readFileSync(path.join(outDir, 'dumps/manifest.json'), 'utf8'));
    for (const file of manifest.files) expect(existsSync(path.join(outDir, 'dumps', file.name)), file.name).toBe(true);
    const name = JSON.parse(readFileSync(path.join(outDir, 'api/lexicon/en/sophia.json'), 'utf8')).data.term;
    const dump = readFileSync(
      path.join(outDir, 'dumps', manifest.files.find((f: { name: string }) => f.name.endsWith('-en.ndjson')).name),
      'utf8',
    );
    expect(dump).toContain(`"term":"${name}"`);
    expect(siblingsOf(outDir)).toEqual(['dist']);
    // A bound for a hang (a lock never released), not a speed check: two cold CLI builds one after
    // the other are about 5 s of CPU (tsx in the main thread and in each worker), 25 s of wall time
    // at load 15 on 2 cores, and past 60 s at load 30-45, where this test failed by its bound.
  }, 180_000);

  it('in one process, the second waits for the first', async () => {
    const outDir = path.join(work, 'in-process');
    const order: string[] = [];
    await Promise.all(
      ['a', 'b'].map((label) => writeOutputAtomically(outDir, versionFiles(label)).then(() => order.push(label))),
    );
    // Which of the two opens the lock file first is up to libuv's thread pool (the final CI saw
    // 'b' first): both publish, one after the other, and the one that finished last is in place.
    expect([...order].sort()).toEqual(['a', 'b']);
    expect(incompleteness(outDir)).toEqual([]);
    expect(labelOf(outDir)).toBe(order[1]);
  });
});

describe('the output lock', () => {
  const work = tempDir('lexicon-lock-');

  it('is taken over from a build that died', async () => {
    const target = path.join(work, 'dead');
    const { lock } = outputSiblings(target);
    // PID 2^22 + 1 is above Linux's pid_max: no process can have it.
    writeFileSync(
      lock,
      JSON.stringify({ pid: 4_194_305, host: (await import('node:os')).hostname(), since: 'then', token: 'x' }),
    );
    const release = await acquireOutputLock(target, { timeoutMs: 1_000 });
    expect(JSON.parse(readFileSync(lock, 'utf8')).pid).toBe(process.pid);
    await release();
    expect(existsSync(lock)).toBe(false);
  });

  it('names its holder when a build waits too long', async () => {
    const target = path.join(work, 'held');
    const release = await acquireOutputLock(target);
    const holder = JSON.parse(readFileSync(`${target}.lock`, 'utf8'));
    const waited: unknown[] = [];
    const attempt = acquireOutputLock(target, { timeoutMs: 300, pollMs: 20, onWait: (h) => waited.push(h) });
    await expect(attempt).rejects.toThrow(OutputLockedError);
    await expect(attempt).rejects.toThrow(
      `${target}.lock is held by build pid ${process.pid} on ${holder.host}, since ${holder.since}; ` +
        `wait for that build to finish, or delete ${target}.lock if no build is running`,
    );
    expect(waited).toEqual([holder]);
    await release();
  });
});

describe('recovery', () => {
  const work = tempDir('lexicon-recover-');

  it('removes leftovers of dead builds and keeps the output', async () => {
    const outDir = path.join(work, 'dist');
    await writeOutputAtomically(outDir, versionFiles('current'));
    for (const leftover of ['dist.tmp-1-2-ab', 'dist.old-1-2-ab'])
      mkdirSync(path.join(work, leftover, 'api'), { recursive: true });
    writeFileSync(
      path.join(work, 'dist.publish.json'),
      JSON.stringify({ staging: 'dist.tmp-1-2-ab', retired: 'dist.old-1-2-ab' }),
    );
    expect(await recoverOutput(outDir)).toEqual([
      'removed dist.old-1-2-ab, left by an interrupted build',
      'removed dist.tmp-1-2-ab, left by an interrupted build',
    ]);
    expect(readdirSync(work)).toEqual(['dist']);
    expect(labelOf(outDir)).toBe('current');
    expect(existsSync(path.join(outDir, OUTPUT_HASHES_PATH))).toBe(true);
  });
});
