// CPU of each terminology dump writer and of the SQLite dump, first call (as in a cold build)
// and warm (median of the next runs), on a synthetic corpus:
// `npx tsx bench/probes/dump-cpu.ts 671 [runs]`, or `corpus` for the bundled corpus. Standalone:
// not part of `npm run bench`.
import path from 'node:path';
import { generateCorpus } from '../synthetic-corpus.ts';
import { loadCorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';
import { conceptsOf } from '../../scripts/lib/formats/concepts.ts';
import { skosGroups } from '../../scripts/lib/formats/skos.ts';
import { writeSkos } from '../../scripts/lib/formats/skos-dump.ts';
import { writeTbx } from '../../scripts/lib/formats/tbx.ts';
import { writeDefinedTermSet } from '../../scripts/lib/formats/schema-org.ts';
import { toSqlite } from '../../scripts/lib/formats/sqlite-dump.ts';

const n = process.argv[2] ?? '671';
const runs = Number(process.argv[3] ?? 5);
/** Only the cases whose name matches (a regular expression), e.g. `SKOS|TBX`. */
const only = new RegExp(process.argv[4] ?? '.');
async function corpus() {
  if (n !== 'corpus') return generateCorpus(Number(n), 7);
  const validation = validateCorpus(await loadCorpusFiles(path.resolve(import.meta.dirname, '../../corpus')));
  if (!validation.ok) throw new Error('the bundled corpus is invalid');
  return validation.corpus;
}
const records = deriveApiRecords(await corpus(), 'https://lexicon.example.org');
const concepts = conceptsOf(records);
const sink = () => ({
  write: async (_chunk: string | Uint8Array) => undefined,
  close: async () => ({ bytes: 0, sha256: '' }),
});
const cases: Record<string, () => Promise<unknown>> = {
  'SKOS Turtle and JSON-LD': () => writeSkos(skosGroups(records, 'v', concepts), sink() as never, sink() as never),
  TBX: () => writeTbx(records, concepts, sink() as never),
  'schema.org': () => writeDefinedTermSet(records, 'v', concepts, sink() as never),
  SQLite: async () => toSqlite(records, 'v'),
};
const cpuMs = async (fn: () => Promise<unknown>) => {
  const start = process.cpuUsage();
  await fn();
  const { user, system } = process.cpuUsage(start);
  return (user + system) / 1000;
};
const times: Record<string, number[]> = {};
for (let run = 0; run < runs; run++)
  for (const [name, fn] of Object.entries(cases)) if (only.test(name)) (times[name] ??= []).push(await cpuMs(fn));
for (const [name, [first = 0, ...rest]] of Object.entries(times)) {
  const warm = [...rest].sort((a, b) => a - b)[Math.floor(rest.length / 2)] ?? 0;
  console.log(`${n}\t${name}\tfirst ${first.toFixed(0)} ms\twarm ${warm.toFixed(0)} ms`);
}
