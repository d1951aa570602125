// Time of each dump writer on a synthetic corpus, against a floor measured in the same run
// (JSON.stringify of every record of both locales), medians of 3: `npx tsx bench/probes/dump-formats.ts 5000`.
// Standalone: not part of `npm run bench`.
import { generateCorpus } from '../synthetic-corpus.ts';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';
import { conceptsOf } from '../../scripts/lib/formats/concepts.ts';
import { skosGroups } from '../../scripts/lib/formats/skos.ts';
import { writeSkos } from '../../scripts/lib/formats/skos-dump.ts';
import { writeTbx } from '../../scripts/lib/formats/tbx.ts';
import { writeDefinedTermSet } from '../../scripts/lib/formats/schema-org.ts';
import { toSqlite } from '../../scripts/lib/formats/sqlite-dump.ts';
import { emitSite } from '../../scripts/lib/publish/emit.ts';
import { MemorySink } from '../../scripts/lib/publish/write-output.ts';
import { LOCALES } from '../../src/contract/facts.ts';
const n = Number(process.argv[2] ?? 5000);
const corpus = generateCorpus(n, 7);
const records = deriveApiRecords(corpus, 'https://lexicon.example.org');
const concepts = conceptsOf(records);
const mem = () => {
  let bytes = 0;
  return {
    get bytes() {
      return bytes;
    },
    write: async (c: string) => void (bytes += c.length),
    close: async () => ({ bytes, sha256: '' }),
  };
};
const cases: Record<string, () => Promise<unknown>> = {
  'floor: JSON.stringify every record (both locales)': async () => {
    const f = mem();
    for (const l of LOCALES) for (const t of records.locales[l].terms) await f.write(JSON.stringify(t));
  },
  'SKOS Turtle (n3) and JSON-LD': () => writeSkos(skosGroups(records, 'v', concepts), mem() as never, mem() as never),
  'TBX (xmlbuilder)': () => writeTbx(records, concepts, mem() as never),
  'schema.org JSON-LD': () => writeDefinedTermSet(records, 'v', concepts, mem() as never),
  'SQLite (with FTS4)': async () => toSqlite(records, 'v'),
  'whole emit (in memory)': () =>
    emitSite(
      records,
      { source: 's', dataVersion: 'f'.repeat(16), builtAt: new Date(0), rateLimitPerHour: 100 },
      new MemorySink(),
    ),
};
const results: Record<string, number[]> = {};
for (let run = 0; run < 3; run++)
  for (const [name, fn] of Object.entries(cases)) {
    const t = performance.now();
    await fn();
    (results[name] ??= []).push(performance.now() - t);
  }
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
const floor = median(results['floor: JSON.stringify every record (both locales)']!);
for (const [name, xs] of Object.entries(results))
  console.log(`${n}\t${name}\t${median(xs).toFixed(0)} ms\t${(median(xs) / floor).toFixed(2)}x floor`);
