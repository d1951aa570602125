// The CDN's rate-limit rule (Netlify traffic rules, on every rewrite to a term file and on the
// function). netlify.toml and the function's config hold it as literals, which Netlify reads by
// static analysis; a test checks them against these constants. A client within its hourly limit
// may send the whole of it inside 180 s, so the rule must allow at least the largest limit that
// is configured or granted: the build (on Netlify) and `npm run grant` refuse anything above it,
// with the message below, rather than let the CDN cut a client the API would serve.

/** Netlify caps a traffic rule's sliding window at 180 s. */
export const BACKSTOP_WINDOW_SECONDS = 180;
/** Requests per BACKSTOP_WINDOW_SECONDS per IP and domain; also the largest hourly limit allowed. */
export const BACKSTOP_WINDOW_LIMIT = 100;
/** Where the rule rewrites a limited request: the function answers it with a 429. */
export const RATE_LIMITED_PATH = '/api/lexicon/rate-limited';

/** Why an hourly limit of `perHour` contradicts the backstop (`what` names it), or undefined. */
export function backstopProblem(perHour: number, what: string): string | undefined {
  if (perHour <= BACKSTOP_WINDOW_LIMIT) return undefined;
  return (
    `${what} is above the CDN backstop of ${BACKSTOP_WINDOW_LIMIT} requests per ${BACKSTOP_WINDOW_SECONDS} s, ` +
    'which would refuse such a client on Netlify before its hourly limit. Raise the backstop to at least ' +
    `${perHour}: BACKSTOP_WINDOW_LIMIT in src/limits/backstop.ts, every window_limit in netlify.toml and ` +
    'rateLimit.windowLimit in functions/lexicon.ts (test/functions/netlify-config.test.ts checks they agree); ' +
    'or lower the limit.'
  );
}
