// The edit loop against its oracle, on random sequences of changes: after each sequence, the
// output the loop kept up to date is byte for byte a full build of the same corpus (the files the
// loop leaves for the next full build aside: test/helpers/edit-oracle.ts). A change the corpus
// refuses (a clashing link, a removed term others still name) must be refused by the loop as by a
// full build, with the same messages, publish nothing, and be undone.
import { cpSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { EditSession } from '../../scripts/lib/publish/edit-session.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { readTree, treeDifferences } from '../helpers/edit-oracle.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const BUILT_AT = new Date('2026-01-01T00:00:00Z');
const SLUGS = ['aeon', 'demiurge', 'nigredo', 'pleroma', 'shadow', 'sophia'] as const;
const LOCALES = ['en', 'bg'] as const;
const POSTS = ['black-stage', 'fall-of-sophia'] as const;
const TERM_FILES = ['term.yaml', 'en.md', 'bg.md'];

type Change =
  | { kind: 'body'; slug: string; locale: string; n: number }
  | { kind: 'rename'; slug: string; locale: string; n: number }
  | { kind: 'link'; slug: string; other: string }
  | { kind: 'post-title'; post: string; n: number }
  | { kind: 'remove'; slug: string };

const slug = fc.constantFrom(...SLUGS);
const locale = fc.constantFrom(...LOCALES);
const n = fc.nat(20);
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.record({ kind: fc.constant('body' as const), slug, locale, n }),
  fc.record({ kind: fc.constant('rename' as const), slug, locale, n }),
  fc.record({ kind: fc.constant('link' as const), slug, other: slug }),
  fc.record({ kind: fc.constant('post-title' as const), post: fc.constantFrom(...POSTS), n }),
  fc.record({ kind: fc.constant('remove' as const), slug }),
);

/** Makes the change in the corpus; returns the paths it touched (as a watcher reports them) and how to undo it. */
function make(corpus: string, c: Change): { paths: string[]; undo: () => void } {
  const rel = (p: string) => path.join(corpus, p);
  const rewrite = (p: string, edit: (text: string) => string) => {
    const before = readFileSync(rel(p), 'utf8');
    writeFileSync(rel(p), edit(before));
    return { paths: [p], undo: () => writeFileSync(rel(p), before) };
  };
  switch (c.kind) {
    case 'body':
      return rewrite(`terms/${c.slug}/${c.locale}.md`, (t) => `${t}\nEdited, change ${c.n}.\n`);
    case 'rename':
      return rewrite(`terms/${c.slug}/${c.locale}.md`, (t) =>
        t.replace(/^term: .*$/m, `term: Renamed ${c.n} ${c.slug}`),
      );
    case 'link':
      return rewrite(`terms/${c.slug}/term.yaml`, (t) =>
        t.replace(/^relatedTerms: \[(.*)\]$/m, (_line, list: string) => {
          const links = list
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean);
          const toggled = links.includes(c.other) ? links.filter((l) => l !== c.other) : [...links, c.other];
          return `relatedTerms: [${toggled.join(', ')}]`;
        }),
      );
    case 'post-title':
      return rewrite(`posts/${c.post}.yaml`, (t) => t.replace(/^ {2}en: .*$/m, `  en: Post title ${c.n}`));
    case 'remove': {
      const dir = `terms/${c.slug}`;
      if (!existsSync(rel(dir))) return { paths: [], undo: () => undefined };
      const texts = TERM_FILES.map((name) => [name, readFileSync(rel(`${dir}/${name}`), 'utf8')] as const);
      rmSync(rel(dir), { recursive: true });
      return {
        paths: [dir],
        undo: () => {
          mkdirSync(rel(dir));
          for (const [name, text] of texts) writeFileSync(rel(`${dir}/${name}`), text);
        },
      };
    }
  }
}

describe('the edit loop on random sequences of changes', () => {
  const work = tempDir();

  it('ends where a full build of the same corpus is, every refused change refused alike', async () => {
    let round = 0;
    await fc.assert(
      fc.asyncProperty(fc.array(change, { minLength: 1, maxLength: 5 }), async (changes) => {
        const dir = path.join(work, String(round++));
        const corpus = path.join(dir, 'corpus');
        const out = path.join(dir, 'out');
        const oracle = path.join(dir, 'oracle');
        cpSync(SMALL_CORPUS, corpus, { recursive: true });
        const { session } = await EditSession.open({ corpusDir: corpus, outDir: out, builtAt: BUILT_AT });
        for (const c of changes) {
          const { paths, undo } = make(corpus, c);
          const outcome = await session.apply(paths);
          if (outcome.kind !== 'invalid') continue;
          const before = readTree(out);
          const full = await buildSite({ corpusDir: corpus, outDir: oracle, builtAt: BUILT_AT });
          expect(full.ok ? [] : full.messages).toEqual(outcome.messages);
          expect(readTree(out)).toEqual(before);
          undo();
          expect((await session.apply(paths)).kind).not.toBe('invalid');
        }
        rmSync(oracle, { recursive: true, force: true });
        expect((await buildSite({ corpusDir: corpus, outDir: oracle, builtAt: BUILT_AT })).ok).toBe(true);
        expect(treeDifferences(out, oracle)).toEqual([]);
        rmSync(dir, { recursive: true, force: true });
      }),
      { numRuns: 8, seed: 27 },
    );
  }, 600_000);
});
