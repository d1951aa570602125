// The list endpoint's answers kept per query string (src/handler/list-answers.ts): a kept answer
// is the fresh one (body, ETag, meta, errors), however often and in whatever order queries come,
// and the keep stays within its bounds whatever queries a client sends.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { ListAnswers, MAX_LIST_ANSWERS } from '../../src/handler/list-answers.ts';
import { answerList, type ListAnswer } from '../../src/list/endpoint.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { emitInMemory, siteFrom } from '../helpers/in-memory-site.ts';

const validation = validateCorpus(smallCorpusFiles());
if (!validation.ok) throw new Error('the small fixture corpus must be valid');
const { indexes } = siteFrom(await emitInMemory(validation.corpus));

/** What a client can see of an answer: its body bytes, tag, meta and parameters, or its errors. */
const seen = (answer: ListAnswer) =>
  answer.ok
    ? { etag: answer.etag, meta: answer.meta, params: answer.params, body: Buffer.from(answer.body()).toString() }
    : { errors: answer.errors };

const QUERIES = [
  '',
  '?limit=1',
  '?limit=1&offset=1',
  '?offset=1&limit=1',
  '?locale=bg',
  '?locale=bg&q=%D1%81%D0%BE',
  '?q=sophia',
  '?pillar=cosmology',
  '?pillar=nope',
  '?limit=x',
  '?limit=9999',
  '?locale=xx&offset=-1',
];

describe('list answers kept per query string', () => {
  it('gives the fresh answer for every query, first and every later time, in any order', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...QUERIES), { maxLength: 40 }), (queries) => {
        const kept = new ListAnswers(indexes);
        for (const search of queries) {
          const params = new URLSearchParams(search);
          expect(seen(kept.answer(search, params)), search).toEqual(seen(answerList(indexes, params)));
        }
      }),
      { numRuns: 50 },
    );
  });

  it('keeps at most MAX_LIST_ANSWERS, the least recently used going first', () => {
    const kept = new ListAnswers(indexes);
    const often = kept.answer('?limit=1', new URLSearchParams('?limit=1'));
    const once = kept.answer('?limit=2', new URLSearchParams('?limit=2'));
    for (let i = 0; i < MAX_LIST_ANSWERS + 50; i++) {
      const search = `?q=${i}`;
      kept.answer(search, new URLSearchParams(search));
      // Used again and again: the same kept answer every time.
      expect(kept.answer('?limit=1', new URLSearchParams('?limit=1'))).toBe(often);
    }
    expect(kept.size).toBe(MAX_LIST_ANSWERS);
    // Used once, long ago: gone, and worked out afresh.
    expect(kept.answer('?limit=2', new URLSearchParams('?limit=2'))).not.toBe(once);
  });
});
