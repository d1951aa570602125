import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseListParams } from '../../src/list/query.ts';

const PILLARS = ['cosmology', 'alchemy', 'shadow'];
const TRADITIONS = ['Gnostic', 'Christian Kabbalist', 'Hermetic'];
const VOCABULARIES = { pillar: PILLARS, tradition: TRADITIONS };
const parse = (query: string) => parseListParams(new URLSearchParams(query), VOCABULARIES);
const DEFAULTS = { locale: 'en', pillar: undefined, q: undefined, limit: 50, offset: 0 };

describe('parseListParams: the decisions table, row by row', () => {
  it.each([
    ['', DEFAULTS, []],
    ['locale=en', DEFAULTS, []],
    ['locale=bg', { ...DEFAULTS, locale: 'bg' }, []],
    ['locale=BG', { ...DEFAULTS, locale: 'bg' }, ['locale "BG" was read as "bg"']],
    ['locale=En', DEFAULTS, ['locale "En" was read as "en"']],
    ['locale=en-US', DEFAULTS, ['locale "en-US" was read as "en"']],
    ['locale=bg-BG', { ...DEFAULTS, locale: 'bg' }, ['locale "bg-BG" was read as "bg"']],
    ['locale=en_GB', DEFAULTS, ['locale "en_GB" was read as "en"']],
    ['locale=bg-Cyrl-BG', { ...DEFAULTS, locale: 'bg' }, ['locale "bg-Cyrl-BG" was read as "bg"']],
    ['limit=1', { ...DEFAULTS, limit: 1 }, []],
    ['limit=500', { ...DEFAULTS, limit: 500 }, []],
    ['limit=%2B5', { ...DEFAULTS, limit: 5 }, []],
    ['limit=007', { ...DEFAULTS, limit: 7 }, []],
    ['limit=0', { ...DEFAULTS, limit: 1 }, ['limit 0 is outside 1-500; 1 was applied']],
    ['limit=-3', { ...DEFAULTS, limit: 1 }, ['limit -3 is outside 1-500; 1 was applied']],
    ['limit=501', { ...DEFAULTS, limit: 500 }, ['limit 501 is outside 1-500; 500 was applied']],
    [
      'limit=99999999999999999999999999',
      { ...DEFAULTS, limit: 500 },
      ['limit 99999999999999999999… is outside 1-500; 500 was applied'],
    ],
    ['offset=10', { ...DEFAULTS, offset: 10 }, []],
    ['offset=-1', DEFAULTS, ['offset -1 is negative; 0 was applied']],
    ['offset=1000000000', { ...DEFAULTS, offset: 1_000_000_000 }, []],
    [
      'offset=1000000001',
      { ...DEFAULTS, offset: 1_000_000_000 },
      ['offset 1000000001 is above 1000000000; 1000000000 was applied'],
    ],
    ['pillar=', DEFAULTS, []],
    ['pillar=alchemy', { ...DEFAULTS, pillar: 'alchemy' }, []],
    ['pillar=AlChEmY', { ...DEFAULTS, pillar: 'alchemy' }, ['pillar "AlChEmY" was read as "alchemy"']],
    ['q=', DEFAULTS, []],
    ['q=%20%20%20', DEFAULTS, []],
    ['q=%20Sophia%20', { ...DEFAULTS, q: 'Sophia' }, []],
    [`q=${'я'.repeat(100)}`, { ...DEFAULTS, q: 'я'.repeat(100) }, []],
    ['foo=1', DEFAULTS, ['unknown parameter "foo" was ignored']],
    ['foo=1&foo=2&bar=', DEFAULTS, ['unknown parameter "foo" was ignored', 'unknown parameter "bar" was ignored']],
    [`${'x'.repeat(50)}=1`, DEFAULTS, [`unknown parameter "${'x'.repeat(20)}…" was ignored`]],
    [
      'locale=BG&limit=0&offset=-5&utm=1',
      { ...DEFAULTS, locale: 'bg', limit: 1 },
      [
        'locale "BG" was read as "bg"',
        'limit 0 is outside 1-500; 1 was applied',
        'offset -5 is negative; 0 was applied',
        'unknown parameter "utm" was ignored',
      ],
    ],
  ] as const)('?%s', (query, value, warnings) => {
    expect(parse(query)).toEqual({ ok: true, value, warnings });
  });

  it.each([
    ['locale=xx', [{ parameter: 'locale', detail: 'must be one of: en, bg', allowed: ['en', 'bg'] }]],
    ['locale=de', [{ parameter: 'locale', detail: 'must be one of: en, bg', allowed: ['en', 'bg'] }]],
    ['locale=', [{ parameter: 'locale', detail: 'must be one of: en, bg', allowed: ['en', 'bg'] }]],
    ['locale=english', [{ parameter: 'locale', detail: 'must be one of: en, bg', allowed: ['en', 'bg'] }]],
    ['limit=', [{ parameter: 'limit', detail: 'must be an integer from 1 to 500' }]],
    ['limit=1.5', [{ parameter: 'limit', detail: 'must be an integer from 1 to 500' }]],
    ['limit=1e3', [{ parameter: 'limit', detail: 'must be an integer from 1 to 500' }]],
    ['limit=0x10', [{ parameter: 'limit', detail: 'must be an integer from 1 to 500' }]],
    ['limit=abc', [{ parameter: 'limit', detail: 'must be an integer from 1 to 500' }]],
    ['limit=%205', [{ parameter: 'limit', detail: 'must be an integer from 1 to 500' }]],
    // "+" in a query string is a space: a sign must be sent as %2B.
    ['limit=+5', [{ parameter: 'limit', detail: 'must be an integer from 1 to 500' }]],
    ['offset=', [{ parameter: 'offset', detail: 'must be an integer (0 or more)' }]],
    ['offset=2.0', [{ parameter: 'offset', detail: 'must be an integer (0 or more)' }]],
    [
      'pillar=astrology',
      [{ parameter: 'pillar', detail: 'must be one of: cosmology, alchemy, shadow', allowed: PILLARS }],
    ],
    [`q=${'я'.repeat(101)}`, [{ parameter: 'q', detail: 'must be at most 100 characters after trimming' }]],
    ['limit=5&limit=6', [{ parameter: 'limit', detail: 'is given 2 times; give it at most once' }]],
    ['locale=en&locale=en', [{ parameter: 'locale', detail: 'is given 2 times; give it at most once' }]],
    ['q=a&q=b&q=c', [{ parameter: 'q', detail: 'is given 3 times; give it at most once' }]],
    [
      'locale=xx&limit=x&offset=y&pillar=z',
      [
        { parameter: 'locale', detail: 'must be one of: en, bg', allowed: ['en', 'bg'] },
        { parameter: 'limit', detail: 'must be an integer from 1 to 500' },
        { parameter: 'offset', detail: 'must be an integer (0 or more)' },
        { parameter: 'pillar', detail: 'must be one of: cosmology, alchemy, shadow', allowed: PILLARS },
      ],
    ],
  ] as const)('?%s -> 400', (query, errors) => {
    expect(parse(query)).toEqual({ ok: false, errors });
  });

  it('counts q in code points, not UTF-16 units', () => {
    expect(parse(`q=${'𓂀'.repeat(100)}`).ok).toBe(true);
    expect(parse(`q=${'𓂀'.repeat(101)}`).ok).toBe(false);
  });
});

