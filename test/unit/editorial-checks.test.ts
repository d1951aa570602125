import { describe, expect, it } from 'vitest';
import {
  anonymousViewFindings,
  citedNeverNamedFindings,
  frontmatterViewFindings,
  editorialFindings,
  formatFinding,
  workYearFindings,
} from '../../scripts/lib/corpus/editorial-checks.ts';
import type { Corpus } from '../../scripts/lib/corpus/corpus-model.ts';
import type { Reference } from '../../scripts/lib/corpus/corpus-schema.ts';

type Term = Corpus['terms'][number];

const body = (overview: string, interpretations: string, [o, i] = ['Overview', 'Interpretations']) =>
  `## ${o}\n\n${overview}\n\n## ${i}\n\n${interpretations}`;

const term = (slug: string, references: Reference[], en: string, bg: string): Term =>
  ({
    slug,
    file: `corpus/terms/${slug}/term.yaml`,
    references,
    texts: { en: { body: en }, bg: { body: bg } },
  }) as unknown as Term;

const scholarly = (author: string, title = 'A Study', year = 2000): Reference => ({
  kind: 'scholarly',
  author,
  title,
  year,
});
const primary = (author: string): Reference => ({ kind: 'primary', author, title: 'A Source', year: 1990 });

const corpusOf = (...terms: Term[]) =>
  ({
    site: { bodySections: { en: ['Overview', 'Interpretations'], bg: ['Общ преглед', 'Тълкувания'] } },
    terms,
  }) as unknown as Corpus;

describe('anonymousViewFindings', () => {
  const en = body('Historians debate the date.', 'Burkert reads it so.\nOthers stress the ethics.');
  const bg = body('Датата е спорна.', 'Буркерт го чете така. Смята се, че е късен.', ['Общ преглед', 'Тълкувания']);
  const t = term('decad', [scholarly('Burkert, Walter')], en, bg);
  const sources = new Map([
    ['corpus/terms/decad/en.md', `---\nterm: Decad\n---\n${en}\n`],
    ['corpus/terms/decad/bg.md', `---\nterm: Декада\n---\n\n${bg}\n`],
  ]);

  it('gives each phrase with the file and line of the locale file', () => {
    expect(anonymousViewFindings(t, 'en', 'Interpretations', sources).map(formatFinding)).toEqual([
      'corpus/terms/decad/en.md:6: "Historians debate" gives a view to nobody in particular: name the scholar who holds it (with the work in references), or state it as a plain fact',
      'corpus/terms/decad/en.md:11: "Others stress" gives a view to nobody in particular: name the scholar who holds it (with the work in references), or state it as a plain fact',
    ]);
    expect(anonymousViewFindings(t, 'bg', 'Тълкувания', sources).map(formatFinding)).toEqual([
      'corpus/terms/decad/bg.md:7: "е спорна" gives a view to nobody in particular: name the scholar who holds it (with the work in references), or state it as a plain fact',
      'corpus/terms/decad/bg.md:11: "Смята се" gives a view to nobody in particular: name the scholar who holds it (with the work in references), or state it as a plain fact',
    ]);
  });

  it('reads "Others" as anonymous in Interpretations only', () => {
    const t2 = term('x', [], body('Some held that it was late; others held it early.', 'Text.'), '');
    expect(anonymousViewFindings(t2, 'en', 'Interpretations')).toEqual([]);
  });
});

describe('frontmatterViewFindings', () => {
  it('reads the definition and the etymology as a body outside Interpretations, at the line of the field, as a check of its own', () => {
    const t = {
      ...term('x', [], '', ''),
      texts: {
        en: { body: '', definition: 'A letter whose authorship has been disputed ever since.', etymology: 'Greek.' },
        bg: { body: '', definition: 'Писмо.', etymology: 'Точният смисъл е спорен; историците го наричат иначе.' },
      },
    } as unknown as Term;
    const sources = new Map([['corpus/terms/x/bg.md', '---\nterm: Х\ndefinition: "Писмо."\netymology: "…"\n---\n']]);
    expect(
      frontmatterViewFindings(t, 'en').map((f) => `${f.check} ${f.field}: ${f.message.split(' gives')[0]}`),
    ).toEqual(['definition-view definition: "has been disputed"']);
    expect(frontmatterViewFindings(t, 'bg', sources).map(formatFinding)).toEqual([
      'corpus/terms/x/bg.md:4: etymology: "е спорен" gives a view to nobody in particular: name the scholar who holds it (with the work in references), or state it as a plain fact',
    ]);
  });
});

