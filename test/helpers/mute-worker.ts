// A worker that takes every message and never answers, nor ends (sqlite-thread.test.ts).
import { parentPort } from 'node:worker_threads';

parentPort?.on('message', () => undefined);
