// What the pages inline or link besides their HTML: the stylesheet (minified) and our scripts for
// the browser (bundled and minified): the docs page's "Run" buttons and the index's search and
// filters. Built with esbuild from their sources, once per process; in compiled/ they were
// built once by scripts/compile.mjs (which calls buildBrowserAssets) and are constants there,
// so neither esbuild nor these source files are needed where the build runs from compiled/.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** Each asset's source, from the repository's root. */
const SOURCES = {
  stylesheet: 'scripts/lib/docs-page/page.css',
  'docs-script': 'scripts/lib/docs-page/page-script.ts',
  'index-script': 'scripts/lib/pages/index-script.ts',
} as const;
export type BrowserAsset = keyof typeof SOURCES;

/** Set by scripts/compile.mjs in compiled/ (esbuild's `define`); absent when running the sources. */
declare const LEXICON_BROWSER_ASSETS: Record<BrowserAsset, string> | undefined;

type Esbuild = typeof import('esbuild');

/** Every asset, built from the sources under `root` (the compile step calls this too). */
export function buildBrowserAssets(root: string, esbuild: Esbuild): Record<BrowserAsset, string> {
  const built = {} as Record<BrowserAsset, string>;
  for (const [name, source] of Object.entries(SOURCES) as [BrowserAsset, string][])
    built[name] = buildAsset(path.join(root, source), esbuild);
  return built;
}

function buildAsset(file: string, esbuild: Esbuild): string {
  if (file.endsWith('.css'))
    return esbuild.transformSync(readFileSync(file, 'utf8'), { loader: 'css', minify: true }).code;
  const output = esbuild.buildSync({
    entryPoints: [file],
    bundle: true,
    minify: true,
    format: 'iife',
    target: 'es2020',
    write: false,
    legalComments: 'none',
  });
  // Inside <script>, only "</script" could end the element early.
  const [bundle] = output.outputFiles;
  if (bundle === undefined) throw new Error(`esbuild wrote no bundle for ${file}`);
  return bundle.text.replace(/<\/(script)/gi, '<\\/$1');
}

let fromSources: Record<BrowserAsset, string> | undefined;

/** One asset, ready to inline; nothing is interpolated into it. */
export function browserAsset(name: BrowserAsset): string {
  if (typeof LEXICON_BROWSER_ASSETS !== 'undefined') return LEXICON_BROWSER_ASSETS[name];
  // Loaded only here: the compiled build never loads esbuild.
  fromSources ??= buildBrowserAssets(
    fileURLToPath(new URL('../../../', import.meta.url)),
    createRequire(import.meta.url)('esbuild') as Esbuild,
  );
  return fromSources[name];
}
