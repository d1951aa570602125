// What both e2e projects do before their tests: build the bundled corpus, start one server
// with its output logged to a file, and hand the tests what they need to know.
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../scripts/lib/build-site.ts';

/** Requests per hour per client on the e2e servers: small enough to reach a 429 quickly. */
export const E2E_RATE_LIMIT = 40;

const ROOT = path.resolve(import.meta.dirname, '../..');

declare module 'vitest' {
  export interface ProvidedContext {
    baseUrl: string;
    rateLimit: number;
    slugs: string[];
    /** Which server answers: netlify dev (CDN + function) or npm start (one process). */
    server: 'netlify-dev' | 'self-hosted';
    /** A file with the server's output so far. */
    serverLog: string;
    /** The built output folder the server serves. */
    dist: string;
  }
}

interface Started {
  baseUrl: string;
  stop(): Promise<unknown>;
}

export async function serveForE2E(
  project: TestProject,
  kind: 'netlify-dev' | 'self-hosted',
  distFromRoot: string,
  start: (dist: string, env: Record<string, string>, onOutput: (chunk: Buffer) => void) => Promise<Started>,
): Promise<() => Promise<void>> {
  const dist = path.join(ROOT, distFromRoot);
  const result = await buildSite({
    corpusDir: process.env.LEXICON_E2E_CORPUS ?? path.join(ROOT, 'corpus'),
    outDir: dist,
    rateLimitPerHour: E2E_RATE_LIMIT,
  });
  if (!result.ok) throw new Error(`the bundled corpus does not build:\n${result.messages.join('\n')}`);
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const serverLog = path.join(ROOT, `.tmp/e2e-${kind}.log`);
  const log = createWriteStream(serverLog);
  const server = await start(dist, { RATE_LIMIT_PER_HOUR: String(E2E_RATE_LIMIT) }, (chunk) => log.write(chunk));
  project.provide('baseUrl', server.baseUrl);
  project.provide('rateLimit', E2E_RATE_LIMIT);
  project.provide('slugs', [...result.slugs].sort());
  project.provide('server', kind);
  project.provide('serverLog', serverLog);
  project.provide('dist', dist);
  return async () => {
    await server.stop();
    log.end();
  };
}
