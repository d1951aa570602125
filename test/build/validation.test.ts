import { describe, expect, it } from 'vitest';
import { countSentences, formatProblem, validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { expectedMessages, invalidCaseFiles, invalidCaseNames, smallCorpusFiles } from '../helpers/corpus-fixtures.ts';

describe('corpus validation', () => {
  it('accepts the small fixture corpus', () => {
    const result = validateCorpus(smallCorpusFiles());
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([]);
  });

  // One fixture folder per kind of problem: the files it lays over the small corpus and the
  // exact messages the build must print, every one of them, in order.
  it.each(invalidCaseNames())('%s: reports exactly the expected problems', (name) => {
    const result = validateCorpus(invalidCaseFiles(name));
    expect(result.ok).toBe(false);
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual(expectedMessages(name));
  });

  it('reports every problem of a corpus in one run', () => {
    const files = invalidCaseFiles('schema-violation');
    const extra = invalidCaseFiles('self-relation').files.find((f) => f.path === 'corpus/terms/shadow/term.yaml')!;
    const merged = { ...files, files: files.files.map((f) => (f.path === extra.path ? extra : f)) };
    const result = validateCorpus(merged);
    expect(result.ok ? [] : result.problems.map(formatProblem)).toEqual([
      ...expectedMessages('schema-violation'),
      ...expectedMessages('self-relation'),
    ]);
  });
});

describe('countSentences', () => {
  it.each([
    ['One sentence.', 'en', 1],
    ['One. Two.', 'en', 2],
    ['Is it one? Yes! And three.', 'en', 3],
    ['Едно изречение. И второ.', 'bg', 2],
    ['A sentence about αἰών (aiōn), "age".', 'en', 1],
  ] as const)('%s -> %i', (text, locale, count) => {
    expect(countSentences(text, locale)).toBe(count);
  });
});
