// The young generation of every thread of a build is Node 20's on every Node the engines admit:
// Node 22 and 24 let it grow four times larger, in each thread, which took the 100,000-term peak
// from 1,150-1,196 to 1,407 MiB on Node 24 (bench/README.md, "Node 24 at 100,000 terms, sixteenth
// session"). CI runs this file on Node 24 too (.ci/run), where it fails without the limits.
import { describe, expect, it } from 'vitest';
import { BUILD_NODE_FLAGS } from '../../bench/harness/processes.ts';
import { startWorker, WORKER_YOUNG_GENERATION_MB } from '../../scripts/lib/workers/worker-entry.ts';

const MIB = 1024 * 1024;
// V8's young generation is three semi-spaces' worth (two semi-spaces and the space beside them).
const SEMI_SPACE_MB = WORKER_YOUNG_GENERATION_MB / 3;

describe('the young generation', () => {
  it("of a worker thread stays within Node 20's size however much garbage it makes", async () => {
    const worker = startWorker(new URL('../fixtures/workers/young-generation.mjs', import.meta.url).href);
    const largest: number = await new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
    await worker.terminate();
    // The new space V8 reports is both semi-spaces: 32 MB (Node 24 without the limit: 128).
    expect(largest).toBeGreaterThan(0);
    expect(largest).toBeLessThanOrEqual(2 * SEMI_SPACE_MB * MIB);
  });

  it("of the main thread is package.json's build flag, the same size as the workers'", () => {
    expect(SEMI_SPACE_MB).toBe(16); // Node 20's own
    expect(BUILD_NODE_FLAGS).toEqual([`--max-semi-space-size=${SEMI_SPACE_MB}`]);
  });
});
