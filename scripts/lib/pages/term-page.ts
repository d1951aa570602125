// One term's page in one locale: everything the corpus holds of it, readable without JavaScript
// and printable, with its canonical URL, the other language as an hreflang alternate, its
// machine-readable forms as rel="alternate", and a schema.org DefinedTerm for search engines.
import { LICENSE_URL, type Locale } from '../../../src/contract/facts.ts';
import type { Term } from '../../../src/contract/response-schemas.ts';
import { conceptUri, schemeUri } from '../formats/concepts.ts';
import { html, link, type Html } from '../docs-page/html.ts';
import { renderMarkdown } from './markdown.ts';
import { PAGE_MESSAGES } from './messages.ts';
import { pageTitle, renderPage } from './layout.ts';
import type { DataLink, SiteView } from './site-view.ts';

function facts(view: SiteView, locale: Locale, term: Term): Html {
  const m = PAGE_MESSAGES[locale];
  const index = view.indexPath(locale);
  const row = (label: string, value: Html | string | null) =>
    value === null ? '' : html`<dt>${label}</dt><dd>${value}</dd>`;
  return html`<dl class="facts">
${row(m.pronunciation, term.pronunciation)}
${row(m.etymology, term.etymology)}
${row(m.pillar, html`<a href="${index}?pillar=${term.pillar}">${view.pillarLabel(locale, term.pillar)}</a>`)}
${row(m.tradition, html`<a href="${index}?tradition=${encodeURIComponent(term.tradition)}">${view.traditionLabel(locale, term.tradition)}</a>`)}
</dl>`;
}

function original(view: SiteView, locale: Locale, term: Term): Html {
  if (!term.termOriginal) return html``;
  const lang = view.records.details.get(term.slug)?.termOriginalLang ?? null;
  const language = lang ? view.format[locale].language(lang) : undefined;
  return html`<p class="original"><span class="muted">${PAGE_MESSAGES[locale].originalForm}:</span> <span${lang ? html` lang="${lang}"` : ''} class="original-form">${term.termOriginal}</span>${language ? html` <span class="muted">(${language})</span>` : ''}</p>`;
}

function related(view: SiteView, locale: Locale, term: Term): Html {
  if (term.relatedTerms.length === 0) return html``;
  const items = term.relatedTerms.map((slug) => {
    const other = view.term(locale, slug);
    return html`<li><a href="${view.termPath(locale, slug)}">${other.term}</a></li>`;
  });
  return html`<section aria-labelledby="related-terms"><h2 id="related-terms">${PAGE_MESSAGES[locale].relatedTerms}</h2>
<ul class="chips">${items}</ul></section>`;
}

function posts(view: SiteView, locale: Locale, term: Term): Html {
  if (term.relatedPosts.length === 0) return html``;
  const items = term.relatedPosts.map((post) => {
    const date = view.postDate(post.slug);
    return html`<li>${link(view.href(post.url), post.title)}${date ? html` <span class="muted">· <time datetime="${date}">${view.format[locale].date(date)}</time></span>` : ''}</li>`;
  });
  return html`<section aria-labelledby="related-posts"><h2 id="related-posts">${PAGE_MESSAGES[locale].relatedPosts}</h2>
<ul class="posts">${items}</ul></section>`;
}

function dataSection(view: SiteView, locale: Locale, links: DataLink[]): Html {
  const m = PAGE_MESSAGES[locale];
  const items = links.map((d) => html`<li><a href="${view.href(d.href)}" type="${d.type}">${d.title}</a></li>`);
  return html`<section aria-labelledby="as-data" class="as-data"><h2 id="as-data">${m.data}</h2>
<ul class="links">${items}</ul></section>`;
}

function jsonLd(view: SiteView, locale: Locale, term: Term): Record<string, unknown> {
  const { siteUrl, attribution } = view.records;
  return {
    '@context': 'https://schema.org',
    '@type': 'DefinedTerm',
    '@id': conceptUri(siteUrl, term.slug),
    name: term.term,
    description: term.definition,
    inLanguage: locale,
    termCode: term.slug,
    url: term.url,
    ...(term.termOriginal ? { alternateName: term.termOriginal } : {}),
    inDefinedTermSet: { '@type': 'DefinedTermSet', '@id': schemeUri(siteUrl), name: attribution.source, url: siteUrl },
    license: LICENSE_URL,
    creditText: attribution.required,
  };
}

export function renderTermPage(view: SiteView, locale: Locale, term: Term): string {
  const m = PAGE_MESSAGES[locale];
  const index = view.indexPath(locale);
  const data = view.dataLinks(locale, term.slug);
  const main = html`<nav class="crumbs" aria-label="${m.lexicon}"><a href="${index}">${m.lexicon}</a> › <a href="${index}?pillar=${term.pillar}">${view.pillarLabel(locale, term.pillar)}</a></nav>
<article class="term">
<h1>${term.term}</h1>
${original(view, locale, term)}
<p class="definition">${term.definition}</p>
${facts(view, locale, term)}
<div class="body">${renderMarkdown(term.fullContent)}</div>
</article>
${related(view, locale, term)}
${posts(view, locale, term)}
${dataSection(view, locale, data)}`;
  return renderPage({
    locale,
    title: pageTitle(term.term, view.records.attribution.source),
    description: term.definition,
    canonical: term.url,
    languages: view.locales.map((l) => ({ locale: l, href: view.term(l, term.slug).url })),
    data,
    jsonLd: jsonLd(view, locale, term),
    attribution: view.records.attribution,
    home: index,
    main,
  });
}
