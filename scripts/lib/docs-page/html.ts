// An auto-escaping `html` tagged template: every interpolated value is escaped unless it is
// already Html (made by `html` itself, or by `raw` for the rare, reviewed exceptions). Escaping
// is the default, so a forgotten call cannot open a hole.
export class Html {
  constructor(readonly value: string) {}
  toString(): string {
    return this.value;
  }
}

export type Part = Html | string | number | null | undefined | false | readonly Part[];

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

const SPECIAL = /[&<>"']/;

export function escapeHtml(value: string | number): string {
  const text = String(value);
  // Most text has nothing to escape: a test is cheaper than a replace (thousands of pages a build).
  return SPECIAL.test(text) ? text.replace(/[&<>"']/g, (c) => ENTITIES[c] ?? c) : text;
}

function render(part: Part): string {
  if (part === null || part === undefined || part === false) return '';
  if (part instanceof Html) return part.value;
  if (Array.isArray(part)) return part.map(render).join('');
  return escapeHtml(part as string | number);
}

export function html(strings: TemplateStringsArray, ...values: Part[]): Html {
  // A template has one more string than values, so neither default is ever used.
  let out = strings[0] ?? '';
  for (let i = 0; i < values.length; i++) out += render(values[i]) + (strings[i + 1] ?? '');
  return new Html(out);
}

/** Markup that is trusted as it is: a reviewed constant, or the output of a serializer. */
export function raw(markup: string): Html {
  return new Html(markup);
}

/**
 * The short Markdown of the contract model and the message catalogues: escaped text where
 * `backticks` become <code>, **stars** <strong>, and [text](link) a link (same-site or http(s)).
 */
export function md(text: string): Html {
  const escaped = escapeHtml(text)
    .replace(/`([^`]+)`/g, '<code>$1</code>')
    .replace(/\*\*([^*]+)\*\*/g, '<strong>$1</strong>')
    .replace(/\[([^\]]+)\]\(([^)\s]+)\)/g, (whole, label: string, href: string) => {
      const safe = safeHref(href.replace(/&amp;/g, '&'));
      return safe === undefined ? whole : `<a href="${escapeHtml(safe)}">${label}</a>`;
    });
  return raw(escaped);
}

export function code(text: string | number): Html {
  return html`<code>${text}</code>`;
}

/** Only http(s) URLs and same-site paths become links; anything else (javascript:, //host) does not. */
export function safeHref(url: string): string | undefined {
  if (/^\/(?!\/)/.test(url) || url.startsWith('#')) return url;
  if (/^https?:\/\/[^\s"'<>]+$/i.test(url)) return url;
  return undefined;
}

export function link(url: string, content: Part): Html {
  const href = safeHref(url);
  return href === undefined ? html`${content}` : html`<a href="${href}">${content}</a>`;
}
