// The page's own words, one catalogue per language with the same keys (the Bulgarian one must
// satisfy the English one's type, so a missing translation does not compile). Values are short
// Markdown (see html.ts `md`); facts of the contract come from src/, never from here.
import { LICENSE, SCHEMAS_PATH } from '../../../src/contract/facts.ts';
import { MANIFEST_URL_PATH } from '../../../src/contract/output-layout.ts';
import type { Bilingual } from '../../../src/contract/text.ts';
import { bgCount, enCount } from './format.ts';
import { formatExactBytes } from '../pages/number-format.ts';

/** A vocabulary as its section describes it (src/contract/vocabularies.ts). */
interface Vocabulary {
  field: string;
  path: string;
  noun: Bilingual;
  valueText: Bilingual;
}

interface Counts {
  en: number;
  bg: number;
}

const en = {
  pageTitle: (source: string) => `${source} API — documentation`,
  pageHeading: (source: string) => `${source} — public API`,
  description: (source: string) =>
    `Documentation of the free, read-only JSON API of ${source}: endpoints, examples, attribution, limits, errors and downloads.`,
  sections: {
    about: 'What this is',
    endpoints: 'Endpoints',
    examples: 'Examples',
    attribution: 'Attribution',
    'rate-limit': 'Rate limit',
    errors: 'Errors',
    dumps: 'Downloads',
    'machine-readable': 'Machine-readable',
  },
  aboutText: (counts: Counts) =>
    `A free, read-only JSON API of gnostic and esoteric terminology in English and Bulgarian: ${enCount(counts.en, 'term', 'terms')} in English and ${enCount(counts.bg, 'term', 'terms')} in Bulgarian. No key and no sign-up; any website may call it from the browser (CORS is open to every origin). Two endpoints: a paginated, filterable list and a single-term lookup.`,
  licenseHeading: 'License',
  licenseText: `The data is licensed under [${LICENSE}](https://creativecommons.org/licenses/by-sa/4.0/). You may share and adapt it for any purpose, including commercially, as long as you give attribution (a link back to the source, see [Attribution](#attribution)) and distribute your adaptations under the same license. Every response names the license in its \`X-License\` header, a \`Link: rel="license"\` header and its \`attribution\` object.`,
  endpointsText:
    'Both endpoints answer `GET`; `HEAD` is the same without a body and `OPTIONS` answers the CORS preflight with `204`. Every `200` carries an `ETag`: send it back in `If-None-Match` and an unchanged answer is a bodiless `304`. Parameter names are in English, exactly as below; unknown parameters are ignored with a warning in `meta.warnings`.',
  parameters: 'Parameters',
  noParameters: 'No parameters.',
  responses: 'Responses',
  columns: {
    parameter: 'Parameter',
    in: 'In',
    type: 'Type',
    allowed: 'Allowed values',
    default: 'Default',
    description: 'Description',
  },
  required: 'required',
  parameterError: 'Error',
  parameterWarning: 'Warning',
  oneOf: 'one of',
  bounds: { minimum: 'minimum', maximum: 'maximum', maxLength: 'max. length', pattern: 'pattern' },
  staticFile: 'A static file.',
  examplesText:
    'Each button sends the request from this page to this site and shows the status, a few headers and the JSON body. The same request as a curl command is below each one.',
  run: 'Run',
  copy: 'Copy',
  runHint: 'Press Run to send the request from this page.',
  examples: {
    firstPage: 'The first three terms, in English',
    search: 'Search the Bulgarian names for “со”',
    pillarPage: (label: string) => `Second page (two per page) of the pillar “${label}”`,
    traditionPage: (label: string) => `The first three terms of the tradition “${label}”`,
    term: 'One term, in Bulgarian',
    invalid: 'An invalid parameter: a 400 problem',
    unknown: 'An unknown slug: a 404 problem',
  },
  attributionText: `Wherever you show data from this API, show this link next to it. The text is \`attribution.required\` from every response and the link goes to \`attribution.url\`. Adaptations must keep the ${LICENSE} license.`,
  snippetLabel: 'HTML to paste',
  preview: 'Preview:',
  rateLimitText: (perHour: number, windowSeconds: number) =>
    `**${enCount(perHour, 'request', 'requests')} per hour per client** on the list and single-term endpoints. A client is its IPv4 address, or its IPv6 network (the /64: one host usually owns a whole one). The window is fixed: ${enCount(windowSeconds, 'second', 'seconds')} from your first counted request. \`OPTIONS\` preflights, \`304\` answers and refused requests do not count. Past the limit you get \`429\` with a \`Retry-After\` header and a [rate-limited](#rate-limited) problem.`,
  rateLimitCounted: 'What is counted',
  countedYes: 'counted',
  countedNo: 'never counted, never refused',
  rateLimitGrants:
    'Need more? Higher limits are granted on request: write to the operator with a short description of your project and the expected request volume. You receive a key, shown to you once; send it with every request as `Authorization: Bearer <key>`. Your requests are then counted per key, from any address, and the `RateLimit` headers show your own limit. A wrong, expired or revoked key is answered with `401` and an [invalid-credentials](#invalid-credentials) problem, never silently with the anonymous limit. Keep the key out of pages that others can read.',
  rateLimitWhere:
    'Single terms in their canonical form (no `locale`, `en` or `bg`) are static files from the CDN: they carry `RateLimit-Policy` but no per-client counters, and the platform’s own rule (at most as many requests per 180 seconds) stops floods there.',
  rateLimitOff: 'No rate limit applies on this deployment: nothing is counted, and no key is needed.',
  header: 'Header',
  example: 'Example',
  meaning: 'Meaning',
  errorsText:
    'Every error is a JSON object of type `application/problem+json` (RFC 9457). Its `type` is the URL of this page plus one of the anchors below; `title` is fixed per type, `detail` explains the case, `status` repeats the HTTP status, and the `attribution` object is included as in every response. A real one:',
  dumpsText: `The whole data set as files, for offline use, under the same ${LICENSE} license. A file’s name carries the data version, so its URL never changes content; check downloads against their SHA-256. The list is also at [${MANIFEST_URL_PATH}](${MANIFEST_URL_PATH}).`,
  dataVersion: 'Data version',
  builtAt: 'Built at',
  contents: 'Contents',
  contentsText: (c: { en: number; bg: number; posts: number; pillars: number }) =>
    `${enCount(c.en, 'term', 'terms')} in English, ${enCount(c.bg, 'term', 'terms')} in Bulgarian, ${enCount(c.posts, 'post', 'posts')}, ${enCount(c.pillars, 'pillar', 'pillars')}`,
  noDumps: 'This build has no downloads.',
  dumpColumns: { file: 'File', format: 'Format', locale: 'Locale', size: 'Size' },
  bytes: (n: number) => formatExactBytes(n, 'en'),
  downloadCheck: 'Download and check a file:',
  downloadCheckSqlite: 'Download and check a file, then query the SQLite database with `sqlite3`:',
  vocabularyText: (v: Vocabulary) =>
    `Every term has exactly one ${v.noun.en}, in its \`${v.field}\` field: ${v.valueText.en}. Filter the list with the \`${v.field}\` parameter. Also at [${v.path}](${v.path}).`,
  vocabularyColumns: { key: 'Value', en: 'English', bg: 'Bulgarian', terms: 'Terms' },
  list: 'list',
  machineText: `JSON Schemas live under \`${SCHEMAS_PATH}/\`.`,
  machine: {
    openapi: (version: string) => `OpenAPI 3.1 description of the API (version ${version})`,
    vocabulary: (plural: Bilingual) => `The ${plural.en} with labels in both languages and term counts`,
    vocabularySchema: (plural: Bilingual) => `JSON Schema of the ${plural.en} response`,
    schemas: {
      'term.json': 'JSON Schema of a term',
      'term-response.json': 'JSON Schema of a single-term response',
      'list-response.json': 'JSON Schema of a list response',
      'problem.json': 'JSON Schema of an error (problem) body',
      'manifest.json': 'JSON Schema of the download manifest',
    },
    manifest: 'The download manifest: files, sizes, SHA-256',
  },
  footerData: 'Data',
};