describe('citedNeverNamedFindings', () => {
  const refs = [
    primary('Tredennick, Hugh (trans.)'),
    scholarly('Burkert, Walter', 'Lore and Science in Ancient Pythagoreanism', 1972),
    scholarly('Huffman, Carl A.', 'Philolaus of Croton', 1993),
    scholarly('Klibansky, Raymond; Panofsky, Erwin; Saxl, Fritz', 'Saturn and Melancholy', 1964),
  ];
  const en = body('Walter Burkert and Panofsky agree.', 'Text.');
  const bg = body('Валтер Буркерт и Карл Хъфман спорят.', 'Текст.', ['Общ преглед', 'Тълкувания']);
  const t = term('decad', refs, en, bg);
  const source = [
    'slug: decad',
    'references:',
    '  - kind: primary',
    '    author: "Tredennick, Hugh (trans.)"',
    '  - kind: scholarly',
    '    author: "Burkert, Walter"',
    '    title: "Lore and Science in Ancient Pythagoreanism"',
    '  - kind: scholarly',
    '    author: "Huffman, Carl A."',
    '    title: "Philolaus of Croton"',
    '  - kind: scholarly',
    '    title: "Saturn and Melancholy"',
  ].join('\n');
  const sources = new Map([['corpus/terms/decad/term.yaml', source]]);

  it('lists a scholarly work whose authors that locale never names, at its line in term.yaml', () => {
    expect(citedNeverNamedFindings(t, 'en', sources).map(formatFinding)).toEqual([
      'corpus/terms/decad/term.yaml:10: references.2: Huffman, Carl A., Philolaus of Croton is cited, but the en body never names Huffman: name the author where the work carries a statement, or drop the reference',
    ]);
  });

  it('reads Bulgarian names in Cyrillic (Хъфман names Huffman), and any one author of several', () => {
    expect(citedNeverNamedFindings(t, 'bg', sources).map(formatFinding)).toEqual([
      'corpus/terms/decad/term.yaml:12: references.3: Klibansky, Raymond; Panofsky, Erwin; Saxl, Fritz, Saturn and Melancholy is cited, but the bg body never names Klibansky or Panofsky or Saxl: name the author where the work carries a statement, or drop the reference',
    ]);
  });

  it('does not take a Bulgarian word that only sounds a little like the name', () => {
    const refs = [scholarly('King, Karen L.'), scholarly('Plaut, Fred'), scholarly('Corbin, Henry')];
    const t2 = term('x', refs, '', 'Син, Паули и Червена.');
    expect(citedNeverNamedFindings(t2, 'bg').map((f) => f.field)).toEqual([
      'references.0',
      'references.1',
      'references.2',
    ]);
    const t3 = term(
      'y',
      [scholarly('King, Karen L.'), scholarly('Yates, Frances A.')],
      '',
      'Карън Кинг и Франсис Йейтс.',
    );
    expect(citedNeverNamedFindings(t3, 'bg')).toEqual([]);
  });
});

describe('citedNeverNamedFindings for an author cited in Cyrillic', () => {
  it('takes the English body naming the author in Latin letters', () => {
    const refs = [scholarly('Ангелов, Димитър'), scholarly('Иванов, Йордан')];
    const t = term('x', refs, 'Dimitar Angelov argues.', 'Димитър Ангелов и Йордан Иванов.');
    expect(citedNeverNamedFindings(t, 'en').map((f) => f.message)).toEqual([
      'Иванов, Йордан, A Study is cited, but the en body never names Иванов: name the author where the work carries a statement, or drop the reference',
    ]);
    expect(citedNeverNamedFindings(t, 'bg')).toEqual([]);
  });
});

describe('workYearFindings', () => {
  it('reports each citation of a work cited with two years', () => {
    const aion = (year: number) => ({
      kind: 'scholarly' as const,
      author: 'Jung, C. G.',
      title: 'Aion: Researches into the Phenomenology of the Self (Collected Works, vol. 9/2)',
      year,
    });
    const corpus = corpusOf(
      term('self', [aion(1968)], '', ''),
      term('syzygy', [scholarly('Layton, Bentley'), aion(1959)], '', ''),
      term('shadow', [aion(1968)], '', ''),
    );
    const sources = new Map([
      [
        'corpus/terms/syzygy/term.yaml',
        'references:\n  - title: "A Study"\n    year: 2000\n  - title: "Aion: Researches into the Phenomenology of the Self (Collected Works, vol. 9/2)"\n    year: 1959\n',
      ],
    ]);
    expect(workYearFindings(corpus, sources).map(formatFinding)).toEqual([
      'corpus/terms/self/term.yaml: references.0.year: Jung, C. G., Aion: Researches into the Phenomenology of the Self (Collected Works, vol. 9/2) is cited with different years across entries: 1959 (syzygy) / 1968 (self, shadow); cite one edition everywhere',
      'corpus/terms/syzygy/term.yaml:5: references.1.year: Jung, C. G., Aion: Researches into the Phenomenology of the Self (Collected Works, vol. 9/2) is cited with different years across entries: 1959 (syzygy) / 1968 (self, shadow); cite one edition everywhere',
      'corpus/terms/shadow/term.yaml: references.0.year: Jung, C. G., Aion: Researches into the Phenomenology of the Self (Collected Works, vol. 9/2) is cited with different years across entries: 1959 (syzygy) / 1968 (self, shadow); cite one edition everywhere',
    ]);
  });

  it('keeps apart two books of one author with one main title and different subtitles', () => {
    const corpus = corpusOf(
      term('a', [scholarly('Cohen, Martin Samuel', 'The Shiʿur Qomah: Liturgy and Theurgy', 1983)], '', ''),
      term('b', [scholarly('Cohen, Martin Samuel', 'The Shiʿur Qomah: Texts and Recensions', 1985)], '', ''),
    );
    expect(workYearFindings(corpus)).toEqual([]);
  });
});

describe('editorialFindings', () => {
  it('collects the three checks for both locales, in file order', () => {
    const t = term(
      'demo',
      [scholarly('Wallis, R. T.', 'Neoplatonism', 1972)],
      body('Text.', 'Scholars debate it.'),
      body('Текст.', 'Уолис спори.', ['Общ преглед', 'Тълкувания']),
    );
    expect(editorialFindings(corpusOf(t)).map((f) => `${f.check} ${f.file}`)).toEqual([
      'anonymous-view corpus/terms/demo/en.md',
      'cited-never-named corpus/terms/demo/term.yaml',
    ]);
  });
});
