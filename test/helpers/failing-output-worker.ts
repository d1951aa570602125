// An output thread (publish/output-thread.ts) that writes one page into the staging folder and
// then fails, as a renderer throwing half-way would (output-thread.test.ts).
import { parentPort } from 'node:worker_threads';
import type { OutputJob } from '../../scripts/lib/publish/output-thread.ts';
import { StagingSink } from '../../scripts/lib/publish/staging-sink.ts';

parentPort?.once('message', async ({ staging }: OutputJob) => {
  const sink = new StagingSink(staging.staging, staging.target, staging.previousHashes);
  await sink.file('en/lexicon/half-written.html', '<p>half</p>');
  throw new Error('the term page of "sophia" cannot be rendered');
});
