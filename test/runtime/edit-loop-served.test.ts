// The edit loop over real HTTP, as an author uses it: `npm start -- --watch` and `npm run dev`
// (real netlify dev) serve a temporary copy of the small corpus; an edited term's JSON, its page
// and the list answer the new text; a bad edit is reported (file, line, field) and the last good
// answers stay; its fix is served.
//
// Each edit's answers are asked for once the loop says it published them. netlify dev's static
// server (@fastify/send) reads a file's size, then opens it by name: a request that falls between
// the two while a publish renames a shorter file over it hangs (a longer one is cut). That is
// netlify-cli's, documented in README "The edit loop"; npm start serves from memory and has no
// such window. Polling during the renames made this suite fail now and then on a loaded machine.
import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { httpRequest } from '../helpers/http-client.ts';
import { startNetlifyDev } from '../helpers/netlify-dev.ts';
import { startSelfHosted } from '../helpers/self-hosted.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const ORIGINAL = 'It exists for the golden build.';

interface Served {
  baseUrl: string;
  output: () => string;
  stop(): Promise<unknown>;
}

/** Polls until `check` holds for the answer at `url` (the loop publishes within a second; the machine may be loaded). */
async function eventually(
  url: string,
  check: (body: string, status: number) => boolean,
  what: string,
): Promise<string> {
  const deadline = Date.now() + 30_000;
  let last = '';
  for (;;) {
    const response = await httpRequest(url);
    last = `${response.status} ${response.body.slice(0, 300)}`;
    if (check(response.body, response.status)) return response.body;
    if (Date.now() > deadline) throw new Error(`${what}: not served after 30 s; last answer ${last}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

async function waitForLog(server: Served, pattern: RegExp, since = 0): Promise<string> {
  const deadline = Date.now() + 30_000;
  while (!pattern.test(server.output().slice(since))) {
    if (Date.now() > deadline) throw new Error(`no ${pattern} in the output:\n${server.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return server.output();
}

/** Writes a corpus file and waits until the loop has published the change (see the note at the top). */
async function editAndWaitForPublish(server: Served, file: string, text: string): Promise<void> {
  const since = server.output().length;
  writeFileSync(file, text);
  await waitForLog(server, /edit loop: .*: (published \d+ file|full build in)/, since);
}

function editLoopSuite(name: string, start: (corpus: string, dist: string) => Promise<Served>): void {
  describe(name, () => {
    const work = tempDir();
    const corpus = path.join(work, 'corpus');
    const dist = path.join(work, 'dist');
    const termFile = path.join(corpus, 'terms/sophia/en.md');
    const factsFile = path.join(corpus, 'terms/sophia/term.yaml');
    let server: Served;
    let url: (p: string) => string;

    beforeAll(async () => {
      cpSync(SMALL_CORPUS, corpus, { recursive: true });
      const built = await buildSite({ corpusDir: corpus, outDir: dist, rateLimitPerHour: 0 });
      if (!built.ok) throw new Error(built.messages.join('\n'));
      server = await start(corpus, dist);
      url = (p) => `${server.baseUrl}${p}`;
      await waitForLog(server, /edit loop: watching/);
    }, 120_000);
    afterAll(() => server?.stop());

    it('serves an edited term: its JSON, its page and the list', async () => {
      await editAndWaitForPublish(
        server,
        termFile,
        readFileSync(termFile, 'utf8').replace(ORIGINAL, 'It was edited over HTTP.'),
      );
      const json = await eventually(
        url('/api/lexicon/public/sophia'),
        (b) => b.includes('edited over HTTP'),
        'the JSON',
      );
      expect(JSON.parse(json).data.definition).toBe(
        'Sophia is a test term of the cosmology pillar. It was edited over HTTP.',
      );
      await eventually(url('/en/lexicon/sophia'), (b) => b.includes('It was edited over HTTP.'), 'the page');
      const list = JSON.parse(
        await eventually(url('/api/lexicon/public?q=sophia'), (b) => b.includes('edited over HTTP'), 'the list'),
      );
      expect(list.data.map((t: { slug: string }) => t.slug)).toContain('sophia');
    });

    it('reports a bad edit with file, line and field, and keeps serving the last good answer', async () => {
      const good = readFileSync(factsFile, 'utf8');
      writeFileSync(factsFile, good.replace('pillar: cosmology', 'pillar: astrology'));
      // The problem lines follow the 'not published' line, in a later chunk of output on a loaded machine.
      const problem = /terms\/sophia\/term\.yaml:2: pillar: "astrology" is not a pillar of site\.yaml/;
      const output = await waitForLog(
        server,
        new RegExp(`not published, still serving the last good output[^]*${problem.source}`),
      );
      expect(output).toMatch(problem);
      const term = await httpRequest(url('/api/lexicon/public/sophia'));
      expect(term.status).toBe(200);
      expect(JSON.parse(term.body).data).toMatchObject({
        pillar: 'cosmology',
        definition: expect.stringContaining('edited over HTTP'),
      });

      await editAndWaitForPublish(server, factsFile, good.replace('pillar: cosmology', 'pillar: shadow'));
      const fixed = await eventually(
        url('/api/lexicon/public/sophia'),
        (b) => b.includes('"pillar":"shadow"'),
        'the fix',
      );
      expect(JSON.parse(fixed).data.definition).toContain('edited over HTTP');
      await eventually(
        url('/api/lexicon/public?pillar=shadow'),
        (b) => b.includes('"slug":"sophia"'),
        'the list by pillar',
      );
    });
  });
}

editLoopSuite('npm start --watch', (corpus, dist) =>
  startSelfHosted(['--dist', dist, '--watch', '--corpus', corpus], { RATE_LIMIT_PER_HOUR: '0' }),
);

editLoopSuite('npm run dev (netlify dev) with the edit loop', (corpus, dist) =>
  startNetlifyDev({ LEXICON_DIST: dist, RATE_LIMIT_PER_HOUR: '0' }, 120_000, () => {}, ['--corpus', corpus]),
);
