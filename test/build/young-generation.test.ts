// The young generation of every thread of a build is Node 20's on every Node the engines admit:
// Node 22 and 24 let it grow four times larger, in each thread, which took the 100,000-term peak
// from 1,150-1,196 to 1,407 MiB on Node 24 (bench/README.md, "Node 24 at 100,000 terms, sixteenth
// session"). CI runs this file on Node 24 too (.ci/run), where it fails without the limits.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildScriptNodeFlags } from '../../bench/harness/processes.ts';
import { startWorker, WORKER_YOUNG_GENERATION_MB } from '../../scripts/lib/workers/worker-entry.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const MIB = 1024 * 1024;

describe('the young generation', () => {
  it("of a worker thread stays within Node 20's size however much garbage it makes", async () => {
    const worker = startWorker(new URL('../fixtures/workers/young-generation.mjs', import.meta.url).href);
    const largest: number = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    // Two semi-spaces of 16 MB: the new space V8 reports is both (Node 24 without the limit: 128).
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThanOrEqual(32 * MIB);
  });

  it("of the main thread is package.json's build flag, the same size as the workers'", () => {
    const scripts = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts;
    const flags = buildScriptNodeFlags(scripts.build);
    expect(flags).toEqual(['--max-semi-space-size=16']);
    // V8's young generation is three semi-spaces' worth (two semi-spaces and the space beside them).
    expect(WORKER_YOUNG_GENERATION_MB).toBe(3 * 16);
  });
});
