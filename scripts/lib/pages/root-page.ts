// The site root: where the credit link every reuser shows (`attribution.url`) lands. Both
// languages side by side (each block in its own lang), since the CDN serves one file to all:
// what the lexicon is, its two indexes, the API documentation, the downloads and the licence.
import { DOCS_PATH, LICENSE, LICENSE_URL, LOCALES, type Locale } from '../../../src/contract/facts.ts';
import { html, type Html } from '../docs-page/html.ts';
import { renderPage } from './layout.ts';
import { PAGE_MESSAGES } from './messages.ts';
import type { SiteView } from './site-view.ts';

function languageBlock(view: SiteView, locale: Locale): Html {
  const m = PAGE_MESSAGES[locale];
  const f = view.format[locale];
  const { terms } = view.records.locales[locale];
  const traditions = new Set(terms.map((t) => t.tradition)).size;
  return html`<section class="language" lang="${locale}" aria-labelledby="about-${locale}">
<h2 id="about-${locale}">${m.rootTitle}</h2>
<p>${m.rootIntro(f.count(terms.length, m.termCount), f.count(traditions, m.traditionCount))}</p>
<p><a class="button" href="${view.indexPath(locale)}">${m.rootBrowse}</a></p>
<p>${m.rootApi}</p>
<ul class="links"><li><a href="${DOCS_PATH}">${m.apiDocs}</a></li><li><a href="${DOCS_PATH}#dumps">${m.downloads}</a></li></ul>
<p>${m.rootLicenceText} <a href="${LICENSE_URL}" rel="license">${LICENSE}</a>.</p>
</section>`;
}

export function renderRootPage(view: SiteView): string {
  const { siteUrl, attribution } = view.records;
  const main = html`<h1>${attribution.source}</h1>
<div class="languages">${LOCALES.map((locale) => languageBlock(view, locale))}</div>`;
  return renderPage({
    locale: 'en',
    title: `${attribution.source} — ${PAGE_MESSAGES.en.lexicon} / ${PAGE_MESSAGES.bg.lexicon}`,
    description: PAGE_MESSAGES.en.rootTitle,
    canonical: `${siteUrl}/`,
    languages: [],
    attribution,
    home: '/',
    main,
  });
}
