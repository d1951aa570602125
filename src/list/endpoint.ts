// The list endpoint's answer to a query string, without HTTP: parse -> select -> render.
// The handler adds methods, rate limits, headers and conditional requests around it.
import type { Locale } from '../contract/facts.ts';
import { LIST_PARAMETERS, vocabularyParameters } from '../contract/list-parameters.ts';
import { foldForSearch } from './fold.ts';
import { etagFor } from '../http.ts';
import type { ListIndex } from './list-index/decode.ts';
import { parseListParams, type ListParams, type ParameterError } from './query.ts';
import { renderListBody, type ListMeta } from './render.ts';
import { selectPage, type VocabularyFilter } from './select.ts';

export type ListAnswer =
  | { ok: true; etag: string; meta: ListMeta; params: ListParams; body: () => Uint8Array<ArrayBuffer> }
  | { ok: false; errors: ParameterError[] };

/** The filter parameters of the table, each with its vocabulary. */
const FILTERS = vocabularyParameters(LIST_PARAMETERS) as [keyof ListParams, keyof ListIndex['codes']][];

function filtersOf(index: ListIndex, params: ListParams): VocabularyFilter[] {
  return FILTERS.flatMap(([name, vocabulary]) => {
    const value = params[name];
    if (typeof value !== 'string') return [];
    const code = index.vocabularies[vocabulary].indexOf(value);
    return [{ codes: index.codes[vocabulary], code, members: index.members(vocabulary, code) }];
  });
}

export function answerList(indexes: Record<Locale, ListIndex>, search: URLSearchParams): ListAnswer {
  // Both locales share the vocabularies: a value is checked before the locale is known.
  const parsed = parseListParams(search, indexes.en.vocabularies);
  if (!parsed.ok) return parsed;
  const params = parsed.value;
  const { locale, q, limit, offset } = params;
  const index = indexes[locale];
  const selection = selectPage(index, {
    filters: filtersOf(index, params),
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
  const etag = etagFor(index.dataVersion, JSON.stringify(['list', params, parsed.warnings]));
  return { ok: true, etag, meta, params, body: () => renderListBody(index, selection.positions, meta) };
}
