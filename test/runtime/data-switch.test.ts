// Issue 22, finding 3: serving while the data changes gave 500s (a removed term's URL, a lookup
// cached at the swap instant), a list that did not know an added term, and /healthz with the
// old version. Here npm start serves while `npm run build` rebuilds three times (a term added,
// changed, removed) and one client polls the list, single terms, a redirect and /healthz: no
// 5xx, and every response belongs to one build's data, never an older one than a response before.
import { spawn } from 'node:child_process';
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { httpRequest } from '../helpers/http-client.ts';
import { startSelfHosted, type SelfHosted } from '../helpers/self-hosted.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const SITE = 'https://lexicon.test';
const PROBES = [
  '/api/lexicon/public?limit=500',
  '/api/lexicon/public/umbra',
  '/api/lexicon/public/shadow',
  '/api/lexicon/public/shadow?locale=bg',
  '/api/lexicon/public/umbra?locale=BG',
  '/healthz',
];

/** The four corpora: the small one; a term added; it and another changed; it removed. */
function corpora(base: string): string[] {
  const dirs = [1, 2, 3, 4].map((n) => path.join(base, `corpus-${n}`));
  const edit = (dir: string, file: string, from: string, to: string) => {
    const at = path.join(dir, file);
    writeFileSync(at, readFileSync(at, 'utf8').replaceAll(from, to));
  };
  cpSync(SMALL_CORPUS, dirs[0]!, { recursive: true });
  cpSync(dirs[0]!, dirs[1]!, { recursive: true });
  cpSync(path.join(dirs[1]!, 'terms/shadow'), path.join(dirs[1]!, 'terms/umbra'), { recursive: true });
  edit(dirs[1]!, 'terms/umbra/term.yaml', 'slug: shadow', 'slug: umbra');
  edit(dirs[1]!, 'terms/umbra/en.md', 'term: Shadow', 'term: Umbra');
  edit(dirs[1]!, 'terms/umbra/bg.md', 'term: Сянка', 'term: Умбра');
  cpSync(dirs[1]!, dirs[2]!, { recursive: true });
  edit(dirs[2]!, 'terms/umbra/en.md', 'It exists for the golden build.', 'It was changed.');
  edit(dirs[2]!, 'terms/shadow/en.md', 'It exists for the golden build.', 'It was changed too.');
  cpSync(dirs[2]!, dirs[3]!, { recursive: true });
  rmSync(path.join(dirs[3]!, 'terms/umbra'), { recursive: true });
  return dirs;
}

interface Version {
  dataVersion: string;
  /** What each probe answers under this version: the status, and the body where it decides. */
  answers: Map<string, { status: number; body?: string }>;
}

function runBuild(corpus: string, out: string): Promise<number | null> {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'scripts/build.ts',
      '--corpus',
      corpus,
      '--out',
      out,
      '--site-url',
      SITE,
      '--no-cache',
      '--quiet',
    ],
    { cwd: ROOT, stdio: 'ignore', env: { ...process.env, RATE_LIMIT_PER_HOUR: '0' } },
  );
  return new Promise((resolve) => child.on('exit', resolve));
}

