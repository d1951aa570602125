import { describe, expect, it } from 'vitest';
import { anonymousViews, sentences, unnamedScholarlyWorks } from '../../scripts/lib/corpus/anonymous-views.ts';
import type { Corpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import type { Reference } from '../../src/contract/schema.ts';

type Term = Corpus['terms'][number];

const term = (references: Reference[], interpretations: string, overview = 'Text.'): Term =>
  ({
    slug: 'demo',
    references,
    texts: {
      en: { body: `## Overview\n\n${overview}\n\n## Interpretations\n\n${interpretations}\n` },
      bg: { body: '## Общ преглед\n\nТекст.\n\n## Тълкувания\n\nТекст.\n' },
    },
  }) as unknown as Term;

const scholarly = (author: string, title = 'A Study'): Reference => ({ kind: 'scholarly', author, title, year: 2000 });
const primary = (author: string): Reference => ({ kind: 'primary', author, title: 'A Source', year: 1990 });

describe('sentences', () => {
  it('does not end a sentence at an initial', () => {
    expect(sentences('Historians such as John D. Turner agree. E. R. Dodds did not.')).toEqual([
      'Historians such as John D. Turner agree.',
      'E. R. Dodds did not.',
    ]);
  });
});

describe('anonymousViews', () => {
  const refs = [scholarly('Turner, John D.'), scholarly('von Franz, Marie-Louise')];

  it('flags each sentence that gives a view to Scholars, Historians, Critics or Some and names nobody', () => {
    const text =
      'Scholars debate the date. Historians see a bridge. Critics argue it is circular. Some have compared it with theurgy. Turner reads it otherwise.';
    expect(anonymousViews(term(refs, text), 'Interpretations')).toEqual([
      'demo: Scholars debate the date.…',
      'demo: Historians see a bridge.…',
      'demo: Critics argue it is circular.…',
      'demo: Some have compared it with theurgy.…',
    ]);
  });

  it('accepts such a sentence when it names an author of a scholarly reference, initials and all', () => {
    const text = 'Scholars such as John D. Turner read it so. Some Jungians, Marie-Louise von Franz among them, agree.';
    expect(anonymousViews(term(refs, text), 'Interpretations')).toEqual([]);
  });

  it('does not count a primary source as naming the holder of a view', () => {
    expect(anonymousViews(term([primary('Jung, C. G.')], 'Scholars follow Jung here.'), 'Interpretations')).toEqual([
      'demo: Scholars follow Jung here.…',
    ]);
  });

  it('reads only the Interpretations section, and not "Somewhat" or "Scholarship"', () => {
    const t = term(refs, 'Somewhat later the idea spread. Scholarship on it is thin.', 'Scholars debate the date.');
    expect(anonymousViews(t, 'Interpretations')).toEqual([]);
  });
});

describe('unnamedScholarlyWorks', () => {
  it('lists a scholarly reference whose authors the body never names', () => {
    const t = term([scholarly('Wallis, R. T.', 'Neoplatonism'), scholarly('Gerson, Lloyd P.')], 'Gerson argues.');
    expect(unnamedScholarlyWorks(t)).toEqual(['demo: Wallis, R. T., Neoplatonism']);
  });

  it('is satisfied by any one author of a work, by the last word of "von Franz", anywhere in the body', () => {
    const t = term(
      [scholarly('Samuels, Andrew; Shorter, Bani; Plaut, Fred'), scholarly('von Franz, Marie-Louise')],
      'Plaut agrees.',
      'Franz wrote on it.',
    );
    expect(unnamedScholarlyWorks(t)).toEqual([]);
  });

  it('asks nothing of primary sources, and does not take a name inside another word', () => {
    const t = term([primary('Lead, Jane'), scholarly('Hay, Denys', 'Europe')], 'Hayman edited it.');
    expect(unnamedScholarlyWorks(t)).toEqual(['demo: Hay, Denys, Europe']);
  });
});
