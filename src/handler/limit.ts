// The limit step: who the client is (its address or a granted key) and whether this request
// is within its limit. Only the paths src/limits/counting.ts counts get here; a repeat the
// platform sends (netlify dev) is looked at, never counted again.
import { rateLimitPolicy, setRateLimitState } from '../http.ts';
import { clientKey } from '../limits/client-key.ts';
import { bearerKey, hashKey, isActive, type GrantRecord } from '../limits/grants.ts';
import type { RateLimitStore } from '../limits/rate-limit.ts';
import type { ClientInfo, HandlerContext, Outcome } from './context.ts';
import type { ParsedRequest } from './parse.ts';
import { problem } from './problems.ts';
import { problemDetail } from '../contract/problems.ts';
import { HEADER_NAMES, REQUEST_HEADERS } from '../contract/headers.ts';

/** Who is counted, and against which limit; `uncounted`: the grants could not be read in time. */
type Credentials = { key: string; limit: number; grant?: GrantRecord } | 'invalid' | 'uncounted';

/** A refusal (401, 429), or undefined when the request may have its answer. */
export async function limit(
  context: HandlerContext,
  parsed: ParsedRequest,
  client: ClientInfo,
  outcome: Outcome,
): Promise<Response | undefined> {
  const store = context.deps.rateLimit;
  if (!store || !parsed.counted) return undefined;
  const { headers, method } = parsed;
  const who = await credentials(context, store, parsed.request, client);
  if (who === 'invalid') {
    headers[HEADER_NAMES.wwwAuthenticate] = 'Bearer error="invalid_token"';
    return problem(context.site, headers, method, {
      kind: 'invalid-credentials',
      detail: problemDetail('invalid-credentials'),
    });
  }
  if (who === 'uncounted') return undefined;
  if (who.grant) headers[HEADER_NAMES.rateLimitPolicy] = rateLimitPolicy(who.limit);
  // One step that decides and counts: no await between the check and the count.
  const repeat = client.count === false;
  const decision =
    outcome.counts && !repeat ? await store.consume(who.key, who.limit) : await store.peek(who.key, who.limit);
  if (!decision.unknown) setRateLimitState(headers, decision);
  if (decision.allowed || repeat) return undefined;
  headers[HEADER_NAMES.retryAfter] = String(decision.resetIn);
  return problem(context.site, headers, method, {
    kind: 'rate-limited',
    detail: problemDetail('rate-limited', { perHour: who.limit, resetIn: decision.resetIn }),
  });
}

/** The counter of a client without a key: its address, or its IPv6 prefix (src/limits/client-key.ts). */
export function anonymousClient(ip: string, ipv6PrefixBits: number): string {
  return `ip:${clientKey(ip, ipv6PrefixBits)}`;
}

/** The anonymous client (its address or IPv6 prefix), or a granted key; never a silent fall-back. */
async function credentials(
  context: HandlerContext,
  store: RateLimitStore,
  request: Request,
  client: ClientInfo,
): Promise<Credentials> {
  const key = bearerKey(request.headers.get(REQUEST_HEADERS.authorization));
  if (key === undefined) return { key: anonymousClient(client.ip, context.ipv6PrefixBits), limit: store.limit };
  const { grants } = context.deps;
  if (key === null || !grants) return 'invalid';
  const grant = await grants.find(await hashKey(key));
  if (grant === 'unavailable') return 'uncounted';
  if (!grant || !isActive(grant, context.now())) return 'invalid';
  return { key: `key:${grant.id}`, limit: grant.perHour, grant };
}
