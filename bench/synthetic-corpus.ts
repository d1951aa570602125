// A seeded generator of valid corpora of any size, with Latin and Cyrillic names of
// realistic shapes (diacritics, Greek-derived letters, mixed case) and aliases. The oracle tests use
// small ones in memory; the benchmarks write large ones to disk and build them.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { stringify } from 'yaml';
import type { Corpus, CorpusTerm } from '../scripts/lib/corpus/validate-corpus.ts';
import type { Post, SiteConfig } from '../scripts/lib/corpus/corpus-schema.ts';

export const SYNTHETIC_PILLARS = [
  'cosmology',
  'beings',
  'alchemy',
  'shadow',
  'soul',
  'gnosis',
  'symbolism',
  'practice',
];
export const SYNTHETIC_TRADITIONS = ['Alchemical', 'Gnostic', 'Hermetic', 'Jungian', 'Kabbalistic', 'Neoplatonic'];
const LATIN = [
  'ae',
  'on',
  'so',
  'phi',
  'a',
  'ple',
  'ro',
  'ma',
  'de',
  'mi',
  'ur',
  'ge',
  'ni',
  'gre',
  'do',
  'al',
  'be',
  'ki',
  'mo',
  'nas',
  'ty',
  'os',
  'ar',
  'chon',
  'lu',
  'ex',
  'sy',
  'zy',
  'gi',
  'he',
  'no',
  'sis',
  'ō',
  'æ',
  'ß',
  'é',
  'ü',
];
const CYRILLIC = [
  'ае',
  'он',
  'со',
  'фи',
  'а',
  'пле',
  'ро',
  'ма',
  'де',
  'ми',
  'ур',
  'ге',
  'ни',
  'гре',
  'до',
  'ал',
  'бе',
  'ки',
  'мо',
  'нас',
  'ти',
  'ос',
  'ар',
  'хон',
  'лу',
  'екс',
  'си',
  'зи',
  'ги',
  'хе',
  'но',
  'зис',
  'ъ',
  'щ',
  'ю',
  'я',
  'й',
];
const WORDS_EN = [
  'the',
  'divine',
  'light',
  'soul',
  'world',
  'matter',
  'spirit',
  'of',
  'and',
  'hidden',
  'work',
  'stone',
  'fire',
  'water',
  'ascent',
  'knowledge',
  'in',
  'image',
  'power',
  'form',
];
const WORDS_BG = [
  'на',
  'божествената',
  'светлина',
  'душа',
  'свят',
  'материя',
  'дух',
  'и',
  'скрито',
  'дело',
  'камък',
  'огън',
  'вода',
  'възход',
  'знание',
  'в',
  'образ',
  'сила',
  'форма',
  'тайна',
];

