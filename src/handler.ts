// The whole HTTP contract of the function as one web-standard `fetch`-style handler:
// Request in, Response out, through five named steps (src/handler/): parse, answer, limit,
// headers, errors. Adapters (Netlify, netlify dev, the self-hosted server) supply
// the indexes, the client's address and a rate-limit store.
//
// Order of checks (docs/api-contract.md): method (405), credentials (401), rate limit (429),
// parameters (400), lookup (404). Only the paths src/limits/counting.ts counts are checked for
// credentials and counted; the others are never refused. The handler never makes a request of
// its own: a single term reaches it only when the CDN could not answer from a file, and it
// answers with a redirect or a problem.
import { baseHeaders, CACHEABLE, PER_CLIENT } from './http.ts';
import { answer } from './handler/answer.ts';
import { type Handler, type HandlerDeps, handlerContext } from './handler/context.ts';
import { limit } from './handler/limit.ts';
import { parseRequest } from './handler/parse.ts';
import { problem } from './handler/problems.ts';
import { problemDetail } from './contract/problems.ts';
import { HEADER_NAMES } from './contract/headers.ts';

export {
  type ClientInfo,
  FORWARDED_ORIGIN_HEADERS,
  type Handler,
  type HandlerDeps,
  type SiteFacts,
  type StaticFile,
} from './handler/context.ts';
export { type Route, route } from './handler/parse.ts';

export function createHandler(deps: HandlerDeps): Handler {
  const context = handlerContext(deps);
  const parseOptions = { site: context.site, limit: deps.rateLimit?.limit, cdnBackstop: deps.cdnBackstop ?? false };

  return async function handle(request, client, file) {
    try {
      // parse: what is asked, and what needs no data (414, OPTIONS, 405, the backstop's 429).
      const parsed = parseRequest(request, baseHeaders(deps.rateLimit?.limit), parseOptions);
      if (parsed instanceof Response) return parsed;
      // answer: decided before counting, so that a 304 is not counted.
      const outcome = answer(context, parsed, client, file);
      // limit: credentials (401) and the count (429).
      const refused = await limit(context, parsed, client, outcome);
      if (refused) return refused;
      // headers: counted answers are per client, the others public.
      parsed.headers[HEADER_NAMES.cacheControl] = parsed.counted ? PER_CLIENT : CACHEABLE;
      return outcome.respond(parsed.headers);
    } catch (error) {
      // errors: told to the adapter, a 500 problem to the client, never a stack trace.
      deps.onError?.(error, request);
      return problem(context.site, baseHeaders(deps.rateLimit?.limit), request.method, {
        kind: 'internal-error',
        detail: problemDetail('internal-error'),
      });
    }
  };
}
