// Every machine-readable description the build publishes: the list is derived from the same
// table the build writes the schemas from, so none can be missing.
import { API_ROOT } from '../../../../src/contract/facts.ts';
import { SCHEMA_FILES } from '../../formats/openapi.ts';
import { html, type Html } from '../html.ts';
import { both, pair, paragraphs } from '../i18n.ts';
import type { DocsPageInput } from '../input.ts';
import { MESSAGES } from '../messages.ts';

export function renderMachineReadable(input: DocsPageInput): Html {
  const { en, bg } = MESSAGES;
  const items: [string, string, string][] = [
    [`${API_ROOT}/openapi.json`, en.machine.openapi(input.openapiVersion), bg.machine.openapi(input.openapiVersion)],
    [`${API_ROOT}/pillars.json`, en.machine.pillars, bg.machine.pillars],
    ...(Object.keys(SCHEMA_FILES) as (keyof typeof SCHEMA_FILES)[]).map((name): [string, string, string] => [
      `${API_ROOT}/schemas/${name}`,
      en.machine.schemas[name],
      bg.machine.schemas[name],
    ]),
    ['/dumps/manifest.json', en.machine.manifest, bg.machine.manifest],
  ];
  return html`<section id="machine-readable">
<h2>${both((m) => m.sections['machine-readable'])}</h2>
${paragraphs((m) => m.machineText)}
<ul class="links">
${items.map(([href, enText, bgText]) => html`<li><a href="${href}"><code>${href}</code></a> — ${pair(enText, bgText)}</li>`)}
</ul>
</section>`;
}
