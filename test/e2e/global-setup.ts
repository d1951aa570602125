// The e2e project: the bundled corpus built into dist/ and served by netlify dev (offline).
import type { TestProject } from 'vitest/node';
import { startNetlifyDev } from '../helpers/netlify-dev.ts';
import { serveForE2E } from './serve-for-e2e.ts';

export default function setup(project: TestProject) {
  return serveForE2E(project, 'netlify-dev', (dist, env, onOutput) =>
    startNetlifyDev({ ...env, LEXICON_DIST: dist }, 90_000, onOutput),
  );
}
