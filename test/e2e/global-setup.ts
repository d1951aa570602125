// Builds dist/ from the bundled corpus and starts netlify dev once for the e2e project. Its
// output goes to a file too, so tests can count the function's invocations.
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../scripts/lib/build-site.ts';
import { startNetlifyDev } from '../helpers/netlify-dev.ts';

/** Requests per hour per client on the e2e server: small enough to reach a 429 quickly. */
export const E2E_RATE_LIMIT = 40;

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

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  const dist = path.join(root, 'dist');
  const result = await buildSite({
    corpusDir: process.env.LEXICON_E2E_CORPUS ?? path.join(root, 'corpus'),
    outDir: dist,
    rateLimitPerHour: E2E_RATE_LIMIT,
  });
  if (!result.ok) throw new Error(`the bundled corpus does not build:\n${result.messages.join('\n')}`);
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const serverLog = path.join(root, '.tmp/e2e-netlify-dev.log');
  const log = createWriteStream(serverLog);
  const server = await startNetlifyDev({ RATE_LIMIT_PER_HOUR: String(E2E_RATE_LIMIT) }, 90_000, (chunk) =>
    log.write(chunk),
  );
  project.provide('baseUrl', server.baseUrl);
  project.provide('rateLimit', E2E_RATE_LIMIT);
  project.provide('slugs', result.corpus.terms.map((t) => t.slug).sort());
  project.provide('server', 'netlify-dev');
  project.provide('serverLog', serverLog);
  project.provide('dist', dist);
  return async () => {
    await server.stop();
    log.end();
  };
}
