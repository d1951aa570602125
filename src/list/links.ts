// RFC 8288 paging links of a list response: absolute URLs on the site's own base (never the
// request's Host), with the parameters the list applied (not as sent: `locale=BG` is `bg`, an
// out-of-range `limit` its clamped value) and no unknown parameter, so a link's length is
// bounded whatever the client sends. Each link sets `offset`.
import { LIST_PATH } from '../contract/facts.ts';
import { LIST_PARAMETERS, type ListParams } from '../contract/list-parameters.ts';
import type { ListMeta } from './render.ts';

/** Which of the list's parameters the request gave (an absent one stays absent from the links). */
export type GivenParams = Partial<Record<keyof ListParams, boolean>>;

const NAMES = Object.keys(LIST_PARAMETERS) as (keyof ListParams)[];
/** Filters first (the locale as given, then every filter in effect), then the page size; `offset` last. */
const KEPT = [
  ...NAMES.filter((name) => LIST_PARAMETERS[name].kind !== 'integer'),
  ...NAMES.filter((name) => LIST_PARAMETERS[name].kind === 'integer' && name !== 'offset'),
];

export function pagingLinks(base: string, params: ListParams, given: GivenParams, meta: ListMeta): string[] {
  const { total, limit, offset, hasMore } = meta;
  const kept = new URLSearchParams();
  for (const name of KEPT) {
    const value = params[name];
    // A default the client left out stays out; a filter in effect is always kept.
    const defaulted = LIST_PARAMETERS[name].kind === 'locale' || LIST_PARAMETERS[name].kind === 'integer';
    if (value !== undefined && (!defaulted || given[name])) kept.set(name, String(value));
  }
  const at = (to: number, rel: string) => {
    const query = new URLSearchParams(kept);
    query.set('offset', String(to));
    return `<${base}${LIST_PATH}?${query}>; rel="${rel}"`;
  };
  const last = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
  const links = [at(0, 'first')];
  if (offset > 0) links.push(at(Math.max(0, Math.min(offset - limit, last)), 'prev'));
  if (hasMore) links.push(at(offset + limit, 'next'));
  links.push(at(last, 'last'));
  return links;
}
