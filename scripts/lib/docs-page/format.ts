// Numbers, sizes, dates and shell words as the page writes them in each language.
function group(n: number, separator: string): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** English count: 1,234 terms. */
export function enCount(n: number, one: string, many: string): string {
  return `${group(n, ',')}\u00a0${n === 1 ? one : many}`;
}

/** Bulgarian count with a narrow separator: 1 термин, 2 термина. */
export function bgCount(n: number, one: string, many: string): string {
  return `${group(n, '\u00a0')}\u00a0${n === 1 ? one : many}`;
}

export function humanBytes(bytes: number): { en: string; bg: string } {
  const units: [number, string, string][] = [
    [1e9, 'GB', 'ГБ'],
    [1e6, 'MB', 'МБ'],
    [1e3, 'kB', 'КБ'],
  ];
  for (const [size, en, bg] of units) {
    if (bytes >= size) {
      const value = (bytes / size).toFixed(bytes / size >= 100 ? 0 : 1);
      return { en: `${value}\u00a0${en}`, bg: `${value.replace('.', ',')}\u00a0${bg}` };
    }
  }
  return { en: enCount(bytes, 'byte', 'bytes'), bg: bgCount(bytes, 'байт', 'байта') };
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
