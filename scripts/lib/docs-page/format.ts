// Sizes, dates and shell words as the page writes them in each language. Numbers go through
// Intl (../pages/number-format.ts), as on every other page.
import { formatBytes, formatCount, formatNumber } from '../pages/number-format.ts';

/** English count: 1,234 terms. */
export function enCount(n: number, one: string, many: string): string {
  return formatCount(n, 'en', { one, other: many });
}

/** Bulgarian count: 1 термин, 2 термина, 12 345 термина. */
export function bgCount(n: number, one: string, many: string): string {
  return formatCount(n, 'bg', { one, other: many });
}

/** A number in both languages. */
export function bothNumbers(n: number): { en: string; bg: string } {
  return { en: formatNumber(n, 'en'), bg: formatNumber(n, 'bg') };
}

export function humanBytes(bytes: number): { en: string; bg: string } {
  return { en: formatBytes(bytes, 'en'), bg: formatBytes(bytes, 'bg') };
}

export function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

export function originOf(url: string): string {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? 'https://example.org' : origin;
  } catch {
    return 'https://example.org';
  }
}

export function idFrom(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}
