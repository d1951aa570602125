// Publishing a finished staging folder at the output path, so that a kill at any instant
// leaves either the old or the new output complete at that path once the next build starts.
//
// The output stays a real directory (Netlify's deploy walks the publish folder with lstat,
// so a symlinked `dist` would deploy nothing). The swap is therefore two renames, and a
// journal written before the first one lets the next build finish or roll back a swap that
// was interrupted between them. A lock file serialises builds that share one output path.
// It lives in runtime/ because both sides use it: the build publishes, and a server that
// starts on an output a killed build left behind finishes or rolls back the swap first.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { mkdir, readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { acquireOutputLock, lockPath, type LockOptions } from './output-lock.ts';

/** The filesystem steps of a publish, in order: a test kills the build after each one. */
export const PUBLISH_STEPS = [
  'journal-written',
  'old-retired',
  'new-published',
  'journal-removed',
  'old-removed',
] as const;
export type PublishStep = (typeof PUBLISH_STEPS)[number];

export interface PublishHooks {
  /** Called after each step of the swap (tests use it to kill the process there). */
  onStep?: (step: PublishStep) => void | Promise<void>;
}

/** The folders and files a build keeps beside its output path `target`. */
export function outputSiblings(target: string) {
  return {
    lock: lockPath(target),
    journal: `${target}.publish.json`,
    staging: (stamp: string) => `${target}.tmp-${stamp}`,
    retired: (stamp: string) => `${target}.old-${stamp}`,
  };
}

/**
 * What the journal records: the two folders of one swap, by name beside the output; or, for a
 * publish in place (the edit loop), the folder holding the new files and the output files it
 * replaces or removes.
 */
interface Journal {
  staging: string;
  retired: string;
  inPlace?: { files: string[]; removed: string[] };
}

/** Replaces `target` by the complete folder `staging` (same parent, same filesystem). */
export async function publish(
  target: string,
  staging: string,
  retired: string,
  hooks: PublishHooks = {},
): Promise<void> {
  const { journal } = outputSiblings(target);
  const step = async (name: PublishStep) => hooks.onStep?.(name);
  const record: Journal = { staging: path.basename(staging), retired: path.basename(retired) };
  // Written whole under a temporary name and renamed: the journal is never half there.
  await writeFile(`${journal}.tmp`, JSON.stringify(record));
  await rename(`${journal}.tmp`, journal);
  await step('journal-written');
  const hadOutput = await rename(target, retired).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  await step('old-retired');
  await rename(staging, target).catch(async (error) => {
    if (hadOutput) await rename(retired, target);
    await rm(journal, { force: true });
    throw error;
  });
  await step('new-published');
  await rm(journal, { force: true });
  await step('journal-removed');
  if (hadOutput) await rm(retired, { recursive: true, force: true });
  await step('old-removed');
}

/**
 * Run at the start of every build, under the lock: finishes a swap that a kill interrupted
 * between its two renames (the staging folder was complete: the journal is written only
 * then), or rolls it back when the new folder is gone, and removes what dead builds left.
 * Returns what it did, for the build's log.
 */
export async function recoverOutput(target: string): Promise<string[]> {
  const { journal: journalPath } = outputSiblings(target);
  const parent = path.dirname(target);
  const done: string[] = [];
  const journal = await readJournal(journalPath);
  if (journal?.inPlace && existsSync(target)) {
    applyInPlace(target, path.join(parent, journal.staging), journal.inPlace);
    done.push(
      `finished publishing ${journal.inPlace.files.length} changed file(s) into ${path.basename(target)} (the edit loop was interrupted)`,
    );
  } else if (journal && !journal.inPlace && !existsSync(target)) {
    const staging = path.join(parent, journal.staging);
    const retired = path.join(parent, journal.retired);
    if (existsSync(staging)) {
      await rename(staging, target);
      done.push(
        `finished publishing ${journal.staging} as ${path.basename(target)} (a build was interrupted during its swap)`,
      );
    } else if (existsSync(retired)) {
      await rename(retired, target);
      done.push(`restored ${path.basename(target)} from ${journal.retired} (a build was interrupted during its swap)`);
    }
  }
  await rm(journalPath, { force: true });
  const base = path.basename(target);
  const leftover = (name: string) =>
    [`${base}.tmp-`, `${base}.old-`, `${base}.lock.stale-`, `${base}.publish.json.tmp`].some((prefix) =>
      name.startsWith(prefix),
    );
  for (const name of (await readdir(parent).catch(() => [] as string[])).filter(leftover).sort()) {
    await rm(path.join(parent, name), { recursive: true, force: true });
    done.push(`removed ${name}, left by an interrupted build`);
  }
  return done;
}

