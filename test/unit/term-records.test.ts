// A record whose body stays on disk (publish/full-content.ts: TermWithContentOnDisk) is a class
// instance with fullContent on its prototype: it must serialise exactly as the plain record the
// build makes from a text in memory (same fields, same order, same values), and read its body only
// when asked.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { type Term, TermSchema } from '../../src/contract/response-schemas.ts';
import type { Reference } from '../../scripts/lib/corpus/corpus-schema.ts';
import { contentReadWhenAsked, fullContent, TermWithContentOnDisk } from '../../scripts/lib/publish/full-content.ts';

const reference = fc.record({
  author: fc.string(),
  title: fc.string(),
  year: fc.integer({ min: 100, max: 2100 }),
  locator: fc.option(fc.string(), { nil: undefined }),
}) as fc.Arbitrary<Reference>;

const fields = fc.record({
  term: fc.string(),
  slug: fc.stringMatching(/^[a-z0-9-]{1,12}$/),
  definition: fc.string(),
  pillar: fc.constantFrom('gnosticism', 'hermeticism'),
  tradition: fc.string(),
  etymology: fc.option(fc.string(), { nil: null }),
  relatedTerms: fc.array(fc.stringMatching(/^[a-z-]{1,8}$/), { maxLength: 4 }),
  url: fc.webUrl(),
  pronunciation: fc.option(fc.string(), { nil: null }),
  termOriginal: fc.option(fc.string(), { nil: null }),
  relatedPosts: fc.array(fc.record({ title: fc.string(), slug: fc.string(), url: fc.webUrl() }), { maxLength: 3 }),
}) as fc.Arbitrary<Omit<Term, 'fullContent'>>;

/** The plain record, its fields in the order the specification declares them (TermSchema). */
function plainRecord(f: Omit<Term, 'fullContent'>, body: string, references: Reference[], heading: string): Term {
  const values: Term = { ...f, fullContent: fullContent(body, references, heading) };
  return Object.fromEntries(Object.keys(TermSchema.shape).map((key) => [key, values[key as keyof Term]])) as Term;
}

describe('a record whose body stays on disk', () => {
  it('serialises exactly as the plain record (fields, order, values)', () => {
    fc.assert(
      fc.property(fields, fc.string(), fc.array(reference, { maxLength: 3 }), fc.string(), (f, body, refs, heading) => {
        const onDisk = new TermWithContentOnDisk(f, { body: () => body, references: refs, heading });
        const plain = plainRecord(f, body, refs, heading);
        expect(JSON.stringify(onDisk)).toBe(JSON.stringify(plain));
        expect(onDisk.fullContent).toBe(plain.fullContent);
        expect(contentReadWhenAsked(onDisk)).toBe(true);
        expect(contentReadWhenAsked(plain)).toBe(false);
      }),
    );
  });

  it('reads its body only when fullContent is asked for, once for several asks in a row', () => {
    let reads = 0;
    const sample = fc.sample(fields, { numRuns: 2, seed: 1 });
    const [a, b] = sample.map(
      (f) =>
        new TermWithContentOnDisk(f, {
          body: () => {
            reads++;
            return `body of ${f.slug}`;
          },
          references: [],
          heading: 'Sources',
        }),
    ) as [TermWithContentOnDisk, TermWithContentOnDisk];
    expect(reads).toBe(0);
    expect(a.term).toBe(sample[0]?.term);
    JSON.stringify(a);
    expect(a.fullContent).toBe(`body of ${a.slug}`);
    expect(reads).toBe(1);
    expect(b.fullContent).toBe(`body of ${b.slug}`);
    expect(a.fullContent).toBe(`body of ${a.slug}`);
    expect(reads).toBe(3);
  });

  it('keeps fullContent off its own properties (a getter per record made V8 keep each as a dictionary)', () => {
    const [f] = fc.sample(fields, { numRuns: 1, seed: 2 }) as [Omit<Term, 'fullContent'>];
    const record = new TermWithContentOnDisk(f, { body: () => '', references: [], heading: 'Sources' });
    expect(Object.keys(record)).toEqual(Object.keys(f));
    expect(Object.getOwnPropertyDescriptor(record, 'fullContent')).toBeUndefined();
  });
});
