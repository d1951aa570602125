// A check worker (parallel-checks.ts): runs the own checks of the files it is sent and answers
// with the cache entries of those that passed. Files with problems are left to validation,
// which checks them again in order, so messages never depend on which thread saw a file first.
// Asked afterwards, it works out the editorial findings of the terms it is sent, without lines
// (editorial-outcomes.ts: it has no texts; the main thread adds the lines of the few with any).
// While the corpus is read it is sent chunks of files, each of which it checks unless the main
// thread took it first (streamed-checks.ts). Between the two it may be told to compile the
// editorial patterns, while the main thread validates the corpus.
import { parentPort } from 'node:worker_threads';
import { compileAnonymousViewPatterns } from './anonymous-views.ts';
import { linelessFindings } from './editorial-outcomes.ts';
import type { CheckMessage } from './parallel-checks.ts';
import { takeChunk } from './streamed-checks.ts';

const port = parentPort;
if (port === null) throw new Error('check-worker.ts runs as a worker thread of parallel-checks.ts, not on its own');
port.on('message', (message: CheckMessage) => {
  // Not answered: nothing waits for it (parallel-checks.ts warmUpEditorial).
  if ('warmUp' in message) return compileAnonymousViewPatterns();
  if ('claim' in message) {
    // A chunk the main thread took back is not answered: it waits only for the chunks taken here.
    const outcomes = takeChunk(message);
    return outcomes && port.postMessage(outcomes);
  }
  port.postMessage(linelessFindings(message.editorial, message.headings));
});
