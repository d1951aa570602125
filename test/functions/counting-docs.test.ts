// One declaration of what is counted (src/limits/counting.ts) drives the handler, the docs page and the
// tables of README.md and docs/routing.md: those are checked here to be its rendering, verbatim.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { countingTableMarkdown } from '../../src/limits/counting.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the table of what is counted', () => {
  for (const file of ['README.md', 'docs/routing.md']) {
    it(`${file} shows src/limits/counting.ts as it is`, () => {
      const text = readFileSync(path.join(ROOT, file), 'utf8');
      const table = /<!-- counting:start -->\n([\s\S]*?)\n<!-- counting:end -->/.exec(text)?.[1];
      expect(table, `${file} needs the table between <!-- counting:start --> and <!-- counting:end -->`).toBe(
        countingTableMarkdown(),
      );
    });
  }
});