/** What the next build does first, on its own: take the lock (a dead holder's is taken over) and recover. */
export async function recoverUnderLock(target: string, options: LockOptions = {}): Promise<string[]> {
  const release = await acquireOutputLock(target, options);
  try {
    return await recoverOutput(target);
  } finally {
    await release();
  }
}

async function readJournal(file: string): Promise<Journal | undefined> {
  try {
    const value = JSON.parse(await readFile(file, 'utf8')) as Partial<Journal>;
    const plain = (name: unknown) => typeof name === 'string' && name !== '' && !/[/\\]/.test(name) && name !== '..';
    // Paths inside the output only: a journal is never a way to write elsewhere.
    const inside = (names: unknown) =>
      Array.isArray(names) &&
      names.every((name) => typeof name === 'string' && name.split('/').every((part) => plain(part) && part !== '.'));
    if (value.inPlace !== undefined && !(inside(value.inPlace.files) && inside(value.inPlace.removed)))
      return undefined;
    return plain(value.staging) && plain(value.retired) ? (value as Journal) : undefined;
  } catch {
    return undefined;
  }
}

// ---------------------------------------------------------------------------- in place

/**
 * Publishes a few changed files into the output as it stands (the edit loop: linking a whole new
 * tree of 30,000 files took longer than the one second an edit may take). Each file is written
 * whole beside the output, then renamed over its old version, in the order given (the list
 * indexes last); removed files go after them. A journal names them first, so a kill midway is
 * finished by the next build, edit or server start (recoverOutput). While the journal exists a
 * server waits (runtime/served-tree.ts: as long as this process lives and holds the lock), and
 * the journal's rename, the renames and its removal run synchronously, so a server in this very
 * process never answers between two of them.
 */
export async function publishInPlace(
  target: string,
  files: ReadonlyMap<string, string | Uint8Array>,
  removed: readonly string[],
  options: LockOptions = {},
): Promise<string[]> {
  const release = await acquireOutputLock(target, options);
  try {
    const recovered = await recoverOutput(target);
    const { journal } = outputSiblings(target);
    const staging = outputSiblings(target).staging(`edit-${process.pid}-${Date.now()}-${randomUUID().slice(0, 8)}`);
    await mkdir(staging);
    const names = [...files.keys()];
    for (const [i, [, bytes]] of [...files].entries()) await writeFile(path.join(staging, String(i)), bytes);
    const inPlace = { files: names, removed: [...removed] };
    const record: Journal = { staging: path.basename(staging), retired: path.basename(staging), inPlace };
    await writeFile(`${journal}.tmp`, JSON.stringify(record));
    // From the journal's rename to its removal nothing awaits: a server waits while the journal
    // exists, and a busy event loop here would make that wait longer than the renames take.
    renameSync(`${journal}.tmp`, journal);
    applyInPlace(target, staging, inPlace);
    rmSync(journal, { force: true });
    await rm(staging, { recursive: true, force: true });
    return recovered;
  } finally {
    await release();
  }
}

/** The renames of a publish in place; again after a kill, it renames what is still staged. */
function applyInPlace(target: string, staging: string, { files, removed }: NonNullable<Journal['inPlace']>): void {
  for (const [i, name] of files.entries()) {
    const staged = path.join(staging, String(i));
    if (!existsSync(staged)) continue;
    mkdirSync(path.dirname(path.join(target, name)), { recursive: true });
    renameSync(staged, path.join(target, name));
  }
  for (const name of removed) rmSync(path.join(target, name), { force: true });
}
