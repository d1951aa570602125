// The frame every site page shares (term pages, indexes, posts, the root): the document head
// with its canonical and alternate links, the header with the language switch, the footer with
// the licence and the credit. One stylesheet (docs-page/page.css, which the API's documentation
// page inlines), here one file named by its content: fetched once, then cached for good by every
// page, instead of 10 KB inside each of thousands of pages (and of the build's writes).
import { createHash } from 'node:crypto';
import { DOCS_PATH, LICENSE, LICENSE_URL, type Locale } from '../../../src/contract/facts.ts';
import { SITE_ASSETS_PATH } from '../../../src/routes.ts';
import type { Attribution } from '../publish/api-records.ts';
import { escapeHtml, html, link, raw, type Html } from '../docs-page/html.ts';
import { browserAsset } from './browser-assets.ts';
import { PAGE_MESSAGES } from './messages.ts';

export interface Stylesheet {
  css: string;
  /** Its path on the site: the content's hash is in the name, so it can be cached forever. */
  path: string;
  /** Subresource Integrity value of the file. */
  integrity: string;
}

let style: Stylesheet | undefined;

/** The shared stylesheet, minified once per process. */
export function siteStylesheet(): Stylesheet {
  if (!style) {
    const css = browserAsset('stylesheet');
    const hex = createHash('sha256').update(css).digest('hex').slice(0, 16);
    const integrity = `sha384-${createHash('sha384').update(css).digest('base64')}`;
    style = { css, path: `${SITE_ASSETS_PATH}site-${hex}.css`, integrity };
  }
  return style;
}

/**
 * JSON for a <script> element: `<` is written as \u003c, so no "</script" or "<!--" in the
 * data can end or change the element.
 */
export function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Titles past this length are cut in search results (and html-validate's long-title rule). */
export const TITLE_MAX = 70;

/** "Name — Source", or the name alone when that is too long, cut at a word when even that is. */
export function pageTitle(name: string, source: string): string {
  // Counted as written in the markup, where `&` is `&amp;`.
  const length = (text: string) => escapeHtml(text).length;
  const full = `${name} — ${source}`;
  if (length(full) <= TITLE_MAX) return full;
  if (length(name) <= TITLE_MAX) return name;
  let cut = name;
  while (length(`${cut}…`) > TITLE_MAX) cut = cut.replace(/\s*\S+$/, '') || cut.slice(0, -1);
  return `${cut}…`;
}

export interface PageFrame {
  locale: Locale;
  title: string;
  description: string;
  /** Absolute URL of this page. */
  canonical: string;
  /** This page in each language (absolute URLs), for hreflang; the first is also x-default. */
  languages: { locale: Locale; href: string }[];
  /** Machine-readable forms of the same content. */
  data?: { type: string; href: string; title: string }[];
  jsonLd?: unknown;
  attribution: Attribution;
  /** Where the site name in the header leads. */
  home: string;
  main: Html;
  /** An inline script (bundled, already safe inside <script>). */
  script?: string;
}

function header(frame: PageFrame): Html {
  const m = PAGE_MESSAGES[frame.locale];
  const other = frame.languages.find((l) => l.locale !== frame.locale);
  // Within the site, links are root-relative: they work on any host that serves the build.
  const site = frame.attribution.url;
  const otherHref = other?.href.startsWith(`${site}/`) ? other.href.slice(site.length) : other?.href;
  return html`<a class="skip" href="#main">${m.skipToContent}</a>
<header class="top site">
<div class="wrap title-row">
<a class="site-name" href="${frame.home}">${frame.attribution.source}</a>
${other ? html`<a class="lang-link" href="${otherHref}" hreflang="${other.locale}" lang="${other.locale}" title="${m.otherLanguageLabel}">${PAGE_MESSAGES[other.locale].languageName}</a>` : ''}
</div>
</header>`;
}

function footer(frame: PageFrame): Html {
  const m = PAGE_MESSAGES[frame.locale];
  const { attribution } = frame;
  return html`<footer class="wrap">
<p>${m.licenceLine} <a href="${LICENSE_URL}" rel="license">${LICENSE}</a>. ${m.credit} ${link(attribution.url, attribution.required)}</p>
<p><a href="${DOCS_PATH}">${m.apiDocs}</a> · <a href="${DOCS_PATH}#dumps">${m.downloads}</a></p>
</footer>`;
}

export function renderPage(frame: PageFrame): string {
  const alternates = frame.languages.map(
    (l) => html`<link rel="alternate" hreflang="${l.locale}" href="${l.href}">
`,
  );
  const xDefault = frame.languages[0];
  const data = (frame.data ?? []).map(
    (d) => html`<link rel="alternate" type="${d.type}" href="${d.href}" title="${d.title}">
`,
  );
  return `<!DOCTYPE html>
${html`<html lang="${frame.locale}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<title>${frame.title}</title>
<meta name="description" content="${frame.description}">
<link rel="canonical" href="${frame.canonical}">
${alternates}${
  xDefault
    ? html`<link rel="alternate" hreflang="x-default" href="${xDefault.href}">
`
    : ''
}${data}<link rel="license" href="${LICENSE_URL}">
<link rel="icon" href="data:,">
<link rel="stylesheet" href="${siteStylesheet().path}" integrity="${siteStylesheet().integrity}">
${
  frame.jsonLd
    ? html`<script type="application/ld+json">${raw(scriptJson(frame.jsonLd))}</script>
`
    : ''
}${
  frame.script
    ? html`<script>${raw(frame.script)}</script>
`
    : ''
}</head>
<body>
${header(frame)}
<main id="main" class="wrap page">
${frame.main}
</main>
${footer(frame)}
</body>
</html>`}
`;
}
