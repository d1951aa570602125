// The e2e-server project: the conformance suite, unchanged, against the self-hosted server as a
// self-hoster runs it: `npm start` of a production install (`npm ci --omit=dev`, compiled
// JavaScript, no development tools), serving a build of the bundled corpus.
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { makeProductionInstall } from '../helpers/production-install.ts';
import { startSelfHosted } from '../helpers/self-hosted.ts';
import { serveForE2E } from './serve-for-e2e.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The production install the self-hosted server runs from. */
    installDir: string;
  }
}

const ROOT = path.resolve(import.meta.dirname, '../..');

export default function setup(project: TestProject) {
  const installDir = makeProductionInstall(path.join(ROOT, '.tmp/prod-install'));
  project.provide('installDir', installDir);
  return serveForE2E(project, 'self-hosted', (dist, env, onOutput) =>
    startSelfHosted(['--dist', dist], env, onOutput, { installDir }),
  );
}
