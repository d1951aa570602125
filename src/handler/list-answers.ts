// The list endpoint's answers kept per query string, for one handler (one data version): the
// query parsed, the page selected, serialised and tagged once, then given again. A function
// instance or `npm start` sees the same few queries again and again (the first page, a pillar,
// a search a page shows); what differs per request (paging links on a forwarded origin, the
// 304, the counters) is worked out afterwards, as before. Bounded: the query is the client's.
import type { Locale } from '../contract/facts.ts';
import { answerList, type ListAnswer } from '../list/endpoint.ts';
import type { ListIndex } from '../list/list-index/decode.ts';

/** At most this many answers, least recently used first out. */
export const MAX_LIST_ANSWERS = 512;
/** At most this many bytes of bodies (a page of 500 terms is about 230 KB). */
export const MAX_LIST_ANSWER_BYTES = 32 * 1024 * 1024;

export class ListAnswers {
  readonly #answers = new Map<string, { answer: ListAnswer; bytes: number }>();
  #bytes = 0;

  constructor(private readonly indexes: Record<Locale, ListIndex>) {}

  get size(): number {
    return this.#answers.size;
  }

  /** The answer to a query string (`search`, as in the URL) whose parameters are `params`. */
  answer(search: string, params: URLSearchParams): ListAnswer {
    const kept = this.#answers.get(search);
    if (kept) {
      // Most recently used last: a Map iterates in insertion order.
      this.#answers.delete(search);
      this.#answers.set(search, kept);
      return kept.answer;
    }
    const fresh = answerList(this.indexes, params);
    let answer = fresh;
    let bytes = search.length;
    if (fresh.ok) {
      const body = fresh.body();
      answer = { ...fresh, body: () => body };
      bytes += body.byteLength;
    }
    if (bytes > MAX_LIST_ANSWER_BYTES) return answer;
    this.#answers.set(search, { answer, bytes });
    this.#bytes += bytes;
    for (const [oldest, { bytes: size }] of this.#answers) {
      if (this.#answers.size <= MAX_LIST_ANSWERS && this.#bytes <= MAX_LIST_ANSWER_BYTES) break;
      this.#answers.delete(oldest);
      this.#bytes -= size;
    }
    return answer;
  }
}
