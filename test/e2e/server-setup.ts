// Builds the bundled corpus into its own folder and starts the self-hosted server (`npm start`)
// for the e2e-server project: the conformance suite runs against it unchanged.
import { createWriteStream, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../scripts/lib/build-site.ts';
import { startSelfHosted } from '../helpers/self-hosted.ts';
import { E2E_RATE_LIMIT } from './global-setup.ts';

export default async function setup(project: TestProject) {
  const root = path.resolve(import.meta.dirname, '../..');
  const dist = path.join(root, '.tmp/e2e-server-dist');
  const result = await buildSite({
    corpusDir: process.env.LEXICON_E2E_CORPUS ?? path.join(root, 'corpus'),
    outDir: dist,
    rateLimitPerHour: E2E_RATE_LIMIT,
  });
  if (!result.ok) throw new Error(`the bundled corpus does not build:\n${result.messages.join('\n')}`);
  mkdirSync(path.join(root, '.tmp'), { recursive: true });
  const serverLog = path.join(root, '.tmp/e2e-self-hosted.log');
  const log = createWriteStream(serverLog);
  const server = await startSelfHosted(['--dist', dist], { RATE_LIMIT_PER_HOUR: String(E2E_RATE_LIMIT) }, (chunk) =>
    log.write(chunk),
  );
  project.provide('baseUrl', server.baseUrl);
  project.provide('rateLimit', E2E_RATE_LIMIT);
  project.provide('slugs', result.corpus.terms.map((t) => t.slug).sort());
  project.provide('server', 'self-hosted');
  project.provide('serverLog', serverLog);
  project.provide('dist', dist);
  return async () => {
    await server.stop();
    log.end();
  };
}
