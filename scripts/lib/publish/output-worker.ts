// The build's output thread (output-thread.ts starts it): writes the concept files, the SKOS
// dump and the site pages of one build into its staging folder, with a sink of its own; it tells
// the SKOS files' sizes and hashes as soon as they are written (the main thread's manifest waits
// for them), then answers with what it wrote. A failure is answered with its message (the build then fails and publishes nothing).
import { parentPort } from 'node:worker_threads';
import { emitPages } from '../pages/site-pages.ts';
import { writeConceptsAndSkos } from '../formats/concept-rdf.ts';
import type { OutputAnswer, OutputJob } from './output-thread.ts';
import { StagingSink } from './staging-sink.ts';

const port = parentPort;
if (port === null) throw new Error('output-worker.ts runs as the worker thread of output-thread.ts, not on its own');
const answer = (message: OutputAnswer) => port.postMessage(message);

port.once('message', async ({ staging, records, dataVersion, pages }: OutputJob) => {
  try {
    const sink = new StagingSink(staging.staging, staging.target, staging.previousHashes);
    answer({ skos: await writeConceptsAndSkos(records, dataVersion, sink) });
    const count = pages ? await emitPages(records, pages, sink) : 0;
    answer({ written: sink.written(), pages: count });
  } catch (error) {
    answer({ failed: error instanceof Error ? error.message : String(error) });
  }
  port.close();
});
