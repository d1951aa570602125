// What the rate limit counts, declared once: the handler decides with it, and the tables of
// docs/routing.md, README.md and the docs page are rendered from it (a test compares them).
// The two API endpoints count, in every form; what a reader needs to learn the API, the downloads
// and the site's pages never count and are never refused. First matching rule wins.
import { API_ROOT, LIST_PATH, LOCALES, TERM_REWRITE_PATH } from '../contract/facts.ts';

export interface CountingRule {
  /** Path patterns: `*` is any rest of the path. */
  paths: string[];
  what: { en: string; bg: string };
  counted: boolean;
}

export const COUNTING_RULES: CountingRule[] = [
  {
    paths: [LIST_PATH, `${LIST_PATH}/`],
    what: { en: 'the list endpoint, any parameters', bg: 'списъкът, с каквито и да е параметри' },
    counted: true,
  },
  {
    paths: [`${LIST_PATH}/*`, `${TERM_REWRITE_PATH}/*`, ...LOCALES.map((l) => `${API_ROOT}/${l}/*`)],
    what: {
      en: 'single terms, in every form (any locale spelling, redirects, unknown slugs, the term files)',
      bg: 'отделните термини във всяка форма (всяко изписване на езика, пренасочвания, непознати slug-ове, файловете на термините)',
    },
    counted: true,
  },
  {
    paths: [API_ROOT, `${API_ROOT}/`, `${API_ROOT}/index.html`],
    what: { en: 'the documentation page', bg: 'страницата с документацията' },
    counted: false,
  },
  {
    paths: [`${API_ROOT}/openapi.json`, `${API_ROOT}/schemas/*`],
    what: { en: '`openapi.json` and the JSON Schemas', bg: '`openapi.json` и JSON схемите' },
    counted: false,
  },
  {
    paths: [`${API_ROOT}/pillars.json`, `${API_ROOT}/traditions.json`],
    what: { en: '`pillars.json`, `traditions.json`', bg: '`pillars.json`, `traditions.json`' },
    counted: false,
  },
  {
    // Dumps are the bulk alternative to crawling the API; they are static, immutable files that
    // the CDN serves without code on Netlify, so counting them on npm start only would make the
    // two deployments differ, and would push a heavy user back to paging through the API.
    paths: ['/dumps/*'],
    what: { en: 'the offline dumps and their manifest', bg: 'архивите за сваляне и манифестът им' },
    counted: false,
  },
  {
    paths: ['/healthz'],
    what: { en: '`/healthz` (npm start)', bg: '`/healthz` (npm start)' },
    counted: false,
  },
  {
    paths: ['/api/*'],
    what: { en: 'any other path under `/api/` (a `404` problem)', bg: 'всеки друг път под `/api/` (проблем `404`)' },
    counted: true,
  },
  {
    paths: ['/*'],
    what: { en: "the site's HTML pages, and every other path", bg: 'HTML страниците на сайта и всеки друг път' },
    counted: false,
  },
];

function globRegExp(pattern: string): RegExp {
  const source = pattern
    .split('*')
    .map((part) => part.replace(/[.+?^${}()|[\]\\]/g, '\\$&'))
    .join('.*');
  return new RegExp(`^${source}$`);
}

const matchers = COUNTING_RULES.map((rule) => ({ rule, patterns: rule.paths.map(globRegExp) }));

/** Whether a request for this URL path counts against the rate limit (and may be refused). */
export function isCounted(pathname: string): boolean {
  for (const { rule, patterns } of matchers) if (patterns.some((p) => p.test(pathname))) return rule.counted;
  return false;
}

/** The declaration as a Markdown table, for docs/routing.md and README.md. */
export function countingTableMarkdown(): string {
  const rows = COUNTING_RULES.map(
    (rule) =>
      `| ${rule.what.en} | ${rule.paths.map((p) => `\`${p}\``).join(', ')} | ${rule.counted ? '**counted**' : 'never counted, never refused'} |`,
  );
  return ['| What | Paths | Rate limit |', '|---|---|---|', ...rows].join('\n');
}
