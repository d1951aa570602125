// The benchmarks' synthetic corpus must be a corpus the build accepts, at the sizes they use:
// a generator that drifts from the corpus rules breaks `npm run bench` (it did once: repeated aliases).
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { generateCorpus, writeCorpus } from '../../bench/synthetic-corpus.ts';
import { loadCorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { formatProblem, validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('the synthetic corpus', () => {
  it("validates as written to disk, at 5,000 terms with the benchmarks' seed", async () => {
    const dir = path.join(tempDir(), 'corpus');
    await writeCorpus(generateCorpus(5000, 42), dir);
    const result = validateCorpus(await loadCorpusFiles(dir));
    expect(result.ok ? [] : result.problems.slice(0, 5).map(formatProblem)).toEqual([]);
  }, 120_000);
});