/** mulberry32: small, fast and good enough to vary test data reproducibly. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function generateCorpus(termCount: number, seed = 1): Corpus {
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)]!;
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const name = (syllables: readonly string[]) => {
    const text = Array.from({ length: int(2, 4) }, () => pick(syllables)).join('');
    const words =
      random() < 0.2 ? `${text} ${Array.from({ length: int(2, 3) }, () => pick(syllables)).join('')}` : text;
    return random() < 0.9 ? words[0]!.toUpperCase() + words.slice(1) : words.toUpperCase();
  };
  const sentence = (words: readonly string[], length: number) => {
    const text = Array.from({ length }, () => pick(words)).join(' ');
    return `${text[0]!.toUpperCase()}${text.slice(1)}.`;
  };
  const body = (words: readonly string[], heading: string) =>
    `## ${heading}\n\n${Array.from({ length: 4 }, () => Array.from({ length: 5 }, () => sentence(words, int(8, 14))).join(' ')).join('\n\n')}`;

  // Aliases draw from a stream of their own, so every other field stays as it was before them.
  const aliasRandom = seededRandom(seed ^ 0x9e3779b9);
  // The corpus refuses an alias listed twice (and one that repeats the name: see below).
  const aliases = (syllables: readonly string[], share: number, most: number) => {
    if (aliasRandom() >= share) return [];
    const count = 1 + Math.floor(aliasRandom() * most);
    const drawn = Array.from({ length: count }, () => {
      const length = 2 + Math.floor(aliasRandom() * 3);
      const text = Array.from({ length }, () => syllables[Math.floor(aliasRandom() * syllables.length)]!).join('');
      return text[0]!.toUpperCase() + text.slice(1);
    });
    return [...new Set(drawn)];
  };
  const slugs = Array.from({ length: termCount }, (_, i) => `term-${i.toString(36)}`);
  const terms: CorpusTerm[] = slugs.map((slug, i) => {
    const related = new Set<string>();
    const wanted = Math.min(termCount - 1, int(2, 4));
    while (related.size < wanted) {
      const other = slugs[int(0, termCount - 1)]!;
      if (other !== slug) related.add(other);
    }
    return {
      slug,
      pillar: SYNTHETIC_PILLARS[i % SYNTHETIC_PILLARS.length]!,
      tradition: pick(SYNTHETIC_TRADITIONS),
      termOriginal: random() < 0.7 ? pick(['αἰών', 'πλήρωμα', 'σοφία', 'אין סוף', 'nigredo']) : null,
      relatedTerms: [...related],
      file: `synthetic/terms/${slug}/term.yaml`,
      texts: {
        en: {
          term: name(LATIN),
          definition: `${sentence(WORDS_EN, int(10, 18))} ${sentence(WORDS_EN, int(6, 12))}`,
          etymology: random() < 0.8 ? `From Greek ${pick(['αἰών', 'σοφία', 'γνῶσις'])}.` : null,
          pronunciation: random() < 0.8 ? 'EE-on' : null,
          aliases: aliases(LATIN, 0.8, 3),
          body: body(WORDS_EN, 'Overview'),
        },
        bg: {
          term: name(CYRILLIC),
          definition: `${sentence(WORDS_BG, int(10, 18))} ${sentence(WORDS_BG, int(6, 12))}`,
          etymology: random() < 0.8 ? `От гръцки ${pick(['αἰών', 'σοφία', 'γνῶσις'])}.` : null,
          pronunciation: random() < 0.8 ? 'е-О̀Н' : null,
          aliases: aliases(CYRILLIC, 0.6, 2),
          body: body(WORDS_BG, 'Общ преглед'),
        },
      },
    };
  });
  for (const term of terms) {
    for (const text of Object.values(term.texts)) text.aliases = text.aliases?.filter((alias) => alias !== text.term);
  }
  const posts: Post[] = Array.from({ length: Math.max(1, Math.floor(termCount / 4)) }, (_, i) => ({
    slug: `post-${i.toString(36)}`,
    date: `20${String(20 + (i % 6)).padStart(2, '0')}-${String(1 + (i % 12)).padStart(2, '0')}-${String(1 + (i % 28)).padStart(2, '0')}`,
    title: { en: sentence(WORDS_EN, 5).slice(0, -1), bg: sentence(WORDS_BG, 5).slice(0, -1) },
    terms: [...new Set(Array.from({ length: int(2, 6) }, () => slugs[int(0, termCount - 1)]!))],
  }));
  const site: SiteConfig = {
    source: 'Synthetic Lexicon',
    siteUrl: 'https://synthetic.example',
    paths: { term: '/{locale}/lexicon/{slug}', post: '/{locale}/blog/{slug}' },
    attribution: 'Powered by {source} ({url}) — CC BY-SA 4.0',
    bodySections: { en: ['Overview'], bg: ['Общ преглед'] },
    sourcesHeading: { en: 'Sources', bg: 'Източници' },
    pillars: SYNTHETIC_PILLARS.map((key) => ({ key, label: { en: key, bg: key } })),
    traditions: SYNTHETIC_TRADITIONS,
  };
  return { site, terms, posts };
}

/** Writes a corpus in the on-disk format of corpus/README.md. */
export async function writeCorpus(corpus: Corpus, dir: string): Promise<void> {
  await mkdir(path.join(dir, 'posts'), { recursive: true });
  await writeFile(path.join(dir, 'site.yaml'), stringify(corpus.site));
  const frontmatter = (data: object, text: string) => `---\n${stringify(data)}---\n${text}\n`;
  const writes: Promise<void>[] = [];
  for (const term of corpus.terms) {
    const termDir = path.join(dir, 'terms', term.slug);
    const { texts, file, ...facts } = term;
    void file;
    writes.push(
      mkdir(termDir, { recursive: true }).then(() =>
        Promise.all([
          writeFile(path.join(termDir, 'term.yaml'), stringify(facts)),
          ...(['en', 'bg'] as const).map((locale) => {
            const { body, ...fields } = texts[locale];
            return writeFile(path.join(termDir, `${locale}.md`), frontmatter(fields, body));
          }),
        ]).then(() => undefined),
      ),
    );
    if (writes.length >= 256) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
  for (const post of corpus.posts) await writeFile(path.join(dir, 'posts', `${post.slug}.yaml`), stringify(post));
}
