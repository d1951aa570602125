// Runnable examples: each a button that calls this site from the page, and the same request
// as a curl command (the origin is filled in by the page script).
import { LIST_PATH } from '../../../../src/contract/facts.ts';
import { shellQuote } from '../format.ts';
import { html, type Html } from '../html.ts';
import { both, pair, paragraphs } from '../i18n.ts';
import type { DocsPageInput } from '../input.ts';
import { MESSAGES } from '../messages.ts';

interface Example {
  url: string;
  en: string;
  bg: string;
}

export function examplesOf(input: DocsPageInput): Example[] {
  const { en, bg } = MESSAGES;
  const slug = encodeURIComponent(input.exampleSlug);
  const examples: Example[] = [
    { url: `${LIST_PATH}?limit=3`, en: en.examples.firstPage, bg: bg.examples.firstPage },
    { url: `${LIST_PATH}?locale=bg&q=со&limit=5`, en: en.examples.search, bg: bg.examples.search },
  ];
  const pillar = input.vocabularies.pillar[0];
  if (pillar) {
    examples.push({
      url: `${LIST_PATH}?pillar=${encodeURIComponent(pillar.key)}&limit=2&offset=2`,
      en: en.examples.pillarPage(pillar.label.en),
      bg: bg.examples.pillarPage(pillar.label.bg),
    });
  }
  const tradition = input.vocabularies.tradition[0];
  if (tradition) {
    examples.push({
      url: `${LIST_PATH}?tradition=${encodeURIComponent(tradition.key)}&limit=3`,
      en: en.examples.traditionPage(tradition.label.en),
      bg: bg.examples.traditionPage(tradition.label.bg),
    });
  }
  examples.push(
    { url: `${LIST_PATH}/${slug}?locale=bg`, en: en.examples.term, bg: bg.examples.term },
    { url: `${LIST_PATH}?limit=abc`, en: en.examples.invalid, bg: bg.examples.invalid },
    { url: `${LIST_PATH}/no-such-term`, en: en.examples.unknown, bg: bg.examples.unknown },
  );
  return examples;
}

export function renderExamples(input: DocsPageInput, fallbackOrigin: string): Html {
  const items = examplesOf(input).map((example, index) => {
    const outputId = `example-${index + 1}-output`;
    const curlId = `example-${index + 1}-curl`;
    const curl = `curl -s ${shellQuote(`{origin}${encodeURI(example.url)}`)}`;
    return html`<article class="example">
<h3>${pair(example.en, example.bg)}</h3>
<div class="request">
<code class="url">GET ${example.url}</code>
<button type="button" class="primary" data-example="${example.url}" aria-controls="${outputId}">${both((m) => m.run)}</button>
</div>
<div class="curl">
<pre><code id="${curlId}" data-template="${curl}">${curl.replace('{origin}', fallbackOrigin)}</code></pre>
<button type="button" data-copy-target="${curlId}">${both((m) => m.copy)}</button><span class="copy-status" role="status" aria-live="polite"></span>
</div>
<pre class="output" id="${outputId}" data-output-for="${example.url}" tabindex="0" aria-live="polite">${both((m) => m.runHint)}</pre>
</article>`;
  });
  return html`<section id="examples">
<h2>${both((m) => m.sections.examples)}</h2>
${paragraphs((m) => m.examplesText)}
${items}
</section>`;
}
