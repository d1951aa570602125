// The OpenAPI document through Redocly's linter with its recommended rules: no errors, no
// warnings. Runs the real CLI (a dev dependency), offline.
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const REDOCLY = path.resolve(import.meta.dirname, '../../node_modules/.bin/redocly');

describe('the OpenAPI document', () => {
  let out: string;
  beforeAll(async () => {
    out = path.join(tempDir(), 'dist');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: out })).ok).toBe(true);
  });

  it('passes `redocly lint` with the recommended rules, without a warning', async () => {
    const run = promisify(execFile);
    const result = await run(
      REDOCLY,
      ['lint', path.join(out, 'api/lexicon/openapi.json'), '--extends=recommended', '--format=json'],
      {
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true', NO_COLOR: '1' },
      },
    ).catch((error: { stdout: string; stderr: string }) => error);
    const report = JSON.parse(result.stdout) as {
      totals: { errors: number; warnings: number };
      problems: { message: string }[];
    };
    expect(report.problems.map((p) => p.message)).toEqual([]);
    expect(report.totals).toMatchObject({ errors: 0, warnings: 0 });
  }, 60_000);
});
