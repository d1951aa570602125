// The edit loop against its oracle: after every change, each file the loop keeps up to date must
// be byte for byte what a full build of the same corpus writes, and the loop's output must hold
// exactly the files a full build holds. What the loop leaves for the next full build (the dumps
// and their manifest, OpenAPI and the documentation page, which name the data version or count
// the whole corpus) is listed, and nothing else is let through.
import { cpSync, existsSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { EditSession } from '../../scripts/lib/publish/edit-session.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { readTree, treeDifferences } from '../helpers/edit-oracle.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const BUILT_AT = new Date('2026-01-01T00:00:00Z');

describe('the edit loop against a full build of the same corpus', () => {
  const work = tempDir();
  const corpus = path.join(work, 'corpus');
  const out = path.join(work, 'out');
  const oracle = path.join(work, 'oracle');
  let session: EditSession;
  const file = (rel: string) => path.join(corpus, rel);
  const edit = (rel: string, change: (text: string) => string) =>
    writeFileSync(file(rel), change(readFileSync(file(rel), 'utf8')));

  beforeAll(async () => {
    cpSync(SMALL_CORPUS, corpus, { recursive: true });
    const opened = await EditSession.open({ corpusDir: corpus, outDir: out, builtAt: BUILT_AT });
    expect(opened).toMatchObject({ built: true, messages: [] });
    session = opened.session;
  });

  async function expectSameAsFullBuild(): Promise<void> {
    rmSync(oracle, { recursive: true, force: true });
    const full = await buildSite({ corpusDir: corpus, outDir: oracle, builtAt: BUILT_AT });
    expect(full.ok).toBe(true);
    expect(treeDifferences(out, oracle)).toEqual([]);
  }

  it('publishes an edited definition, and only what it reaches', async () => {
    edit('terms/sophia/en.md', (t) => t.replace('It exists for the golden build.', 'It was edited in the loop.'));
    const outcome = await session.apply(['terms/sophia/en.md']);
    expect(outcome).toMatchObject({ kind: 'published', terms: ['sophia'] });
    await expectSameAsFullBuild();
  });

  it('a renamed term reaches the pages that link it, the indexes and the posts', async () => {
    edit('terms/demiurge/bg.md', (t) => t.replace(/^term: .*$/m, 'term: Ялдаваот'));
    edit('terms/demiurge/en.md', (t) => t.replace(/^term: .*$/m, 'term: Yaldabaoth'));
    const outcome = await session.apply(['terms/demiurge/bg.md', 'terms/demiurge/en.md']);
    expect(outcome).toMatchObject({ kind: 'published', terms: ['demiurge'] });
    await expectSameAsFullBuild();
  });

  it('changed links reach both ends (SKOS broader, narrower, related)', async () => {
    edit('terms/sophia/term.yaml', (t) => t.replace('broader: [aeon]', 'broader: [pleroma]'));
    edit('terms/sophia/term.yaml', (t) => t.replace('relatedTerms: [demiurge]', 'relatedTerms: [demiurge, shadow]'));
    expect(await session.apply(['terms/sophia/term.yaml'])).toMatchObject({ kind: 'published' });
    await expectSameAsFullBuild();
  });

  it('a post edit reaches the terms it lists, before and after', async () => {
    edit('posts/fall-of-sophia.yaml', (t) =>
      t
        .replace('terms: [sophia, demiurge, pleroma]', 'terms: [sophia, nigredo]')
        .replace('The Fall of Sophia', 'Sophia Falls'),
    );
    expect(await session.apply(['posts/fall-of-sophia.yaml'])).toMatchObject({ kind: 'published' });
    await expectSameAsFullBuild();
  });

  it('a term added, then removed (its folder at once)', async () => {
    cpSync(file('terms/nigredo'), file('terms/albedo'), { recursive: true });
    edit('terms/albedo/term.yaml', (t) => t.replace('slug: nigredo', 'slug: albedo'));
    for (const locale of ['en', 'bg'])
      edit(`terms/albedo/${locale}.md`, (t) => t.replace(/^term: (.*)$/m, 'term: $1 Albedo'));
    expect(await session.apply(['terms/albedo'])).toMatchObject({ kind: 'published', terms: ['albedo'] });
    await expectSameAsFullBuild();
    expect(existsSync(path.join(out, 'api/lexicon/en/albedo.json'))).toBe(true);
    rmSync(file('terms/albedo'), { recursive: true });
    expect(await session.apply(['terms/albedo'])).toMatchObject({ kind: 'published', removed: expect.any(Number) });
    await expectSameAsFullBuild();
    expect(existsSync(path.join(out, 'api/lexicon/en/albedo.json'))).toBe(false);
  });

  it('an invalid edit publishes nothing and says file, line and field; its fix publishes', async () => {
    const before = readTree(out);
    const good = readFileSync(file('terms/sophia/term.yaml'), 'utf8');
    edit('terms/sophia/term.yaml', (t) => t.replace('pillar: cosmology', 'pillar: astrology'));
    const outcome = await session.apply(['terms/sophia/term.yaml']);
    expect(outcome.kind).toBe('invalid');
    expect(outcome.kind === 'invalid' && outcome.messages.join('\n')).toMatch(
      /terms\/sophia\/term\.yaml:2: pillar: "astrology" is not a pillar of site\.yaml/,
    );
    expect(readTree(out)).toEqual(before);
    writeFileSync(file('terms/sophia/term.yaml'), good);
    expect(await session.apply(['terms/sophia/term.yaml'])).toMatchObject({ kind: 'published' });
    await expectSameAsFullBuild();
  });

  it('an editorial error is refused with the very messages of a full build; kept findings do not hide a new one', async () => {
    const good = readFileSync(file('terms/shadow/en.md'), 'utf8');
    edit('terms/shadow/en.md', (t) => `${t}\nSome scholars argue that it is older.\n`);
    const outcome = await session.apply(['terms/shadow/en.md']);
    const full = await buildSite({ corpusDir: corpus, outDir: oracle, builtAt: BUILT_AT });
    expect(full.ok).toBe(false);
    expect(outcome).toEqual({ kind: 'invalid', messages: full.ok ? [] : full.messages });
    expect(outcome.kind === 'invalid' && outcome.messages.join('\n')).toMatch(/terms\/shadow\/en\.md/);
    writeFileSync(file('terms/shadow/en.md'), good);
    expect(await session.apply(['terms/shadow/en.md'])).toMatchObject({ kind: 'published' });
    await expectSameAsFullBuild();
  });

  it('an event without a change publishes nothing; site.yaml runs a full build', async () => {
    expect(await session.apply(['terms/sophia/en.md'])).toEqual({ kind: 'unchanged' });
    edit('site.yaml', (t) => `${t}\n`);
    expect(await session.apply(['site.yaml'])).toMatchObject({ kind: 'rebuilt' });
    // A full build: the loop's output is a full build's, data version included.
    const full = await buildSite({ corpusDir: corpus, outDir: oracle, builtAt: BUILT_AT });
    expect(full.ok && readFileSync(path.join(out, 'dumps/manifest.json'), 'utf8')).toContain(
      full.ok && full.dataVersion,
    );
  });

  it('a publish in place killed midway is finished by the next one (its journal)', async () => {
    // Simulated: the journal and staged files of an interrupted publish, as publishInPlace leaves them.
    const staged = `${out}.tmp-edit-test`;
    rmSync(staged, { recursive: true, force: true });
    cpSync(path.join(out, 'api/lexicon/en/sophia.json'), path.join(staged, '0'));
    writeFileSync(path.join(staged, '0'), '{"interrupted":true}');
    writeFileSync(
      `${out}.publish.json`,
      JSON.stringify({
        staging: path.basename(staged),
        retired: path.basename(staged),
        inPlace: { files: ['api/lexicon/en/sophia.json'], removed: [] },
      }),
    );
    edit('terms/nigredo/en.md', (t) => `${t}\nEdited once.\n`);
    expect(await session.apply(['terms/nigredo/en.md'])).toMatchObject({ kind: 'published' });
    expect(readFileSync(path.join(out, 'api/lexicon/en/sophia.json'), 'utf8')).toBe('{"interrupted":true}');
    expect(existsSync(`${out}.publish.json`)).toBe(false);
    expect(existsSync(staged)).toBe(false);
  });

  it('a journal naming a path outside the output is ignored', async () => {
    const outside = path.join(work, 'outside.txt');
    writeFileSync(outside, 'untouched');
    const staged = `${out}.tmp-edit-evil`;
    cpSync(SMALL_CORPUS, staged, { recursive: true });
    writeFileSync(path.join(staged, '0'), 'overwritten');
    writeFileSync(
      `${out}.publish.json`,
      JSON.stringify({
        staging: path.basename(staged),
        retired: 'x',
        inPlace: { files: ['../outside.txt'], removed: [] },
      }),
    );
    edit('terms/nigredo/en.md', (t) => `${t}\nEdited twice.\n`);
    expect(await session.apply(['terms/nigredo/en.md'])).toMatchObject({ kind: 'published' });
    expect(readFileSync(outside, 'utf8')).toBe('untouched');
    renameSync(outside, `${outside}.seen`);
  });
});
