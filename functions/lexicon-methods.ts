// CORS preflights and unsupported methods on every path of the API and the dumps, static or
// not: the CDN's static file server would otherwise answer them without our headers.
// A thin adapter: runtime/netlify.ts does the work.
import type { Config } from '@netlify/functions';
import { createNetlifyMethodsHandler } from '../runtime/netlify.ts';

export default createNetlifyMethodsHandler();

// Literals only (static analysis); a test checks them against src/routes.ts.
export const config: Config = {
  path: ['/api/*', '/dumps/*'],
  method: ['OPTIONS', 'POST', 'PUT', 'PATCH', 'DELETE'],
};
