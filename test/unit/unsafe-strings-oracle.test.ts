// parseWith asks someStringUnsafe whether a parsed YAML value holds an unsafe string before it
// works out any string's path: it must answer as the walk with paths did
// (test/helpers/unsafe-strings-before-twelfth-session.ts), on every YAML text of the bundled corpus
// and on generated values (nested lists and maps; control, bidi, zero-width, separator, noncharacter,
// lone surrogate and invisible-only strings; astral characters).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { someStringUnsafe } from '../../scripts/lib/corpus/text-hygiene.ts';
import { parseYaml, splitFrontmatter } from '../../scripts/lib/corpus/yaml-source.ts';
import { someStringUnsafeBefore } from '../helpers/unsafe-strings-before-twelfth-session.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../corpus');

describe('someStringUnsafe answers as the walk with paths did', () => {
  it('on every YAML text of the bundled corpus, and on each with an unsafe character added', () => {
    const files = fg.sync(['**/*.yaml', '**/*.md'], { cwd: CORPUS });
    let values = 0;
    for (const file of files) {
      const text = readFileSync(path.join(CORPUS, file), 'utf8');
      const yaml = file.endsWith('.md') ? splitFrontmatter(text)?.yamlText : text;
      if (yaml === undefined) continue;
      for (const variant of [yaml, yaml.replace(/: (\S)/, ': \u200B$1')]) {
        const { value } = parseYaml(variant);
        expect(someStringUnsafe(value), file).toBe(someStringUnsafeBefore(value));
        values++;
      }
    }
    expect(values).toBeGreaterThan(3000);
  });

  const CHARS = [
    'a',
    'Я',
    ' ',
    '\n',
    '\t',
    '\u0000',
    '\u001F',
    '\u007F',
    '\u202E',
    '\u2066',
    '\u2028',
    '\u200B',
    '\uFEFF',
    '\u200D',
    '\u00AD',
    '\uFFFD',
    '\uFDD0',
    '\uFFFF',
    '\uD800',
    '\uDC00',
    '\uD83D\uDE00',
  ];
  const text = fc.array(fc.constantFrom(...CHARS), { maxLength: 6 }).map((chars) => chars.join(''));
  const { value } = fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      text,
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.array(tie('value'), { maxLength: 4 }),
      fc.dictionary(fc.string({ maxLength: 3 }), tie('value'), { maxKeys: 4 }),
    ),
  }));
  it('on generated values', () => {
    let unsafe = 0;
    fc.assert(
      fc.property(value, (v) => {
        const before = someStringUnsafeBefore(v);
        expect(someStringUnsafe(v)).toBe(before);
        if (before) unsafe++;
      }),
      { numRuns: 3000 },
    );
    // Both answers are met.
    expect(unsafe).toBeGreaterThan(300);
    expect(unsafe).toBeLessThan(2700);
  });
});
