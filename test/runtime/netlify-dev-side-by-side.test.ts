// Two `npm run dev` (netlify dev) servers started from this checkout run side by side, as the e2e
// project's server and the edit-loop test's do when vitest runs their files together: one that
// starts must not rebundle the function under the other (it did, in the checkout's shared
// `.netlify/` folder, and the running server answered 500 while that happened).
import path from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { httpRequest } from '../helpers/http-client.ts';
import { type DevServer, startNetlifyDev } from '../helpers/netlify-dev.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const env = (dist: string) => ({ LEXICON_DIST: dist, RATE_LIMIT_PER_HOUR: '0' });

let dist: string;
let first: DevServer;

beforeAll(async () => {
  dist = path.join(tempDir(), 'dist');
  const built = await buildSite({ corpusDir: SMALL_CORPUS, outDir: dist, rateLimitPerHour: 0 });
  if (!built.ok) throw new Error(built.messages.join('\n'));
  first = await startNetlifyDev(env(dist), 120_000);
}, 150_000);
afterAll(() => first?.stop());

it('a netlify dev keeps answering its function while a second one starts and stops', async () => {
  // The list is the function's answer (a term file is the CDN's), so it needs the bundled function.
  const listUrl = `${first.baseUrl}/api/lexicon/public?q=sophia`;
  const statuses = new Map<number, number>();
  let polling = true;
  const poll = (async () => {
    while (polling) {
      const { status } = await httpRequest(listUrl);
      statuses.set(status, (statuses.get(status) ?? 0) + 1);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  try {
    const second = await startNetlifyDev(env(dist), 120_000);
    expect(second.projectRoot).not.toBe(first.projectRoot);
    expect((await httpRequest(`${second.baseUrl}/api/lexicon/public?q=sophia`)).status).toBe(200);
    await second.stop();
  } finally {
    polling = false;
    await poll;
  }
  expect(first.projectRoot).not.toBe(ROOT);
  expect(Object.fromEntries(statuses)).toEqual({ 200: expect.any(Number) });
}, 150_000);
