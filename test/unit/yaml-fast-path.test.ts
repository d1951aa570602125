// parseYaml takes js-yaml's value where js-yaml gives exactly what `yaml` gives (yaml-fast-path.ts)
// and `yaml`'s document for everything else. The property: for every text, parseYaml's value,
// errors and lines equal those of the `yaml`-only parse (parseWithYamlLibrary, the code as it
// was before the fast path). Checked on every YAML text of the bundled corpus and on generated
// documents built from the constructs where YAML parsers disagree.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import fg from 'fast-glob';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { generateCorpus, writeCorpus } from '../../bench/synthetic-corpus.ts';
import { Schema } from 'yaml';
import { fastYamlValue, mayBeCoreScalar } from '../../scripts/lib/corpus/yaml-fast-path.ts';
import {
  parseWithYamlLibrary,
  parseYaml,
  splitFrontmatter,
  type ParsedYaml,
} from '../../scripts/lib/corpus/yaml-source.ts';

const CORPUS = path.resolve(import.meta.dirname, '../../corpus');

/** Every path to a value inside `value` (keys of maps, indexes of lists), the root first. */
function pathsIn(value: unknown, prefix: PropertyKey[] = [], inside = new Set<unknown>()): PropertyKey[][] {
  const paths = [prefix];
  // `yaml` makes an anchored list holding its own alias a list holding itself.
  if (value === null || typeof value !== 'object' || inside.has(value)) return paths;
  inside.add(value);
  for (const [key, item] of Object.entries(value))
    paths.push(...pathsIn(item, [...prefix, Array.isArray(value) ? Number(key) : key], inside));
  inside.delete(value);
  return paths;
}

/** What a caller sees of a parse: the value, the errors, and the line of every value and of a missing key. */
function observed(parsed: ParsedYaml) {
  const lines = pathsIn(parsed.value).map((p) => [p.join('.'), parsed.lineOf(p), parsed.lineOf([...p, 'missing'])]);
  return { value: parsed.value, errors: parsed.errors, lines };
}

function expectSameAsYamlLibrary(text: string, firstLine = 1) {
  const oracle = observed(parseWithYamlLibrary(text, firstLine));
  const actual = observed(parseYaml(text, firstLine));
  // isDeepStrictEqual: -0 is not 0, NaN is NaN, and a missing value is not null.
  if (!isDeepStrictEqual(actual, oracle)) expect(actual, JSON.stringify(text)).toEqual(oracle);
  const fast = fastYamlValue(text);
  if (fast) {
    expect(oracle.errors, JSON.stringify(text)).toEqual([]);
    expect(isDeepStrictEqual(fast.value, oracle.value), JSON.stringify(text)).toBe(true);
  }
  return fast !== undefined;
}

/** expectSameAsYamlLibrary on every YAML file and Markdown frontmatter of a corpus folder. */
function expectCorpusSameAsYamlLibrary(dir: string): { texts: number; fast: number } {
  let texts = 0;
  let fast = 0;
  for (const file of fg.sync(['**/*.yaml', 'terms/*/*.md', 'posts/*.md'], { cwd: dir })) {
    const raw = readFileSync(path.join(dir, file), 'utf8');
    const text = file.endsWith('.md') ? splitFrontmatter(raw)?.yamlText : raw;
    if (text === undefined) continue;
    texts++;
    if (expectSameAsYamlLibrary(text, file.endsWith('.md') ? 2 : 1)) fast++;
  }
  return { texts, fast };
}

