// The term pages alone (pages/term-page.ts), rendered in rounds from a corpus's records, with no
// file written: how much of their CPU is the code's warm-up (a build renders each page once, so
// its first round is the build's cost) and how much the rendering itself (the later rounds).
//   npx tsx bench/probes/pages-alone.ts <corpus folder> [rounds=3] [--warm-one]
// --warm-one renders one page per locale first: what is left of the first round's extra cost
// then is V8 tiering up, not compiling the functions. Prints a hash of the pages (the same
// before and after a change that keeps the bytes).
import { createHash } from 'node:crypto';
import { LOCALES } from '../../src/contract/facts.ts';
import { loadCorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { siteView } from '../../scripts/lib/pages/site-view.ts';
import { renderTermPage } from '../../scripts/lib/pages/term-page.ts';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';

const [corpus, roundsArg = '3', flag] = process.argv.slice(2);
if (!corpus) throw new Error('usage: pages-alone.ts <corpus folder> [rounds] [--warm-one]');
const validation = validateCorpus(await loadCorpusFiles(corpus));
if (!validation.ok) throw new Error(`${corpus} does not validate`);
const records = deriveApiRecords(validation.corpus, 'https://lexicon.test');
const view = siteView(records, validation.corpus.site);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
if (flag === '--warm-one') {
  const start = cpuMs();
  for (const locale of LOCALES) {
    const [term] = records.locales[locale].terms;
    if (term) renderTermPage(view, locale, term);
  }
  console.log(`one page per locale: ${(cpuMs() - start).toFixed(0)} ms`);
}
const times: number[] = [];
let digest = '';
for (let round = 0; round < Number(roundsArg); round++) {
  const hash = createHash('sha1');
  const start = cpuMs();
  for (const locale of LOCALES)
    for (const term of records.locales[locale].terms) hash.update(renderTermPage(view, locale, term));
  times.push(cpuMs() - start);
  digest = hash.digest('hex');
}
const pages = LOCALES.reduce((total, locale) => total + records.locales[locale].terms.length, 0);
console.log(
  `${pages} pages: first round ${times[0]?.toFixed(0)} ms, fastest ${Math.min(...times).toFixed(0)} ms; pages ${digest}`,
);
