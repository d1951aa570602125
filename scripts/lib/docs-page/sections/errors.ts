// The problem format, with a sample produced by the API's own code for `?limit=abc`, so the
// page and the API say the same words by construction.
import { PROBLEM_EXPLANATIONS } from '../../../../src/contract/api-model.ts';
import { API_ROOT } from '../../../../src/contract/facts.ts';
import { invalidParametersDetail, problemBody } from '../../../../src/http.ts';
import { parseListParams } from '../../../../src/list/query.ts';
import { PROBLEM_KIND_NAMES, PROBLEM_KINDS } from '../../../../src/contract/problems.ts';
import { originOf } from '../format.ts';
import { code, html, type Html } from '../html.ts';
import { both, modelText, paragraphs } from '../i18n.ts';
import type { DocsPageInput } from '../input.ts';

export function sampleProblem(input: DocsPageInput): string {
  const { attribution } = input.manifest;
  const parsed = parseListParams(
    new URLSearchParams('limit=abc'),
    input.pillars.map((p) => p.key),
  );
  if (parsed.ok) throw new Error('limit=abc must be invalid');
  const body = problemBody({
    kind: 'invalid-parameter',
    detail: invalidParametersDetail(parsed.errors),
    errors: parsed.errors,
    docsUrl: `${originOf(attribution.url)}${API_ROOT}/`,
    attributionJson: JSON.stringify(attribution),
  });
  return JSON.stringify(JSON.parse(body), null, 2);
}

export function renderErrors(input: DocsPageInput): Html {
  const kinds = PROBLEM_KIND_NAMES.map(
    (kind) => html`<article class="problem" id="${kind}">
<h3>${code(`#${kind}`)} <span class="status">${PROBLEM_KINDS[kind].status}</span> <span class="muted">${PROBLEM_KINDS[kind].title}</span></h3>
<p>${modelText(PROBLEM_EXPLANATIONS[kind])}</p>
</article>`,
  );
  return html`<section id="errors">
<h2>${both((m) => m.sections.errors)}</h2>
${paragraphs((m) => m.errorsText)}
<pre class="json">${sampleProblem(input)}</pre>
${kinds}
</section>`;
}
