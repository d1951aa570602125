// The documentation page as a string: its sections and test hooks, the contract facts it shows,
// every download with its checksum, escaping of hostile input, and no resource from another host.
import { describe, expect, it } from 'vitest';
import { html as htmlTemplate, md, raw } from '../../scripts/lib/docs-page/html.ts';
import { renderDocsPage, type DocsPageInput } from '../../scripts/lib/docs-page/index.ts';
import { MESSAGES } from '../../scripts/lib/docs-page/messages.ts';
import { handlerSampleProblem } from '../helpers/sample-problem.ts';
import type { Manifest } from '../../src/contract/dump-schemas.ts';

const SITE = 'https://lexicon.example.org';

function makeInput(source = 'Gnostic & Esoteric Lexicon', url = SITE): DocsPageInput {
  const attribution = {
    source,
    url,
    license: 'CC BY-SA 4.0' as const,
    required: `Powered by ${source} (${url}) — CC BY-SA 4.0`,
  };
  const manifestWithoutVersions: Omit<Manifest, 'versions'> = {
    dataVersion: '0123456789abcdef',
    builtAt: '2025-01-02T03:04:05.000Z',
    license: 'CC BY-SA 4.0',
    licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
    attribution,
    counts: { en: 160, bg: 160, posts: 12, pillars: 3 },
    files: [
      {
        name: 'lexicon-0123456789abcdef.en.json',
        path: '/dumps/lexicon-0123456789abcdef.en.json',
        format: 'json',
        locale: 'en',
        bytes: 1234567,
        sha256: 'a'.repeat(32) + 'b'.repeat(32),
      },
      {
        name: 'lexicon-0123456789abcdef.sqlite',
        path: '/dumps/lexicon-0123456789abcdef.sqlite',
        format: 'sqlite',
        locale: 'all',
        bytes: 2048,
        sha256: 'c'.repeat(32) + 'd'.repeat(32),
      },
    ],
  };
  const { dataVersion, builtAt, files } = manifestWithoutVersions;
  const manifest: Manifest = {
    ...manifestWithoutVersions,
    versions: [{ dataVersion, builtAt, status: 'current', files }],
  };
  return {
    openapiVersion: '1.2.3',
    manifest,
    vocabularies: {
      pillar: [
        { key: 'cosmology', label: { en: 'Cosmology', bg: 'Космология' }, count: 20 },
        { key: 'alchemy', label: { en: 'Alchemy', bg: 'Алхимия' }, count: 17 },
        { key: 'shadow', label: { en: 'Shadow', bg: 'Сянка' }, count: 3 },
      ],
      tradition: [
        { key: 'Gnostic', label: { en: 'Gnostic', bg: 'Гностическа' }, count: 30 },
        { key: 'Christian Kabbalist', label: { en: 'Christian Kabbalist', bg: 'Християнска кабала' }, count: 10 },
      ],
    },
    rateLimitPerHour: 100,
    exampleSlug: 'sophia',
    counts: { en: 160, bg: 160 },
  };
}

