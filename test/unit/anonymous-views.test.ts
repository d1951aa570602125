import { describe, expect, it } from 'vitest';
import { findAnonymousViews } from '../../scripts/lib/corpus/anonymous-views.ts';

const phrases = (text: string, locale: 'en' | 'bg', scope: 'body' | 'interpretations' = 'interpretations') =>
  findAnonymousViews(text, locale, scope).map((view) => view.phrase);

describe('findAnonymousViews (English)', () => {
  it('finds the phrases of the third blind review', () => {
    const text = [
      'Esoteric writers treat it as the sign of completion.',
      'It was Christian, though scholars warn against assuming a link.',
      'Few Valentinian texts dwell on the hylics, and some scholars suspect a polemic.',
      'Others stress the ethical side.',
      'Modern readers have seen in the pairs a psychology.',
      'Feminist scholars have also noted the female figures.',
      'Modern writers often translate nafs as ego.',
      'Whether the spirit is a substance is debated.',
      'Its rediscovery suggests to many, rightly or not, a lost order.',
    ].join(' ');
    expect(phrases(text, 'en')).toEqual([
      'Esoteric writers treat',
      'scholars warn',
      'some scholars suspect',
      'Others stress',
      'Modern readers have seen',
      'Feminist scholars have also noted',
      'Modern writers often translate',
      'is debated',
      'to many',
    ]);
  });

  it('reports where each phrase starts', () => {
    expect(findAnonymousViews('Text. Historians debate the date.', 'en', 'body')).toEqual([
      { phrase: 'Historians debate', index: 6 },
    ]);
  });

  it('passes over a group followed by its members, a name before "and others", possessives and initials', () => {
    const text = [
      'Historians such as Walter Burkert read it so.',
      'Historians of chemistry, among them Allen Debus, see it otherwise.',
      'Anne Brenon and others see a coherent tradition.',
      'Jean Duvernoy and later scholars showed it.',
      "Crowley's critics saw a licence.",
      'The essays edited by Glenn W. Most debated the date.',
    ].join(' ');
    expect(phrases(text, 'en')).toEqual([]);
  });

  it('counts "writers", "some" and "others" in Interpretations only: elsewhere they are the historical actors', () => {
    const text = 'Alchemical writers describe the whitening. Later Sufis were divided: some saw him as a martyr.';
    expect(phrases(text, 'en', 'body')).toEqual([]);
    expect(phrases(text, 'en', 'interpretations')).toEqual(['writers describe', 'some saw']);
  });

  it('takes whole words only, and not a "by" agent', () => {
    const text = 'Some treatises speak of it. Many believers made a pact. The date is disputed by Huffman.';
    expect(phrases(text, 'en')).toEqual([]);
  });

  it('finds the impersonal forms', () => {
    const text =
      'It has been argued that the text is late. It is often said to be older. It was widely regarded as a key.';
    expect(phrases(text, 'en')).toEqual(['It has been argued', 'It is often said', 'was widely regarded']);
  });
});

describe('findAnonymousViews (Bulgarian)', () => {
  it('finds the same kinds of phrase', () => {
    const text = [
      'Езотеричните автори виждат в нея знак на завършеност.',
      'Изследователите предупреждават да не се предполага пряка връзка.',
      'Някои учени подозират полемика.',
      'Други подчертават етичната страна.',
      'Смята се, че текстът е късен.',
      'Според някои, той е по-стар.',
      'Спори се дали духът е субстанция.',
      'Автентичността им е спорна.',
    ].join(' ');
    expect(phrases(text, 'bg')).toEqual([
      'Езотеричните автори виждат',
      'Изследователите предупреждават',
      'Някои учени подозират',
      'Други подчертават',
      'Смята се',
      'Според някои',
      'Спори се',
      'е спорна',
    ]);
  });

  it('passes over a group followed by its members and a name before „и други“', () => {
    const text = 'Историци като Валтер Буркерт четат така. Айнар Томасен и други отбелязват паралела.';
    expect(phrases(text, 'bg')).toEqual([]);
  });

  it('counts authors, „някои“ and „смята се“ in Тълкувания only', () => {
    const text = 'Суфийските автори учат, че светът се крепи от светци. Смята се, че той е роден в Багдад.';
    expect(phrases(text, 'bg', 'body')).toEqual([]);
    expect(phrases(text, 'bg', 'interpretations')).toEqual(['автори учат', 'Смята се']);
  });

  it('finds „предмет на дебат“ in a text with no other phrase of the list (the quick search missed it)', () => {
    expect(phrases('Датировката е предмет на дебат.', 'bg', 'body')).toEqual(['е предмет на дебат']);
    expect(phrases('Датировката остава предмет на дебати.', 'bg', 'interpretations')).toEqual([
      'остава предмет на дебати',
    ]);
  });
});
