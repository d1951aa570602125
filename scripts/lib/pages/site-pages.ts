// Every page of the site, written to the build's output beside the API: a page per term and
// locale at site.yaml `paths.term`, an index per locale, the root, a page per post and locale
// when `paths.post` is a path of this site, and the pages' stylesheet under /assets/. Page files are named as the routing table
// serves them (src/routes.ts `pageFile`).
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import { pageFile } from '../../../src/routes.ts';
import type { SiteConfig } from '../corpus/corpus-schema.ts';
import type { ApiRecords } from '../publish/api-records.ts';
import type { OutputSink } from '../publish/write-output.ts';
import { forgetIndexLines, renderIndexPage } from './index-page.ts';
import { siteStylesheet } from './layout.ts';
import { ownPagePath, ROOT_PATH } from './page-paths.ts';
import { renderPostPage } from './post-page.ts';
import { renderRootPage } from './root-page.ts';
import { siteView } from './site-view.ts';
import { renderTermPage } from './term-page.ts';

export type PagesConfig = Pick<SiteConfig, 'paths' | 'traditionLabels'>;

/**
 * Which term and post pages to write (the edit loop writes those a change reaches); the root,
 * the indexes and the stylesheet are always written.
 */
export interface PageSelection {
  term(locale: Locale, slug: string): boolean;
  post(slug: string): boolean;
}

const EVERY_PAGE: PageSelection = { term: () => true, post: () => true };

/** Writes every page (or the selected ones); returns how many. */
export async function emitPages(
  records: ApiRecords,
  config: PagesConfig,
  sink: OutputSink,
  select: PageSelection = EVERY_PAGE,
): Promise<number> {
  const view = siteView(records, config);
  let pages = 0;
  const write = async (path: string, body: string) => {
    const file = pageFile(path);
    // pagePathProblems has refused a build whose pages would fall among the API's paths.
    if (file === undefined) throw new Error(`${path} is not a path the routing table serves a page at`);
    await sink.file(file.slice(1), body);
    pages++;
  };
  const stylesheet = siteStylesheet();
  await sink.file(stylesheet.path.slice(1), stylesheet.css);
  await write(ROOT_PATH, renderRootPage(view));
  for (const locale of LOCALES) {
    await write(view.indexPath(locale), renderIndexPage(view, locale));
    // Every page: a build's, whose records are rendered once (the edit loop selects its pages).
    if (select === EVERY_PAGE) forgetIndexLines();
    for (const term of records.locales[locale].terms) {
      if (select.term(locale, term.slug))
        await write(ownPagePath(term.url, records.siteUrl), renderTermPage(view, locale, term));
    }
  }
  if (config.paths.post.startsWith('/')) {
    for (const post of records.posts.filter((p) => select.post(p.slug)))
      for (const locale of LOCALES) {
        await write(ownPagePath(post.url[locale], records.siteUrl), renderPostPage(view, locale, post, post.terms));
      }
  }
  return pages;
}
