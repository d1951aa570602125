// What compiled/ holds as constants instead of reading it beside the code at run time (see
// scripts/compile.mjs): the pages' stylesheet and browser scripts, and the fingerprint of the
// corpus-checking code that keys the parse cache. Computed from the sources by the very
// functions that compute them when the build runs from the sources.
import type * as Esbuild from 'esbuild';
import { computeCodeFingerprint } from '../corpus/parse-cache.ts';
import { buildBrowserAssets } from '../pages/browser-assets.ts';

/** esbuild `define` entries: identifier -> JSON of its value. */
export function compileConstants(root: string, esbuild: typeof Esbuild): Record<string, string> {
  return {
    LEXICON_BROWSER_ASSETS: JSON.stringify(buildBrowserAssets(root, esbuild)),
    LEXICON_CODE_FINGERPRINT: JSON.stringify(computeCodeFingerprint(root)),
  };
}
