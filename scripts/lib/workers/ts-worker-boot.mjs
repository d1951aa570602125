// A worker thread's entry for a TypeScript module. Node 20 does not apply the loader hooks of
// the main thread (tsx's, registered by `node --import tsx`) to worker threads, so the worker
// registers tsx itself and then imports the module named in workerData.module.
import { workerData } from 'node:worker_threads';
import { tsImport } from 'tsx/esm/api';

await tsImport(workerData.module, import.meta.url);
