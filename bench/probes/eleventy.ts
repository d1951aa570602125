// Eleventy 3 (peer) writing the same term files: the records as global data, one JavaScript
// template paginated one record per page, its permalink the build's path, its output the
// serialized record. Timed from `new Eleventy` to the end of write(); the import is not.
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import Eleventy from '@11ty/eleventy';
import { assertSameFiles, readTermFiles } from './term-inputs.ts';

const [builtDir, outDir, inputDir] = process.argv.slice(2) as [string, string, string];
const files = readTermFiles(builtDir);
mkdirSync(inputDir, { recursive: true });
writeFileSync(
  path.join(inputDir, 'term.11ty.js'),
  `export const data = {
  pagination: { data: 'termFiles', size: 1, alias: 'termFile' },
  permalink: (data) => data.termFile.file,
  eleventyExcludeFromCollections: true,
};
export function render(data) { return JSON.stringify(data.termFile.value); }
`,
);

const started = performance.now();
const eleventy = new Eleventy(inputDir, outDir, {
  quietMode: true,
  config: (config) => config.addGlobalData('termFiles', files),
});
await eleventy.write();
const ms = performance.now() - started;
assertSameFiles(builtDir, outDir, files);
console.log(JSON.stringify({ ms, files: files.length }));
