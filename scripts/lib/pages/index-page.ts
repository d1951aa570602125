// The index of a locale: every term in the locale's collation, grouped by first letter. Without
// JavaScript it is a plain list; with it, a search box that asks the public list endpoint (so it
// finds exactly what `q` finds, in either script) and filters by pillar and tradition.
import { LIST_PATH, type Locale } from '../../../src/contract/facts.ts';
import type { Term } from '../../../src/contract/response-schemas.ts';
import { html, type Html } from '../docs-page/html.ts';
import { browserAsset } from './browser-assets.ts';
import { pageTitle, renderPage } from './layout.ts';
import { PAGE_MESSAGES } from './messages.ts';
import type { SiteView } from './site-view.ts';

/** The filter script; nothing is interpolated into it. */
function indexScript(): string {
  return browserAsset('index-script');
}

/** The letter a name is filed under: its first letter, capitalised, Latin accents set aside (É under E). */
export function letterOf(name: string, locale: Locale): string {
  const first = name.match(/\p{L}/u)?.[0];
  if (!first) return '#';
  const letter = /[\u00C0-\u024F]/.test(first) ? first.normalize('NFD').charAt(0) : first;
  return letter.toLocaleUpperCase(locale);
}

/** A term's line in the index, and the letter it is filed under. */
interface IndexLine {
  href: string;
  letter: string;
  line: Html;
}

/**
 * Each record's line, by the record: a record is never changed, and the edit loop renders the
 * index again after every change with the same records for every term the change did not reach.
 */
let indexLines = new WeakMap<Term, IndexLine>();

/**
 * Forgets every line: a build renders each index once, and its records stay alive while the API's
 * files are written, each keeping its line (18 MB at 20,000 terms: bench/README.md, eighth session).
 */
export function forgetIndexLines(): void {
  indexLines = new WeakMap();
}

/** The line remembered for a record, if any: what the memo keeps alive (tests). */
export const rememberedIndexLine = (term: Term): Html | undefined => indexLines.get(term)?.line;

function indexLine(view: SiteView, locale: Locale, term: Term): IndexLine {
  const href = view.termPath(locale, term.slug);
  const known = indexLines.get(term);
  if (known?.href === href) return known;
  const line: IndexLine = {
    href,
    letter: letterOf(term.term, locale),
    line: html`<li data-slug="${term.slug}" data-pillar="${term.pillar}" data-tradition="${term.tradition}"><a href="${href}">${term.term}</a></li>`,
  };
  indexLines.set(term, line);
  return line;
}

function groups(view: SiteView, terms: readonly Term[], locale: Locale): [string, Html[]][] {
  const byLetter = new Map<string, Html[]>();
  for (const term of terms) {
    const { letter, line } = indexLine(view, locale, term);
    const lines = byLetter.get(letter);
    if (lines) lines.push(line);
    else byLetter.set(letter, [line]);
  }
  return [...byLetter];
}

function filters(view: SiteView, locale: Locale, total: number): Html {
  const m = PAGE_MESSAGES[locale];
  const pillars = view.records.pillars.data.map((p) => html`<option value="${p.key}">${p.label[locale]}</option>`);
  const traditions = [...new Set(view.records.locales[locale].terms.map((t) => t.tradition))]
    .map((name) => ({ name, label: view.traditionLabel(locale, name) }))
    .sort((a, b) => a.label.localeCompare(b.label, locale))
    .map((t) => html`<option value="${t.name}">${t.label}</option>`);
  return html`<form id="filters" class="filters" role="search" hidden data-api="${LIST_PATH}" data-locale="${locale}" data-total="${total}" data-showing="${m.showing('{shown}', '{total}')}" data-failed="${m.searchFailed}" data-rate-limited="${m.rateLimited}">
<div class="field"><label for="q">${m.search}</label><input type="search" id="q" name="q" autocomplete="off" aria-describedby="q-hint"><small id="q-hint" class="muted">${m.searchHint}</small></div>
<div class="field"><label for="pillar">${m.pillar}</label><select id="pillar" name="pillar"><option value="">${m.allPillars}</option>${pillars}</select></div>
<div class="field"><label for="tradition">${m.tradition}</label><select id="tradition" name="tradition"><option value="">${m.allTraditions}</option>${traditions}</select></div>
<div class="field submit"><button type="submit">${m.searchButton}</button></div>
<p id="filter-status" class="muted" role="status"></p>
</form>`;
}

export function renderIndexPage(view: SiteView, locale: Locale): string {
  const m = PAGE_MESSAGES[locale];
  const { terms } = view.records.locales[locale];
  const grouped = groups(view, terms, locale);
  const letters = grouped.map(([letter], i) => html`<li><a href="#letter-${i}">${letter}</a></li>`);
  const sections = grouped.map(
    (
      [letter, list],
      i,
    ) => html`<section class="letter" aria-labelledby="letter-${i}"><h2 id="letter-${i}">${letter}</h2>
<ul class="terms">${list}</ul></section>
`,
  );
  const main = html`<h1>${m.indexTitle}</h1>
<p>${m.indexIntro(view.format[locale].count(terms.length, m.termCount))}</p>
${filters(view, locale, terms.length)}
<nav class="letters" aria-label="${m.lettersNav}"><ul>${letters}</ul></nav>
${sections}`;
  const { siteUrl, attribution } = view.records;
  return renderPage({
    locale,
    title: pageTitle(`${m.lexicon}: ${m.indexTitle.toLocaleLowerCase(locale)}`, attribution.source),
    description: m.indexIntro(view.format[locale].count(terms.length, m.termCount)),
    canonical: siteUrl + view.indexPath(locale),
    languages: view.locales.map((l) => ({ locale: l, href: siteUrl + view.indexPath(l) })),
    attribution,
    home: view.indexPath(locale),
    main,
    script: indexScript(),
  });
}