function decode(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The element that carries an attribute value, from its opening tag to its closing tag. */
function element(html: string, attribute: string): string {
  const start = html.indexOf(attribute);
  expect(start, attribute).toBeGreaterThan(-1);
  const open = html.lastIndexOf('<', start);
  const tag = /^<([a-z0-9]+)/.exec(html.slice(open))![1]!;
  const close = html.indexOf(`</${tag}>`, start);
  return html.slice(open, close + tag.length + 3);
}

function count(html: string, text: string): number {
  return html.split(text).length - 1;
}

/** Every src/href/action value inside a tag (text content is escaped, so it has no tags). */
function urlAttributes(html: string): string[] {
  const values: string[] = [];
  for (const [tag] of html.matchAll(/<[a-zA-Z][^>]*>/g)) {
    for (const match of tag.matchAll(
      /\s(?:src|href|action|srcset|poster|data)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/gi,
    )) {
      values.push(decode(match[1] ?? match[2] ?? match[3] ?? ''));
    }
  }
  return values;
}

function scriptOf(html: string): string {
  return /<script>([\s\S]*?)<\/script>/.exec(html)![1]!;
}

describe('renderDocsPage', () => {
  const input = makeInput();
  const html = renderDocsPage(input);

  it('is a complete HTML5 document in English by default, with one inline script and style', () => {
    expect(html.startsWith('<!DOCTYPE html>\n<html lang="en" data-ui="en"')).toBe(true);
    expect(html.trimEnd().endsWith('</html>')).toBe(true);
    expect(html).toContain('<meta charset="utf-8">');
    expect(count(html, '<script')).toBe(1);
    expect(count(html, '<style')).toBe(1);
    expect(renderDocsPage(input)).toBe(html);
  });

  it('has every section and hook the tests and the problem types rely on', () => {
    for (const id of [
      'endpoints',
      'examples',
      'attribution',
      'attribution-snippet',
      'rate-limit',
      'errors',
      'dumps',
      'pillars',
      'traditions',
      'license',
    ]) {
      expect(count(html, `id="${id}"`), id).toBe(1);
    }
    for (const kind of ['invalid-parameter', 'not-found', 'method-not-allowed', 'rate-limited']) {
      expect(count(html, `id="${kind}"`), kind).toBe(1);
    }
    const ids = [...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('renders each operation of the contract model with its parameters, their bounds and its statuses', () => {
    const endpoints = element(html, 'id="endpoints"');
    expect(endpoints).toContain('<code>/api/lexicon/public</code>');
    expect(endpoints).toContain('<code>/api/lexicon/public/{slug}</code>');

    const limit = element(endpoints, 'data-param="limit"');
    expect(limit).toContain('<code>integer</code>');
    expect(limit).toMatch(/minimum<\/span>.*<code>1<\/code>/);
    expect(limit).toMatch(/maximum<\/span>.*<code>500<\/code>/);
    expect(limit).toContain('<code>50</code>');
    expect(limit).toContain('Page size.');
    expect(limit).toContain('Брой резултати на страница.');
    expect(element(endpoints, 'data-param="q"')).toMatch(/max\. length<\/span>.*<code>100<\/code>/);
    expect(element(endpoints, 'data-param="offset"')).toContain('<code>1000000000</code>');
    expect(count(endpoints, 'data-param="locale"')).toBe(2);
    expect(element(endpoints, 'data-param="locale"')).toMatch(/one of<\/span>.*<code>en<\/code>, <code>bg<\/code>/);
    expect(element(endpoints, 'data-param="pillar"')).toMatch(
      /<code>cosmology<\/code>, <code>alchemy<\/code>, <code>shadow<\/code>/,
    );
    const slug = element(endpoints, 'data-param="slug"');
    expect(slug).toContain('<code>path</code>');
    expect(slug).toContain('required');
    expect(slug).toContain('<code class="pattern">^[a-z0-9]+(?:-[a-z0-9]+)*$</code>');

    expect(element(endpoints, 'data-param="tradition"')).toMatch(
      /<code>Gnostic<\/code>, <code>Christian Kabbalist<\/code>/,
    );
    // What the API says for a bad or an adjusted value, from the same table as the parser.
    expect(limit).toContain('<code>limit must be an integer from 1 to 500</code>');
    expect(limit).toContain('<code>limit 501 is outside 1-500; 500 was applied</code>');
    expect(limit).toContain('<code>limit трябва да е цяло число от 1 до 500</code>');
    expect(element(endpoints, 'data-param="tradition"')).toContain(
      '<code>tradition &quot;GNOSTIC&quot; was read as &quot;Gnostic&quot;</code>',
    );
    for (const status of ['200', '304', '308', '400', '404', '405', '429', '500'])
      expect(endpoints).toContain(`data-status-code="${status}"`);
    expect(endpoints).toContain('<a href="#not-found"><code>404</code></a>');
    // Bulgarian descriptions of every operation, not only the English.
    expect(endpoints).toContain('Един термин по slug, с пълния текст и публикациите, които го споменават.');
  });

  it('offers runnable examples with an output each and a curl command', () => {
    const urls = [
      '/api/lexicon/public?limit=3',
      '/api/lexicon/public?locale=bg&amp;q=со&amp;limit=5',
      '/api/lexicon/public/sophia?locale=bg',
      '/api/lexicon/public?limit=abc',
    ];
    for (const url of urls) {
      expect(count(html, `data-example="${url}"`), url).toBe(1);
      expect(count(html, `data-output-for="${url}"`), url).toBe(1);
    }
    expect(count(html, 'data-example=')).toBe(count(html, 'data-output-for='));
    // The command uses the page's origin at runtime; the static text falls back to the site.
    expect(html).toContain(
      `data-template="curl -s &#39;{origin}/api/lexicon/public?locale=bg&amp;q=%D1%81%D0%BE&amp;limit=5&#39;"`,
    );
    expect(html).toContain(`curl -s &#39;${SITE}/api/lexicon/public?limit=3&#39;`);
  });

  it('gives the attribution snippet verbatim, ready to paste', () => {
    const textarea = element(html, 'id="attribution-snippet"');
    const snippet = decode(/>([\s\S]*)<\/textarea>/.exec(textarea)![1]!);
    expect(snippet).toBe(`<a href="${SITE}">Powered by Gnostic & Esoteric Lexicon (${SITE}) — CC BY-SA 4.0</a>`);
    expect(textarea).toContain('readonly');
    expect(html).toContain('data-copy-target="attribution-snippet"');
  });

  it('states the rate limit, its headers and the problem format', async () => {
    const rate = element(html, 'id="rate-limit"');
    expect(rate).toContain('100\u00a0requests per hour per client');
    expect(rate).toContain('100\u00a0заявки на час от един клиент');
    for (const header of [
      'RateLimit',
      'RateLimit-Policy',
      'X-RateLimit-Limit',
      'X-RateLimit-Remaining',
      'X-RateLimit-Reset',
      'Retry-After',
    ]) {
      expect(rate).toContain(`<code>${header}</code>`);
    }
    expect(rate).toContain('<code>&quot;hourly&quot;;q=100;w=3600</code>');
    const errors = element(html, 'id="errors"');
    expect(errors).toContain('application/problem+json');
    expect(errors).toContain(`${SITE}/api/lexicon/#invalid-parameter`);
    // The sample is the API's own answer to ?limit=abc: the same words by construction.
    const sample = JSON.parse(decode(/<pre class="json">([\s\S]*?)<\/pre>/.exec(errors)![1]!));
    const { attribution, ...fromHandler } = (await handlerSampleProblem(input.manifest.attribution.url)) as {
      attribution: unknown;
    };
    expect(sample).toEqual({ ...fromHandler, attribution: input.manifest.attribution });
    expect(attribution).toBeDefined();
    expect(renderDocsPage({ ...input, rateLimitPerHour: 250 })).toContain(
      '"hourly";q=250;w=3600'.replace(/"/g, '&quot;'),
    );
  });

  it('lists every download with its link, size, exact bytes and SHA-256', () => {
    const dumps = element(html, 'id="dumps"');
    for (const file of input.manifest.files) {
      const row = element(dumps, `data-file="${file.name}"`);
      expect(row).toContain(`<a href="${file.path}">${file.name}</a>`);
      expect(row).toContain(`<code>${file.sha256}</code>`);
      expect(row).toContain(`<code>${file.format}</code>`);
      expect(row).toContain(`<data value="${file.bytes}">`);
    }
    expect(dumps).toContain('1.2\u00a0MB');
    expect(dumps).toContain('1,234,567\u00a0bytes');
    expect(dumps).toContain('1\u00a0234\u00a0567\u00a0байта');
    expect(dumps).toContain(input.manifest.dataVersion);
    expect(dumps).toContain('<time datetime="2025-01-02T03:04:05.000Z">2025-01-02 03:04 UTC</time>');
    expect(dumps).toContain('sqlite3 -readonly');
    expect(dumps).toContain('sha256sum -c');
  });

  it('lists the pillars with both labels and counts', () => {
    const pillars = element(html, 'id="pillars"');
    expect(count(pillars, 'data-pillar=')).toBe(3);
    const alchemy = element(pillars, 'data-pillar="alchemy"');
    expect(alchemy).toContain('<code>alchemy</code>');
    expect(alchemy).toContain('Alchemy');
    expect(alchemy).toContain('Алхимия');
    expect(alchemy).toContain('>17<');
    expect(pillars).toContain('Стълбове (pillars)');
  });

  it('lists the traditions with both labels and counts, beside the pillars', () => {
    const traditions = element(html, 'id="traditions"');
    expect(count(traditions, 'data-tradition=')).toBe(2);
    const kabbalist = element(traditions, 'data-tradition="Christian Kabbalist"');
    expect(kabbalist).toContain('Християнска кабала');
    expect(kabbalist).toContain('>10<');
    expect(kabbalist).toContain('href="/api/lexicon/public?tradition=Christian%20Kabbalist"');
    expect(traditions).toContain('Традиции (traditions)');
    expect(html).toContain('<a href="#traditions">');
  });

  it('states the one rule for echoing input, and every problem kind with its status', () => {
    const errors = element(html, 'id="errors"');
    expect(errors).toContain('A message repeats at most 20 characters of what the client sent');
    for (const [kind, status] of [
      ['internal-error', 500],
      ['unavailable', 503],
      ['bad-request', 400],
    ] as const)
      expect(element(errors, `id="${kind}"`)).toContain(`<span class="status">${status}</span>`);
  });

  it('links the machine-readable descriptions and the license', () => {
    const hrefs = urlAttributes(html);
    for (const path of [
      '/api/lexicon/openapi.json',
      '/api/lexicon/pillars.json',
      '/api/lexicon/traditions.json',
      '/api/lexicon/schemas/traditions-response.json',
      '/api/lexicon/schemas/term.json',
      '/api/lexicon/schemas/list-response.json',
      '/api/lexicon/schemas/problem.json',
      '/api/lexicon/schemas/manifest.json',
      '/dumps/manifest.json',
      'https://creativecommons.org/licenses/by-sa/4.0/',
    ]) {
      expect(hrefs, path).toContain(path);
    }
  });

  it('has every UI string in both languages', () => {
    expect(count(html, 'data-l="en"')).toBe(count(html, 'data-l="bg"'));
    for (const heading of [
      'Крайни точки',
      'Примери',
      'Цитиране',
      'Ограничение на заявките',
      'Грешки',
      'Архиви за сваляне',
      'Лиценз',
    ]) {
      expect(html, heading).toContain(`<span data-l="bg" lang="bg">${heading}</span>`);
    }
    expect(html).toContain('data-set-lang="en"');
    expect(html).toContain('data-set-lang="bg"');
  });

  it('loads nothing from another host: only relative links, the license and the attribution URL', () => {
    const allowed = (url: string) =>
      url === 'data:,' ||
      url.startsWith('#') ||
      /^\/(?!\/)/.test(url) ||
      url.startsWith('https://creativecommons.org/') ||
      url === input.manifest.attribution.url;
    const offending = urlAttributes(html).filter((url) => !allowed(url));
    expect(offending).toEqual([]);
    // The only data: URL is the empty favicon (it stops the browser asking for /favicon.ico).
    expect(count(html, 'data:')).toBe(1);
    expect(html).not.toMatch(/<(?:img|iframe|object|embed|video|audio|source)\b/i);
    expect(html).not.toMatch(/<link\b(?![^>]*rel="icon")/i);
    expect(html).not.toMatch(/@import|url\(/i);
    expect(/<style>([\s\S]*?)<\/style>/.exec(html)![1]).not.toMatch(/https?:/);
    expect(scriptOf(html)).not.toMatch(/https?:|\/\/[a-z]/i);
  });

  it('ships a script that parses and takes nothing from the input', () => {
    const script = scriptOf(html);
    expect(() => new Function(script)).not.toThrow();
    const other = renderDocsPage(makeInput('<script>alert(1)</script>', 'https://other.example.net/'));
    expect(scriptOf(other)).toBe(script);
  });

  it('escapes hostile strings everywhere', () => {
    const hostile = `"Evil' <script>alert(1)</script> & co`;
    const url = `${SITE}/?x="><script>alert(2)</script>&y='z'`;
    const evil = makeInput(hostile, url);
    evil.vocabularies.pillar = [
      { key: 'x"><b>', label: { en: '<img src=x onerror=alert(3)>', bg: '</td><script>alert(4)</script>' }, count: 1 },
    ];
    evil.exampleSlug = `"><script>alert(5)</script>`;
    evil.manifest.files = [
      { ...evil.manifest.files[0]!, name: '<script>alert(6)</script>.json', path: 'javascript:alert(7)' },
    ];
    const page = renderDocsPage(evil);
    expect(count(page, '<script')).toBe(1);
    expect(page).not.toMatch(/<(?:img|b|i)[\s>]/);
    expect(page).not.toMatch(/<[^>]*\son(?:error|mouseover)\s*=/i);
    expect(page).not.toContain('javascript:'); // not a link, and not in a command either
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('&quot;Evil&#39; &lt;script&gt;');
    expect(page).toContain('&lt;script&gt;alert(6)&lt;/script&gt;.json');
    expect(page).toContain('data-pillar="x&quot;&gt;&lt;b&gt;"');
    expect(page).toContain('data-pillar="x&quot;&gt;&lt;b&gt;"');

    // The snippet is escaped for HTML once (what the user pastes) and once more for the page.
    const textarea = element(page, 'id="attribution-snippet"');
    const snippet = decode(/>([\s\S]*)<\/textarea>/.exec(textarea)![1]!);
    const anchor = /^<a href="([^"]*)">([^<]*)<\/a>$/.exec(snippet);
    expect(anchor, snippet).not.toBeNull();
    expect(decode(anchor![1]!)).toBe(url);
    expect(decode(anchor![2]!)).toBe(evil.manifest.attribution.required);
  });

  it('has the same keys in both message catalogues', () => {
    const keys = (value: object, prefix = ''): string[] =>
      Object.entries(value).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v, `${prefix}${k}.`) : [`${prefix}${k}`],
      );
    expect(keys(MESSAGES.bg)).toEqual(keys(MESSAGES.en));
  });
});

describe('the html template', () => {
  it('escapes every interpolated value unless it is Html', () => {
    const evil = '<script>"&\'';
    expect(String(htmlTemplate`<p title="${evil}">${evil}</p>`)).toBe(
      '<p title="&lt;script&gt;&quot;&amp;&#39;">&lt;script&gt;&quot;&amp;&#39;</p>',
    );
    expect(
      String(htmlTemplate`<p>${raw('<b>ok</b>')}${[1, ' & ', htmlTemplate`<i>${'<'}</i>`]}${null}${false}</p>`),
    ).toBe('<p><b>ok</b>1 &amp; <i>&lt;</i></p>');
  });

  it("turns the catalogues' short Markdown into safe HTML", () => {
    expect(String(md('a `b<c>` **d** [e](#f) [g](javascript:alert(1))'))).toBe(
      'a <code>b&lt;c&gt;</code> <strong>d</strong> <a href="#f">e</a> [g](javascript:alert(1))',
    );
  });
});
