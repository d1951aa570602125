// The CDN's rate-limit rule, derived from the one policy constant so netlify.toml, the
// function config and the handler cannot drift apart (a test reads netlify.toml back).
import { DEFAULT_REQUESTS_PER_HOUR } from './rate-limit.ts';

/** Netlify caps a traffic rule's sliding window at 180 s. */
export const BACKSTOP_WINDOW_SECONDS = 180;
/**
 * A client within the hourly policy can never send more than the whole hourly quota inside
 * 180 s, so this rule never rejects a well-behaved client; it stops floods that reach
 * other instances or the static files, which the exact in-process counter cannot see.
 */
export const BACKSTOP_WINDOW_LIMIT = DEFAULT_REQUESTS_PER_HOUR;
/** Where the rule rewrites a limited request: the function answers it with a 429. */
export const RATE_LIMITED_PATH = '/api/lexicon/rate-limited';
