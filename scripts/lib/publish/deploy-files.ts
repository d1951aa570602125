// The deploy files the build derives from the routing table (src/routes.ts): dist/_redirects
// and dist/_headers, which Netlify reads from the published folder, and what must stay in
// netlify.toml because Netlify reads it nowhere else (test/functions/netlify-config.test.ts
// checks that file against these).
import { DEPLOYED_GRANTS_FILE } from '../../../src/limits/grants.ts';
import { DATA_DIR, DEFAULT_OUTPUT_DIR, LIST_INDEX_GLOB, SITE_FACTS_PATH } from '../../../src/contract/output-layout.ts';
import { type HeaderRule, policyHeaderRules, REWRITES, type RewriteRule, STATIC_HEADERS } from '../../../src/routes.ts';

/** The folder Netlify publishes (netlify.toml `publish`): the build's default output. */
export const OUTPUT_DIR = DEFAULT_OUTPUT_DIR;

/** What every path a `from` pattern matches starts with. */
const staticPrefix = (from: string) => from.split(/[:*]/)[0] ?? from;
const overlaps = (a: RewriteRule, b: RewriteRule) =>
  staticPrefix(a.from).startsWith(staticPrefix(b.from)) || staticPrefix(b.from).startsWith(staticPrefix(a.from));

/**
 * The rewrites the build writes to dist/_redirects. Netlify reads that file before netlify.toml,
 * and a traffic rule (the rate-limit backstop) only from netlify.toml: so a rule goes to the
 * file when it carries no traffic rule and no other rule can match its paths (then its place
 * in the order changes nothing). The others stay in netlify.toml, in this order: TOML_REWRITES.
 */
export const FILE_REWRITES: readonly RewriteRule[] = REWRITES.filter(
  (rule) => !rule.rateLimited && REWRITES.every((other) => other === rule || !overlaps(rule, other)),
);
export const TOML_REWRITES: readonly RewriteRule[] = REWRITES.filter((rule) => !FILE_REWRITES.includes(rule));

/** dist/_redirects in Netlify's format: `from [name=value ...] to 200!` (a forced rewrite). */
export function renderRedirectsFile(rules: readonly RewriteRule[]): string {
  return rules
    .map((rule) => {
      const query = Object.entries(rule.query ?? {}).map(([name, value]) => `${name}=${value}`);
      return `${[rule.from, ...query, rule.to, '200!'].join(' ')}\n`;
    })
    .join('');
}

/** The files of dist/ that netlify.toml ships with the functions (`included_files`). */
export const FUNCTION_INCLUDED_FILES = [
  `${OUTPUT_DIR}/${LIST_INDEX_GLOB}`,
  `${OUTPUT_DIR}/${SITE_FACTS_PATH}`,
  `${OUTPUT_DIR}/${DATA_DIR}/${DEPLOYED_GRANTS_FILE}`,
];

/** dist/_headers: every static header rule of the table, then the policy of `limit`. */
export function headersFileRules(limit: number): HeaderRule[] {
  return [...STATIC_HEADERS, ...policyHeaderRules(limit)];
}

/** dist/_headers in Netlify's format. */
export function renderHeadersFile(rules: HeaderRule[]): string {
  return rules
    .map(
      (rule) =>
        `${rule.for}\n${Object.entries(rule.values)
          .map(([k, v]) => `  ${k}: ${v}\n`)
          .join('')}`,
    )
    .join('');
}
