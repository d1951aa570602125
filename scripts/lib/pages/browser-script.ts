// A script of ours for the browser, bundled and minified once per process, ready to be inlined
// in a page: the docs page's "Run" buttons and the index's search and filters.
import { fileURLToPath } from 'node:url';
import { buildSync } from 'esbuild';
import { siblingModule } from '../workers/worker-entry.ts';

const bundled = new Map<string, string>();

/** The module `name` beside `base` (an import.meta.url) as one inline script; nothing is interpolated into it. */
export function inlineBrowserScript(name: string, base: string): string {
  const entry = fileURLToPath(siblingModule(name, base));
  let script = bundled.get(entry);
  if (script === undefined) {
    const output = buildSync({
      entryPoints: [entry],
      bundle: true,
      minify: true,
      format: 'iife',
      target: 'es2020',
      write: false,
      legalComments: 'none',
    });
    // Inside <script>, only "</script" could end the element early.
    script = output.outputFiles[0]!.text.replace(/<\/(script)/gi, '<\\/$1');
    bundled.set(entry, script);
  }
  return script;
}
