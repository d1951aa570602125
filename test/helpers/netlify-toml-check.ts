// What must stay in netlify.toml (Netlify reads traffic rules, function settings and the build
// command only from there), checked against the declarations it repeats: the routing table's
// rewrites that carry the rate-limit backstop or must follow one, the backstop rule itself, the
// files shipped with the functions. Everything else is generated into dist/ (`_headers`,
// `_redirects`) and must not appear here. Returns every disagreement, in words.
import { isDeepStrictEqual } from 'node:util';
import { parse } from 'smol-toml';
import { BACKSTOP_TRAFFIC_RULE } from '../../src/limits/backstop.ts';
import { FUNCTION_INCLUDED_FILES, OUTPUT_DIR, TOML_REWRITES } from '../../scripts/lib/publish/deploy-files.ts';

interface TomlRedirect {
  from?: unknown;
  to?: unknown;
  status?: unknown;
  force?: unknown;
  query?: unknown;
  rate_limit?: unknown;
}

/** The redirect blocks netlify.toml must hold, in order, as Netlify's TOML spells them. */
export function expectedTomlRedirects(): TomlRedirect[] {
  return TOML_REWRITES.map((rule) => ({
    from: rule.from,
    to: rule.to,
    status: 200,
    force: true,
    ...(rule.query ? { query: rule.query } : {}),
    ...(rule.rateLimited ? { rate_limit: BACKSTOP_TRAFFIC_RULE } : {}),
  }));
}

const show = (value: unknown) => JSON.stringify(value);

export function checkNetlifyToml(text: string): string[] {
  const problems: string[] = [];
  const toml = JSON.parse(JSON.stringify(parse(text))) as {
    build?: { command?: unknown; publish?: unknown };
    functions?: { included_files?: unknown };
    redirects?: TomlRedirect[];
    headers?: unknown[];
  };
  const expect = (what: string, actual: unknown, expected: unknown) => {
    if (!isDeepStrictEqual(actual, expected))
      problems.push(`${what} is ${show(actual)}; the declaration says ${show(expected)}`);
  };
  expect('build.command', toml.build?.command, 'npm run build');
  expect('build.publish', toml.build?.publish, OUTPUT_DIR);
  expect('functions.included_files', toml.functions?.included_files, FUNCTION_INCLUDED_FILES);
  if (toml.headers !== undefined)
    problems.push('[[headers]] are generated into dist/_headers from the routing table: remove them from netlify.toml');
  const actual = toml.redirects ?? [];
  const expected = expectedTomlRedirects();
  if (actual.length !== expected.length)
    problems.push(`netlify.toml has ${actual.length} [[redirects]]; the routing table puts ${expected.length} there`);
  expected.forEach((rule, i) => {
    const found = actual[i];
    if (!found) return;
    for (const field of ['from', 'to', 'status', 'force', 'query', 'rate_limit'] as const)
      expect(`[[redirects]] ${i + 1} (${show(rule.from)} -> ${show(rule.to)}) ${field}`, found[field], rule[field]);
  });
  return problems;
}
