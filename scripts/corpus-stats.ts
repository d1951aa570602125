// `npm run corpus:stats`: counts and editorial warnings for the corpus. Hard errors are the
// build's business; these never fail (exit 1 only if the corpus or style.yaml does not validate).
import { Command } from 'commander';
import { computeCorpusStats } from './lib/corpus/corpus-stats.ts';
import { formatCorpusStats } from './lib/corpus/corpus-stats-report.ts';
import { loadCorpusFiles, loadStyleVariants } from './lib/corpus/load-corpus.ts';
import { formatProblem, validateCorpus } from './lib/corpus/validate-corpus.ts';

const options = new Command()
  .name('corpus:stats')
  .description('Print corpus counts and editorial warnings.')
  .option('--corpus <dir>', 'corpus folder', 'corpus')
  .option('--json', 'print the statistics as JSON')
  .parse()
  .opts<{ corpus: string; json?: boolean }>();

const files = await loadCorpusFiles(options.corpus);
const validation = validateCorpus(files);
const style = await loadStyleVariants(options.corpus);
if (!validation.ok) {
  process.stderr.write(`The corpus does not validate (run npm run build for details):\n`);
  for (const problem of validation.problems) process.stderr.write(`  ${formatProblem(problem)}\n`);
  process.exitCode = 1;
} else if (!style.ok) {
  process.stderr.write(`The style sheet's variants cannot be read:\n`);
  for (const problem of style.problems) process.stderr.write(`  ${formatProblem(problem)}\n`);
  process.exitCode = 1;
} else {
  const sources = new Map(files.files.map((file) => [file.path, file.text]));
  const stats = computeCorpusStats(validation.corpus, style.variants, sources);
  process.stdout.write(options.json ? `${JSON.stringify(stats, null, 2)}\n` : `${formatCorpusStats(stats)}\n`);
}
