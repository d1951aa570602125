// A counted answer given from memory (`npm start` with a rate limit, its default): a term file or
// a list page is the same bytes for every client of one tree but for its counters, so the answer
// the general path gave is kept (kept-answers.ts) and each request pays only what is its own:
// who the client is, one count in the store, and that client's counter values written into a
// copy of the kept headers. The decisions stay the general path's:
// - a request with Authorization (a granted key, or a 401) is never answered here;
// - a refusal (over the limit: 429 with Retry-After) is left to the general path, which asks the
//   store again: a refused request was not counted, so asking twice counts nothing twice;
// - a 304 only looks at the counters (`peek`), as the handler does for a request that does not count;
// - a store that could not be asked (Redis down: it fails open) gives the answer without counters.
// With the Redis store the count is a round trip: the answer is written when it comes back.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { putRateLimitEntries, putRateLimitState, RATE_LIMIT_STATE_HEADERS } from '../src/http.ts';
import type { RateLimitDecision, RateLimitStore } from '../src/limits/rate-limit.ts';
import { REQUEST_HEADERS } from '../src/contract/headers.ts';
import type { Answer } from './content-coding.ts';
import { type HeaderBlock, headerBlock } from './header-block.ts';
import type { GeneralPath } from './http-server.ts';
import { type KeptAnswer, writeAnswer } from './kept-answers.ts';

const AUTHORIZATION = REQUEST_HEADERS.authorization.toLowerCase() as Lowercase<typeof REQUEST_HEADERS.authorization>;

export interface Counting {
  store: RateLimitStore;
  /** The counter of the (anonymous) client that sent this request, as the handler names it. */
  clientOf(incoming: IncomingMessage): string;
}

/**
 * Counts this request and writes the kept answer with its client's counters. False when the
 * general path must answer (a key was sent, or the client is over its limit); with a store that
 * answers later, true at once and `fallback(incoming, outgoing)` then, if it must.
 */
export function giveCounted(
  kept: KeptAnswer,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  counting: Counting,
  fallback: GeneralPath,
): boolean {
  if (incoming.headers[AUTHORIZATION] !== undefined) return false;
  const { store } = counting;
  const client = counting.clientOf(incoming);
  const decision = kept.counts ? store.consume(client, store.limit) : store.peek(client, store.limit);
  if (!(decision instanceof Promise)) return give(kept, outgoing, decision);
  decision.then(
    (settled) => give(kept, outgoing, settled) || fallback(incoming, outgoing),
    () => fallback(incoming, outgoing),
  );
  return true;
}

/** Writes the answer with the decision's counters; false when it is a refusal (not written). */
function give({ answer, text }: KeptAnswer, outgoing: ServerResponse, decision: RateLimitDecision): boolean {
  if (!decision.allowed) return false;
  const counted = countedLines(answer);
  if (decision.unknown) {
    writeAnswer(outgoing, answer, counted.uncountedBlock ?? counted.uncounted, text);
    return true;
  }
  // This request's counters take their places in the kept block (or list) itself, the order stays
  // the general path's: writeHead reads it before it returns and keeps none of it, so the next
  // request (even one answered later, by Redis) fills in its own.
  const { block } = counted;
  if (block) putRateLimitEntries(block.slots, decision);
  else putRateLimitState(counted.lines, counted.at, decision);
  writeAnswer(outgoing, answer, block ?? counted.lines, text);
  return true;
}

/**
 * A counted answer's headers as Node writes them, a flat list (name, value, name, value...) in
 * the kept order: made once per kept answer, each request writes its client's four counter
 * values at `at` (RATE_LIMIT_STATE_HEADERS' order), or it goes without them when the count is unknown.
 */
interface CountedLines {
  lines: string[];
  at: number[];
  uncounted: string[];
  /** The same, validated once (header-block.ts), the counters' entries its slots; undefined: the lists go. */
  block: HeaderBlock | undefined;
  uncountedBlock: HeaderBlock | undefined;
}

const linesOf = new WeakMap<Answer, CountedLines>();

function countedLines(answer: Answer): CountedLines {
  let kept = linesOf.get(answer);
  if (kept) return kept;
  const lines: string[] = [];
  const uncounted: string[] = [];
  const at = RATE_LIMIT_STATE_HEADERS.map(() => -1);
  for (const [name, value] of Object.entries(answer.headers)) {
    const counter = (RATE_LIMIT_STATE_HEADERS as readonly string[]).indexOf(name);
    if (counter >= 0) at[counter] = lines.length + 1;
    else uncounted.push(name, value);
    lines.push(name, value);
  }
  // A counter the kept answer lacks goes last, as setting it on a copy of the record would put it.
  for (const [counter, name] of RATE_LIMIT_STATE_HEADERS.entries())
    if (at[counter] === -1) at[counter] = lines.push(name, '') - 1;
  const block = headerBlock(answer.status, lines, at);
  const uncountedBlock = headerBlock(answer.status, uncounted);
  linesOf.set(answer, (kept = { lines, at, uncounted, block, uncountedBlock }));
  return kept;
}
