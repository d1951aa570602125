// Numbers and sizes shown to people, as Intl (Node's ICU) writes them for each locale.
import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatCount,
  formatExactBytes,
  formatNumber,
  formatPercent,
} from '../../scripts/lib/pages/number-format.ts';

const NBSP = '\u00a0';

describe('number formatting', () => {
  it('groups English thousands with a comma and writes a decimal point', () => {
    expect(formatNumber(1234567, 'en')).toBe('1,234,567');
    expect(formatNumber(1234, 'en')).toBe('1,234');
    expect(formatNumber(1.23456, 'en', 2)).toBe('1.23');
  });

  it('groups Bulgarian thousands with a no-break space from five digits on, and writes a decimal comma', () => {
    expect(formatNumber(1234567, 'bg')).toBe(`1${NBSP}234${NBSP}567`);
    expect(formatNumber(12345, 'bg')).toBe(`12${NBSP}345`);
    // CLDR's minimum grouping digits for Bulgarian: a four-digit number stays whole.
    expect(formatNumber(1234, 'bg')).toBe('1234');
    expect(formatNumber(1.23456, 'bg', 2)).toBe('1,23');
    expect(formatPercent(0.1234, 'bg')).toBe('12,3%');
    expect(formatPercent(0.1234, 'en')).toBe('12.3%');
  });

  it('counts with the plural form of the locale, never breaking the number from its word', () => {
    const terms = { one: 'term', other: 'terms' };
    expect(formatCount(1, 'en', terms)).toBe(`1${NBSP}term`);
    expect(formatCount(12345, 'en', terms)).toBe(`12,345${NBSP}terms`);
    expect(formatCount(12345, 'bg', { one: 'термин', other: 'термина' })).toBe(`12${NBSP}345${NBSP}термина`);
  });

  it('writes sizes in decimal units, one decimal below 100, the exact bytes below 1 kB', () => {
    expect(formatBytes(999, 'en')).toBe(`999${NBSP}bytes`);
    expect(formatBytes(1, 'en')).toBe(`1${NBSP}byte`);
    expect(formatBytes(999, 'bg')).toBe(`999${NBSP}байта`);
    expect(formatBytes(1, 'bg')).toBe(`1${NBSP}байт`);
    expect(formatBytes(1234, 'en')).toBe(`1.2${NBSP}kB`);
    expect(formatBytes(1234, 'bg')).toBe(`1,2${NBSP}kB`);
    expect(formatBytes(1_234_567, 'en')).toBe(`1.2${NBSP}MB`);
    expect(formatBytes(123_456_789, 'bg')).toBe(`123${NBSP}MB`);
    expect(formatBytes(2_500_000_000, 'bg')).toBe(`2,5${NBSP}GB`);
    expect(formatExactBytes(1_234_567, 'en')).toBe(`1,234,567${NBSP}bytes`);
    expect(formatExactBytes(1_234_567, 'bg')).toBe(`1${NBSP}234${NBSP}567${NBSP}байта`);
  });
});
