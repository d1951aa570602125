import { LIST_PATH } from '../../../../src/contract/facts.ts';
import { code, html, link, type Html } from '../html.ts';
import { both, cellLabel, paragraphs } from '../i18n.ts';
import type { DocsPageInput } from '../input.ts';

export function renderPillars(input: DocsPageInput): Html {
  const rows = input.pillars.map(
    (pillar) =>
      html`<tr data-pillar="${pillar.key}"><td>${cellLabel((m) => m.pillarColumns.key)}${code(pillar.key)}</td><td>${cellLabel((m) => m.pillarColumns.en)}<span lang="en">${pillar.label.en}</span></td><td>${cellLabel((m) => m.pillarColumns.bg)}<span lang="bg">${pillar.label.bg}</span></td><td class="num">${cellLabel((m) => m.pillarColumns.terms)}${pillar.count}</td><td>${link(
        `${LIST_PATH}?pillar=${encodeURIComponent(pillar.key)}`,
        both((m) => m.list),
      )}</td></tr>`,
  );
  return html`<section id="pillars">
<h2>${both((m) => m.sections.pillars)}</h2>
${paragraphs((m) => m.pillarsText)}
<div class="table-wrap"><table>
<thead><tr><th>${both((m) => m.pillarColumns.key)}</th><th>${both((m) => m.pillarColumns.en)}</th><th>${both((m) => m.pillarColumns.bg)}</th><th class="num">${both((m) => m.pillarColumns.terms)}</th><th></th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>
</section>`;
}
