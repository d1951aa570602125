// Builds of the small fixture corpus, as the thread tests run them: a fixed build time, no check
// threads, and the options under test on by default.
import { buildSite, type BuildOptions } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from './corpus-fixtures.ts';

const BUILT_AT = new Date('2026-01-01T00:00:00Z');

/** `build` resolves to the result (a failed one too); `built` throws a failed build's messages. */
export function fixtureBuilds(defaults: Partial<BuildOptions>) {
  const build = (outDir: string, options: Partial<BuildOptions> = {}) =>
    buildSite({ corpusDir: SMALL_CORPUS, outDir, builtAt: BUILT_AT, parallelChecks: false, ...defaults, ...options });
  const built = async (outDir: string, options: Partial<BuildOptions> = {}) => {
    const result = await build(outDir, options);
    if (!result.ok) throw new Error(result.messages.join('\n'));
    return result;
  };
  return { build, built };
}
