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

export default async function setup(project: TestProject) {
  // npm installs while the corpus builds: the two overlap instead of adding up.
  const installing = makeProductionInstall(path.join(ROOT, '.tmp/prod-install'));
  // Awaited below, or in the catch when the build fails first: never an unhandled rejection.
  installing.catch(() => {});
  try {
    return await serveForE2E(project, 'self-hosted', async (dist, env, onOutput) => {
      const installDir = await installing;
      project.provide('installDir', installDir);
      return startSelfHosted(['--dist', dist], env, onOutput, { installDir });
    });
  } catch (error) {
    await installing.catch(() => {});
    throw error;
  }
}