export type Messages = typeof en;

const bg: Messages = {
  pageTitle: (source) => `${source} — документация на API`,
  pageHeading: (source) => `${source} — публичен API`,
  description: (source) =>
    `Документация на безплатния JSON API само за четене на ${source}: крайни точки, примери, цитиране, ограничения, грешки и архиви.`,
  sections: {
    about: 'Какво е това',
    endpoints: 'Крайни точки',
    examples: 'Примери',
    attribution: 'Цитиране',
    'rate-limit': 'Ограничение на заявките',
    errors: 'Грешки',
    dumps: 'Архиви за сваляне',
    'machine-readable': 'Машинночетими описания',
  },
  aboutText: (counts) =>
    `Безплатен JSON API само за четене с гностична и езотерична терминология на английски и български: ${bgCount(counts.en, 'термин', 'термина')} на английски и ${bgCount(counts.bg, 'термин', 'термина')} на български. Не е нужен ключ или регистрация; всеки сайт може да го вика от браузъра (CORS е отворен за всички). Две крайни точки: списък по страници с филтри и търсене на един термин.`,
  licenseHeading: 'Лиценз',
  licenseText: `Данните са под лиценз [${LICENSE}](https://creativecommons.org/licenses/by-sa/4.0/). Можете да ги споделяте и преработвате за всякакви цели, включително търговски, стига да посочите източника (с връзка към него, вижте [Цитиране](#attribution)) и да разпространявате преработките си под същия лиценз. Всеки отговор посочва лиценза в заглавката \`X-License\`, в заглавката \`Link: rel="license"\` и в обекта \`attribution\`.`,
  endpointsText:
    'И двете крайни точки отговарят на `GET`; `HEAD` е същото без тяло, а `OPTIONS` отговаря на CORS preflight с `204`. Всеки `200` носи `ETag`: изпратете го обратно в `If-None-Match` и непроменен отговор идва като `304` без тяло. Имената на параметрите са на английски, точно както по-долу; непознати параметри се пренебрегват с предупреждение в `meta.warnings`.',
  parameters: 'Параметри',
  noParameters: 'Без параметри.',
  responses: 'Отговори',
  columns: {
    parameter: 'Параметър',
    in: 'Място',
    type: 'Тип',
    allowed: 'Допустими стойности',
    default: 'По подразбиране',
    description: 'Описание',
  },
  required: 'задължителен',
  parameterError: 'Грешка',
  parameterWarning: 'Предупреждение',
  oneOf: 'една от',
  bounds: { minimum: 'минимум', maximum: 'максимум', maxLength: 'макс. дължина', pattern: 'шаблон' },
  staticFile: 'Статичен файл.',
  examplesText:
    'Всеки бутон изпраща заявката от тази страница към този сайт и показва статуса, някои заглавки и JSON тялото. Под всеки пример е същата заявка като команда за curl.',
  run: 'Изпълни',
  copy: 'Копирай',
  runHint: 'Натиснете „Изпълни“, за да изпратите заявката от тази страница.',
  examples: {
    firstPage: 'Първите три термина, на английски',
    search: 'Търсене на „со“ в българските имена',
    pillarPage: (label) => `Втора страница (по два) от стълба „${label}“`,
    traditionPage: (label) => `Първите три термина от традицията „${label}“`,
    term: 'Един термин, на български',
    invalid: 'Невалиден параметър: проблем 400',
    unknown: 'Непознат slug: проблем 404',
  },
  attributionText: `Където показвате данни от този API, поставете до тях тази връзка. Текстът е \`attribution.required\` от всеки отговор, а връзката води към \`attribution.url\`. Преработките трябва да запазят лиценза ${LICENSE}.`,
  snippetLabel: 'HTML за поставяне',
  preview: 'Преглед:',
  rateLimitText: (perHour, windowSeconds) =>
    `**${bgCount(perHour, 'заявка', 'заявки')} на час от един клиент** към списъка и отделните термини. Клиентът е неговият IPv4 адрес или неговата IPv6 мрежа (/64: един хост обикновено притежава цялата). Прозорецът е фиксиран: ${bgCount(windowSeconds, 'секунда', 'секунди')} от първата отчетена заявка. \`OPTIONS\` (preflight), отговорите \`304\` и отказаните заявки не се броят. След лимита получавате \`429\` със заглавка \`Retry-After\` и проблем [rate-limited](#rate-limited).`,
  rateLimitCounted: 'Какво се брои',
  countedYes: 'брои се',
  countedNo: 'никога не се брои и не се отказва',
  rateLimitGrants:
    'Нужни са ви повече заявки? По-високи лимити се дават при поискване: пишете на оператора с кратко описание на проекта и очаквания брой заявки. Ще получите ключ, показан ви само веднъж; изпращайте го с всяка заявка като `Authorization: Bearer <ключ>`. Тогава заявките ви се броят по ключ, от който и да е адрес, а заглавките `RateLimit` показват вашия лимит. Грешен, изтекъл или отменен ключ получава `401` и проблем [invalid-credentials](#invalid-credentials), никога мълчаливо анонимния лимит. Не слагайте ключа в страници, които други могат да прочетат.',
  rateLimitWhere:
    'Отделните термини в канонична форма (без `locale`, с `en` или `bg`) са статични файлове от CDN: те носят `RateLimit-Policy`, но не и броячи за клиента, а собственото правило на платформата (най-много толкова заявки за 180 секунди) спира наводненията там.',
  rateLimitOff: 'Тази инсталация няма ограничение на заявките: нищо не се брои и не е нужен ключ.',
  header: 'Заглавка',
  example: 'Пример',
  meaning: 'Значение',
  errorsText:
    'Всяка грешка е JSON обект от тип `application/problem+json` (RFC 9457). Полето `type` е адресът на тази страница плюс една от котвите по-долу; `title` е постоянен за типа, `detail` обяснява случая, `status` повтаря HTTP статуса, а обектът `attribution` присъства както във всеки отговор. Истински пример:',
  dumpsText: `Целият набор от данни като файлове за работа офлайн, под същия лиценз ${LICENSE}. Името на всеки файл съдържа версията на данните, така че съдържанието на даден адрес не се променя; проверявайте свалените файлове по SHA-256. Списъкът е и в [${MANIFEST_URL_PATH}](${MANIFEST_URL_PATH}).`,
  dataVersion: 'Версия на данните',
  builtAt: 'Създадено на',
  contents: 'Съдържание',
  contentsText: (c) =>
    `${bgCount(c.en, 'термин', 'термина')} на английски, ${bgCount(c.bg, 'термин', 'термина')} на български, ${bgCount(c.posts, 'публикация', 'публикации')}, ${bgCount(c.pillars, 'стълб', 'стълба')}`,
  noDumps: 'Тази версия няма архиви за сваляне.',
  dumpColumns: { file: 'Файл', format: 'Формат', locale: 'Език', size: 'Размер' },
  bytes: (n) => formatExactBytes(n, 'bg'),
  downloadCheck: 'Сваляне и проверка на файл:',
  downloadCheckSqlite: 'Сваляне и проверка на файл, след това заявка към базата SQLite със `sqlite3`:',
  vocabularyText: (v) =>
    `Стойността на всеки термин е в полето \`${v.field}\`: ${v.valueText.bg}. Филтрирайте списъка с параметъра \`${v.field}\`. Същото има и в [${v.path}](${v.path}).`,
  vocabularyColumns: { key: 'Стойност', en: 'Английски', bg: 'Български', terms: 'Термини' },
  list: 'списък',
  machineText: `JSON схемите са в \`${SCHEMAS_PATH}/\`.`,
  machine: {
    openapi: (version) => `OpenAPI 3.1 описание на API-то (версия ${version})`,
    vocabulary: (plural) =>
      `${plural.bg.charAt(0).toUpperCase()}${plural.bg.slice(1)} с имена на двата езика и брой термини`,
    vocabularySchema: (plural) => `JSON Schema на отговора: ${plural.bg}`,
    schemas: {
      'term.json': 'JSON Schema на термин',
      'term-response.json': 'JSON Schema на отговор с един термин',
      'list-response.json': 'JSON Schema на отговор със списък',
      'problem.json': 'JSON Schema на грешка (problem)',
      'manifest.json': 'JSON Schema на манифеста на архивите',
    },
    manifest: 'Манифестът на архивите: файлове, размери, SHA-256',
  },
  footerData: 'Данни',
};

export const MESSAGES = { en, bg } as const;
