// The operations of the contract model, with their parameters (bounds, default, and what the
// API says for a bad or adjusted value) and responses.
import { apiOperations, type OperationModel } from '../../../../src/contract/operations.ts';
import type { ParameterModel } from '../../../../src/contract/parameter-models.ts';
import { perVocabulary, type VocabularyValues } from '../../../../src/contract/vocabularies.ts';
import { code, html, type Html } from '../html.ts';
import { both, cellLabel, modelText, pair, paragraphs } from '../i18n.ts';
import type { DocsPageInput } from '../input.ts';
import { idFrom } from '../format.ts';

function bounds(p: ParameterModel): Html[] {
  const out: Html[] = [];
  if (p.enum) out.push(html`${both((m) => m.oneOf)} ${p.enum.map((v, i) => html`${i > 0 ? ', ' : ''}${code(v)}`)}`);
  if (p.minimum !== undefined) out.push(html`${both((m) => m.bounds.minimum)} ${code(p.minimum)}`);
  if (p.maximum !== undefined) out.push(html`${both((m) => m.bounds.maximum)} ${code(p.maximum)}`);
  if (p.maxLength !== undefined) out.push(html`${both((m) => m.bounds.maxLength)} ${code(p.maxLength)}`);
  if (p.pattern !== undefined)
    out.push(html`${both((m) => m.bounds.pattern)} <code class="pattern">${p.pattern}</code>`);
  return out;
}

/** The texts the API answers with for this parameter: a 400's detail, a warning. */
function messages(p: ParameterModel): Html {
  const { error, warning } = p.messages;
  const line = (kind: string, label: Html, text: { en: string; bg: string }, prefix: string) =>
    html`<div class="message" data-message="${kind}">${label}: ${pair(`\`${prefix}${text.en}\``, `\`${prefix}${text.bg}\``)}</div>`;
  return html`${
    error
      ? line(
          'error',
          both((m) => m.parameterError),
          error,
          `${p.name} `,
        )
      : ''
  }${
    warning
      ? line(
          'warning',
          both((m) => m.parameterWarning),
          warning,
          '',
        )
      : ''
  }`;
}

function parameterRow(p: ParameterModel): Html {
  const b = bounds(p);
  return html`<tr data-param="${p.name}">
<td data-col="parameter">${cellLabel((m) => m.columns.parameter)}${code(p.name)}${p.required ? html` <span class="required">${both((m) => m.required)}</span>` : ''}</td><td data-col="in">${cellLabel((m) => m.columns.in)}${code(p.in)}</td><td data-col="type">${cellLabel((m) => m.columns.type)}${code(p.type)}</td><td data-col="allowed" class="bounds">${cellLabel((m) => m.columns.allowed)}${b.length > 0 ? b.map((x) => html`<div>${x}</div>`) : '—'}</td><td data-col="default">${cellLabel((m) => m.columns.default)}${p.default === undefined ? '—' : code(p.default)}</td><td data-col="description" class="description">${cellLabel((m) => m.columns.description)}${modelText(p.description)}${messages(p)}</td>
</tr>`;
}

function renderOperation(operation: OperationModel): Html {
  const parameters =
    operation.parameters.length === 0
      ? paragraphs((m) => m.noParameters)
      : html`<div class="table-wrap"><table class="params">
<thead><tr><th>${both((m) => m.columns.parameter)}</th><th>${both((m) => m.columns.in)}</th><th>${both((m) => m.columns.type)}</th><th>${both((m) => m.columns.allowed)}</th><th>${both((m) => m.columns.default)}</th><th>${both((m) => m.columns.description)}</th></tr></thead>
<tbody>
${operation.parameters.map(parameterRow)}
</tbody>
</table></div>`;
  const responses = operation.responses.map((r) => {
    const status = r.problem ? html`<a href="#${r.problem}">${code(r.status)}</a>` : code(r.status);
    return html`<li data-status-code="${r.status}">${status} ${modelText(r.description)}</li>`;
  });
  return html`<article class="operation" id="get-${idFrom(operation.path)}">
<h3><span class="method">GET</span> ${code(operation.path)}</h3>
<p class="summary">${modelText(operation.summary)}</p>
<p class="description">${modelText(operation.description)}</p>
<h4>${both((m) => m.parameters)}</h4>
${parameters}
<h4>${both((m) => m.responses)}</h4>
<ul class="responses">
${responses}
</ul>
</article>`;
}

/** The values of each vocabulary, as the docs page was given them. */
export function vocabularyValues(input: DocsPageInput): VocabularyValues {
  return perVocabulary((name) => input.vocabularies[name].map((entry) => entry.key));
}

export function renderEndpoints(input: DocsPageInput): Html {
  const operations = apiOperations(vocabularyValues(input), input.rateLimitPerHour).filter((o) => !o.static);
  return html`<section id="endpoints">
<h2>${both((m) => m.sections.endpoints)}</h2>
${paragraphs((m) => m.endpointsText)}
${operations.map(renderOperation)}
</section>`;
}
