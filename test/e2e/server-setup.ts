// The e2e-server project: the conformance suite, unchanged, against the self-hosted server
// (`npm start`) serving its own build.
import type { TestProject } from 'vitest/node';
import { startSelfHosted } from '../helpers/self-hosted.ts';
import { serveForE2E } from './serve-for-e2e.ts';

export default function setup(project: TestProject) {
  return serveForE2E(project, 'self-hosted', '.tmp/e2e-server-dist', (dist, env, onOutput) =>
    startSelfHosted(['--dist', dist], env, onOutput),
  );
}
