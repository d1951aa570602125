// The CDN's rate-limit rule (Netlify traffic rules, on every rewrite to a term file and on the
// function), derived from the policy (./rate-limit.ts) in both of Netlify's spellings. Netlify
// reads it only from netlify.toml and from the function's config (by static analysis), so those
// hold it as literals, checked against this derivation by test/helpers/netlify-toml-check.ts and
// test/functions/netlify-config.test.ts. A client within its hourly limit may send the whole of
// it inside the rule's short window, so the rule allows the largest limit the policy lets a
// deployment on Netlify configure or grant: the build (on Netlify) and `npm run grant` refuse
// anything above it, with the message below, rather than let the CDN cut a client the API serves.

import { API_ROOT } from '../contract/facts.ts';
import { LARGEST_REQUESTS_PER_HOUR, WINDOW_SECONDS } from './rate-limit.ts';

/** Netlify caps a traffic rule's sliding window at 180 s. */
export const NETLIFY_MAX_WINDOW_SECONDS = 180;
/** The rule's window: the platform's longest, never longer than the policy's own. */
export const BACKSTOP_WINDOW_SECONDS = Math.min(NETLIFY_MAX_WINDOW_SECONDS, WINDOW_SECONDS);
/** Requests per BACKSTOP_WINDOW_SECONDS per IP and domain: the largest limit of the policy. */
export const BACKSTOP_WINDOW_LIMIT = LARGEST_REQUESTS_PER_HOUR;
/** Where the rule rewrites a limited request: the function answers it with a 429. */
export const RATE_LIMITED_PATH = `${API_ROOT}/rate-limited`;
/** Who shares one window: each client address on each domain (a bare string would be site-wide). */
const AGGREGATE_BY = ['ip', 'domain'];

/** The rule as netlify.toml spells it (`[redirects.rate_limit]`). */
export const BACKSTOP_TRAFFIC_RULE = {
  window_limit: BACKSTOP_WINDOW_LIMIT,
  window_size: BACKSTOP_WINDOW_SECONDS,
  aggregate_by: AGGREGATE_BY,
  action: 'rewrite',
  to: RATE_LIMITED_PATH,
};

/** The rule as a function's config spells it (`config.rateLimit`). */
export const BACKSTOP_FUNCTION_RULE = {
  windowLimit: BACKSTOP_WINDOW_LIMIT,
  windowSize: BACKSTOP_WINDOW_SECONDS,
  aggregateBy: AGGREGATE_BY,
  action: 'rewrite',
  to: RATE_LIMITED_PATH,
};

/** Why an hourly limit of `perHour` contradicts the backstop (`what` names it), or undefined. */
export function backstopProblem(perHour: number, what: string): string | undefined {
  if (perHour <= BACKSTOP_WINDOW_LIMIT) return undefined;
  return (
    `${what} is above the CDN backstop of ${BACKSTOP_WINDOW_LIMIT} requests per ${BACKSTOP_WINDOW_SECONDS} s, ` +
    'which would refuse such a client on Netlify before its hourly limit. Raise the backstop to at least ' +
    `${perHour}: LARGEST_REQUESTS_PER_HOUR in src/limits/rate-limit.ts (the backstop follows it), then ` +
    'every window_limit in netlify.toml and rateLimit.windowLimit in functions/lexicon.ts, which Netlify ' +
    'reads as literals (test/functions/netlify-config.test.ts names each one that disagrees); or lower the limit.'
  );
}
