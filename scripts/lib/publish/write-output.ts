// Writes the build output so that readers only ever see a complete dist/: everything goes
// into a sibling temporary folder, which replaces the old output only once it is whole
// (runtime/publish.ts: the swap, its recovery after a kill, and the lock that serialises builds).
//
// Files are written as the build produces them (the output of a large corpus never sits in
// memory), and a file whose content is the same as in the output being replaced is
// hard-linked from it instead of written again (staging-sink.ts): a rebuild after a small change
// writes only what changed. The previous output's content hashes are kept in OUTPUT_HASHES_PATH.
import { OUTPUT_HASHES_PATH } from '../../../src/contract/output-layout.ts';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import path from 'node:path';
import { acquireOutputLock, type LockOptions } from '../../../runtime/output-lock.ts';
import { outputSiblings, publish, recoverOutput, type PublishHooks } from '../../../runtime/publish.ts';
import { outputHashesText } from './output-hashes-file.ts';
import { SCRATCH_DIR, StagingSink, type WriteSummary } from './staging-sink.ts';

export { MemorySink, type OutputSink, type StreamedFile } from './output-sink.ts';
export type { StagingSink, WriteSummary } from './staging-sink.ts';
export { OUTPUT_HASHES_PATH };

export interface WriteOptions extends PublishHooks, LockOptions {
  /** Told what the recovery of an interrupted earlier build did, if anything. */
  onRecovered?: (actions: string[]) => void;
}

/**
 * Runs `produce` against a staging folder and swaps it into place only if it succeeds,
 * holding the output's lock throughout (after recovering what an interrupted build left).
 */
export async function writeAtomically(
  outDir: string,
  produce: (sink: StagingSink) => Promise<void>,
  onProgress?: (written: number) => void,
  options: WriteOptions = {},
): Promise<WriteSummary> {
  const target = path.resolve(outDir);
  await mkdir(path.dirname(target), { recursive: true });
  const release = await acquireOutputLock(target, options);
  try {
    const recovered = await recoverOutput(target);
    if (recovered.length > 0) options.onRecovered?.(recovered);
    return await writeLocked(target, produce, onProgress, options);
  } finally {
    await release();
  }
}

/** Under the lock: stage, record the hashes, publish; on any failure, remove the staging folder. */
async function writeLocked(
  target: string,
  produce: (sink: StagingSink) => Promise<void>,
  onProgress: ((written: number) => void) | undefined,
  hooks: PublishHooks,
): Promise<WriteSummary> {
  const stamp = `${process.pid}-${Date.now()}-${randomBytes(4).toString('hex')}`;
  const staging = outputSiblings(target).staging(stamp);
  const retired = outputSiblings(target).retired(stamp);
  const sink = new StagingSink(staging, target, readPreviousHashes(target), onProgress);
  try {
    mkdirSync(staging, { recursive: true });
    await produce(sink);
    // Inside the staging folder (one filesystem, so adopt() is a rename), removed before publishing.
    rmSync(path.join(staging, SCRATCH_DIR), { recursive: true, force: true });
    await sink.fileInChunks(OUTPUT_HASHES_PATH, outputHashesText(sink.hashes));
    await publish(target, staging, retired, hooks);
    return sink.summary;
  } catch (error) {
    sink.closeOpenFiles();
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}

/** Writes a finished set of files atomically (small outputs and tests). */
export function writeOutputAtomically(outDir: string, files: Map<string, string | Uint8Array>): Promise<WriteSummary> {
  return writeAtomically(outDir, async (sink) => {
    for (const [file, contents] of files) await sink.file(file, contents);
  });
}

function readPreviousHashes(target: string): Record<string, string> {
  const file = path.join(target, OUTPUT_HASHES_PATH);
  if (!existsSync(file)) return {};
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>;
  } catch {
    return {};
  }
}
