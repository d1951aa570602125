// Writes the build output so that readers only ever see a complete dist/: everything goes
// into a sibling temporary folder, which replaces the old output only once it is whole.
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { OutputFiles } from './emit.ts';

export interface WriteSummary {
  files: number;
  bytes: number;
}

const WRITE_CONCURRENCY = 64;

export async function writeOutputAtomically(
  outDir: string,
  files: OutputFiles,
  onProgress?: (written: number, total: number) => void,
): Promise<WriteSummary> {
  const target = path.resolve(outDir);
  const stamp = `${process.pid}-${Date.now()}`;
  const staging = `${target}.tmp-${stamp}`;
  const retired = `${target}.old-${stamp}`;
  try {
    const dirs = new Set([...files.keys()].map((file) => path.dirname(path.join(staging, file))));
    for (const dir of [...dirs].sort()) await mkdir(dir, { recursive: true });
    const entries = [...files];
    let bytes = 0;
    for (let start = 0; start < entries.length; start += WRITE_CONCURRENCY) {
      const batch = entries.slice(start, start + WRITE_CONCURRENCY);
      await Promise.all(
        batch.map(([file, contents]) => {
          bytes += typeof contents === 'string' ? Buffer.byteLength(contents) : contents.byteLength;
          return writeFile(path.join(staging, file), contents);
        }),
      );
      onProgress?.(Math.min(start + WRITE_CONCURRENCY, entries.length), entries.length);
    }
    // The swap: two renames on one filesystem; the old output is removed only afterwards.
    const hadOutput = await rename(target, retired).then(() => true, (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    });
    await rename(staging, target).catch(async (error) => {
      if (hadOutput) await rename(retired, target);
      throw error;
    });
    if (hadOutput) await rm(retired, { recursive: true, force: true });
    return { files: entries.length, bytes };
  } catch (error) {
    await rm(staging, { recursive: true, force: true });
    throw error;
  }
}
