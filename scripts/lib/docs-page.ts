// Renders the documentation page served at /api/lexicon/ from the OpenAPI document and the
// build's facts. Pure: input in, HTML out. The page is self-contained (inline style and one
// inline script, no external resources), bilingual (EN | BG, English by default) and gives the
// problem `type` URLs their anchors (#invalid-parameter, #not-found, ...).
import {
  API_ROOT,
  LICENSE,
  LICENSE_URL,
  LIST_PATH,
  OFFSET_MAX,
  Q_MAX_CODE_POINTS,
  type Locale,
} from '../../src/contract.ts';
import { ALLOWED_METHODS, problemStatus, rateLimitPolicy, type ProblemKind } from '../../src/http.ts';
import { WINDOW_SECONDS } from '../../src/rate-limit.ts';
import type { Manifest, PillarsResponse } from '../../src/schema.ts';

export interface DocsPageInput {
  /** The OpenAPI 3.1 document served at /api/lexicon/openapi.json. */
  openapi: Record<string, unknown>;
  manifest: Manifest;
  pillars: PillarsResponse['data'];
  /** Requests per hour per client (the policy constant). */
  rateLimitPerHour: number;
  /** One real slug per locale for runnable examples. */
  exampleSlug: string;
  counts: Record<Locale, number>;
}

export function renderDocsPage(input: DocsPageInput): string {
  const { manifest } = input;
  const attribution = manifest.attribution;
  const fallbackOrigin = originOf(attribution.url);
  const examples = buildExamples(input);

  const body = [
    renderHeader(input),
    '<main class="wrap">',
    renderAbout(input),
    renderEndpoints(input.openapi),
    renderExamples(examples, fallbackOrigin),
    renderAttribution(input),
    renderRateLimit(input.rateLimitPerHour),
    renderErrors(input),
    renderDumps(manifest, fallbackOrigin),
    renderPillars(input.pillars),
    renderLinks(input.openapi),
    '</main>',
    renderFooter(input),
  ].join('\n');

  return `<!doctype html>
<html lang="en" data-ui="en" data-origin="${esc(fallbackOrigin)}" data-title-bg="${esc(`${attribution.source} — документация на API`)}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="color-scheme" content="light dark">
<meta name="description" content="${esc(`Documentation of the free, read-only JSON API of ${attribution.source}: endpoints, examples, attribution, limits, errors and downloads.`)}">
<title>${esc(`${attribution.source} API — documentation`)}</title>
<link rel="icon" href="data:,">
<style>${STYLE}</style>
<script>${SCRIPT}</script>
</head>
<body>
${body}
</body>
</html>
`;
}

