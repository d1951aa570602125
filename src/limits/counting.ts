// What the rate limit counts, declared once: the handler decides with it, and the tables of
// docs/routing.md, README.md and the docs page are rendered from it (a test compares them).
// The two API endpoints count, in every form; what a reader needs to learn the API, the downloads
// and the site's pages never count and are never refused. First matching rule wins.
import {
  API_PREFIX,
  API_ROOT,
  below,
  LIST_PATH,
  LOCALES,
  OPENAPI_PATH,
  SCHEMAS_PATH,
  TERM_REWRITE_PATH,
} from '../contract/facts.ts';
import { DUMPS_URL_PATH, HEALTH_PATH } from '../contract/output-layout.ts';
import { VOCABULARIES, VOCABULARY_NAMES } from '../contract/vocabularies.ts';

export interface CountingRule {
  /** Path patterns: `*` is any rest of the path. */
  paths: string[];
  what: { en: string; bg: string };
  counted: boolean;
}

const vocabularyFileList = VOCABULARY_NAMES.map((name) => `\`${VOCABULARIES[name].path.split('/').at(-1)}\``).join(
  ', ',
);
const vocabularyFiles = { en: vocabularyFileList, bg: vocabularyFileList };

export const COUNTING_RULES: CountingRule[] = [
  {
    paths: [LIST_PATH, `${LIST_PATH}/`],
    what: { en: 'the list endpoint, any parameters', bg: 'списъкът, с каквито и да е параметри' },
    counted: true,
  },
  {
    paths: [below(LIST_PATH), below(TERM_REWRITE_PATH), ...LOCALES.map((l) => below(`${API_ROOT}/${l}`))],
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
    paths: [OPENAPI_PATH, below(SCHEMAS_PATH)],
    what: { en: '`openapi.json` and the JSON Schemas', bg: '`openapi.json` и JSON схемите' },
    counted: false,
  },
  {
    paths: VOCABULARY_NAMES.map((name) => VOCABULARIES[name].path),
    what: vocabularyFiles,
    counted: false,
  },
  {
    // Dumps are the bulk alternative to crawling the API; they are static, immutable files that
    // the CDN serves without code on Netlify, so counting them on npm start only would make the
    // two deployments differ, and would push a heavy user back to paging through the API.
    paths: [below(DUMPS_URL_PATH)],
    what: { en: 'the offline dumps and their manifest', bg: 'архивите за сваляне и манифестът им' },
    counted: false,
  },
  {
    paths: [HEALTH_PATH],
    what: { en: `\`${HEALTH_PATH}\` (npm start)`, bg: `\`${HEALTH_PATH}\` (npm start)` },
    counted: false,
  },
  {
    paths: [below(API_PREFIX)],
    what: {
      en: `any other path under \`${API_PREFIX}/\` (a \`404\` problem)`,
      bg: `всеки друг път под \`${API_PREFIX}/\` (проблем \`404\`)`,
    },
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
