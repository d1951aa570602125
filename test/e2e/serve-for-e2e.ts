// What both e2e projects do before their tests: build the bundled corpus, start one server
// with its output logged to a file, and hand the tests what they need to know.
import { createWriteStream, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { hashKey, newKey, publicGrants, type GrantRecord } from '../../src/limits/grants.ts';

/** Requests per hour per client on the e2e servers: small enough to reach a 429 quickly. */
export const E2E_RATE_LIMIT = 40;

/** The grant's limit: other than the anonymous one, so a test sees which applied. */
export const E2E_GRANT_PER_HOUR = 7;

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
    /** The built output folder the server serves (a temporary folder). */
    dist: string;
    /** A key granted E2E_GRANT_PER_HOUR requests per hour. */
    grantKey: string;
  }
}

interface Started {
  baseUrl: string;
  stop(): Promise<unknown>;
}

export async function serveForE2E(
  project: TestProject,
  kind: 'netlify-dev' | 'self-hosted',
  start: (dist: string, env: Record<string, string>, onOutput: (chunk: Buffer) => void) => Promise<Started>,
): Promise<() => Promise<void>> {
  // A temporary folder, never the repository's dist/: after `npm run build && npm test`, dist/
  // still advertises the limit it was built with.
  const dist = path.join(mkdtempSync(path.join(tmpdir(), `lexicon-e2e-${kind}-`)), 'dist');
  // One grant, as `npm run grant` writes it: netlify dev checks the build's copy, npm start the file.
  const grantKey = newKey();
  const grant: GrantRecord = {
    id: 'g_e2e000000001',
    keyHash: await hashKey(grantKey),
    perHour: E2E_GRANT_PER_HOUR,
    name: 'e2e',
    contact: 'e2e@example.org',
  };
  const grantsFile = path.join(path.dirname(dist), 'grants.json');
  writeFileSync(grantsFile, JSON.stringify({ grants: [grant] }));
  const result = await buildSite({
    corpusDir: process.env.LEXICON_E2E_CORPUS ?? path.join(ROOT, 'corpus'),
    outDir: dist,
    rateLimitPerHour: E2E_RATE_LIMIT,
    grants: publicGrants([grant]),
  });
  if (!result.ok) throw new Error(`the bundled corpus does not build:\n${result.messages.join('\n')}`);
  mkdirSync(path.join(ROOT, '.tmp'), { recursive: true });
  const serverLog = path.join(ROOT, `.tmp/e2e-${kind}.log`);
  const log = createWriteStream(serverLog);
  const server = await start(dist, { RATE_LIMIT_PER_HOUR: String(E2E_RATE_LIMIT), GRANTS_FILE: grantsFile }, (chunk) =>
    log.write(chunk),
  );
  project.provide('grantKey', grantKey);
  project.provide('baseUrl', server.baseUrl);
  project.provide('rateLimit', E2E_RATE_LIMIT);
  project.provide('slugs', [...result.slugs].sort());
  project.provide('server', kind);
  project.provide('serverLog', serverLog);
  project.provide('dist', dist);
  return async () => {
    await server.stop();
    log.end();
    rmSync(path.dirname(dist), { recursive: true, force: true });
  };
}
