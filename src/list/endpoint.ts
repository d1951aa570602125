// The list endpoint's answer to a query string, without HTTP: parse -> select -> render.
// The handler adds methods, rate limits, headers and conditional requests around it.
import type { Locale } from '../contract/facts.ts';
import { foldForSearch } from './fold.ts';
import { etagFor } from '../http.ts';
import type { ListIndex } from './list-index.ts';
import { parseListParams, type ListParams, type ParameterError } from './query.ts';
import { renderListBody, type ListMeta } from './render.ts';
import { selectPage } from './select.ts';

export type ListAnswer =
  | { ok: true; etag: string; meta: ListMeta; params: ListParams; body: () => Uint8Array<ArrayBuffer> }
  | { ok: false; errors: ParameterError[] };

export function answerList(indexes: Record<Locale, ListIndex>, search: URLSearchParams): ListAnswer {
  const parsed = parseListParams(search, indexes.en.pillars);
  if (!parsed.ok) return parsed;
  const { locale, pillar, q, limit, offset } = parsed.value;
  const index = indexes[locale];
  const selection = selectPage(index, {
    pillarCode: pillar === undefined ? -1 : index.pillars.indexOf(pillar),
    foldedQ: q === undefined ? undefined : foldForSearch(q, locale),
    limit,
    offset,
  });
  const meta: ListMeta = {
    total: selection.total,
    limit,
    offset,
    locale,
    hasMore: offset + limit < selection.total,
    ...(parsed.warnings.length > 0 ? { warnings: parsed.warnings } : {}),
  };
  // The body is a function of the data version and these values alone.
  const etag = etagFor(index.dataVersion, JSON.stringify(['list', locale, pillar, q, limit, offset, parsed.warnings]));
  return { ok: true, etag, meta, params: parsed.value, body: () => renderListBody(index, selection.positions, meta) };
}
