// npm start's side of the limits: a Redis URL that cannot name a server is a start-up error, and
// grants from a grants file (no Redis) are honoured and revoked while the server runs.
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { httpRequest } from '../helpers/http-client.ts';
import { runGrant } from '../helpers/grant-cli.ts';
import { startSelfHosted, type SelfHosted } from '../helpers/self-hosted.ts';
import { tempDir } from '../helpers/temp-dir.ts';

let dist: string;
beforeAll(async () => {
  dist = path.join(tempDir(), 'dist');
  expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: dist })).ok).toBe(true);
});

describe('npm start --redis-url', () => {
  it('refuses to start with a URL that names no Redis server, without repeating the URL', async () => {
    for (const [url, message] of [
      ['localhost:6379', 'the Redis URL has the scheme "localhost:"'],
      ['http://127.0.0.1:6379', 'the Redis URL has the scheme "http:"'],
      ['not a url', 'the Redis URL is not a URL'],
      ['redis://:s3cret@127.0.0.1:6379/x', "the Redis URL's path must be a database number"],
    ] as const) {
      const started = startSelfHosted(['--dist', dist, '--redis-url', url], {});
      const error = await started.then(
        () => undefined,
        (e: Error) => e.message,
      );
      expect(error, url).toContain(`Cannot start: ${message}`);
      expect(error).not.toContain('s3cret');
      expect(error).not.toContain('counters in Redis');
    }
  });
});

describe('npm start with a grants file', () => {
  let server: SelfHosted;
  let file: string;
  afterAll(() => server?.stop());

  it('serves a granted key its own limit, and refuses it within the refresh interval once revoked', async () => {
    file = path.join(tempDir(), 'grants.json');
    const key = runGrant(['--file', file, 'add', '--name', 'P', '--contact', 'p@example.org', '--per-hour', '3']);
    server = await startSelfHosted(['--dist', dist, '--grants-file', file], {
      RATE_LIMIT_PER_HOUR: '2',
      GRANTS_REFRESH_SECONDS: '1',
    });
    expect(server.output()).toContain(`grants from ${file}`);
    const get = (localAddress: string) =>
      httpRequest(`${server.baseUrl}/api/lexicon/public?limit=1`, {
        localAddress,
        headers: { Authorization: `Bearer ${key}` },
      });
    const seen = [];
    for (let i = 0; i < 4; i++) seen.push(await get(`127.0.0.${50 + i}`));
    expect(seen.map((r) => [r.status, r.headers['x-ratelimit-limit'], r.headers['x-ratelimit-remaining']])).toEqual([
      [200, '3', '2'],
      [200, '3', '1'],
      [200, '3', '0'],
      [429, '3', '0'],
    ]);
    const id = runGrant(['--file', file, 'list']).split('\t')[0]!;
    runGrant(['--file', file, 'revoke', id]);
    const deadline = Date.now() + 5_000;
    let status = 0;
    while (Date.now() < deadline && status !== 401) {
      status = (await get('127.0.0.60')).status;
      if (status !== 401) await new Promise((resolve) => setTimeout(resolve, 200));
    }
    expect(status).toBe(401);
    expect(server.output()).not.toContain(key);
  });
});
