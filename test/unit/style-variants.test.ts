import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadStyleVariants } from '../../scripts/lib/corpus/load-corpus.ts';
import { formatProblem } from '../../scripts/lib/corpus/corpus-model.ts';
import {
  compileStyleVariants,
  findStyleVariants,
  parseStyleVariants,
} from '../../scripts/lib/corpus/style-variants.ts';

const matchers = compileStyleVariants({
  en: [
    { prefer: 'BCE', avoid: ['BC'] },
    { prefer: 'around', avoid: ['c.'] },
    { prefer: 'bar Konai', avoid: ['bar Koni'] },
  ],
  bg: [
    { prefer: 'Иисус', avoid: ['Исус'] },
    { prefer: 'например', avoid: ['напр.'] },
  ],
});

describe('style variants', () => {
  it.each([
    ['born in 40 BC in Rome', ['BC']],
    ['around 40 BCE', []],
    ['written (c. 1300)', ['c.']],
    ['the abc. end', []],
    ['Theodore bar Koni wrote', ['bar Koni']],
    ['Theodore bar Konai wrote', []],
  ])('en: %s', (text, found) => {
    expect(findStyleVariants(text, matchers.en).map((f) => f.found)).toEqual(found);
  });

  it.each([
    ['Исус Христос', ['Исус']],
    ['Иисус Христос', []],
    ['напр. така', ['напр.']],
    ['Сънародник.', []],
  ])('bg, whole words in Cyrillic too: %s', (text, found) => {
    expect(findStyleVariants(text, matchers.bg).map((f) => f.found)).toEqual(found);
  });
});

describe('style variants: `except` phrases', () => {
  const withExceptions = compileStyleVariants({
    en: [{ prefer: 'Nicetas', avoid: ['Niketas'], except: ['Niketas Siniossoglou'] }],
    bg: [{ prefer: 'Никита', avoid: ['Никитас'], except: ['Никитас Синиосоглу'] }],
  });

  it.each([
    ['Niketas Siniossoglou reads him as a radical Platonist.', []],
    ["Niketas Siniossoglou's study", []],
    ['Niketas reads him', ['Niketas']],
    ['the bishop Niketas the Bogomil came from Constantinople', ['Niketas']],
    ['Niketas Siniossoglou cites Niketas the Bogomil', ['Niketas']],
    ['Niketas Siniossoglous', ['Niketas']],
    ['Niketas  Siniossoglou', ['Niketas']],
  ])('en: %s', (text, found) => {
    expect(findStyleVariants(text, withExceptions.en).map((f) => f.found)).toEqual(found);
  });

  it.each([
    ['Никитас Синиосоглу го чете като „радикален платоник“.', []],
    ['епископ Никитас от Константинопол', ['Никитас']],
    ['Никитас Синиосоглу и епископ Никитас', ['Никитас']],
  ])('bg: %s', (text, found) => {
    expect(findStyleVariants(text, withExceptions.bg).map((f) => f.found)).toEqual(found);
  });
});

describe('parseStyleVariants', () => {
  const FILE = 'corpus/style.yaml';
  const yaml = (enVariant: string) => `en:\n  - { prefer: BCE, avoid: [BC] }\n  - ${enVariant}\nbg: []\n`;

  it('reads variants with and without exceptions', () => {
    const result = parseStyleVariants(
      yaml('{ prefer: Nicetas, avoid: [Niketas], except: ["Niketas Siniossoglou"] }'),
      FILE,
    );
    expect(result).toEqual({
      ok: true,
      variants: {
        en: [
          { prefer: 'BCE', avoid: ['BC'] },
          { prefer: 'Nicetas', avoid: ['Niketas'], except: ['Niketas Siniossoglou'] },
        ],
        bg: [],
      },
    });
  });

  const problemsOf = (text: string) => {
    const result = parseStyleVariants(text, FILE);
    return result.ok ? [] : result.problems.map(formatProblem);
  };

  it.each([
    [
      '{ prefer: Nicetas, avoid: [Niketas], except: [Siniossoglou] }',
      'corpus/style.yaml:3: en.1.except.0: "Siniossoglou" contains none of the avoided forms ("Niketas") as a whole word, so it excepts nothing: write the whole phrase in which one of them is right, such as a full name',
    ],
    [
      '{ prefer: Nicetas, avoid: [Niketas], except: [Niketa Siniossoglou] }',
      'corpus/style.yaml:3: en.1.except.0: "Niketa Siniossoglou" contains none of the avoided forms ("Niketas") as a whole word, so it excepts nothing: write the whole phrase in which one of them is right, such as a full name',
    ],
    [
      '{ prefer: Nicetas, avoid: [Niketas], except: [Niketas] }',
      'corpus/style.yaml:3: en.1.except.0: "Niketas" is an avoided form itself and would switch the rule off: write the whole phrase in which it is right, such as a full name',
    ],
    [
      '{ prefer: Nicetas, avoid: [Niketas], except: [Niketas Siniossoglou, Niketas Siniossoglou] }',
      'corpus/style.yaml:3: en.1.except.1: "Niketas Siniossoglou" is listed twice',
    ],
    [
      '{ prefer: Nicetas, avoid: [Niketas], except: [] }',
      'corpus/style.yaml:3: en.1.except: an empty list excepts nothing: leave `except` out or list whole phrases',
    ],
    [
      '{ prefer: Nicetas, avoid: [Niketas], except: Niketas Siniossoglou }',
      'corpus/style.yaml:3: en.1.except: must be a list of whole phrases, such as ["Niketas Siniossoglou"]',
    ],
    [
      '{ prefer: Nicetas, avoid: [Niketas], exceptions: [Niketas Siniossoglou] }',
      'corpus/style.yaml:3: en.1: Unrecognized key: "exceptions"',
    ],
  ])('refuses %s', (variant, message) => {
    expect(problemsOf(yaml(variant))).toEqual([message]);
  });

  it('points at the line of an exception written as a block list', () => {
    const text =
      'en:\n  - prefer: Nicetas\n    avoid: [Niketas]\n    except:\n      - Niketas Siniossoglou\n      - Siniossoglou\nbg: []\n';
    expect(problemsOf(text)).toEqual([
      'corpus/style.yaml:6: en.0.except.1: "Siniossoglou" contains none of the avoided forms ("Niketas") as a whole word, so it excepts nothing: write the whole phrase in which one of them is right, such as a full name',
    ]);
  });

  it('reports YAML syntax errors with their line', () => {
    expect(problemsOf('en:\n  - { prefer: BCE, avoid: [BC\nbg: []\n')).toEqual([
      expect.stringMatching(/^corpus\/style\.yaml:\d+: /),
    ]);
  });
});

describe('loadStyleVariants', () => {
  it('reads none when the corpus has no style.yaml, and reports a bad one with its path and line', async () => {
    const root = mkdtempSync(path.join(tmpdir(), 'style-yaml-'));
    try {
      expect(await loadStyleVariants(root)).toEqual({ ok: true, variants: { en: [], bg: [] } });
      writeFileSync(
        path.join(root, 'style.yaml'),
        'en:\n  - { prefer: Nicetas, avoid: [Niketas], except: [] }\nbg: []\n',
      );
      const result = await loadStyleVariants(root);
      expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
        `${root.split(path.sep).join('/')}/style.yaml:2: en.0.except: an empty list excepts nothing: leave \`except\` out or list whole phrases`,
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
