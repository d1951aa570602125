// Both languages on one page: every piece of text is rendered twice, and CSS shows the one the
// reader chose (`html[data-ui]`). Without the script the English one shows.
import type { Bilingual } from '../../../src/contract/text.ts';
import { html, md, type Html } from './html.ts';
import { MESSAGES, type Messages } from './messages.ts';

type Pick = (messages: Messages) => string;

/** Inline text in both languages, from the catalogues. */
export function both(pick: Pick): Html {
  return pair(pick(MESSAGES.en), pick(MESSAGES.bg));
}

/** Inline text in both languages, from the contract model. */
export function pair(en: string, bg: string): Html {
  return html`<span data-l="en" lang="en">${md(en)}</span><span data-l="bg" lang="bg">${md(bg)}</span>`;
}

/** A paragraph per language, from the catalogues. */
export function paragraphs(pick: Pick): Html {
  return html`<p data-l="en" lang="en">${md(pick(MESSAGES.en))}</p><p data-l="bg" lang="bg">${md(pick(MESSAGES.bg))}</p>`;
}

export function modelText(text: Bilingual): Html {
  return pair(text.en, text.bg);
}

/** A table cell's column name, shown only where narrow screens turn rows into cards. */
export function cellLabel(pick: Pick): Html {
  return html`<span class="cell-label" aria-hidden="true">${both(pick)}</span>`;
}
