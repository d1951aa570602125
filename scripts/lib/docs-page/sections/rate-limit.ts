import { rateLimitHeaders } from '../../../../src/contract/operations.ts';
import { COUNTING_RULES } from '../../../../src/limits/counting.ts';
import { WINDOW_SECONDS } from '../../../../src/limits/rate-limit.ts';
import { code, html, type Html } from '../html.ts';
import { both, cellLabel, modelText, paragraphs } from '../i18n.ts';
import type { DocsPageInput } from '../input.ts';

export function renderRateLimit(input: DocsPageInput): Html {
  if (input.rateLimitPerHour === 0) {
    return html`<section id="rate-limit">
<h2>${both((m) => m.sections['rate-limit'])}</h2>
${paragraphs((m) => m.rateLimitOff)}
</section>`;
  }
  const rows = rateLimitHeaders(input.rateLimitPerHour).map(
    (h) =>
      html`<tr><td>${cellLabel((m) => m.header)}${code(h.name)}</td><td>${cellLabel((m) => m.example)}${code(h.example)}</td><td>${cellLabel((m) => m.meaning)}${modelText(h.description)}</td></tr>`,
  );
  // The same declaration the handler counts with (src/limits/counting.ts).
  const counted = COUNTING_RULES.map(
    (rule) =>
      html`<tr><td>${modelText(rule.what)}</td><td>${rule.paths.map((p, i) => html`${i > 0 ? ', ' : ''}${code(p)}`)}</td><td>${rule.counted ? both((m) => m.countedYes) : both((m) => m.countedNo)}</td></tr>`,
  );
  return html`<section id="rate-limit">
<h2>${both((m) => m.sections['rate-limit'])}</h2>
${paragraphs((m) => m.rateLimitText(input.rateLimitPerHour, WINDOW_SECONDS))}
${paragraphs((m) => m.rateLimitGrants)}
<h3>${both((m) => m.rateLimitCounted)}</h3>
<div class="table-wrap"><table class="counting">
<tbody>
${counted}
</tbody>
</table></div>
${paragraphs((m) => m.rateLimitWhere)}
<div class="table-wrap"><table class="headers">
<thead><tr><th>${both((m) => m.header)}</th><th>${both((m) => m.example)}</th><th>${both((m) => m.meaning)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>
</section>`;
}