describe('npm start while the data is rebuilt', () => {
  let versions: Version[];
  let dirs: string[];
  let live: string;
  let server: SelfHosted;

  beforeAll(async () => {
    const base = tempDir();
    dirs = corpora(base);
    versions = [];
    for (const [i, corpus] of dirs.entries()) {
      const out = path.join(base, `expected-${i}`);
      const built = await buildSite({ corpusDir: corpus, outDir: out, siteUrl: SITE, rateLimitPerHour: 0 });
      if (!built.ok) throw new Error(built.messages.join('\n'));
      const file = (p: string) => readFileSync(path.join(out, p), 'utf8');
      const has = built.slugs.includes('umbra');
      versions.push({
        dataVersion: built.dataVersion,
        answers: new Map([
          [
            '/api/lexicon/public/umbra',
            has ? { status: 200, body: file('api/lexicon/en/umbra.json') } : { status: 404 },
          ],
          ['/api/lexicon/public/shadow', { status: 200, body: file('api/lexicon/en/shadow.json') }],
          ['/api/lexicon/public/shadow?locale=bg', { status: 200, body: file('api/lexicon/bg/shadow.json') }],
          ['/api/lexicon/public/umbra?locale=BG', { status: has ? 308 : 404 }],
        ]),
      });
    }
    expect(new Set(versions.map((v) => v.dataVersion)).size).toBe(4);
    live = path.join(base, 'live', 'dist');
    expect(await runBuild(dirs[0]!, live)).toBe(0);
    server = await startSelfHosted(['--dist', live], { RATE_LIMIT_PER_HOUR: '0' });
  }, 120_000);
  afterAll(() => server?.stop());

  /** The versions a response is consistent with. */
  function consistentWith(probe: string, status: number, body: string, etag: string | undefined): number[] {
    return versions.flatMap((version, k) => {
      if (probe === '/healthz') return JSON.parse(body).dataVersion === version.dataVersion ? [k] : [];
      if (probe.startsWith('/api/lexicon/public?')) return etag?.startsWith(`"${version.dataVersion}-`) ? [k] : [];
      const want = version.answers.get(probe)!;
      return want.status === status && (want.body === undefined || want.body === body) ? [k] : [];
    });
  }

  it('answers every request from one complete build, never an older one, and no 5xx', async () => {
    const seen: { probe: string; status: number; versions: number[] }[] = [];
    let polling = true;
    const poll = (async () => {
      while (polling) {
        for (const probe of PROBES) {
          const response = await httpRequest(`${server.baseUrl}${probe}`);
          const etag = response.headers.etag as string | undefined;
          seen.push({
            probe,
            status: response.status,
            versions: consistentWith(probe, response.status, response.body, etag),
          });
        }
      }
    })();
    for (const corpus of dirs.slice(1)) expect(await runBuild(corpus, live)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 300));
    polling = false;
    await poll;

    expect(seen.filter((s) => s.status >= 500)).toEqual([]);
    expect(seen.filter((s) => s.versions.length === 0)).toEqual([]);
    // Monotonic: each response belongs to a version no older than the one before it could.
    let floor = 0;
    for (const [i, s] of seen.entries()) {
      const allowed = s.versions.filter((k) => k >= floor);
      expect(allowed, `response ${i}: ${s.probe} ${s.status} after version ${floor}`).not.toEqual([]);
      floor = Math.min(...allowed);
    }
    // The last answers are the last build's, and each version was served on the way.
    expect(seen.slice(-PROBES.length).every((s) => s.versions.includes(3))).toBe(true);
    const served = new Set(seen.filter((s) => s.versions.length === 1).map((s) => s.versions[0]));
    expect([...served].sort()).toEqual([0, 1, 2, 3]);
  }, 180_000);
});

function buildAndDie(corpus: string, out: string, step: string): Promise<unknown> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'test/helpers/build-and-die.ts', corpus, out, SITE, step], {
    cwd: ROOT,
    stdio: 'ignore',
  });
  return new Promise((resolve) => child.on('exit', resolve));
}

// Issue 22, finding 3: after a build killed at the swap, dist/ stayed absent until the next build,
// every term answered 500 and /healthz still said 200.
describe('npm start after a build killed in its swap', () => {
  let dirs: string[];
  let base: string;
  beforeAll(() => {
    base = tempDir();
    dirs = corpora(base);
  });

  it('finishes the swap at start, as the next build would', async () => {
    const out = path.join(base, 'at-start', 'dist');
    expect(await runBuild(dirs[0]!, out)).toBe(0);
    await buildAndDie(dirs[1]!, out, 'old-retired');
    expect(existsSync(out)).toBe(false);
    const server = await startSelfHosted(['--dist', out], { RATE_LIMIT_PER_HOUR: '0' });
    try {
      expect((await httpRequest(`${server.baseUrl}/api/lexicon/public/umbra`)).status).toBe(200);
      expect(server.output()).toContain('finished publishing');
    } finally {
      await server.stop();
    }
  }, 120_000);

  it('finishes the swap while serving, and answers 503 (never 500) while no tree is in place', async () => {
    const out = path.join(base, 'serving', 'dist');
    expect(await runBuild(dirs[0]!, out)).toBe(0);
    const server = await startSelfHosted(['--dist', out], { RATE_LIMIT_PER_HOUR: '0' });
    try {
      await buildAndDie(dirs[1]!, out, 'old-retired');
      expect(existsSync(out)).toBe(false);
      const health = await httpRequest(`${server.baseUrl}/healthz`);
      expect(health.status).toBe(200);
      expect((await httpRequest(`${server.baseUrl}/api/lexicon/public/umbra`)).status).toBe(200);

      // No tree and nothing to recover: 503 with the contract's headers, then back when it returns.
      renameSync(out, `${out}-away`);
      const gone = await httpRequest(`${server.baseUrl}/healthz`);
      expect(gone.status).toBe(503);
      expect(JSON.parse(gone.body).status).toBe('unavailable');
      const term = await httpRequest(`${server.baseUrl}/api/lexicon/public/aeon`);
      expect(term.status).toBe(503);
      expect(term.headers['x-license']).toBe('CC BY-SA 4.0');
      expect(term.headers['content-type']).toBe('application/problem+json; charset=utf-8');
      expect(term.headers['retry-after']).toBe('5');
      renameSync(`${out}-away`, out);
      expect((await httpRequest(`${server.baseUrl}/healthz`)).status).toBe(200);
    } finally {
      await server.stop();
    }
  }, 120_000);
});