describe('parseYaml equals the yaml-only parse', () => {
  it('on every YAML file and Markdown frontmatter of the bundled corpus, nearly all on the fast path', () => {
    const { texts, fast } = expectCorpusSameAsYamlLibrary(CORPUS);
    expect(texts).toBeGreaterThan(2000);
    // A file sent to `yaml` costs time, not correctness: this guards the speed-up itself.
    expect(texts - fast).toBeLessThan(texts / 100);
  });

  it('on a synthetic corpus written by `yaml` (long values folded over indented lines), all on the fast path', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'lexicon-fast-yaml-'));
    try {
      await writeCorpus(generateCorpus(150), dir);
      const { texts, fast } = expectCorpusSameAsYamlLibrary(dir);
      expect(texts).toBeGreaterThan(400);
      expect(fast).toBe(texts);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  // The scalars where YAML 1.1, YAML 1.2 and the parsers' own extensions disagree.
  const PLAIN = [
    '0x1F',
    '0X1f',
    '0o17',
    '017',
    '0b101',
    '1_000',
    '+1',
    '-1',
    '-0',
    '+0.5',
    '.5',
    '5.',
    '1e3',
    '1E+3',
    '1.5e-3',
    '.inf',
    '-.Inf',
    '+.INF',
    '.NaN',
    '.nan',
    'NaN',
    '12345678901234567890',
    '0',
    '00',
    '~',
    'null',
    'Null',
    'NULL',
    'nULL',
    'true',
    'True',
    'TRUE',
    'tRUE',
    'false',
    'yes',
    'Yes',
    'no',
    'on',
    'off',
    'y',
    'n',
    '2024-01-01',
    '2024-01-01T12:30:00Z',
    '12:30:00',
    '1:20',
    '190:20:30',
    '=',
    '<<',
    'a b',
    'a  b',
    'x#y',
    'a:b',
    'http://x.org/a?b=c',
    'Ωмега',
    'Гнозис',
    '𝔊𝔫𝔬𝔰𝔦𝔰',
    '😀',
    '-',
    '--',
    '---x',
    'a,b',
    'key: x',
    'é\u0301',
    'ZWNJ\u200c',
    'NBSP\u00a0x',
  ];
  it('on each of those scalars as a value, a key and a list item, on the fast path', () => {
    for (const w of PLAIN) {
      for (const text of [`a: ${w}\n`, `${w}: a\n`, `a:\n  - ${w}\n  - [${w}]\n`, `"${w}": '${w}'\n`]) {
        const fast = expectSameAsYamlLibrary(text);
        // Sent to `yaml` only for constructs listed in yaml-fast-path.ts: null spellings as keys,
        // list and document markers, merge keys, ":" inside a key.
        if (!/^(?:~|null|Null|NULL|-|--|---x|key: x|<<|a:b)$/.test(w)) expect(fast, text).toBe(true);
      }
    }
  });

  const ESCAPES = [
    '\\n',
    '\\t',
    '\\\\',
    '\\"',
    '\\x41',
    '\\u0434',
    '\\U0001F600',
    '\\N',
    '\\_',
    '\\L',
    '\\P',
    '\\/',
    '\\ ',
    '\\0',
    '\\e',
    '\\q',
    '\\x4',
    '\\u12',
    "'",
    '#',
    ': ',
    '\t',
  ];
  const word = fc.constantFrom(...PLAIN);
  const quoted = fc.oneof(
    fc
      .array(fc.oneof({ weight: 3, arbitrary: word }, { weight: 1, arbitrary: fc.constantFrom(...ESCAPES) }), {
        maxLength: 4,
      })
      .map((parts) => `"${parts.join('')}"`),
    fc
      .array(fc.oneof(word, fc.constantFrom("''", ' ', '\\', '"', '#')), { maxLength: 4 })
      .map((p) => `'${p.join('')}'`),
  );
  const longLine = fc.nat({ max: 1300 }).map((n) => 'x'.repeat(n));
  const scalar = fc.oneof(
    { weight: 8, arbitrary: word },
    { weight: 4, arbitrary: quoted },
    { weight: 1, arbitrary: longLine },
  );
  const blockHeader = fc.constantFrom('|', '>', '|-', '>-', '|+', '>+', '|2', '>1-', '|+2', '| # c');
  const comment = fc.oneof(
    { weight: 12, arbitrary: fc.constantFrom('', '', '', '', ' # note', ' #', '#x') },
    { weight: 1, arbitrary: fc.constant('\t# tab') },
  );
  const key = fc.oneof(fc.constantFrom('a', 'b', 'name', 'Ключ', '"a"', "'b'", '1', '1.0', 'true', '"1"', 'x y'), word);

  type Node =
    | { kind: 'scalar'; text: string }
    | { kind: 'block'; header: string; lines: string[] }
    | { kind: 'map' | 'seq'; items: [string, Node][] }
    | { kind: 'flow'; text: string }
    | { kind: 'lines'; quote: string; first: string; rest: [number, string][] };
  // A plain or quoted scalar over several lines, its later lines indented from one column left of
  // its key to three right of it, some blank or a comment.
  const restLine = fc.tuple(
    fc.constantFrom(-1, 0, 1, 2, 2, 2, 3),
    fc.oneof(
      { weight: 6, arbitrary: word },
      { weight: 1, arbitrary: fc.constantFrom('', '# c', '"', "'", 'a: b', '- x') },
    ),
  );
  const lines = fc
    .record({
      quote: fc.constantFrom('', '', '"', "'"),
      first: word,
      rest: fc.array(restLine, { minLength: 1, maxLength: 3 }),
    })
    .map((l): Node => ({ kind: 'lines', ...l }));
  const { node } = fc.letrec<{ node: Node }>((tie) => ({
    node: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      scalar.map((text): Node => ({ kind: 'scalar', text })),
      lines,
      fc
        .record({
          header: blockHeader,
          lines: fc.array(fc.oneof(word, fc.constantFrom('', ' ', '  indented', '', ' ', '  indented', '\t')), {
            maxLength: 4,
          }),
        })
        .map((b): Node => ({ kind: 'block', ...b })),
      fc
        .array(fc.oneof(scalar, fc.constantFrom('[]', '{}', '[a, [b]]', 'a: b')), { maxLength: 4 })
        .chain((items) =>
          fc
            .constantFrom(
              `[${items.join(', ')}]`,
              `{${items.join(', ')}}`,
              `[${items.join(',')},]`,
              `[${items.join('\n  ')}]`,
            )
            .map((text): Node => ({ kind: 'flow', text })),
        ),
      fc.array(fc.tuple(key, tie('node')), { maxLength: 4 }).map((items): Node => ({ kind: 'map', items })),
      // A list's items: a collection on the item's line ("- a: 1"), or on the lines below.
      fc
        .array(fc.tuple(fc.constantFrom('compact', 'compact', 'below'), tie('node')), { maxLength: 4 })
        .map((items): Node => ({ kind: 'seq', items })),
    ),
  }));

  function render(n: Node, indent: string, c: () => string): string {
    switch (n.kind) {
      case 'scalar':
      case 'flow':
        return ` ${n.text}${c()}\n`;
      case 'lines': {
        const keyColumn = Math.max(0, indent.length - 2);
        const rest = n.rest.map(([delta, text]) => `${' '.repeat(Math.max(0, keyColumn + delta))}${text}`);
        return ` ${n.quote}${[n.first, ...rest].join('\n')}${n.quote}${c()}\n`;
      }
      case 'block':
        return ` ${n.header}\n${n.lines.map((l) => `${indent}  ${l}\n`).join('')}`;
      case 'map':
        if (n.items.length === 0) return ' {}\n';
        return `\n${n.items.map(([k, v]) => `${indent}${k}:${render(v, `${indent}  `, c)}`).join('')}`;
      case 'seq':
        if (n.items.length === 0) return ' []\n';
        return `\n${n.items
          .map(([style, v]) => {
            const inner = render(v, `${indent}  `, c);
            const compact = style === 'compact' && (v.kind === 'map' || v.kind === 'seq') && inner.startsWith('\n');
            return compact ? `${indent}- ${inner.slice(indent.length + 3)}` : `${indent}-${inner}`;
          })
          .join('')}`;
    }
  }

  // Whole-document variations: BOM, CRLF, markers, several documents, tabs, stray characters.
  const variation = fc.constantFrom(
    'none',
    'none',
    'none',
    'none',
    'none',
    'none',
    'bom',
    'crlf',
    'cr',
    'start',
    'end',
    'two',
    'empty',
    'comments',
    'tab',
    'cut',
    'insert',
  );
  // Mostly mappings at the top, as corpus files are (only those can take the fast path).
  const root = fc.oneof(
    {
      weight: 4,
      arbitrary: fc
        .array(fc.tuple(key, node), { minLength: 1, maxLength: 5 })
        .map((items): Node => ({ kind: 'map', items })),
    },
    { weight: 1, arbitrary: node },
  );
  const document = fc
    .tuple(
      root,
      variation,
      fc.array(comment, { minLength: 8, maxLength: 8 }),
      fc.nat(),
      fc.constantFrom(':', '\t', ' ', '-', '"', "'", '[', '}', '#', '|', '\n', 'ä'),
    )
    .map(([root, how, comments, at, inserted]) => {
      let i = 0;
      const rendered = render(root, '', () => comments[i++ % comments.length] ?? '');
      let text = rendered.startsWith('\n') ? rendered.slice(1) : rendered.trimStart();
      const pos = text.length === 0 ? 0 : at % text.length;
      if (how === 'bom') text = `\uFEFF${text}`;
      if (how === 'crlf') text = text.replace(/\n/g, '\r\n');
      if (how === 'cr') text = text.replace(/\n/g, '\r');
      if (how === 'start') text = `---\n${text}`;
      if (how === 'end') text = `${text}...\n`;
      if (how === 'two') text = `${text}---\n${text}`;
      if (how === 'empty') text = '# nothing but a comment\n';
      if (how === 'comments') text = `# head\n${text}\n# tail`;
      if (how === 'tab') text = text.replace(/ {2}/, '\t');
      if (how === 'cut') text = text.slice(0, pos) + text.slice(pos + 1);
      if (how === 'insert') text = text.slice(0, pos) + inserted + text.slice(pos);
      return text;
    });

  const RUNS = Number(process.env.YAML_ORACLE_RUNS ?? 1);

  it('on generated documents (scalars, quoting, block scalars, flow collections, comments, markers)', () => {
    let fast = 0;
    const runs = 3000 * RUNS;
    fc.assert(
      fc.property(document, fc.constantFrom(1, 2), (text, firstLine) => {
        if (expectSameAsYamlLibrary(text, firstLine)) fast++;
      }),
      { numRuns: runs },
    );
    // The comparison is not of texts that all went to `yaml`.
    expect(fast).toBeGreaterThan(runs / 30);
  });

  // Sequences of YAML's indicators and words: where one parser's leniency shows.
  const TOKENS = [
    ...PLAIN.slice(0, 30),
    'a',
    'b',
    ' ',
    ' ',
    '  ',
    '\n',
    '\n',
    '\n  ',
    ':',
    ': ',
    '- ',
    '-',
    '[',
    ']',
    '{',
    '}',
    ',',
    '#',
    ' #',
    '"',
    "'",
    '|',
    '>',
    '\t',
    '?',
    '&a',
    '*a',
    '!',
    '!!str',
    '%',
    '@',
    '`',
    '\\',
    '\r\n',
    '\uFEFF',
    'д',
    '😀',
  ];
  it('on random sequences of indicators and words', () => {
    let fast = 0;
    const runs = 5000 * RUNS;
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...TOKENS), { maxLength: 30 }), (tokens) => {
        if (expectSameAsYamlLibrary(tokens.join(''))) fast++;
      }),
      { numRuns: runs },
    );
    expect(fast).toBeGreaterThan(runs / 100);
  });
});

