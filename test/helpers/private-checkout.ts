// A project folder of its own for one `netlify dev`. netlify-cli keeps its state in the project's
// `.netlify/` folder (it bundles the functions into `.netlify/functions-serve/` when it starts and
// serves them from there: netlify-cli's zisi builder and functions registry resolve that folder
// against the project root, the folder of netlify.toml). Two netlify devs started from one
// checkout therefore share it, and one that starts rebundles the function under the other, which
// then answers 500. Here each gets a copy of what netlify dev and scripts/dev.ts read: the sources
// are hard-linked (no bytes copied), node_modules is a link to the checkout's.
import { copyFileSync, linkSync, mkdirSync, mkdtempSync, readdirSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

/** What `npm run dev` reads from the checkout: its script, the function's sources, the configuration. */
const PROJECT_FOLDERS = ['functions', 'src', 'runtime', 'scripts'];
const PROJECT_FILES = ['netlify.toml', 'package.json', 'tsconfig.json'];

export interface PrivateCheckout {
  root: string;
  remove(): void;
}

/** A hard link where the file system allows one, else a copy (another device). */
function linkOrCopy(from: string, to: string): void {
  try {
    linkSync(from, to);
  } catch {
    copyFileSync(from, to);
  }
}

function linkTree(from: string, to: string): void {
  mkdirSync(to, { recursive: true });
  for (const entry of readdirSync(from, { withFileTypes: true })) {
    const source = path.join(from, entry.name);
    if (entry.isDirectory()) linkTree(source, path.join(to, entry.name));
    else if (entry.isFile()) linkOrCopy(source, path.join(to, entry.name));
  }
}

/** A temporary project folder with the checkout's sources, for one netlify dev's own `.netlify/`. */
export function privateCheckout(root = ROOT): PrivateCheckout {
  const dir = mkdtempSync(path.join(tmpdir(), 'lexicon-checkout-'));
  for (const folder of PROJECT_FOLDERS) linkTree(path.join(root, folder), path.join(dir, folder));
  for (const file of PROJECT_FILES) linkOrCopy(path.join(root, file), path.join(dir, file));
  symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  // rmSync removes the node_modules link itself, never what it points to.
  return { root: dir, remove: () => rmSync(dir, { recursive: true, force: true }) };
}
