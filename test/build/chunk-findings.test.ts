// A corpus whose texts stay on disk gets its editorial findings from the streamed checks' one read
// of each text (chunk-findings.ts): the same findings, lines and order as the plain checks, and no
// text read again for them.
import { EventEmitter } from 'node:events';
import { appendFileSync, cpSync } from 'node:fs';
import path from 'node:path';
import type { Worker } from 'node:worker_threads';
import { describe, expect, it, vi } from 'vitest';
import { tempDir } from '../helpers/temp-dir.ts';
import { SMALL_CORPUS, smallCorpusFiles } from '../helpers/corpus-fixtures.ts';

const { opened, countingFs, textsOpened } = await vi.hoisted(() => import('../helpers/opened-files.ts'));
vi.mock('node:fs', countingFs);

const { siteHeadings } = await import('../../scripts/lib/corpus/chunk-findings.ts');
const { checkableFiles } = await import('../../scripts/lib/corpus/corpus-layout.ts');
const { editorialFindings, formatFinding } = await import('../../scripts/lib/corpus/editorial-checks.ts');
const { cachedTermFindings } = await import('../../scripts/lib/corpus/editorial-outcomes.ts');
const { textLookups } = await import('../helpers/text-lookups.ts');
const { ParseCache } = await import('../../scripts/lib/corpus/parse-cache.ts');
const { StreamedChecks } = await import('../../scripts/lib/corpus/streamed-checks.ts');
const { validateCorpus } = await import('../../scripts/lib/corpus/validate-corpus.ts');
const { buildSite } = await import('../../scripts/lib/publish/build-site.ts');

/** Anonymous views in three terms, both locales (as editorial-outcomes.test.ts adds them). */
const ADDED: Record<string, string> = {
  'corpus/terms/aeon/en.md': '\nSome scholars suspect a polemic. It has been argued that it is late.\n',
  'corpus/terms/aeon/bg.md': '\nНякои учени подозират полемика.\n',
  'corpus/terms/sophia/en.md': '\nThe date is still debated.\n',
  'corpus/terms/shadow/bg.md': '\nДатата е спорна.\n',
};

function corpusWithFindings() {
  const files = smallCorpusFiles();
  return { ...files, files: files.files.map((file) => ({ ...file, text: file.text + (ADDED[file.path] ?? '') })) };
}

/** A check thread that never takes a chunk: every chunk beyond its queue is checked on this thread. */
function idleThread(posted: { files: { path: string }[] }[]): Worker {
  const thread = new EventEmitter() as EventEmitter & Record<string, unknown>;
  thread.postMessage = (message: { files: { path: string }[] }) => posted.push({ files: [...message.files] });
  thread.ref = () => undefined;
  thread.unref = () => undefined;
  return thread as unknown as Worker;
}

describe('editorial findings from the streamed checks', () => {
  const files = corpusWithFindings();
  const validated = validateCorpus(files);
  if (!validated.ok) throw new Error('the corpus is invalid');
  const plain = editorialFindings(validated.corpus, new Map(files.files.map((f) => [f.path, f.text]))).map(
    formatFinding,
  );

  it("are every term's, in chunks ended between term folders, and the plain checks' findings", async () => {
    expect(plain.length).toBeGreaterThanOrEqual(5);
    const cache = ParseCache.inMemory();
    const posted: { files: { path: string }[] }[] = [];
    const stream = new StreamedChecks([idleThread(posted)], cache, 2);
    const site = files.files.find((file) => file.path === 'corpus/site.yaml');
    const headings = site && siteHeadings(site);
    expect(headings).toBeDefined();
    if (headings) stream.findingsToo(headings);
    for (const { kind, file } of checkableFiles(files)) stream.add(kind, file, false);
    await stream.finish();
    const termChunks = posted.filter((chunk) => chunk.files.some((file) => file.path.includes('/terms/')));
    expect(termChunks.length).toBeGreaterThan(0);
    // Whole folders: a term's three files in one chunk.
    for (const chunk of termChunks) expect(chunk.files.length % 3).toBe(0);
    const { sources, digestOf, asked } = textLookups(files);
    const checked = validateCorpus(files, { cache });
    if (!checked.ok) throw new Error('the corpus is invalid');
    const found = editorialFindings(checked.corpus, sources, cachedTermFindings(cache, digestOf));
    expect(found.map(formatFinding)).toEqual(plain);
    expect(cache.findingsMisses).toBe(0);
    expect(cache.findingsHits).toBe(checked.corpus.terms.length);
    expect(asked).toEqual([]);
  });
});

describe('a build with its texts on disk', () => {
  const work = tempDir();
  const corpusDir = path.join(work, 'corpus');
  cpSync(SMALL_CORPUS, corpusDir, { recursive: true });
  for (const [file, text] of Object.entries(ADDED)) appendFileSync(path.join(work, file), text);
  const build = (termTexts: 'memory' | 'disk') =>
    buildSite({ corpusDir, outDir: path.join(work, `out-${termTexts}`), builtAt: new Date(0), termTexts });

  it('reports the findings the texts in memory give, each text opened once (no read for the findings)', async () => {
    const inMemory = await build('memory');
    opened.clear();
    const onDisk = await build('disk');
    expect(inMemory.ok).toBe(false);
    expect(onDisk.ok ? [] : onDisk.messages).toEqual(inMemory.ok ? [] : inMemory.messages);
    const texts = textsOpened();
    expect(texts.length).toBeGreaterThan(0);
    expect(texts.filter(([, count]) => count !== 1)).toEqual([]);
  });
});
