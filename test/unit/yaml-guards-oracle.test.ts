// needsYaml searches the fast path's guards as one regular expression and finds a long line with
// a loop: it must answer as the guards did one by one (test/helpers/yaml-guards-before-twelfth-session.ts),
// on every YAML text of the bundled corpus and on generated texts built from the characters the
// guards look for, with lines around 1,000 characters and other line terminators (\r, U+2028).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import fg from 'fast-glob';
import { describe, expect, it } from 'vitest';
import { NEEDS_YAML, needsYaml } from '../../scripts/lib/corpus/yaml-fast-path.ts';
import { splitFrontmatter } from '../../scripts/lib/corpus/yaml-source.ts';
import { needsYamlBefore } from '../helpers/yaml-guards-before-twelfth-session.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../corpus');

describe('needsYaml answers as the guards one by one', () => {
  it('reads every guard as written: none has a flag but m', () => {
    for (const pattern of NEEDS_YAML) expect(['', 'm']).toContain(pattern.flags);
  });

  it('on every YAML text of the bundled corpus', () => {
    const files = fg.sync(['**/*.yaml', '**/*.md'], { cwd: CORPUS });
    let texts = 0;
    for (const file of files) {
      const text = readFileSync(path.join(CORPUS, file), 'utf8');
      const yaml = file.endsWith('.md') ? splitFrontmatter(text)?.yamlText : text;
      if (yaml === undefined) continue;
      expect(needsYaml(yaml), file).toBe(needsYamlBefore(yaml));
      texts++;
    }
    expect(texts).toBeGreaterThan(1500);
  });

  const SPECIAL = [
    ...' \t\n\r-:[]{},&*!?%@`<#"\'|>~._',
    '\uFEFF',
    '\u2028',
    'null',
    'Null',
    'NULL',
    '__proto__',
    '<<',
    '---',
    '...',
    '0',
    '7',
  ];
  const piece = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom('a', 'b', 'key', 'word ', 'x: y\n', '- item\n', 'Я') },
    { weight: 2, arbitrary: fc.constantFrom(...SPECIAL) },
    { weight: 1, arbitrary: fc.integer({ min: 990, max: 1010 }).map((n) => 'a'.repeat(n)) },
  );
  it('on generated texts', () => {
    const answers = new Set<boolean>();
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 12 }), (pieces) => {
        const text = pieces.join('');
        const before = needsYamlBefore(text);
        expect(needsYaml(text), JSON.stringify(text)).toBe(before);
        answers.add(before);
      }),
      { numRuns: 5000 },
    );
    expect([...answers].sort()).toEqual([false, true]);
  });

  it('finds a line of 1,000 characters, not of 999, between any line breaks', () => {
    for (const [before, after] of [
      ['', ''],
      ['x\n', '\ny'],
      ['x\r', '\ry'],
      ['x\u2028', '\u2028y'],
    ])
      for (const n of [999, 1000, 1001]) {
        const text = `${before}${'a'.repeat(n)}${after}`;
        expect(needsYaml(text), `${n} ${JSON.stringify(before)}`).toBe(needsYamlBefore(text));
      }
  });
});
