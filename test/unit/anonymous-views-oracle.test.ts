// findAnonymousViews tries the patterns only around trigger words; findAnonymousViewsEverywhere
// tries them at every position (the plain definition). They must find the same phrases at the
// same places: on every text of the bundled corpus, in both scopes, and on generated text built
// from the patterns' own words, punctuation, initials, possessives and characters outside the BMP.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fg from 'fast-glob';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  findAnonymousViews,
  findAnonymousViewsEverywhere,
  type Scope,
} from '../../scripts/lib/corpus/anonymous-views.ts';
import type { Locale } from '../../src/contract/facts.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../corpus/terms');
const SCOPES: Scope[] = ['body', 'interpretations'];

describe('findAnonymousViews equals the patterns tried everywhere', () => {
  it('on every en.md and bg.md of the bundled corpus, in both scopes', () => {
    const files = fg.sync('*/{en,bg}.md', { cwd: CORPUS });
    expect(files.length).toBeGreaterThan(1000);
    let matches = 0;
    for (const file of files) {
      const text = readFileSync(path.join(CORPUS, file), 'utf8');
      const locale = file.slice(-5, -3) as Locale;
      for (const scope of SCOPES) {
        const everywhere = findAnonymousViewsEverywhere(text, locale, scope);
        expect(findAnonymousViews(text, locale, scope), `${file} (${scope})`).toEqual(everywhere);
        matches += everywhere.length;
      }
    }
    // The history sections hold "some saw", "writers describe": the comparison is not of empty lists only.
    expect(matches).toBeGreaterThan(50);
  });

  // The body's triggers are fewer than Interpretations' (anonymous-views.ts): each kind of body
  // phrase alone in a text, with no other trigger word, is still found in both scopes.
  const BODY_PHRASES: Record<Locale, string[]> = {
    en: [
      'Scholars suspect a polemic.',
      'Historians of the medicine have compared it.',
      'Critics reject it.',
      'Commentators note it.',
      'Researchers date it.',
      'Interpreters see it.',
      'Specialists doubt it.',
      'Recent scholarship has long seen it.',
      'It has been argued.',
      'it has been suggested',
      'it has been proposed',
      'it has been claimed',
      'The date is debated.',
      'It remains disputed.',
      'It is hotly contested.',
      'a matter of debate',
      'a matter of dispute',
      'the subject of debate',
    ],
    bg: [
      'Учените подозират полемика.',
      'Изследователите виждат.',
      'Историците на ордена виждат.',
      'Критиците отхвърлят.',
      'Коментаторите отбелязват.',
      'Специалистите смятат.',
      'Спори се.',
      'Обсъжда се.',
      'Тя се оспорва.',
      'Датата е спорна.',
      'Остава оспорвана.',
      'Датировката е предмет на дебат.',
      'Това е предмет на спорове.',
    ],
  };
  for (const locale of ['en', 'bg'] as const) {
    it(`on each kind of ${locale} body phrase alone, in both scopes`, () => {
      for (const phrase of BODY_PHRASES[locale]) {
        for (const scope of SCOPES) {
          const everywhere = findAnonymousViewsEverywhere(phrase, locale, scope);
          expect(everywhere.length, `${phrase} (${scope})`).toBeGreaterThan(0);
          expect(findAnonymousViews(phrase, locale, scope), `${phrase} (${scope})`).toEqual(everywhere);
        }
      }
    });
  }

  const WORDS: Record<Locale, string[]> = {
    en: 'some Some SCHOLARS scholars historians of the medicine have long suspect see others Others many most while and it has been argued is debated by widely held a matter debate for to readers Modern writers point out twentieth-century Crowley W Most Anne Brenon read already Germany ſcholars Jungian critics still disputed call scholarship remains contested such as'.split(
      ' ',
    ),
    bg: 'някои Някои учени учените историците на ордена виждат са видели смятат наричат говорят често днес все още спори се обсъжда оспорва е спорна остава предмет дебат спор смята да не предполага според мнозина за други от тях Съвременните читатели автори и Томасен по-скоро по-късните докато повечето изследователи тълкуватели приема'.split(
      ' ',
    ),
  };
  const SEPARATORS = [
    ' ',
    ' ',
    ' ',
    '\n',
    '  ',
    ', ',
    '. ',
    '; ',
    ': ',
    '! ',
    '’s ',
    "'s ",
    '-',
    '„',
    '“',
    '(',
    ') ',
    '1',
    '\u00a0',
    '\u0301',
    '𝔞',
    '😀',
    'K',
    '—',
    '.',
    ',',
  ];

  for (const locale of ['en', 'bg'] as const) {
    it(`on generated ${locale} text, in both scopes`, () => {
      const text = fc
        .array(fc.tuple(fc.constantFrom(...WORDS[locale]), fc.constantFrom(...SEPARATORS)), { maxLength: 60 })
        .map((pairs) => pairs.map(([word, separator]) => word + separator).join(''));
      fc.assert(
        fc.property(text, fc.constantFrom(...SCOPES), (generated, scope) => {
          expect(findAnonymousViews(generated, locale, scope)).toEqual(
            findAnonymousViewsEverywhere(generated, locale, scope),
          );
        }),
        { numRuns: 3000 },
      );
    });
  }
});
