// The problem format and the catalogue of problem kinds (src/contract/problems.ts), with a
// sample produced by the API's own code for `?limit=abc`, so the page and the API say the same
// words by construction.
import { API_ROOT } from '../../../../src/contract/facts.ts';
import { PROBLEM_KIND_NAMES, PROBLEMS, problemDetail } from '../../../../src/contract/problems.ts';
import { ECHO_RULE } from '../../../../src/contract/text.ts';
import { problemBody } from '../../../../src/http.ts';
import { parseListParams } from '../../../../src/list/query.ts';
import { originOf } from '../format.ts';
import { code, html, type Html } from '../html.ts';
import { both, modelText, paragraphs } from '../i18n.ts';
import type { DocsPageInput } from '../input.ts';
import { vocabularyValues } from './endpoints.ts';

export function sampleProblem(input: DocsPageInput): string {
  const { attribution } = input.manifest;
  const parsed = parseListParams(new URLSearchParams('limit=abc'), vocabularyValues(input));
  if (parsed.ok) throw new Error('limit=abc must be invalid');
  const body = problemBody({
    kind: 'invalid-parameter',
    detail: problemDetail('invalid-parameter', parsed.errors),
    errors: parsed.errors,
    docsUrl: `${originOf(attribution.url)}${API_ROOT}/`,
    attributionJson: JSON.stringify(attribution),
  });
  return JSON.stringify(JSON.parse(body), null, 2);
}

export function renderErrors(input: DocsPageInput): Html {
  const kinds = PROBLEM_KIND_NAMES.map(
    (kind) => html`<article class="problem" id="${kind}">
<h3>${code(`#${kind}`)} <span class="status">${PROBLEMS[kind].status}</span> <span class="muted">${PROBLEMS[kind].title}</span></h3>
<p>${modelText(PROBLEMS[kind].explanation)}</p>
</article>`,
  );
  return html`<section id="errors">
<h2>${both((m) => m.sections.errors)}</h2>
${paragraphs((m) => m.errorsText)}
<pre class="json">${sampleProblem(input)}</pre>
<p>${modelText(ECHO_RULE)}</p>
${kinds}
</section>`;
}
