import { html, link, type Html } from '../html.ts';
import { both, paragraphs } from '../i18n.ts';
import type { DocsPageInput } from '../input.ts';

// The snippet a reader pastes: escaped only as HTML requires, so the credit text stays verbatim.
function snippetText(text: string): string {
  return text
    .replace(/&(?=[A-Za-z0-9#])/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

function snippetAttribute(text: string): string {
  return text.replace(/&(?=[A-Za-z0-9#])/g, '&amp;').replace(/"/g, '&quot;');
}

export function renderAttribution(input: DocsPageInput): Html {
  const { attribution } = input.manifest;
  const snippet = `<a href="${snippetAttribute(attribution.url)}">${snippetText(attribution.required)}</a>`;
  return html`<section id="attribution">
<h2>${both((m) => m.sections.attribution)}</h2>
${paragraphs((m) => m.attributionText)}
<label for="attribution-snippet" class="label">${both((m) => m.snippetLabel)}</label>
<textarea id="attribution-snippet" class="snippet" readonly rows="3" spellcheck="false">${snippet}</textarea>
<div class="actions"><button type="button" data-copy-target="attribution-snippet">${both((m) => m.copy)}</button><span class="copy-status" role="status" aria-live="polite"></span></div>
<p class="preview"><span class="label">${both((m) => m.preview)}</span> ${link(attribution.url, attribution.required)}</p>
</section>`;
}