// ---------------------------------------------------------------- escaping and small helpers

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Escapes text for HTML element content and (double-quoted) attribute values. */
function esc(value: unknown): string {
  return String(value).replace(/[&<>"']/g, (c) => ENTITIES[c]!);
}

/** Only http(s) URLs and same-site paths become links; anything else (javascript:, //host) does not. */
function safeHref(url: string): string | undefined {
  if (/^\/(?!\/)/.test(url) || url.startsWith('#')) return url;
  if (/^https?:\/\/[^\s"'<>]+$/i.test(url)) return url;
  return undefined;
}

function link(url: string, html: string): string {
  const href = safeHref(url);
  return href === undefined ? html : `<a href="${esc(href)}">${html}</a>`;
}

function originOf(url: string): string {
  try {
    const origin = new URL(url).origin;
    return origin === 'null' ? 'https://example.org' : origin;
  } catch {
    return 'https://example.org';
  }
}

/** The same content in both UI languages; exactly one is visible (see the `data-l` CSS rule). */
function both(enHtml: string, bgHtml: string): string {
  return `<span data-l="en" lang="en">${enHtml}</span><span data-l="bg" lang="bg">${bgHtml}</span>`;
}

/** Block-level variant of both(): two elements of the same tag. */
function blocks(tag: string, enHtml: string, bgHtml: string, attrs = ''): string {
  return `<${tag}${attrs} data-l="en" lang="en">${enHtml}</${tag}><${tag}${attrs} data-l="bg" lang="bg">${bgHtml}</${tag}>`;
}

function code(text: unknown): string {
  return `<code>${esc(text)}</code>`;
}

/** Escaped text where `backticks` become <code>; paragraphs on blank lines. */
function prose(text: string, attrs = ''): string {
  return text
    .split(/\n\s*\n/)
    .map((paragraph) => paragraph.trim())
    .filter(Boolean)
    .map((paragraph) => `<p${attrs}>${inline(paragraph)}</p>`)
    .join('');
}

function inline(text: string): string {
  return esc(text).replace(/`([^`]+)`/g, '<code>$1</code>');
}

function shellQuote(text: string): string {
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

function group(n: number, separator: string): string {
  return String(Math.trunc(n)).replace(/\B(?=(\d{3})+(?!\d))/g, separator);
}

/** Bulgarian counted plural: 1 термин, 2 термина. */
function bgCount(n: number, one: string, many: string): string {
  return `${group(n, '\u00a0')}\u00a0${n === 1 ? one : many}`;
}

function enCount(n: number, one: string, many: string): string {
  return `${group(n, ',')}\u00a0${n === 1 ? one : many}`;
}

function humanBytes(bytes: number): { en: string; bg: string } {
  const units: [number, string, string][] = [
    [1e9, 'GB', 'ГБ'],
    [1e6, 'MB', 'МБ'],
    [1e3, 'kB', 'КБ'],
  ];
  for (const [size, en, bg] of units) {
    if (bytes >= size) {
      const value = (bytes / size).toFixed(bytes / size >= 100 ? 0 : 1);
      return { en: `${value}\u00a0${en}`, bg: `${value.replace('.', ',')}\u00a0${bg}` };
    }
  }
  return { en: enCount(bytes, 'byte', 'bytes'), bg: bgCount(bytes, 'байт', 'байта') };
}

function formatUtc(iso: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function idFrom(text: string): string {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '');
}

// ---------------------------------------------------------------- OpenAPI reading

type Json = Record<string, unknown>;

function asObject(value: unknown): Json | undefined {
  return value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Json) : undefined;
}

function asString(value: unknown): string | undefined {
  return typeof value === 'string' ? value : undefined;
}

function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Follows local `$ref`s (`#/components/...`), at most a few hops, tolerating broken ones. */
function deref(doc: Json, value: unknown): Json | undefined {
  let current = asObject(value);
  for (let hops = 0; current && typeof current.$ref === 'string' && hops < 8; hops++) {
    const ref = current.$ref as string;
    if (!ref.startsWith('#/')) return undefined;
    let target: unknown = doc;
    for (const raw of ref.slice(2).split('/')) {
      const key = decodeURIComponent(raw).replace(/~1/g, '/').replace(/~0/g, '~');
      target = asObject(target)?.[key];
    }
    current = asObject(target);
  }
  return current;
}

interface ParameterInfo {
  name: string;
  in: string;
  required: boolean;
  description?: string;
  type: string;
  bounds: string[];
  default?: string;
}

function readParameter(doc: Json, raw: unknown): ParameterInfo | undefined {
  const parameter = deref(doc, raw);
  const name = asString(parameter?.name);
  const location = asString(parameter?.in);
  if (!parameter || !name || !location) return undefined;
  const schema = deref(doc, parameter.schema) ?? {};
  const defaultValue = parameter.default ?? schema.default;
  return {
    name,
    in: location,
    required: parameter.required === true,
    description: asString(parameter.description) ?? asString(schema.description),
    type: schemaType(doc, schema),
    bounds: schemaBounds(schema),
    default: defaultValue === undefined ? undefined : typeof defaultValue === 'string' ? defaultValue : JSON.stringify(defaultValue),
  };
}

function schemaType(doc: Json, schema: Json): string {
  const type = schema.type;
  let text: string;
  if (typeof type === 'string') text = type;
  else if (Array.isArray(type)) text = type.filter((t) => typeof t === 'string').join(' | ');
  else if (Array.isArray(schema.anyOf ?? schema.oneOf)) {
    text = ((schema.anyOf ?? schema.oneOf) as unknown[])
      .map((member) => schemaType(doc, deref(doc, member) ?? {}))
      .filter(Boolean)
      .join(' | ');
  } else if (Array.isArray(schema.enum) && schema.enum.length > 0) text = typeof schema.enum[0];
  else if (schema.const !== undefined) text = typeof schema.const;
  else text = '';
  const format = asString(schema.format);
  return format && text ? `${text} (${format})` : text;
}

function schemaBounds(schema: Json): string[] {
  const bounds: string[] = [];
  const values = Array.isArray(schema.enum) ? schema.enum : schema.const !== undefined ? [schema.const] : undefined;
  if (values) {
    bounds.push(`${both('one of', 'една от')} ${values.map((v) => code(typeof v === 'string' ? v : JSON.stringify(v))).join(', ')}`);
  }
  const numeric: [string, string, string][] = [
    ['minimum', 'minimum', 'минимум'],
    ['exclusiveMinimum', 'greater than', 'по-голямо от'],
    ['maximum', 'maximum', 'максимум'],
    ['exclusiveMaximum', 'less than', 'по-малко от'],
    ['minLength', 'min. length', 'мин. дължина'],
    ['maxLength', 'max. length', 'макс. дължина'],
  ];
  for (const [key, en, bg] of numeric) {
    const value = asNumber(schema[key]);
    if (value !== undefined) bounds.push(`${both(en, bg)} ${code(value)}`);
  }
  const pattern = asString(schema.pattern);
  if (pattern) bounds.push(`${both('pattern', 'шаблон')} <code class="pattern">${esc(pattern)}</code>`);
  return bounds;
}

interface OperationInfo {
  path: string;
  summary?: string;
  description?: string;
  parameters: ParameterInfo[];
  responses: { status: string; description?: string; mediaTypes: string[] }[];
}

function readOperations(doc: Json): OperationInfo[] {
  const paths = asObject(doc.paths) ?? {};
  const operations: OperationInfo[] = [];
  for (const [path, rawItem] of Object.entries(paths)) {
    const item = deref(doc, rawItem);
    const get = deref(doc, item?.get);
    if (!item || !get) continue;
    // Operation parameters override path-level ones with the same name and location.
    const merged = new Map<string, ParameterInfo>();
    for (const raw of [...arrayOf(item.parameters), ...arrayOf(get.parameters)]) {
      const parameter = readParameter(doc, raw);
      if (parameter) merged.set(`${parameter.in}:${parameter.name}`, parameter);
    }
    const responses = Object.entries(asObject(get.responses) ?? {}).map(([status, rawResponse]) => {
      const response = deref(doc, rawResponse);
      return {
        status,
        description: asString(response?.description),
        mediaTypes: Object.keys(asObject(response?.content) ?? {}),
      };
    });
    operations.push({
      path,
      summary: asString(get.summary),
      description: asString(get.description),
      parameters: [...merged.values()],
      responses,
    });
  }
  return operations;
}

function arrayOf(value: unknown): unknown[] {
  return Array.isArray(value) ? value : [];
}

// ---------------------------------------------------------------- Bulgarian text for known API parts

const BG_SUMMARY: Record<string, string> = {
  [LIST_PATH]: 'Списък с термини: по страници, с филтри по език, стълб и текст.',
  [`${LIST_PATH}/{slug}`]: 'Един термин по slug, с пълния текст и публикациите, които го споменават.',
};

const BG_PARAMETER: Record<string, string> = {
  'query:locale':
    'Език на отговора: `en` (английски, по подразбиране) или `bg` (български). Друг регистър или регионален вариант (`BG`, `en-US`) се приема с предупреждение; всяка друга стойност дава 400.',
  'query:pillar':
    'Филтър по стълб: ключ от `/api/lexicon/pillars.json`, без значение от регистъра. Непознат стълб дава 400 със списъка на допустимите.',
  'query:q': `Търсене в имената на термина: частично съвпадение с едно от тях, без значение от регистъра и диакритиката – името на двата езика, оригиналната форма (\`termOriginal\`) и вариантите на изписване, всяко и в транслитерация (кирилица към латиница по Закона за транслитерацията от 2009 г., гръцки към латиница по ALA-LC, а при \`locale=bg\` латиница към кирилица). Така \`q=sofia\`, \`q=σοφια\` и \`q=aeon\` намират термина. Редът на резултатите не се променя; до ${Q_MAX_CODE_POINTS} знака.`,
  'query:limit':
    'Брой резултати на страница, цяло число. Стойност извън границите се ограничава до тях с предупреждение в `meta.warnings`; нещо различно от цяло число дава 400.',
  'query:offset': `Отместване за странициране, цяло число. Отрицателно става 0, а над ${group(OFFSET_MAX, '\u00a0')} се ограничава, с предупреждение; нещо различно от цяло число дава 400.`,
  'path:slug': 'Идентификатор (slug) на термина: малки латински букви, цифри и единични тирета, например `prima-materia`.',
};

const BG_STATUS: Record<string, string> = {
  '200': 'Успешен отговор.',
  '204': 'Отговор без тяло (CORS preflight).',
  '304': 'Непроменен: отговор на `If-None-Match` със същия `ETag`.',
  '400': 'Невалиден параметър на заявката.',
  '404': 'Няма термин с този slug.',
  '405': 'Непозволен метод.',
  '429': 'Изчерпан лимит на заявките; вижте `Retry-After`.',
};

const STATUS_ANCHOR: Record<string, ProblemKind> = {
  '400': 'invalid-parameter',
  '404': 'not-found',
  '405': 'method-not-allowed',
  '429': 'rate-limited',
};

/** English from the OpenAPI document; Bulgarian from our table when we have it. */
function localized(english: string | undefined, bulgarian: string | undefined): string {
  if (!english && !bulgarian) return '';
  if (!bulgarian) return `<div lang="en">${prose(english!)}</div>`;
  return `<div data-l="en" lang="en">${english ? prose(english) : ''}</div><div data-l="bg" lang="bg">${prose(bulgarian)}</div>`;
}

function localizedInline(english: string | undefined, bulgarian: string | undefined): string {
  if (!bulgarian) return english ? `<span lang="en">${inline(english)}</span>` : '';
  return both(english ? inline(english) : '', inline(bulgarian));
}

// ---------------------------------------------------------------- sections

const SECTIONS: [id: string, en: string, bg: string][] = [
  ['about', 'About', 'За API-то'],
  ['endpoints', 'Endpoints', 'Крайни точки'],
  ['examples', 'Examples', 'Примери'],
  ['attribution', 'Attribution', 'Цитиране'],
  ['rate-limit', 'Rate limit', 'Ограничение на заявките'],
  ['errors', 'Errors', 'Грешки'],
  ['dumps', 'Downloads', 'Архиви за сваляне'],
  ['pillars', 'Pillars', 'Стълбове'],
  ['machine-readable', 'Machine-readable', 'Машинночетими описания'],
];

function renderHeader(input: DocsPageInput): string {
  const source = esc(input.manifest.attribution.source);
  const nav = SECTIONS.map(([id, en, bg]) => `<li><a href="#${id}">${both(esc(en), esc(bg))}</a></li>`).join('');
  return `<header class="top">
<div class="wrap">
<div class="title-row">
<h1>${both(`${source} — public API`, `${source} — публичен API`)}</h1>
<div class="lang-switch" role="group" aria-label="Language / Език">
<button type="button" data-set-lang="en" aria-pressed="true" lang="en" title="English">EN</button><span aria-hidden="true">|</span><button type="button" data-set-lang="bg" aria-pressed="false" lang="bg" title="Български">BG</button>
</div>
</div>
<nav aria-label="Contents"><ul>${nav}</ul></nav>
</div>
</header>`;
}

function heading(id: string, extraBg?: string): string {
  const [, en, bg] = SECTIONS.find(([sectionId]) => sectionId === id)!;
  return `<h2>${both(esc(en), esc(extraBg ?? bg))}</h2>`;
}

function renderAbout(input: DocsPageInput): string {
  const { counts } = input;
  const license = `<a href="${esc(LICENSE_URL)}" rel="license">${esc(LICENSE)}</a>`;
  return `<section id="about" aria-labelledby="about-h">
<h2 id="about-h">${both('What this is', 'Какво е това')}</h2>
${blocks(
  'p',
  `A free, read-only JSON API of gnostic and esoteric terminology in English and Bulgarian: ${enCount(counts.en, 'term', 'terms')} in English and ${enCount(counts.bg, 'term', 'terms')} in Bulgarian. No key and no sign-up; any website may call it from the browser (CORS is open to every origin). Two endpoints: a paginated, filterable list and a single-term lookup.`,
  `Безплатен JSON API само за четене с гностична и езотерична терминология на английски и български: ${bgCount(counts.en, 'термин', 'термина')} на английски и ${bgCount(counts.bg, 'термин', 'термина')} на български. Не е нужен ключ или регистрация; всеки сайт може да го вика от браузъра (CORS е отворен за всички). Две крайни точки: списък по страници с филтри и търсене на един термин.`,
)}
<h3 id="license">${both('License', 'Лиценз')}</h3>
${blocks(
  'p',
  `The data is licensed under ${license}. You may share and adapt it for any purpose, including commercially, as long as you give attribution (a link back to the source, see <a href="#attribution">Attribution</a>) and distribute your adaptations under the same license. Every response names the license in its ${code('X-License')} header, a ${code('Link: rel="license"')} header and its ${code('attribution')} object.`,
  `Данните са под лиценз ${license}. Можете да ги споделяте и преработвате за всякакви цели, включително търговски, стига да посочите източника (с връзка към него, вижте <a href="#attribution">Цитиране</a>) и да разпространявате преработките си под същия лиценз. Всеки отговор посочва лиценза в заглавката ${code('X-License')}, в заглавката ${code('Link: rel="license"')} и в обекта ${code('attribution')}.`,
)}
</section>`;
}

function renderEndpoints(openapi: Record<string, unknown>): string {
  const operations = readOperations(openapi);
  const items = operations.map((operation) => renderOperation(operation)).join('\n');
  const empty = operations.length === 0 ? blocks('p', 'The OpenAPI document lists no GET operations.', 'OpenAPI документът не описва GET операции.') : '';
  return `<section id="endpoints">
${heading('endpoints')}
${blocks(
  'p',
  `Both endpoints answer ${code('GET')}; ${code('HEAD')} is the same without a body and ${code('OPTIONS')} answers the CORS preflight with ${code('204')}. Every ${code('200')} carries an ${code('ETag')}: send it back in ${code('If-None-Match')} and an unchanged answer is a bodiless ${code('304')}. Parameter names are in English, exactly as below; unknown parameters are ignored with a warning in ${code('meta.warnings')}.`,
  `И двете крайни точки отговарят на ${code('GET')}; ${code('HEAD')} е същото без тяло, а ${code('OPTIONS')} отговаря на CORS preflight с ${code('204')}. Всеки ${code('200')} носи ${code('ETag')}: изпратете го обратно в ${code('If-None-Match')} и непроменен отговор идва като ${code('304')} без тяло. Имената на параметрите са на английски; непознати параметри се пренебрегват с предупреждение в ${code('meta.warnings')}.`,
)}
${items}${empty}
</section>`;
}

function renderOperation(operation: OperationInfo): string {
  const id = `get-${idFrom(operation.path)}`;
  const parameterRows = operation.parameters
    .map((p) => {
      const bounds = p.bounds.length > 0 ? p.bounds.map((b) => `<div>${b}</div>`).join('') : '—';
      return `<tr data-param="${esc(p.name)}">
<td>${code(p.name)}${p.required ? ` <span class="required">${both('required', 'задължителен')}</span>` : ''}</td><td>${code(p.in)}</td><td>${
        p.type ? code(p.type) : '—'
      }</td><td class="bounds">${bounds}</td><td>${p.default === undefined ? '—' : code(p.default)}</td><td class="description">${localizedInline(
        p.description,
        BG_PARAMETER[`${p.in}:${p.name}`],
      )}</td>
</tr>`;
    })
    .join('\n');
  const parameters =
    operation.parameters.length === 0
      ? blocks('p', 'No parameters.', 'Без параметри.')
      : `<div class="table-wrap"><table class="params">
<thead><tr><th>${both('Parameter', 'Параметър')}</th><th>${both('In', 'Място')}</th><th>${both('Type', 'Тип')}</th><th>${both('Allowed values', 'Допустими стойности')}</th><th>${both('Default', 'По подразбиране')}</th><th>${both('Description', 'Описание')}</th></tr></thead>
<tbody>
${parameterRows}
</tbody>
</table></div>`;
  const responses = operation.responses
    .map((r) => {
      const kind = STATUS_ANCHOR[r.status];
      const status = kind ? `<a href="#${kind}">${code(r.status)}</a>` : code(r.status);
      const media = r.mediaTypes.length > 0 ? ` <span class="muted">${r.mediaTypes.map(code).join(' ')}</span>` : '';
      return `<li data-status-code="${esc(r.status)}">${status} ${localizedInline(r.description, BG_STATUS[r.status])}${media}</li>`;
    })
    .join('\n');
  const bgSummary = BG_SUMMARY[operation.path];
  return `<article class="operation" id="${esc(id)}">
<h3><span class="method">GET</span> ${code(operation.path)}</h3>
${operation.summary || bgSummary ? `<div class="summary">${localized(operation.summary, bgSummary)}</div>` : ''}
${operation.description ? `<div class="description" lang="en">${prose(operation.description)}</div>` : ''}
<h4>${both('Parameters', 'Параметри')}</h4>
${parameters}
<h4>${both('Responses', 'Отговори')}</h4>
${operation.responses.length > 0 ? `<ul class="responses">\n${responses}\n</ul>` : '—'}
</article>`;
}

interface Example {
  url: string;
  en: string;
  bg: string;
}

function buildExamples(input: DocsPageInput): Example[] {
  const slug = encodeURIComponent(input.exampleSlug);
  const examples: Example[] = [
    { url: `${LIST_PATH}?limit=3`, en: 'The first three terms, in English', bg: 'Първите три термина, на английски' },
    {
      url: `${LIST_PATH}?locale=bg&q=со&limit=5`,
      en: 'Search the Bulgarian names for “со”',
      bg: 'Търсене на „со“ в българските имена',
    },
  ];
  const pillar = input.pillars[0];
  if (pillar) {
    examples.push({
      url: `${LIST_PATH}?pillar=${encodeURIComponent(pillar.key)}&limit=2&offset=2`,
      en: `Second page (two per page) of the pillar “${pillar.label.en}”`,
      bg: `Втора страница (по два) от стълба „${pillar.label.bg}“`,
    });
  }
  examples.push(
    { url: `${LIST_PATH}/${slug}?locale=bg`, en: 'One term, in Bulgarian', bg: 'Един термин, на български' },
    { url: `${LIST_PATH}?limit=abc`, en: 'An invalid parameter: a 400 problem', bg: 'Невалиден параметър: проблем 400' },
    { url: `${LIST_PATH}/no-such-term`, en: 'An unknown slug: a 404 problem', bg: 'Непознат slug: проблем 404' },
  );
  return examples;
}

function renderExamples(examples: Example[], fallbackOrigin: string): string {
  const items = examples
    .map((example, index) => {
      const outputId = `example-${index + 1}-output`;
      const curlId = `example-${index + 1}-curl`;
      const curl = `curl -s ${shellQuote(`{origin}${encodeURI(example.url)}`)}`;
      return `<article class="example">
<h3>${both(esc(example.en), esc(example.bg))}</h3>
<div class="request">
<code class="url">GET ${esc(example.url)}</code>
<button type="button" class="primary" data-example="${esc(example.url)}" aria-controls="${outputId}">${both('Run', 'Изпълни')}</button>
</div>
<div class="curl">
<pre><code id="${curlId}" data-template="${esc(curl)}">${esc(curl.replace('{origin}', fallbackOrigin))}</code></pre>
<button type="button" data-copy-target="${curlId}">${both('Copy', 'Копирай')}</button><span class="copy-status" role="status" aria-live="polite"></span>
</div>
<pre class="output" id="${outputId}" data-output-for="${esc(example.url)}" tabindex="0" aria-live="polite">${both(
        'Press Run to send the request from this page.',
        'Натиснете „Изпълни“, за да изпратите заявката от тази страница.',
      )}</pre>
</article>`;
    })
    .join('\n');
  return `<section id="examples">
${heading('examples')}
${blocks(
  'p',
  'Each button sends the request from this page to this site and shows the status, a few headers and the JSON body. The same request as a curl command is below each one.',
  'Всеки бутон изпраща заявката от тази страница към този сайт и показва статуса, някои заглавки и JSON тялото. Под всеки пример е същата заявка като команда за curl.',
)}
${items}
</section>`;
}

/** Escapes for an HTML snippet someone pastes: only what HTML requires, so the text stays verbatim. */
function snippetText(text: string): string {
  return text.replace(/&(?=[A-Za-z0-9#])/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

function snippetAttribute(text: string): string {
  return text.replace(/&(?=[A-Za-z0-9#])/g, '&amp;').replace(/"/g, '&quot;');
}

function renderAttribution(input: DocsPageInput): string {
  const { attribution } = input.manifest;
  const snippet = `<a href="${snippetAttribute(attribution.url)}">${snippetText(attribution.required)}</a>`;
  return `<section id="attribution">
${heading('attribution')}
${blocks(
  'p',
  `Wherever you show data from this API, show this link next to it. The text is ${code('attribution.required')} from every response and the link goes to ${code('attribution.url')}. Adaptations must keep the ${esc(LICENSE)} license.`,
  `Където показвате данни от този API, поставете до тях тази връзка. Текстът е ${code('attribution.required')} от всеки отговор, а връзката води към ${code('attribution.url')}. Преработките трябва да запазят лиценза ${esc(LICENSE)}.`,
)}
<label for="attribution-snippet" class="label">${both('HTML to paste', 'HTML за поставяне')}</label>
<textarea id="attribution-snippet" class="snippet" readonly rows="3" spellcheck="false">${esc(snippet)}</textarea>
<div class="actions"><button type="button" data-copy-target="attribution-snippet">${both('Copy', 'Копирай')}</button><span class="copy-status" role="status" aria-live="polite"></span></div>
<p class="preview"><span class="label">${both('Preview:', 'Преглед:')}</span> ${link(attribution.url, esc(attribution.required))}</p>
</section>`;
}

function renderRateLimit(perHour: number): string {
  const policy = rateLimitPolicy(perHour);
  const remaining = Math.max(perHour - 3, 0);
  const rows: [string, string, string, string][] = [
    [
      'RateLimit-Policy',
      policy,
      `The policy: ${code(`q`)} requests per window of ${code(`w`)} seconds. On every response.`,
      `Политиката: ${code('q')} заявки за прозорец от ${code('w')} секунди. Във всеки отговор.`,
    ],
    [
      'RateLimit',
      `"hourly";r=${remaining};t=3412`,
      `Requests remaining (${code('r')}) and seconds until the window resets (${code('t')}).`,
      `Оставащи заявки (${code('r')}) и секунди до нулиране на прозореца (${code('t')}).`,
    ],
    ['X-RateLimit-Limit', String(perHour), 'Requests allowed per window.', 'Позволени заявки за прозорец.'],
    ['X-RateLimit-Remaining', String(remaining), 'Requests left in the current window.', 'Оставащи заявки в текущия прозорец.'],
    ['X-RateLimit-Reset', '1767225600', 'When the window resets, in Unix epoch seconds.', 'Кога се нулира прозорецът, в секунди от Unix епохата.'],
    ['Retry-After', '3412', `Only on ${code('429')}: seconds to wait before retrying.`, `Само при ${code('429')}: секунди до следващия опит.`],
  ];
  const table = rows
    .map(
      ([name, example, en, bg]) =>
        `<tr><td>${code(name)}</td><td>${code(example)}</td><td>${both(en, bg)}</td></tr>`,
    )
    .join('\n');
  return `<section id="rate-limit">
${heading('rate-limit')}
${blocks(
  'p',
  `<strong>${enCount(perHour, 'request', 'requests')} per hour per IP address</strong>, across all endpoints. The window is fixed: ${enCount(WINDOW_SECONDS, 'second', 'seconds')} from your first counted request. ${code('OPTIONS')} preflights and ${code('304')} answers do not count. Past the limit you get ${code('429')} with a ${code('Retry-After')} header and a <a href="#rate-limited">rate-limited</a> problem.`,
  `<strong>${bgCount(perHour, 'заявка', 'заявки')} на час от един IP адрес</strong>, общо за всички крайни точки. Прозорецът е фиксиран: ${bgCount(WINDOW_SECONDS, 'секунда', 'секунди')} от първата отчетена заявка. ${code('OPTIONS')} (preflight) и отговорите ${code('304')} не се броят. След лимита получавате ${code('429')} със заглавка ${code('Retry-After')} и проблем <a href="#rate-limited">rate-limited</a>.`,
)}
${blocks(
  'p',
  `Single-term lookups are mostly served as static files by the CDN, where the platform’s own rules apply a comparable limit (over shorter windows); those answers carry ${code('RateLimit-Policy')} but no per-client counters. Need more? Higher limits are granted on request: write to the operator with a short description of your project and the expected request volume.`,
  `Отделните термини обикновено се връщат като статични файлове от CDN, където собствените правила на платформата налагат сходно ограничение (с по-кратки прозорци); тези отговори носят ${code('RateLimit-Policy')}, но не и броячи за клиента. Нужни са ви повече заявки? По-високи лимити се дават при поискване: пишете на оператора с кратко описание на проекта и очаквания брой заявки.`,
)}
<div class="table-wrap"><table>
<thead><tr><th>${both('Header', 'Заглавка')}</th><th>${both('Example', 'Пример')}</th><th>${both('Meaning', 'Значение')}</th></tr></thead>
<tbody>
${table}
</tbody>
</table></div>
</section>`;
}

const PROBLEMS: { kind: ProblemKind; title: string; en: string; bg: string }[] = [
  {
    kind: 'invalid-parameter',
    title: 'Invalid query parameter',
    en: `A query parameter has a value the API cannot use: ${code('limit')} or ${code('offset')} not an integer, an unknown ${code('locale')} or ${code('pillar')}, ${code('q')} longer than ${Q_MAX_CODE_POINTS} characters, or a parameter given twice. ${code('errors')} lists every invalid parameter; for ${code('pillar')}, ${code('errors[].allowed')} lists the valid keys.`,
    bg: `Параметър на заявката има стойност, която API-то не може да използва: ${code('limit')} или ${code('offset')} не е цяло число, непознат ${code('locale')} или ${code('pillar')}, ${code('q')} по-дълъг от ${Q_MAX_CODE_POINTS} знака или параметър, подаден два пъти. ${code('errors')} изброява всеки невалиден параметър; при ${code('pillar')} полето ${code('errors[].allowed')} съдържа допустимите ключове.`,
  },
  {
    kind: 'not-found',
    title: 'Not found',
    en: 'No term has this slug, or the path names no endpoint. Slugs are lowercase ASCII kebab case, the same in both languages.',
    bg: 'Няма термин с този slug или пътят не е крайна точка. Slug-овете са с малки латински букви и тирета, еднакви и на двата езика.',
  },
  {
    kind: 'method-not-allowed',
    title: 'Method not allowed',
    en: `The API is read-only: only ${code(ALLOWED_METHODS)} are allowed, and the ${code('Allow')} header says so.`,
    bg: `API-то е само за четене: позволени са единствено ${code(ALLOWED_METHODS)}, както казва и заглавката ${code('Allow')}.`,
  },
  {
    kind: 'rate-limited',
    title: 'Rate limit exceeded',
    en: `The request quota of this IP address is used up. Wait the number of seconds in ${code('Retry-After')}, then retry; see <a href="#rate-limit">Rate limit</a>.`,
    bg: `Квотата заявки на този IP адрес е изчерпана. Изчакайте толкова секунди, колкото казва ${code('Retry-After')}, и опитайте отново; вижте <a href="#rate-limit">Ограничение на заявките</a>.`,
  },
];

function renderErrors(input: DocsPageInput): string {
  const { attribution } = input.manifest;
  const docsUrl = `${originOf(attribution.url)}${API_ROOT}/`;
  const example = JSON.stringify(
    {
      type: `${docsUrl}#invalid-parameter`,
      title: 'Invalid query parameter',
      status: 400,
      detail: 'limit must be an integer',
      errors: [{ parameter: 'limit', detail: 'must be an integer' }],
      attribution,
    },
    null,
    2,
  );
  const kinds = PROBLEMS.map(
    (problem) => `<article class="problem" id="${problem.kind}">
<h3>${code(`#${problem.kind}`)} <span class="status">${problemStatus(problem.kind)}</span> <span class="muted">${esc(problem.title)}</span></h3>
${blocks('p', problem.en, problem.bg)}
</article>`,
  ).join('\n');
  return `<section id="errors">
${heading('errors')}
${blocks(
  'p',
  `Every error is a JSON object of type ${code('application/problem+json')} (RFC 9457). Its ${code('type')} is the URL of this page plus one of the anchors below; ${code('title')} is fixed per type, ${code('detail')} explains the case, ${code('status')} repeats the HTTP status, and the ${code('attribution')} object is included as in every response.`,
  `Всяка грешка е JSON обект от тип ${code('application/problem+json')} (RFC 9457). Полето ${code('type')} е адресът на тази страница плюс една от котвите по-долу; ${code('title')} е постоянен за типа, ${code('detail')} обяснява случая, ${code('status')} повтаря HTTP статуса, а обектът ${code('attribution')} присъства както във всеки отговор.`,
)}
<pre class="json">${esc(example)}</pre>
${kinds}
</section>`;
}

function renderDumps(manifest: Manifest, fallbackOrigin: string): string {
  const rows = manifest.files
    .map((file) => {
      const size = humanBytes(file.bytes);
      const exact =
        file.bytes < 1000 ? '' : ` <span class="muted">(${both(enCount(file.bytes, 'byte', 'bytes'), bgCount(file.bytes, 'байт', 'байта'))})</span>`;
      const locale = file.locale === 'all' ? `${code('all')} <span class="muted">(en + bg)</span>` : code(file.locale);
      return `<tr data-file="${esc(file.name)}">
<td class="file">${link(file.path, esc(file.name))}</td><td>${code(file.format)}</td><td>${locale}</td><td class="num"><data value="${esc(file.bytes)}">${both(size.en, size.bg)}</data>${exact}</td><td class="hash"><code>${esc(file.sha256)}</code></td>
</tr>`;
    })
    .join('\n');
  const table =
    manifest.files.length === 0
      ? blocks('p', 'This build has no downloads.', 'Тази версия няма архиви за сваляне.')
      : `<div class="table-wrap"><table class="dumps">
<thead><tr><th>${both('File', 'Файл')}</th><th>${both('Format', 'Формат')}</th><th>${both('Locale', 'Език')}</th><th class="num">${both('Size', 'Размер')}</th><th>SHA-256</th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>`;

  const commands: string[] = [];
  const onSite = manifest.files.filter((file) => /^\/(?!\/)/.test(file.path));
  const first = onSite[0];
  if (first) {
    commands.push(
      `curl -sSO ${shellQuote(`{origin}${encodeURI(first.path)}`)} && echo ${shellQuote(`${first.sha256}  ${first.name}`)} | sha256sum -c -`,
    );
  }
  const sqlite = onSite.find((file) => file.format === 'sqlite');
  if (sqlite) {
    commands.push(`curl -sSO ${shellQuote(`{origin}${encodeURI(sqlite.path)}`)}`);
    commands.push(
      `sqlite3 -readonly ${shellQuote(sqlite.name)} ${shellQuote("SELECT term, definition FROM terms WHERE locale = 'bg' AND pillar = 'alchemy' ORDER BY position LIMIT 5")}`,
    );
  }
  const commandBlocks = commands
    .map((command, index) => {
      const id = `dump-command-${index + 1}`;
      return `<div class="curl"><pre><code id="${id}" data-template="${esc(command)}">${esc(command.split('{origin}').join(fallbackOrigin))}</code></pre><button type="button" data-copy-target="${id}">${both('Copy', 'Копирай')}</button><span class="copy-status" role="status" aria-live="polite"></span></div>`;
    })
    .join('\n');
  const commandText =
    commands.length === 0
      ? ''
      : blocks(
          'p',
          `Download and check a file${sqlite ? `, then query the SQLite database with ${code('sqlite3')}` : ''}:`,
          `Сваляне и проверка на файл${sqlite ? `, след това заявка към базата SQLite със ${code('sqlite3')}` : ''}:`,
        );
  const counts = manifest.counts;
  return `<section id="dumps">
${heading('dumps')}
${blocks(
  'p',
  `The whole data set as files, for offline use, under the same ${esc(LICENSE)} license. A file’s name carries the data version, so its URL never changes content; check downloads against their SHA-256. The list is also at <a href="/dumps/manifest.json">/dumps/manifest.json</a>.`,
  `Целият набор от данни като файлове за работа офлайн, под същия лиценз ${esc(LICENSE)}. Името на всеки файл съдържа версията на данните, така че съдържанието на даден адрес не се променя; проверявайте свалените файлове по SHA-256. Списъкът е и в <a href="/dumps/manifest.json">/dumps/manifest.json</a>.`,
)}
<dl class="facts">
<dt>${both('Data version', 'Версия на данните')}</dt><dd><code class="hash">${esc(manifest.dataVersion)}</code></dd>
<dt>${both('Built at', 'Създадено на')}</dt><dd><time datetime="${esc(manifest.builtAt)}">${esc(formatUtc(manifest.builtAt))}</time></dd>
<dt>${both('Contents', 'Съдържание')}</dt><dd>${both(
    `${enCount(counts.en, 'term', 'terms')} in English, ${enCount(counts.bg, 'term', 'terms')} in Bulgarian, ${enCount(counts.posts, 'post', 'posts')}, ${enCount(counts.pillars, 'pillar', 'pillars')}`,
    `${bgCount(counts.en, 'термин', 'термина')} на английски, ${bgCount(counts.bg, 'термин', 'термина')} на български, ${bgCount(counts.posts, 'публикация', 'публикации')}, ${bgCount(counts.pillars, 'стълб', 'стълба')}`,
  )}</dd>
</dl>
${table}
${commandText}
${commandBlocks}
</section>`;
}

function renderPillars(pillars: DocsPageInput['pillars']): string {
  const rows = pillars
    .map((pillar) => {
      const list = `${LIST_PATH}?pillar=${encodeURIComponent(pillar.key)}`;
      return `<tr data-pillar="${esc(pillar.key)}"><td>${code(pillar.key)}</td><td lang="en">${esc(pillar.label.en)}</td><td lang="bg">${esc(
        pillar.label.bg,
      )}</td><td class="num">${esc(pillar.count)}</td><td>${link(list, both('list', 'списък'))}</td></tr>`;
    })
    .join('\n');
  return `<section id="pillars">
${heading('pillars', 'Стълбове (pillars)')}
${blocks(
  'p',
  `Every term belongs to exactly one pillar. Filter the list with the ${code('pillar')} parameter; keys are the same in both languages. Also at <a href="${API_ROOT}/pillars.json">${API_ROOT}/pillars.json</a>.`,
  `Всеки термин принадлежи на точно един стълб. Филтрирайте списъка с параметъра ${code('pillar')}; ключовете са еднакви и на двата езика. Същото има и в <a href="${API_ROOT}/pillars.json">${API_ROOT}/pillars.json</a>.`,
)}
<div class="table-wrap"><table>
<thead><tr><th>${both('Key', 'Ключ')}</th><th>${both('English', 'Английски')}</th><th>${both('Bulgarian', 'Български')}</th><th class="num">${both('Terms', 'Термини')}</th><th></th></tr></thead>
<tbody>
${rows}
</tbody>
</table></div>
</section>`;
}

function renderLinks(openapi: Record<string, unknown>): string {
  const version = asString(asObject(openapi.info)?.version);
  const items: [string, string, string][] = [
    [
      `${API_ROOT}/openapi.json`,
      `OpenAPI 3.1 description of both endpoints${version ? ` (version ${esc(version)})` : ''}`,
      `OpenAPI 3.1 описание на двете крайни точки${version ? ` (версия ${esc(version)})` : ''}`,
    ],
    [`${API_ROOT}/pillars.json`, 'The pillars with labels in both languages and term counts', 'Стълбовете с имена на двата езика и брой термини'],
    [`${API_ROOT}/schemas/term.json`, 'JSON Schema of a term', 'JSON Schema на термин'],
    [`${API_ROOT}/schemas/list-response.json`, 'JSON Schema of a list response', 'JSON Schema на отговор със списък'],
    [`${API_ROOT}/schemas/problem.json`, 'JSON Schema of an error (problem) body', 'JSON Schema на грешка (problem)'],
    [`${API_ROOT}/schemas/manifest.json`, 'JSON Schema of the download manifest', 'JSON Schema на манифеста на архивите'],
    ['/dumps/manifest.json', 'The download manifest: files, sizes, SHA-256', 'Манифестът на архивите: файлове, размери, SHA-256'],
  ];
  return `<section id="machine-readable">
${heading('machine-readable')}
${blocks(
  'p',
  `JSON Schemas live under ${code(`${API_ROOT}/schemas/`)}.`,
  `JSON схемите са в ${code(`${API_ROOT}/schemas/`)}.`,
)}
<ul class="links">
${items.map(([href, en, bg]) => `<li><a href="${esc(href)}"><code>${esc(href)}</code></a> — ${both(en, bg)}</li>`).join('\n')}
</ul>
</section>`;
}

function renderFooter(input: DocsPageInput): string {
  const { attribution } = input.manifest;
  return `<footer class="wrap">
<p>${both('Data', 'Данни')}: <a href="${esc(LICENSE_URL)}" rel="license">${esc(LICENSE)}</a> · ${link(attribution.url, esc(attribution.required))}</p>
</footer>`;
}

// ---------------------------------------------------------------- inline style and script

const STYLE = `
:root{color-scheme:light dark;--bg:#fbfbfc;--fg:#1c1c21;--muted:#5d5d69;--border:#d5d5dd;--panel:#f1f1f5;--accent:#4b3aa8;--accent-fg:#fff;--ok:#1a7f37;--warn:#9a6700;--err:#b42318;--target:#fff4cc}
@media (prefers-color-scheme:dark){:root{--bg:#131317;--fg:#e6e6ea;--muted:#a3a3ae;--border:#383842;--panel:#1e1e24;--accent:#a996ff;--accent-fg:#131317;--ok:#4ac26b;--warn:#d4a72c;--err:#ff7b72;--target:#3b3420}}
html[data-ui="en"] [data-l="bg"],html[data-ui="bg"] [data-l="en"]{display:none!important}
*{box-sizing:border-box}
html{scroll-padding-top:1rem}
body{margin:0;background:var(--bg);color:var(--fg);font:16px/1.6 system-ui,-apple-system,"Segoe UI",Roboto,"Noto Sans","Helvetica Neue",Arial,sans-serif;-webkit-text-size-adjust:100%}
.wrap{max-width:64rem;margin:0 auto;padding:0 1.25rem}
main.wrap{padding-bottom:2rem}
a{color:var(--accent)}
a:hover{text-decoration-thickness:2px}
header.top{border-bottom:1px solid var(--border);background:var(--panel);margin-bottom:1.5rem}
.title-row{display:flex;align-items:center;justify-content:space-between;gap:1rem;padding-top:1rem}
h1{font-size:1.6rem;line-height:1.25;margin:0}
h2{font-size:1.35rem;margin:2.5rem 0 .75rem;padding-bottom:.3rem;border-bottom:1px solid var(--border)}
h3{font-size:1.1rem;margin:1.5rem 0 .5rem}
h4{font-size:.95rem;margin:1rem 0 .4rem;color:var(--muted);text-transform:uppercase;letter-spacing:.04em}
nav ul{list-style:none;display:flex;flex-wrap:wrap;gap:.25rem 1rem;margin:.75rem 0 0;padding:0 0 .75rem}
nav a{text-decoration:none}
nav a:hover{text-decoration:underline}
.lang-switch{display:flex;align-items:center;gap:.25rem;color:var(--muted);flex:none}
.lang-switch button{padding:.2rem .55rem}
.lang-switch button[aria-pressed="true"]{background:var(--accent);color:var(--accent-fg);border-color:var(--accent);font-weight:600}
code,pre,textarea{font-family:ui-monospace,SFMono-Regular,Menlo,Consolas,"Liberation Mono",monospace;font-size:.875rem}
code{background:var(--panel);border-radius:4px;padding:.05em .3em}
pre{background:var(--panel);border:1px solid var(--border);border-radius:6px;padding:.75rem 1rem;overflow:auto;margin:.5rem 0;line-height:1.45}
pre code{background:none;padding:0}
.table-wrap{overflow-x:auto;margin:.5rem 0 1rem}
table{border-collapse:collapse;width:100%;font-size:.95rem}
th,td{border:1px solid var(--border);padding:.4rem .6rem;text-align:left;vertical-align:top}
th{background:var(--panel);font-weight:600}
td.num,th.num{text-align:right;white-space:nowrap}
table.dumps td.num{white-space:normal;min-width:8rem}
td.hash code,code.hash{word-break:break-all;font-size:.78rem}
table.dumps td.hash{min-width:14rem}
.bounds div+div{margin-top:.15rem}
.bounds div{white-space:nowrap}
.bounds code.pattern{white-space:normal;word-break:break-all}
.params td.description{min-width:16rem}
.required{display:block;font-size:.75rem;font-weight:600;color:var(--warn);text-transform:uppercase;letter-spacing:.03em}
.muted{color:var(--muted)}
.method{display:inline-block;font-size:.8rem;font-weight:700;letter-spacing:.05em;background:var(--accent);color:var(--accent-fg);border-radius:4px;padding:.1rem .45rem;vertical-align:.1em}
.operation{border:1px solid var(--border);border-radius:8px;padding:0 1.25rem 1rem;margin:1.25rem 0}
.operation>h3 code{font-size:1rem}
.responses{padding-left:1.25rem;margin:.25rem 0}
.responses li{margin:.2rem 0}
.example{border-top:1px dashed var(--border);padding-top:.25rem}
.example:first-of-type{border-top:0}
.request,.curl{display:flex;align-items:center;gap:.6rem;flex-wrap:wrap}
.curl pre{flex:1 1 20rem;margin:.4rem 0;white-space:pre-wrap;word-break:break-all}
table.dumps td.file{white-space:nowrap}
.request code.url{font-size:.9rem;padding:.25rem .5rem;word-break:break-all}
button{font:inherit;font-size:.9rem;border:1px solid var(--border);background:var(--bg);color:var(--fg);border-radius:6px;padding:.3rem .8rem;cursor:pointer}
button:hover{border-color:var(--accent)}
button:focus-visible,a:focus-visible,textarea:focus-visible,pre:focus-visible{outline:2px solid var(--accent);outline-offset:2px}
button.primary{background:var(--accent);color:var(--accent-fg);border-color:var(--accent);font-weight:600}
button:disabled{opacity:.6;cursor:progress}
.copy-status{font-size:.85rem;color:var(--ok)}
pre.output{max-height:24rem;border-left:4px solid var(--border);color:var(--muted);white-space:pre-wrap;word-break:break-word}
pre.output[data-status]{color:var(--fg)}
pre.output[data-status^="2"],pre.output[data-status^="3"]{border-left-color:var(--ok)}
pre.output[data-status^="4"]{border-left-color:var(--warn)}
pre.output[data-status^="5"],pre.output[data-status="error"]{border-left-color:var(--err)}
pre.json{max-height:24rem}
.label{display:block;font-weight:600;margin:.75rem 0 .25rem}
.preview .label{display:inline;margin:0}
textarea.snippet{width:100%;resize:vertical;background:var(--panel);color:var(--fg);border:1px solid var(--border);border-radius:6px;padding:.6rem .8rem}
.actions{display:flex;align-items:center;gap:.6rem;margin:.4rem 0}
.problem{border-left:4px solid var(--warn);padding:.1rem 1rem;margin:1rem 0;border-radius:0 6px 6px 0}
.problem h3{margin:.6rem 0 .2rem}
.problem .status{font-weight:700}
.problem p{margin:.3rem 0 .7rem}
:target{background:var(--target)}
section:target{background:none}
dl.facts{display:grid;grid-template-columns:max-content 1fr;gap:.3rem 1rem;margin:.75rem 0}
dl.facts dt{font-weight:600}
dl.facts dd{margin:0;min-width:0}
ul.links li{margin:.3rem 0}
footer{border-top:1px solid var(--border);margin-top:3rem;padding-top:.5rem;padding-bottom:2rem;color:var(--muted);font-size:.9rem}
@media (max-width:40rem){.title-row{flex-direction:column;align-items:flex-start}h1{font-size:1.3rem}}
`;

// Static: nothing is interpolated into the script. Everything it needs is in data- attributes.
const SCRIPT = `
(function () {
  'use strict';
  var KEY = 'lexicon-docs-lang';
  var root = document.documentElement;
  var T = {
    en: { title: document.title, loading: 'Sending…', failed: 'The request failed:', copied: 'Copied.', select: 'Selected: press Ctrl+C (⌘C) to copy.' },
    bg: { title: root.getAttribute('data-title-bg') || document.title, loading: 'Изпращане…', failed: 'Заявката не успя:', copied: 'Копирано.', select: 'Маркирано: натиснете Ctrl+C (⌘C), за да копирате.' }
  };
  var lang = 'en';

  function readStored() {
    try { return window.localStorage.getItem(KEY); } catch (e) { return null; }
  }
  function store(value) {
    try { window.localStorage.setItem(KEY, value); } catch (e) { /* private mode: not remembered */ }
  }
  function requested() {
    var match = /[?&]lang=(en|bg)(?:&|$)/.exec(window.location.search);
    if (match) return match[1];
    var saved = readStored();
    return saved === 'bg' || saved === 'en' ? saved : 'en';
  }
  function apply(value) {
    lang = value === 'bg' ? 'bg' : 'en';
    root.setAttribute('data-ui', lang);
    root.setAttribute('lang', lang);
    document.title = T[lang].title;
    var buttons = document.querySelectorAll('[data-set-lang]');
    for (var i = 0; i < buttons.length; i++) {
      buttons[i].setAttribute('aria-pressed', String(buttons[i].getAttribute('data-set-lang') === lang));
    }
  }
  apply(requested());

  function origin() {
    var o = window.location.origin;
    return o && o !== 'null' ? o : root.getAttribute('data-origin') || '';
  }

  function say(button, message) {
    var status = button.nextElementSibling;
    if (!status || !status.classList.contains('copy-status')) return;
    status.textContent = message;
    window.setTimeout(function () { if (status.textContent === message) status.textContent = ''; }, 4000);
  }

  function selectElement(element) {
    try {
      if (typeof element.select === 'function') { element.focus(); element.select(); return; }
      var range = document.createRange();
      range.selectNodeContents(element);
      var selection = window.getSelection();
      if (selection) { selection.removeAllRanges(); selection.addRange(range); }
    } catch (e) { /* nothing more to do */ }
  }

  function copy(button, element) {
    var text = 'value' in element ? element.value : element.textContent || '';
    function fallback() {
      var ok = false;
      try {
        var area = document.createElement('textarea');
        area.value = text;
        area.setAttribute('readonly', '');
        area.style.position = 'fixed';
        area.style.top = '0';
        area.style.opacity = '0';
        document.body.appendChild(area);
        area.select();
        ok = typeof document.execCommand === 'function' && document.execCommand('copy') === true;
        document.body.removeChild(area);
      } catch (e) { ok = false; }
      selectElement(element);
      say(button, ok ? T[lang].copied : T[lang].select);
    }
    try {
      if (window.isSecureContext && navigator.clipboard && typeof navigator.clipboard.writeText === 'function') {
        navigator.clipboard.writeText(text).then(function () { say(button, T[lang].copied); }, fallback);
        return;
      }
    } catch (e) { /* fall through */ }
    fallback();
  }

  var SHOWN_HEADERS = ['content-type', 'x-license', 'etag', 'ratelimit-policy', 'ratelimit', 'x-ratelimit-remaining', 'retry-after'];

  function outputFor(url) {
    var outputs = document.querySelectorAll('[data-output-for]');
    for (var i = 0; i < outputs.length; i++) if (outputs[i].getAttribute('data-output-for') === url) return outputs[i];
    return null;
  }

  function run(button) {
    var url = button.getAttribute('data-example');
    var output = url && outputFor(url);
    if (!url || !output) return;
    button.disabled = true;
    output.removeAttribute('data-status');
    output.textContent = T[lang].loading;
    fetch(url, { headers: { Accept: 'application/json' }, cache: 'no-store' })
      .then(function (response) {
        return response.text().then(function (body) {
          var lines = ['HTTP ' + response.status + (response.statusText ? ' ' + response.statusText : '')];
          for (var i = 0; i < SHOWN_HEADERS.length; i++) {
            var value = response.headers.get(SHOWN_HEADERS[i]);
            if (value !== null) lines.push(SHOWN_HEADERS[i] + ': ' + value);
          }
          var pretty = body;
          try { pretty = JSON.stringify(JSON.parse(body), null, 2); } catch (e) { /* not JSON: show as is */ }
          output.textContent = lines.join('\\n') + '\\n\\n' + pretty;
          output.setAttribute('data-status', String(response.status));
        });
      })
      .catch(function (error) {
        output.textContent = T[lang].failed + ' ' + (error && error.message ? error.message : String(error));
        output.setAttribute('data-status', 'error');
      })
      .then(function () { button.disabled = false; });
  }

  function init() {
    apply(lang);
    var base = origin();
    var templated = document.querySelectorAll('[data-template]');
    for (var i = 0; i < templated.length; i++) {
      templated[i].textContent = templated[i].getAttribute('data-template').split('{origin}').join(base);
    }
    document.addEventListener('click', function (event) {
      var target = event.target instanceof Element ? event.target.closest('button') : null;
      if (!target) return;
      var setLang = target.getAttribute('data-set-lang');
      if (setLang) { apply(setLang); store(lang); return; }
      if (target.hasAttribute('data-example')) { run(target); return; }
      var copyId = target.getAttribute('data-copy-target');
      if (copyId) {
        var element = document.getElementById(copyId);
        if (element) copy(target, element);
      }
    });
  }

  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', init);
  else init();
})();
`;
