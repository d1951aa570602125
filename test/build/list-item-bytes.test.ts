// A list index entry's item is cut from the term record's JSON (publish/list-item-bytes.ts): that
// holds only while the record's first members are the list item's, in the same order, followed by
// fullContent. These tests hold that order (the derived records', and any record's values) and
// fail when it changes; a record in another order is not cut but serialised on its own.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LOCALES } from '../../src/contract/facts.ts';
import { type Term, TermListItemSchema, TermSchema } from '../../src/contract/response-schemas.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { toListItem } from '../../scripts/lib/publish/api-records.ts';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';
import { listEntry } from '../../scripts/lib/publish/list-index-file.ts';
import { listItemOfRecord } from '../../scripts/lib/publish/list-item-bytes.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';

const utf8 = (value: unknown) => Buffer.from(JSON.stringify(value));

function derivedTerms(): Term[] {
  const validation = validateCorpus(smallCorpusFiles());
  if (!validation.ok) throw new Error('the small fixture corpus must be valid');
  const records = deriveApiRecords(validation.corpus, 'https://api.test');
  return LOCALES.flatMap((locale) => records.locales[locale].terms);
}

const text = fc.string({ unit: 'binary' });
const record = fc.record({
  term: text,
  slug: fc.stringMatching(/^[a-z0-9-]{1,12}$/),
  definition: text,
  pillar: fc.constantFrom('gnosticism', 'hermeticism'),
  tradition: text,
  etymology: fc.option(text, { nil: null }),
  relatedTerms: fc.array(fc.stringMatching(/^[a-z-]{1,8}$/), { maxLength: 4 }),
  url: fc.oneof(fc.webUrl(), text),
  fullContent: text,
  pronunciation: fc.option(text, { nil: null }),
  termOriginal: fc.option(text, { nil: null }),
  relatedPosts: fc.array(fc.record({ title: text, slug: text, url: fc.webUrl() }), { maxLength: 3 }),
}) as fc.Arbitrary<Term>;

describe("a list item cut from its record's JSON", () => {
  it("the derived records' members start with the list item's, in its order, then fullContent", () => {
    const itemKeys = Object.keys(TermListItemSchema.shape);
    expect(Object.keys(TermSchema.shape).slice(0, itemKeys.length + 1)).toEqual([...itemKeys, 'fullContent']);
    for (const term of derivedTerms())
      expect(Object.keys(JSON.parse(JSON.stringify(term))).slice(0, itemKeys.length + 1)).toEqual([
        ...itemKeys,
        'fullContent',
      ]);
  });

  it('is the list item serialised on its own, for every derived record', () => {
    for (const term of derivedTerms()) {
      const cut = listItemOfRecord(term, utf8(term));
      expect(cut).toBeDefined();
      expect(Buffer.from(cut ?? [])).toEqual(utf8(toListItem(term)));
    }
  });

  it('is the list item serialised on its own, whatever the values hold (quotes, "url" members, any code unit)', () => {
    fc.assert(
      fc.property(record, (term) => {
        expect(Buffer.from(listItemOfRecord(term, utf8(term)) ?? [])).toEqual(utf8(toListItem(term)));
      }),
    );
  });

  it('is not cut from a record in another order, and listEntry then serialises the item itself', () => {
    const [term] = derivedTerms();
    if (term === undefined) throw new Error('the fixture has terms');
    const { url, ...rest } = term;
    const reordered = { ...rest, url };
    expect(listItemOfRecord(term, utf8(reordered))).toBeUndefined();
    const reversed = Object.fromEntries(Object.entries(JSON.parse(JSON.stringify(term))).reverse());
    expect(listItemOfRecord(term, utf8(reversed))).toBeUndefined();
    expect(Buffer.from(listEntry(term, [], utf8(reordered)).json)).toEqual(utf8(toListItem(term)));
  });

  it('is not cut from a record that does not start with the name, though its url comes right before fullContent', () => {
    const [term] = derivedTerms();
    if (term === undefined) throw new Error('the fixture has terms');
    const { term: name, slug, ...rest } = term;
    const slugFirst = { slug, term: name, ...rest };
    expect(listItemOfRecord(term, utf8(slugFirst))).toBeUndefined();
    expect(Buffer.from(listEntry(term, [], utf8(slugFirst)).json)).toEqual(utf8(toListItem(term)));
  });

  it("sits in a buffer of its own, not a slice of the record's", () => {
    for (const term of derivedTerms()) {
      const cut = listItemOfRecord(term, utf8(term));
      expect(cut?.buffer.byteLength).toBe(cut?.byteLength);
    }
  });
});
