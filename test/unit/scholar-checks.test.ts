import { describe, expect, it } from 'vitest';
import {
  bodySection,
  interpretationsNameAScholar,
  knownScholars,
  scholarsNamedNotReferenced,
  soundKey,
} from '../../scripts/lib/corpus/scholar-checks.ts';
import type { Corpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import type { Reference } from '../../scripts/lib/corpus/corpus-schema.ts';

type Term = Corpus['terms'][number];

const term = (slug: string, references: Reference[], en: string, bg = ''): Term =>
  ({
    slug,
    references,
    texts: {
      en: { body: `## Overview\n\nText.\n\n## Interpretations\n\n${en}\n` },
      bg: { body: `## Общ преглед\n\nТекст.\n\n## Тълкувания\n\n${bg}\n` },
    },
  }) as unknown as Term;

const scholarly = (author: string, title = 'A Study'): Reference => ({ kind: 'scholarly', author, title, year: 2000 });
const primary = (author: string): Reference => ({ kind: 'primary', author, title: 'A Source', year: 1990 });

describe('bodySection', () => {
  it('returns one section up to the next heading, or nothing', () => {
    const body = '## A\n\none\n\n## B\n\ntwo\n';
    expect(bodySection(body, 'A').trim()).toBe('one');
    expect(bodySection(body, 'B').trim()).toBe('two');
    expect(bodySection(body, 'C')).toBe('');
  });
});

describe('soundKey: a Latin name and its Bulgarian transliteration share a key', () => {
  it.each([
    ['Scholem', 'sholem'],
    ['Hanegraaff', 'hanegraaf'],
    ['Pagels', 'peygals'],
    ['Jung', 'yung'],
    ['Festugière', 'festyuzhier'],
    ['Lovejoy', 'lavdzhoy'],
    ['Sorabji', 'sorabdzhi'],
  ])('%s ~ %s', (latin, transliterated) => {
    expect(soundKey(latin)).toBe(soundKey(transliterated));
  });
});

describe('interpretationsNameAScholar', () => {
  const refs = [
    primary('Robinson, James M. (ed.)'),
    scholarly('Hanegraaff, Wouter J.'),
    scholarly('von Franz, Marie-Louise'),
  ];

  it('finds the family name of a scholarly author in English, as a whole word', () => {
    expect(
      interpretationsNameAScholar(term('x', refs, 'Wouter Hanegraaff argues that...'), 'en', 'Interpretations'),
    ).toBe(true);
    expect(interpretationsNameAScholar(term('x', refs, 'Von Franz reads it as...'), 'en', 'Interpretations')).toBe(
      true,
    );
    expect(interpretationsNameAScholar(term('x', refs, 'Scholars see it as...'), 'en', 'Interpretations')).toBe(false);
    expect(interpretationsNameAScholar(term('x', refs, 'The Hanegraaffian view'), 'en', 'Interpretations')).toBe(false);
  });

  it('does not count the editor of a primary source as a scholar', () => {
    expect(interpretationsNameAScholar(term('x', refs, 'Robinson translated it.'), 'en', 'Interpretations')).toBe(
      false,
    );
  });

  it('only looks in the Interpretations section', () => {
    const t = term('x', refs, 'Historians regard...');
    t.texts.en.body = `## Overview\n\nHanegraaff wrote on it.\n\n${t.texts.en.body}`;
    expect(interpretationsNameAScholar(t, 'en', 'Interpretations')).toBe(false);
  });

  it('finds the name transliterated into Bulgarian, but not a word that merely shares its consonants', () => {
    const jonas = [scholarly('Jonas, Hans')];
    expect(interpretationsNameAScholar(term('x', refs, '', 'Воутер Ханеграаф твърди...'), 'bg', 'Тълкувания')).toBe(
      true,
    );
    expect(interpretationsNameAScholar(term('x', refs, '', 'Мари-Луиз фон Франц...'), 'bg', 'Тълкувания')).toBe(true);
    expect(interpretationsNameAScholar(term('x', jonas, '', 'Ханс Йонас вижда...'), 'bg', 'Тълкувания')).toBe(true);
    expect(interpretationsNameAScholar(term('x', jonas, '', 'Николай Кузански пише...'), 'bg', 'Тълкувания')).toBe(
      false,
    );
    expect(interpretationsNameAScholar(term('x', refs, '', 'Историците смятат...'), 'bg', 'Тълкувания')).toBe(false);
  });
});

describe('scholarsNamedNotReferenced', () => {
  const corpus = {
    terms: [
      term('astral-light', [scholarly('Owen, Alex')], 'Wouter Hanegraaff and Julian Strube. Alex Owen.'),
      term('prisca-theologia', [scholarly('Hanegraaff, Wouter J.')], 'Wouter J. Hanegraaff argues.'),
      term('grail', [scholarly('King, Karen L.')], 'The Fisher King. Karen King argues.'),
    ],
  } as unknown as Corpus;

  it('warns about a scholar the corpus cites elsewhere, or style.yaml lists, named here with a given name', () => {
    const scholars = knownScholars(corpus, ['Strube, Julian']);
    expect(scholarsNamedNotReferenced(corpus, scholars)).toEqual([
      'astral-light: Wouter Hanegraaff',
      'astral-light: Julian Strube',
    ]);
  });

  it('reads the given names in order, so that "A. V. Williams Jackson" is not Michael A. Williams', () => {
    const other = {
      terms: [
        term('gnosis', [scholarly('Williams, Michael A.')], 'Michael A. Williams questions the category.'),
        term('mani', [scholarly('Jackson, A. V. Williams')], 'A. V. Williams Jackson edited the fragments.'),
        term('tarot', [primary('Anon')], 'Arthur Edward Waite designed a deck. M. A. Williams too.'),
      ],
    } as unknown as Corpus;
    expect(scholarsNamedNotReferenced(other, knownScholars(other, ['Waite, Arthur Edward']))).toEqual([
      'tarot: M. A. Williams',
      'tarot: Arthur Edward Waite',
    ]);
  });

  it('takes a work whose title names the person as citing them: the body speaks of its subject', () => {
    const letters = {
      terms: [
        term('quaternity', [scholarly('White, Victor')], 'Victor White objected.'),
        term(
          'answer-to-job',
          [scholarly('Lammers, Ann Conrad', 'The Collaboration of Victor White and C. G. Jung')],
          'Victor White wrote to Jung.',
        ),
        term('privatio-boni', [scholarly('Lammers, Ann Conrad', "In God's Shadow")], 'Victor White wrote to Jung.'),
      ],
    } as unknown as Corpus;
    expect(scholarsNamedNotReferenced(letters, knownScholars(letters))).toEqual(['privatio-boni: Victor White']);
  });

  it('does not read a hyphenated name as its first part (Evans-Pritchard is no Evans)', () => {
    const other = {
      terms: [
        term('a', [scholarly('Evans, E. Stephen')], 'E. Stephen Evans.'),
        term('b', [primary('Anon')], 'E. E. Evans-Pritchard described it.'),
      ],
    } as unknown as Corpus;
    expect(scholarsNamedNotReferenced(other, knownScholars(other))).toEqual([]);
  });

  it('does not take a word before a family name for a given name (the Fisher King)', () => {
    const other = {
      terms: [...corpus.terms, term('fisher', [primary('Anon')], 'The Fisher King.')],
    } as unknown as Corpus;
    expect(scholarsNamedNotReferenced(other, knownScholars(other))).toEqual(['astral-light: Wouter Hanegraaff']);
  });
});
