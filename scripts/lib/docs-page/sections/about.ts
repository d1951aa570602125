import { html, type Html } from '../html.ts';
import { both, paragraphs } from '../i18n.ts';
import type { DocsPageInput } from '../input.ts';

export function renderAbout(input: DocsPageInput): Html {
  return html`<section id="about" aria-labelledby="about-h">
<h2 id="about-h">${both((m) => m.sections.about)}</h2>
${paragraphs((m) => m.aboutText(input.counts))}
<h3 id="license">${both((m) => m.licenseHeading)}</h3>
${paragraphs((m) => m.licenseText)}
</section>`;
}
