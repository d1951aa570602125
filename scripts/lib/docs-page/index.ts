// The documentation page served at /api/lexicon/: rendered from the contract's declarations
// (src/contract/), the build's facts and the message catalogues. Self-contained (inline style
// and one inline script, no other host), bilingual (EN | BG, English by default), and it gives
// the problem `type` URLs their anchors (#invalid-parameter, #not-found, ...).
import { LICENSE, LICENSE_URL } from '../../../src/contract/facts.ts';
import { HEADER_NAMES } from '../../../src/contract/headers.ts';
import { VOCABULARY_NAMES } from '../../../src/contract/vocabularies.ts';
import { originOf } from './format.ts';
import { html, link, raw, type Html } from './html.ts';
import { both } from './i18n.ts';
import { MESSAGES } from './messages.ts';
import { browserAsset } from '../pages/browser-assets.ts';
import { renderAbout } from './sections/about.ts';
import { renderAttribution } from './sections/attribution.ts';
import { renderDumps } from './sections/dumps.ts';
import { renderEndpoints } from './sections/endpoints.ts';
import { renderErrors } from './sections/errors.ts';
import { renderExamples } from './sections/examples.ts';
import { renderMachineReadable } from './sections/machine-readable.ts';
import { renderVocabulary, vocabularyHeading, vocabularySectionId } from './sections/vocabularies.ts';
import { renderRateLimit } from './sections/rate-limit.ts';
import type { DocsPageInput } from './input.ts';

export type { DocsPageInput } from './input.ts';

const SECTION_IDS = ['about', 'endpoints', 'examples', 'attribution', 'rate-limit', 'errors', 'dumps'] as const;

/** The stylesheet (minified) and the bundled browser script. */
function pageAssets(): { style: string; script: string } {
  return { style: browserAsset('stylesheet'), script: browserAsset('docs-script') };
}

function renderHeader(source: string): Html {
  const nav = [
    ...SECTION_IDS.map((id) => html`<li><a href="#${id}">${both((m) => m.sections[id])}</a></li>`),
    ...VOCABULARY_NAMES.map(
      (name) => html`<li><a href="#${vocabularySectionId(name)}">${vocabularyHeading(name)}</a></li>`,
    ),
    html`<li><a href="#machine-readable">${both((m) => m.sections['machine-readable'])}</a></li>`,
  ];
  return html`<header class="top">
<div class="wrap">
<div class="title-row">
<h1>${both((m) => m.pageHeading(source))}</h1>
<div class="lang-switch" role="group" aria-label="Language / Език">
<button type="button" data-set-lang="en" aria-pressed="true" lang="en" title="English">EN</button><span aria-hidden="true">|</span><button type="button" data-set-lang="bg" aria-pressed="false" lang="bg" title="Български">BG</button>
</div>
</div>
<nav aria-label="Contents"><ul>${nav}</ul></nav>
</div>
</header>`;
}

/** The response headers a runnable example shows (page-script.ts reads them from `data-headers`). */
const EXAMPLE_HEADERS = [
  HEADER_NAMES.contentType,
  HEADER_NAMES.contentLanguage,
  HEADER_NAMES.license,
  HEADER_NAMES.etag,
  HEADER_NAMES.location,
  HEADER_NAMES.rateLimitPolicy,
  HEADER_NAMES.rateLimit,
  HEADER_NAMES.rateLimitRemaining,
  HEADER_NAMES.retryAfter,
].map((name) => name.toLowerCase());

export function renderDocsPage(input: DocsPageInput): string {
  const { attribution } = input.manifest;
  const origin = originOf(attribution.url);
  const { style, script } = pageAssets();
  return `<!DOCTYPE html>
${html`<html lang="en" data-ui="en" data-origin="${origin}" data-title-bg="${MESSAGES.bg.pageTitle(attribution.source)}" data-headers="${EXAMPLE_HEADERS.join(' ')}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="description" content="${MESSAGES.en.description(attribution.source)}">
<title>${MESSAGES.en.pageTitle(attribution.source)}</title>
<link rel="icon" href="data:,">
<style>${raw(style)}</style>
<script>${raw(script)}</script>
</head>
<body>
${renderHeader(attribution.source)}
<main class="wrap">
${renderAbout(input)}
${renderEndpoints(input)}
${renderExamples(input, origin)}
${renderAttribution(input)}
${renderRateLimit(input)}
${renderErrors(input)}
${renderDumps(input.manifest, origin)}
${VOCABULARY_NAMES.map((name) => renderVocabulary(input, name))}
${renderMachineReadable(input)}
</main>
<footer class="wrap">
<p>${both((m) => m.footerData)}: <a href="${LICENSE_URL}" rel="license">${LICENSE}</a> · ${link(attribution.url, attribution.required)}</p>
</footer>
</body>
</html>`}
`;
}
