// The list index's gram collection alone (src/list/list-index/grams.ts), on a corpus's search
// names (the build's: names/term-search-names.ts), in rounds; each round gets new arrays of the
// same names (gramsOf re-uses the last encoding of the very same ones). A build encodes each
// locale once, so its cost is the first round's; the later ones are the code once V8 has
// optimised it.
//   npx tsx bench/probes/grams-alone.ts <corpus folder> [rounds=10]
// Prints a hash of the encoded grams (the same before and after a change that keeps the bytes).
import { createHash } from 'node:crypto';
import { LOCALES, type Locale } from '../../src/contract/facts.ts';
import { gramsOf } from '../../src/list/list-index/grams.ts';
import { loadCorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { searchNamesOf, termSearchNames } from '../../scripts/lib/names/term-search-names.ts';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';

const [corpus, roundsArg = '10'] = process.argv.slice(2);
if (!corpus) throw new Error('usage: grams-alone.ts <corpus folder> [rounds]');
const validation = validateCorpus(await loadCorpusFiles(corpus));
if (!validation.ok) throw new Error(`${corpus} does not validate`);
const records = deriveApiRecords(validation.corpus, 'https://lexicon.test');
const searchNames = termSearchNames(records);
const names = Object.fromEntries(
  LOCALES.map((l) => [l, records.locales[l].terms.map((t) => searchNamesOf(searchNames, l, t.slug))]),
) as Record<Locale, string[][]>;
console.log(LOCALES.map((l) => `${l}: ${names[l].length} items, ${names[l].flat().length} names`).join('; '));
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const times: number[] = [];
let digest = '';
for (let round = 0; round < Number(roundsArg); round++) {
  const hash = createHash('sha1');
  const start = cpuMs();
  for (const locale of LOCALES) {
    const grams = gramsOf(
      locale,
      names[locale].map((item) => [...item]),
    );
    hash.update(grams.gramKeys).update(grams.gramStarts).update(grams.postings);
  }
  times.push(cpuMs() - start);
  digest = hash.digest('hex');
}
const sorted = [...times].sort((a, b) => a - b);
console.log(
  `both locales: first round ${times[0]?.toFixed(0)} ms, median ${sorted[sorted.length >> 1]?.toFixed(0)} ms; grams ${digest}`,
);
