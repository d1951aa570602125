// The order vitest starts test files in. With a few workers, a long file that starts last keeps
// the whole run waiting on one worker while the others idle. vitest starts the files of a
// fresh clone (no results cache, as in CI) largest first, project by project, and the longest
// ones are not the largest: this starts the files that took longest in CI first, then the rest
// in vitest's own order. The list only orders; a file missing from it, or a name that no longer
// exists, runs all the same.
import path from 'node:path';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

function relative(spec: TestSpecification): string {
  return path.relative(spec.project.config.root, spec.moduleId).split(path.sep).join('/');
}

/** Longest first, from the CI runs' per-file durations (the README's Tests section says how to measure). */
const SLOWEST_FILES = [
  'test/pages/site-served.test.ts',
  'test/e2e/conformance.test.ts',
  'test/build/csv-readers.test.ts',
  'test/e2e/production.test.ts',
  'test/runtime/data-switch.test.ts',
  'test/runtime/netlify-dev-side-by-side.test.ts',
  'test/build/publish.test.ts',
  'test/e2e/docs-page.test.ts',
  'test/runtime/grant-cli.test.ts',
  'test/runtime/edit-loop-swap.test.ts',
  'test/runtime/fuzz.test.ts',
  'test/build/build-site.test.ts',
  'test/unit/rate-limit.test.ts',
  'test/build/terminology-dumps.test.ts',
  'test/build/synthetic-corpus.test.ts',
  'test/build/edit-loop-property.test.ts',
];

export default class SlowestFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const inVitestOrder = await super.sort(files);
    const rank = (spec: TestSpecification) => {
      const index = SLOWEST_FILES.indexOf(relative(spec));
      return index === -1 ? SLOWEST_FILES.length : index;
    };
    // toSorted is stable: files of equal rank keep vitest's order.
    return inVitestOrder.toSorted((a, b) => rank(a) - rank(b));
  }
}
