// Russian family names in references and bodies: the same Cyrillic name in any standard
// romanization is the same name to the scholar checks, and different names stay different.
// The romanizations are made by an independent library (iuliia: ALA-LC, BGN/PCGN, ISO 9,
// the scholarly system, the popular English forms, ICAO, the French MVD 310); German (Duden)
// and French usage forms, which it does not make, are written out below as published.
import fc from 'fast-check';
import * as iuliia from 'iuliia';
import { describe, expect, it } from 'vitest';
import { citedNeverNamedFindings, formatFinding } from '../../scripts/lib/corpus/editorial-checks.ts';
import type { Corpus } from '../../scripts/lib/corpus/corpus-model.ts';
import type { Reference } from '../../scripts/lib/corpus/corpus-schema.ts';
import { interpretationsNameAScholar, namesFamily } from '../../scripts/lib/corpus/scholar-checks.ts';
import { reducedCyrillic, spellsRussianFamily } from '../../scripts/lib/names/russian-romanizations.ts';

type Term = Corpus['terms'][number];

const term = (references: Reference[], en: string, bg: string): Term =>
  ({
    slug: 'nikolai-novikov',
    file: 'corpus/terms/nikolai-novikov/term.yaml',
    references,
    texts: {
      en: { body: `## Overview\n\nText.\n\n## Interpretations\n\n${en}\n` },
      bg: { body: `## Общ преглед\n\nТекст.\n\n## Тълкувания\n\n${bg}\n` },
    },
  }) as unknown as Term;

const scholarly = (author: string): Reference => ({
  kind: 'scholarly',
  author,
  title: 'Russian Freemasonry',
  year: 1917,
});

describe("the writer's finding: Vernadsky cited as the catalogues spell him", () => {
  const en = 'George Vernadsky read the circle as a school of inner Christianity.';
  const bg = 'Георги Вернадски чете кръга като школа на вътрешното християнство.';

  it.each([
    'Vernadskii, G. V.',
    'Vernadskij, Georgij',
    'Vernadskiĭ, Georgiĭ',
    'Vernadskiy, Georgiy',
    'Вернадский, Георгий',
  ])('%s is named by "Vernadsky" and „Вернадски“', (author) => {
    const t = term([scholarly(author)], en, bg);
    expect(citedNeverNamedFindings(t, 'en').map(formatFinding)).toEqual([]);
    expect(citedNeverNamedFindings(t, 'bg').map(formatFinding)).toEqual([]);
    expect(interpretationsNameAScholar(t, 'en', 'Interpretations')).toBe(true);
    expect(interpretationsNameAScholar(t, 'bg', 'Тълкувания')).toBe(true);
  });

  it('still reports a Vernadsky the body does not name', () => {
    const t = term([scholarly('Vernadskii, G. V.')], 'Douglas Smith disagreed.', 'Дъглас Смит не е съгласен.');
    expect(citedNeverNamedFindings(t, 'en').map((f) => f.message)).toEqual([
      'Vernadskii, G. V., Russian Freemasonry is cited, but the en body never names Vernadskii: name the author where the work carries a statement, or drop the reference',
    ]);
    expect(citedNeverNamedFindings(t, 'bg')).toHaveLength(1);
  });
});

const SCHEMES = [
  'ala_lc',
  'ala_lc_alt',
  'bgn_pcgn',
  'bgn_pcgn_alt',
  'gost_779',
  'scientific',
  'wikipedia',
  'icao_doc_9303',
  'mvd_310_fr',
  'bs_2979',
  'ungegn_1987',
  'iso_9_1968',
];
const romanized = (cyrillic: string, scheme: string) => {
  const schema = iuliia.Schemas.get(scheme);
  if (schema === undefined) throw new Error(`iuliia has no ${scheme}`);
  return iuliia.translate(cyrillic, schema);
};

/** Each name: its Bulgarian spelling, then German (Duden) and French forms as published. */
const NAMES: Record<string, string[]> = {
  Вернадский: ['Вернадски', 'Wernadski', 'Vernadski'],
  Флоровский: ['Флоровски', 'Florowski', 'Florovski'],
  Успенский: ['Успенски', 'Uspenski', 'Ouspenski'],
  Толстой: ['Толстой', 'Tolstoi', 'Tolstoï'],
  Жуковский: ['Жуковски', 'Schukowski', 'Joukovski'],
  Жуковская: ['Жуковска', 'Schukowskaja', 'Joukovskaïa'],
  Щедрин: ['Щедрин', 'Schtschedrin', 'Chtchedrine'],
  Чаадаев: ['Чаадаев', 'Tschaadajew', 'Tchaadaïev'],
  Бердяев: ['Бердяев', 'Berdjajew', 'Berdiaev'],
  Достоевский: ['Достоевски', 'Dostojewski', 'Dostoïevski'],
  Хомяков: ['Хомяков', 'Chomjakow', 'Khomiakov'],
  Зеньковский: ['Зенковски', 'Senkowski', 'Zenkovsky'],
  Соловьев: ['Соловьов', 'Solowjow', 'Soloviev'],
  Пушкин: ['Пушкин', 'Puschkin', 'Pouchkine'],
};

