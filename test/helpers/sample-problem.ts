// The problem body the real handler answers to ?limit=abc, to compare with what the docs show.
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { smallCorpusFiles } from './corpus-fixtures.ts';
import { emitInMemory, siteFrom } from './in-memory-site.ts';

export async function handlerSampleProblem(siteUrl: string): Promise<unknown> {
  const validation = validateCorpus(smallCorpusFiles());
  if (!validation.ok) throw new Error('the small fixture corpus must be valid');
  const site = siteFrom(await emitInMemory(validation.corpus, siteUrl));
  const body = JSON.parse(await (await site.handle('/api/lexicon/public?limit=abc')).text());
  return body;
}