describe('parseListParams: properties', () => {
  it('clamps every integer limit into 1-500 and warns exactly when it changed it', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }), (n) => {
        const result = parse(`limit=${n}`);
        if (!result.ok) throw new Error('an integer limit must parse');
        const expected = n < 1n ? 1 : n > 500n ? 500 : Number(n);
        expect(result.value.limit).toBe(expected);
        expect(result.warnings.length).toBe(BigInt(expected) === n ? 0 : 1);
      }),
    );
  });

  it('clamps every integer offset into 0-1,000,000,000', () => {
    fc.assert(
      fc.property(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), (n) => {
        const result = parse(`offset=${n}`);
        if (!result.ok) throw new Error('an integer offset must parse');
        const expected = n < 0n ? 0 : n > 1_000_000_000n ? 1_000_000_000 : Number(n);
        expect(result.value.offset).toBe(expected);
      }),
    );
  });

  it('rejects every limit that is not an integer', () => {
    fc.assert(
      fc.property(
        fc.string().filter((s) => !/^[+-]?[0-9]+$/.test(s)),
        (text) => {
          const result = parse(new URLSearchParams({ limit: text }).toString());
          expect(result).toEqual({
            ok: false,
            errors: [{ parameter: 'limit', detail: 'must be an integer from 1 to 500' }],
          });
        },
      ),
    );
  });

  it('never throws, whatever the query string', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.constantFrom('locale', 'limit', 'offset', 'pillar', 'q', 'x'), fc.string()), {
          maxLength: 8,
        }),
        (pairs) => {
          const result = parseListParams(new URLSearchParams(pairs), VOCABULARIES);
          expect(typeof result.ok).toBe('boolean');
        },
      ),
    );
  });
});