describe('one Cyrillic name in every standard romanization is one name', () => {
  for (const [cyrillic, [bulgarian = '', ...others]] of Object.entries(NAMES)) {
    const forms = [...new Set([cyrillic, ...SCHEMES.map((s) => romanized(cyrillic, s)), ...others])];
    it(`${cyrillic}: ${forms.join(', ')}`, () => {
      for (const family of forms) {
        const en = forms.filter((form) => !namesFamily(`In 1917 ${form} wrote.`, family, 'en'));
        expect({ family, notNamedBy: en }).toEqual({ family, notNamedBy: [] });
        expect({ family, bulgarian, named: namesFamily(`През 1917 ${bulgarian} пише.`, family, 'bg') }).toEqual({
          family,
          bulgarian,
          named: true,
        });
      }
    });
  }

  it('reads a possessive and a soft sign in English text', () => {
    expect(namesFamily("Solov'ev's reading", 'Solovyov', 'en')).toBe(true);
    expect(namesFamily('Gogol wrote', "Gogol'", 'en')).toBe(true);
    expect(namesFamily('Zen’kovskii argues', 'Zenkovsky', 'en')).toBe(true);
  });
});

describe('different names stay different', () => {
  it.each([
    ['Vernadsky', 'Vernadskaya'],
    ['Ivanov', 'Ivanova'],
    ['Tolstoy', 'Tolstaya'],
    ['Zhukovsky', 'Zukovsky'],
    ['Shchedrin', 'Shedrin'],
    ['Zinoviev', 'Sinoviev'],
    ['Smith', 'Smyth'],
    ['Levin', 'Lewin'],
    ['Austin', 'Austyn'],
    ['Meyer', 'Meier'],
  ])('%s and %s', (a, b) => {
    expect(namesFamily(`${a} wrote.`, b, 'en')).toBe(false);
    expect(namesFamily(`${b} wrote.`, a, 'en')).toBe(false);
  });

  it('folds only what no romanization keeps apart', () => {
    expect(reducedCyrillic('Вернадский')).toBe('вернадски');
    expect(reducedCyrillic('Соловьёв')).toBe(reducedCyrillic('Соловьов'));
    expect(reducedCyrillic('Жуковская')).toBe('жуковска');
    expect(reducedCyrillic('Достоевский')).toBe(reducedCyrillic('Достойевский'));
  });
});

// Oracle: a generated Russian family name (a stem and a family ending) in any two schemes is the
// same name; changing, adding or dropping one of the consonants every scheme writes alike
// (б д л м н п р ф) makes a different name, which no pair of schemes may match.
describe('property: same name in two schemes matches, a different name never does', () => {
  const letter = fc.constantFrom(...'абвгдежзиклмнопрстуфхцчшщыэюя'.split(''));
  const plain = fc.constantFrom(...'бдлмнпрф'.split(''));
  // -ин counts only with a sound only a romanization writes (zh, sh...): the examples above have it.
  const ending = fc.constantFrom('ский', 'цкий', 'ская', 'ой', 'ов', 'ова', 'ев', 'ева', 'ич', 'ых');
  // Five letters at least: a shorter name is never compared by its readings (isRussianFamily).
  const name = fc
    .tuple(plain, fc.array(letter, { minLength: 2, maxLength: 8 }), ending)
    .map(([first, rest, end]) => first + rest.join('') + end)
    .filter((n) => reducedCyrillic(n).length >= 5);
  const scheme = fc.constantFrom(...SCHEMES);
  const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

  it('matches the romanizations of one name', () => {
    fc.assert(
      fc.property(name, scheme, scheme, (cyrillic, a, b) => {
        const [one, other] = [capital(romanized(cyrillic, a)), capital(romanized(cyrillic, b))];
        expect(spellsRussianFamily(one, other)).toBe(true);
        expect(spellsRussianFamily(capital(cyrillic), one)).toBe(true);
        expect(namesFamily(`${one} wrote.`, other, 'en')).toBe(true);
      }),
      { numRuns: 1500 },
    );
  });

  it('never matches a name one plain consonant away', () => {
    const edited = fc.tuple(name, plain, fc.nat(), fc.constantFrom('change', 'add', 'drop')).map(([n, p, at, how]) => {
      const stem = n.length - 4; // the change stays in the stem
      const i = at % Math.max(1, stem);
      const plainAt = 'бдлмнпрф'.includes(n.charAt(i));
      if (how === 'add') return [n, n.slice(0, i) + p + n.slice(i)] as const;
      if (!plainAt) return [n, n] as const;
      return [n, n.slice(0, i) + (how === 'change' ? p : '') + n.slice(i + 1)] as const;
    });
    fc.assert(
      fc.property(edited, scheme, scheme, ([n, m], a, b) => {
        fc.pre(reducedCyrillic(n) !== reducedCyrillic(m));
        const [one, other] = [capital(romanized(n, a)), capital(romanized(m, b))];
        expect(spellsRussianFamily(one, other)).toBe(false);
        expect(namesFamily(`${one} wrote.`, other, 'en')).toBe(false);
      }),
      { numRuns: 1500 },
    );
  });
});
