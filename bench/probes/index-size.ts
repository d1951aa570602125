// What widening search (issue 14: both names, the original form, aliases, romanizations) costs
// the list index: the built index against the same index re-encoded with each term's served
// name alone (search as it was), in bytes and in decode time. Prints one JSON line.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCALES } from '../../src/contract/facts.ts';
import { foldForSearch } from '../../src/list/fold.ts';
import { perVocabulary } from '../../src/contract/vocabularies.ts';
import { decodeListIndex } from '../../src/list/list-index/decode.ts';
import { encodeListIndex } from '../../src/list/list-index/encode.ts';
import { listIndexPath } from '../../src/contract/output-layout.ts';

const [distDir] = process.argv.slice(2) as [string];
const decoder = new TextDecoder();
let wideBytes = 0;
let narrowBytes = 0;
const wide: Uint8Array[] = [];
const narrow: Uint8Array[] = [];
for (const locale of LOCALES) {
  const bytes = new Uint8Array(readFileSync(path.join(distDir, listIndexPath(locale))));
  const index = decodeListIndex(bytes);
  const entries = Array.from({ length: index.count }, (_, i) => {
    const json = decoder.decode(index.items.subarray(index.itemStarts[i], index.itemStarts[i + 1]! - 1));
    const item = JSON.parse(json) as { term: string; slug: string };
    const values = perVocabulary((name) => index.vocabularies[name][index.codes[name][i]!]!);
    return { json, values, slug: item.slug, searchNames: [foldForSearch(item.term, locale)] };
  });
  const { dataVersion, attributionJson, docsUrl } = index;
  const names = encodeListIndex({
    locale,
    dataVersion,
    vocabularies: index.vocabularies,
    attributionJson,
    docsUrl,
    entries,
  });
  wide.push(bytes);
  narrow.push(names);
  wideBytes += bytes.byteLength;
  narrowBytes += names.byteLength;
}
// Decoding includes the names and the gram postings, which load on first use: one query each.
const decodeMs = (indexes: Uint8Array[]) => {
  const started = performance.now();
  for (const bytes of indexes) {
    const index = decodeListIndex(bytes);
    if (index.namesOf(0).length === 0 || !index.postings('abc')) throw new Error('empty index');
  }
  return performance.now() - started;
};
const times = { wide: [] as number[], narrow: [] as number[] };
for (let i = 0; i < 5; i++) {
  times.narrow.push(decodeMs(narrow));
  times.wide.push(decodeMs(wide));
}
const median = (xs: number[]) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
console.log(JSON.stringify({ wideBytes, narrowBytes, wideMs: median(times.wide), narrowMs: median(times.narrow) }));
