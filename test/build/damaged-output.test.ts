// Issue 22, finding 4: unchanged files were re-linked on the word of _data/output-hashes.json, so
// a damaged output file survived every rebuild (an emptied term file was then served as a 200).
// A rebuild re-uses a previous file only if its bytes are what the build would write.
import { appendFileSync, readFileSync, truncateSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

describe('a rebuild repairs a damaged output', () => {
  it('writes again a file that was appended to or emptied since the last build', async () => {
    const base = tempDir();
    const clean = path.join(base, 'clean');
    const dist = path.join(base, 'dist');
    for (const out of [clean, dist]) expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: out })).ok).toBe(true);
    const files = ['api/lexicon/en/sophia.json', 'api/lexicon/bg/aeon.json'];
    appendFileSync(path.join(dist, files[0]!), 'garbage');
    truncateSync(path.join(dist, files[1]!), 0);
    const rebuilt = await buildSite({ corpusDir: SMALL_CORPUS, outDir: dist });
    expect(rebuilt.ok).toBe(true);
    if (rebuilt.ok) expect(rebuilt.summary.reused).toBeGreaterThan(0);
    for (const file of files) {
      expect(readFileSync(path.join(dist, file), 'utf8'), file).toBe(readFileSync(path.join(clean, file), 'utf8'));
    }
  });
});
