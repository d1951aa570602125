// The list index swapped under load: npm start serves while an edit session in another process
// (this one) publishes generation after generation in place, each changing two terms at once (the
// first and the last of the list). A client hammers one list URL the whole time. Every answer
// must belong to exactly one generation: both terms carry the same generation's text, an ETag
// always names the same body, no generation is older than one answered before, and nothing fails.
// A synthetic corpus of 400 terms makes the index large enough (about 200 KB) that a reader
// could meet it half written, were it written in place.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { EditSession } from '../../scripts/lib/publish/edit-session.ts';
import { generateCorpus, writeCorpus } from '../../bench/synthetic-corpus.ts';
import { httpRequest } from '../helpers/http-client.ts';
import { startSelfHosted, type SelfHosted } from '../helpers/self-hosted.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const GENERATIONS = 8;
const LIST = '/api/lexicon/public?limit=500';

describe('the list index swapped in place while the list is hammered', () => {
  const work = tempDir();
  const corpus = path.join(work, 'corpus');
  const dist = path.join(work, 'dist');
  let server: SelfHosted;
  let session: EditSession;
  let edges: [string, string];

  beforeAll(async () => {
    await writeCorpus(generateCorpus(400, 27), corpus);
    const built = await buildSite({ corpusDir: corpus, outDir: dist, rateLimitPerHour: 0 });
    if (!built.ok) throw new Error(built.messages.join('\n'));
    session = (await EditSession.open({ corpusDir: corpus, outDir: dist, rateLimitPerHour: 0 })).session;
    server = await startSelfHosted(['--dist', dist], { RATE_LIMIT_PER_HOUR: '0' });
    const list = JSON.parse((await httpRequest(`${server.baseUrl}${LIST}`)).body) as { data: { slug: string }[] };
    edges = [list.data[0]!.slug, list.data.at(-1)!.slug];
  }, 120_000);
  afterAll(() => server?.stop());

  const marker = (n: number) => `etymology: Named in generation ${n}.`;
  /** The generation each edge term's list item carries in its etymology (0: the original text). */
  function generationsOf(body: string): number[] {
    const items = (JSON.parse(body) as { data: { slug: string; etymology: string | null }[] }).data;
    return edges.map((slug) => {
      const etymology = items.find((item) => item.slug === slug)?.etymology ?? '';
      return Number(/^Named in generation (\d+)\.$/.exec(etymology)?.[1] ?? 0);
    });
  }

  it('answers every request from one generation, never an older one, never a failure', async () => {
    const answers: { client: number; status: number; etag: string; body: string }[] = [];
    let hammering = true;
    const hammer = Promise.all(
      [0, 1, 2].map(async (client) => {
        while (hammering) {
          const response = await httpRequest(`${server.baseUrl}${LIST}`);
          answers.push({ client, status: response.status, etag: String(response.headers.etag), body: response.body });
        }
      }),
    );
    for (let n = 1; n <= GENERATIONS; n++) {
      const changed = edges.map((slug) => {
        const file = path.join(corpus, 'terms', slug, 'en.md');
        const text = readFileSync(file, 'utf8').replace(/^etymology: .*$/m, marker(n));
        writeFileSync(file, text);
        return `terms/${slug}/en.md`;
      });
      expect(await session.apply(changed)).toMatchObject({ kind: 'published' });
      await new Promise((resolve) => setTimeout(resolve, 30));
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
    hammering = false;
    await hammer;

    expect(answers.filter((a) => a.status !== 200)).toEqual([]);
    const bodyOfEtag = new Map<string, string>();
    // Each client asks again only once answered: its answers never go back to an older generation.
    const newest = [0, 0, 0];
    const seen = new Set<number>();
    for (const answer of answers) {
      const [first, last] = generationsOf(answer.body);
      expect(first, 'both edited terms of one answer come from one generation').toBe(last);
      expect(first).toBeGreaterThanOrEqual(newest[answer.client]!);
      newest[answer.client] = first!;
      seen.add(first!);
      const known = bodyOfEtag.get(answer.etag);
      if (known !== undefined) expect(known, 'one ETag, one body').toBe(answer.body);
      bodyOfEtag.set(answer.etag, answer.body);
    }
    expect(newest).toEqual([GENERATIONS, GENERATIONS, GENERATIONS]);
    // The hammer saw the swaps happen, not only the first and the last generation.
    expect(seen.size).toBeGreaterThan(2);
  }, 180_000);
});
