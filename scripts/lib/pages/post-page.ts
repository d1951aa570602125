// A post's page, when site.yaml `paths.post` is a path of this site: its title, date and the terms
// it discusses (each with its definition), in the post's locale. The corpus holds no post text,
// so the page is the post's guide to the lexicon; a blog elsewhere is named by an absolute
// `paths.post` instead, and then no post page is built.
import type { Locale } from '../../../src/contract/facts.ts';
import { html } from '../docs-page/html.ts';
import type { PostRecord } from '../publish/api-records.ts';
import { pageTitle, renderPage } from './layout.ts';
import { PAGE_MESSAGES } from './messages.ts';
import type { SiteView } from './site-view.ts';

export function renderPostPage(view: SiteView, locale: Locale, post: PostRecord, termSlugs: readonly string[]): string {
  const m = PAGE_MESSAGES[locale];
  const terms = termSlugs.map((slug) => view.term(locale, slug));
  const main = html`<nav class="crumbs" aria-label="${m.lexicon}"><a href="${view.indexPath(locale)}">${m.lexicon}</a></nav>
<article class="post">
<h1>${post.title[locale]}</h1>
<p class="muted">${m.published}: <time datetime="${post.date}">${view.format[locale].date(post.date)}</time></p>
<h2>${m.termsInPost}</h2>
<dl class="post-terms">${terms.map(
    (t) => html`<dt><a href="${view.termPath(locale, t.slug)}">${t.term}</a></dt><dd>${t.definition}</dd>`,
  )}</dl>
</article>`;
  return renderPage({
    locale,
    title: pageTitle(post.title[locale], view.records.attribution.source),
    description: terms.map((t) => t.term).join(', '),
    canonical: post.url[locale],
    languages: view.locales.map((l) => ({ locale: l, href: post.url[l] })),
    attribution: view.records.attribution,
    home: view.indexPath(locale),
    main,
  });
}
