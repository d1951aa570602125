// A section per vocabulary of the contract (src/contract/vocabularies.ts): each value with its
// labels in both languages, its term count and a link to the list filtered by it.
import { LIST_PATH } from '../../../../src/contract/facts.ts';
import { VOCABULARIES, type VocabularyName } from '../../../../src/contract/vocabularies.ts';
import { code, html, link, type Html } from '../html.ts';
import { bothNumbers } from '../format.ts';
import { both, cellLabel, modelText, pair, paragraphs } from '../i18n.ts';
import type { DocsPageInput } from '../input.ts';

const capitalized = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

/** The section's anchor: the vocabulary's plural (`#pillars`, `#traditions`). */
export function vocabularySectionId(name: VocabularyName): string {
  return VOCABULARIES[name].plural.en;
}

/** The section's heading in both languages. */
export function vocabularyHeading(name: VocabularyName): Html {
  const { plural } = VOCABULARIES[name];
  return pair(capitalized(plural.en), `${capitalized(plural.bg)} (${plural.en})`);
}

export function renderVocabulary(input: DocsPageInput, name: VocabularyName): Html {
  const v = VOCABULARIES[name];
  const rows = input.vocabularies[name].map(
    (entry) =>
      html`<tr data-${v.field}="${entry.key}"><td>${cellLabel((m) => m.vocabularyColumns.key)}${code(entry.key)}</td><td>${cellLabel((m) => m.vocabularyColumns.en)}<span lang="en">${entry.label.en}</span></td><td>${cellLabel((m) => m.vocabularyColumns.bg)}<span lang="bg">${entry.label.bg}</span></td><td class="num">${cellLabel((m) => m.vocabularyColumns.terms)}${modelText(bothNumbers(entry.count))}</td><td>${link(
        `${LIST_PATH}?${v.field}=${encodeURIComponent(entry.key)}`,
        both((m) => m.list),
      )}</td></tr>`,
  );
  return html`<section id="${vocabularySectionId(name)}">
<h2>${vocabularyHeading(name)}</h2>
${paragraphs((m) => m.vocabularyText({ field: v.field, path: v.path, noun: v.noun, valueText: v.valueText }))}
<div class="table-wrap"><table>
<thead><tr><th>${both((m) => m.vocabularyColumns.key)}</th><th>${both((m) => m.vocabularyColumns.en)}</th><th>${both((m) => m.vocabularyColumns.bg)}</th><th class="num">${both((m) => m.vocabularyColumns.terms)}</th><th></th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>
</section>`;
}