describe('the guards before either parser, with their messages', () => {
  it('too deep a nesting', () => {
    const deep = `${'['.repeat(150)}${']'.repeat(150)}`;
    expect(parseYaml(deep, 2).errors).toEqual([
      { line: 2, message: 'nests lists or maps more than 100 levels deep; a corpus file needs a few' },
    ]);
    expectSameAsYamlLibrary(deep);
  });

  it('an alias bomb goes to `yaml`, which refuses it at its first alias', () => {
    const bomb = [
      'a: &a [x, x, x, x, x, x, x, x, x, x]',
      'b: &b [*a, *a, *a, *a, *a, *a, *a, *a, *a, *a]',
      'c: &c [*b, *b, *b, *b, *b, *b, *b, *b, *b, *b]',
      'd: [*c, *c, *c, *c, *c, *c, *c, *c, *c, *c]',
      '',
    ].join('\n');
    expect(fastYamlValue(bomb)).toBeUndefined();
    expect(parseYaml(bomb).errors).toEqual([
      { line: 2, message: 'aliases expand to more than 100 nodes; write the values out instead of repeating *aliases' },
    ]);
    expectSameAsYamlLibrary(bomb);
  });

  it('an alias inside the value its anchor names is refused at the alias (a value without end crashed the checks)', () => {
    const message = (name: string) =>
      `the alias *${name} stands for a value that holds it (a value without end); write the values out instead`;
    expect(parseYaml('a: &a [x, *a]\n', 2).errors).toEqual([{ line: 2, message: message('a') }]);
    expect(parseYaml('a: &self\n  b:\n    - *self\n').errors).toEqual([{ line: 3, message: message('self') }]);
    // An alias after its anchor's value is an ordinary repetition.
    expect(parseYaml('a: &a [x]\nb: *a\n')).toMatchObject({ value: { a: ['x'], b: ['x'] }, errors: [] });
  });

  it('anchors, tags, merge keys, directives and null keys go to `yaml`', () => {
    for (const text of [
      'a: &x 1\nb: *x\n',
      'a: !!str 1\n',
      '<<: {a: 1}\n',
      '%YAML 1.2\n---\na: 1\n',
      '~: 1\n"": 2\n',
      ': 1\n',
      '? a\n: 1\n',
      '[a]: 1\n',
      '__proto__: 1\n',
    ])
      expect(fastYamlValue(text), text).toBeUndefined();
  });

  it('a collection inside a flow mapping goes to `yaml`, whatever its quoted text holds (CI, 2026-11-27)', () => {
    // A "}" quoted before the key "[]" hid it from the pattern: js-yaml made the key "", `yaml` "[]".
    for (const text of [
      "{\"false=\", a: b, '}True ''12:30:00', []}\n",
      'a: {"}": 1, [x]}\n',
      "a: {'}': 1, b: {c}}\n",
    ]) {
      expect(fastYamlValue(text), text).toBeUndefined();
      expectSameAsYamlLibrary(text);
    }
    // Quoted brackets inside a list: stepped over, so the list's own bracket closes it.
    for (const text of ['a: ["]", b]\n', "a: ['x'']', y]\n", 'a: ["x\\"]", y]\n', 'a: ["x]\n  y"]\n', "a: [x's]\n"])
      expectSameAsYamlLibrary(text);
    expect(fastYamlValue('a: ["]", b]\n')).toEqual({ value: { a: [']', 'b'] } });
    expect(fastYamlValue('a: ["x]\n  y"]\n')).toBeUndefined();
  });
});

describe('mayBeCoreScalar', () => {
  // Beside every first character: the rests of the core schema's spellings.
  const RESTS = [
    '',
    '0',
    '1',
    'ull',
    'ULL',
    'rue',
    'RUE',
    'alse',
    'ALSE',
    '.5',
    '5',
    'inf',
    'Inf',
    'nan',
    'NaN',
    'x1F',
    'o17',
    'e3',
    '1e3',
    '.inf',
  ];
  const coreTags = new Schema({ schema: 'core' }).tags.filter(
    (tag) => tag.default === true && 'test' in tag && tag.test,
  );

  it('is true of every plain scalar a core schema tag of `yaml` resolves (every first character of the BMP)', () => {
    for (let code = 0; code <= 0xffff; code++) {
      const first = String.fromCharCode(code);
      for (const rest of RESTS) {
        const plain = first + rest;
        if (coreTags.some((tag) => (tag.test as RegExp).test(plain))) expect(mayBeCoreScalar(plain), plain).toBe(true);
      }
    }
    expect(coreTags.some((tag) => (tag.test as RegExp).test(''))).toBe(true);
    expect(mayBeCoreScalar('')).toBe(true);
  });
});
