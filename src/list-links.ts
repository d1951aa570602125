// RFC 8288 paging links of a list response: absolute URLs that keep every parameter the
// client sent except `offset`, which each link sets.
import type { ListMeta } from './list-render.ts';

export function pagingLinks(url: URL, meta: ListMeta): string[] {
  const { total, limit, offset, hasMore } = meta;
  const at = (to: number, rel: string) => {
    const link = new URL(url.href);
    link.searchParams.set('offset', String(to));
    return `<${link.href}>; rel="${rel}"`;
  };
  const last = total === 0 ? 0 : Math.floor((total - 1) / limit) * limit;
  const links = [at(0, 'first')];
  if (offset > 0) links.push(at(Math.max(0, Math.min(offset - limit, last)), 'prev'));
  if (hasMore) links.push(at(offset + limit, 'next'));
  links.push(at(last, 'last'));
  return links;
}
