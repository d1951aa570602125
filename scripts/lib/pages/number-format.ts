// Every number and byte size shown to people (the HTML pages, the docs page, the CLI's summaries),
// formatted by Intl for the reader's locale: English groups thousands with a comma and writes a
// decimal point; Bulgarian (ICU's CLDR data) groups with a no-break space from five digits on
// (1234, 12 345) and writes a decimal comma. Nothing else in the code groups digits by hand.
import type { Locale } from '../../../src/contract/facts.ts';

/** One formatter per locale and option set: they are costly to make, cheap to use. */
const formats = new Map<string, Intl.NumberFormat>();

function numberFormat(locale: Locale, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale} ${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

const plurals = new Map<Locale, Intl.PluralRules>();

function pluralRules(locale: Locale): Intl.PluralRules {
  let rules = plurals.get(locale);
  if (!rules) {
    rules = new Intl.PluralRules(locale);
    plurals.set(locale, rules);
  }
  return rules;
}

/** A number never breaks from its unit or word at the end of a line. */
const unbroken = (text: string) => text.replace(/ /g, '\u00a0');

/** A number as the locale writes it; `fractionDigits`: exactly that many after the separator. */
export function formatNumber(n: number, locale: Locale, fractionDigits?: number): string {
  return numberFormat(
    locale,
    fractionDigits === undefined
      ? {}
      : { minimumFractionDigits: fractionDigits, maximumFractionDigits: fractionDigits },
  ).format(n);
}

/** A count with its word in the locale's plural form: `1 term`, `2 terms`, `1 234 термина`. */
export function formatCount(n: number, locale: Locale, words: { one: string; other: string }): string {
  return `${formatNumber(n, locale)}\u00a0${pluralRules(locale).select(n) === 'one' ? words.one : words.other}`;
}

/** A share (0.123) as a percentage with one decimal: `12.3%`, `12,3%`. */
export function formatPercent(share: number, locale: Locale): string {
  return numberFormat(locale, { style: 'percent', maximumFractionDigits: 1, minimumFractionDigits: 1 }).format(share);
}

const BYTE_UNITS = [
  [1e9, 'gigabyte'],
  [1e6, 'megabyte'],
  [1e3, 'kilobyte'],
] as const;

/**
 * A size in decimal units (kB, MB, GB: 1,000 bytes to the kB, as `ls --si` and browsers show
 * downloads), with one decimal below 100 and none above; under 1 kB the exact count of bytes.
 */
export function formatBytes(bytes: number, locale: Locale): string {
  for (const [size, unit] of BYTE_UNITS) {
    const value = bytes / size;
    if (value < 1) continue;
    const digits = value >= 100 ? 0 : 1;
    return unbroken(
      numberFormat(locale, {
        style: 'unit',
        unit,
        minimumFractionDigits: digits,
        maximumFractionDigits: digits,
      }).format(value),
    );
  }
  return formatExactBytes(bytes, locale);
}

/** The exact count of bytes, in words: `1,234,567 bytes`, `1 234 567 байта`. */
export function formatExactBytes(bytes: number, locale: Locale): string {
  return unbroken(numberFormat(locale, { style: 'unit', unit: 'byte', unitDisplay: 'long' }).format(bytes));
}
