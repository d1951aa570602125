// The list endpoint and every answer the CDN's static files cannot give (see docs/routing.md).
// A thin adapter: runtime/netlify.ts does the work.
import type { Config } from '@netlify/functions';
import { createNetlifyHandler } from '../runtime/netlify.ts';

export default createNetlifyHandler();

// Netlify reads this object by static analysis, so it holds literals only; a test checks them
// against the routing table in src/routes.ts.
export const config: Config = {
  path: ['/api/*', '/dumps/*'],
  // Single-term lookups go through netlify.toml's rules to the static files; those rules
  // rewrite to the function's own paths for what a file cannot answer.
  excludedPath: ['/api/lexicon/public/*'],
  // Existing files (term files, dumps, the docs page) are served by the CDN, not the function.
  preferStatic: true,
  rateLimit: {
    windowLimit: 100,
    windowSize: 180,
    aggregateBy: ['ip', 'domain'],
    action: 'rewrite',
    to: '/api/lexicon/rate-limited',
  },
};
