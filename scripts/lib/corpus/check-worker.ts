// A check worker (parallel-checks.ts): runs the own checks of the files it is sent and answers
// with the cache entries of those that passed. Files with problems are left to validation,
// which checks them again in order, so messages never depend on which thread saw a file first.
import { parentPort } from 'node:worker_threads';
import { cleanOutcomes, type CheckRequest } from './file-checks.ts';

const port = parentPort;
if (port === null) throw new Error('check-worker.ts runs as a worker thread of parallel-checks.ts, not on its own');
port.on('message', (files: CheckRequest[]) => port.postMessage(cleanOutcomes(files)));
