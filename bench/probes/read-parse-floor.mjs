// The floor of a build (issue 27): a plain Node script that reads every corpus file, parses its
// YAML with the `yaml` package (term.yaml, posts, site.yaml whole; the front matter of each
// Markdown file) and writes one JSON file per term and locale synchronously, at the paths the
// build writes its term files to: no validation, no other output. Plain Node, no loader; run
// as a whole process (spawn to exit), like `npm run build`.
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parse } from 'yaml';

const [corpusDir, outDir] = process.argv.slice(2);
const started = performance.now();
const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

let files = 0;
const read = (file) => {
  files++;
  return readFileSync(file, 'utf8');
};
for (const name of readdirSync(corpusDir)) if (name.endsWith('.yaml')) parse(read(path.join(corpusDir, name)));
const postsDir = path.join(corpusDir, 'posts');
for (const name of readdirSync(postsDir)) parse(read(path.join(postsDir, name)));

const termsDir = path.join(corpusDir, 'terms');
const localeDirs = new Set();
let written = 0;
for (const slug of readdirSync(termsDir)) {
  const dir = path.join(termsDir, slug);
  const shared = parse(read(path.join(dir, 'term.yaml')));
  for (const name of readdirSync(dir)) {
    if (!name.endsWith('.md')) continue;
    const locale = name.slice(0, -3);
    const text = read(path.join(dir, name));
    const match = FRONT_MATTER.exec(text);
    const data = { ...shared, ...parse(match[1]), fullContent: text.slice(match[0].length) };
    const target = path.join(outDir, 'api', 'lexicon', locale);
    if (!localeDirs.has(target)) {
      mkdirSync(target, { recursive: true });
      localeDirs.add(target);
    }
    writeFileSync(path.join(target, `${slug}.json`), JSON.stringify({ data }));
    written++;
  }
}
console.log(
  JSON.stringify({
    ms: performance.now() - started,
    read: files,
    written,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
  }),
);
