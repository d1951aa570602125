// Where each site page lives, and the rules that make every URL the API gives resolve: a page
// path the deployment would not serve (inside the API's prefixes, shared by two pages, a post
// "on this site" that no page renders) is a build error naming site.yaml, never a silent 404.
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import { isPagePath, PAGE_RESERVED_PREFIXES } from '../../../src/routes.ts';
import type { SiteConfig } from '../corpus/corpus-schema.ts';
import type { ApiRecords } from '../publish/api-records.ts';
import type { CorpusProblem } from '../corpus/validate-corpus.ts';

export const ROOT_PATH = '/';

/** The path of `url` on the site at `siteUrl`, or undefined when it names another site. */
export function sitePath(url: string, siteUrl: string): string | undefined {
  return url.startsWith(`${siteUrl}/`) ? url.slice(siteUrl.length) : undefined;
}

/** The path of a page whose URL the build made from the site's URL (derive.ts), so is on the site. */
export function ownPagePath(url: string, siteUrl: string): string {
  const path = sitePath(url, siteUrl);
  if (path === undefined) throw new Error(`the page URL ${url} is not on the site ${siteUrl}`);
  return path;
}

/** The index of a locale: the folder of its term pages (`/en/lexicon/{slug}` -> `/en/lexicon/`). */
export function indexPath(termPattern: string, locale: Locale): string {
  const folder = termPattern.slice(0, termPattern.lastIndexOf('/', termPattern.indexOf('{slug}')) + 1);
  return folder.replaceAll('{locale}', locale);
}

/** Whether this deployment builds the pages (site.yaml `pages`, `here` unless it says `elsewhere`). */
export function buildsPages(site: Pick<SiteConfig, 'pages'>): boolean {
  return (site.pages ?? 'here') === 'here';
}

const PATH_PATTERN = /^\/[A-Za-z0-9._~/{}-]*$/;

/** Every problem with the site's page paths, for a build that renders the pages. */
export function pagePathProblems(site: SiteConfig, records: ApiRecords, siteFile: string): CorpusProblem[] {
  const problems: CorpusProblem[] = [];
  const report = (field: string, message: string) => problems.push({ file: siteFile, field, message });
  const term = site.paths.term;
  if (!PATH_PATTERN.test(term))
    report('paths.term', 'may hold only letters, digits, "/", ".", "_", "~", "-" and {locale}, {slug}');
  if (!term.includes('{locale}')) report('paths.term', 'must contain {locale}: each language has its own page');
  if (term.lastIndexOf('/') > term.indexOf('{slug}'))
    report('paths.term', 'must have {slug} in its last segment: the folder above it is the index of the locale');
  const post = site.paths.post;
  const postOnSite = post.startsWith('/');
  if (postOnSite && !PATH_PATTERN.test(post))
    report('paths.post', 'may hold only letters, digits, "/", ".", "_", "~", "-" and {locale}, {slug}');
  if (postOnSite && !post.includes('{locale}'))
    report('paths.post', 'must contain {locale}: each language has its own page');
  if (!postOnSite && sitePath(post.replace(/^(https?:\/\/[^/]+).*$/, '$1/'), records.siteUrl) !== undefined)
    report(
      'paths.post',
      `names this site (${records.siteUrl}) by an absolute URL; write it as a path ("/{locale}/blog/{slug}") so the build renders the post pages, or name the blog that publishes them`,
    );
  for (const name of Object.keys(site.traditionLabels?.bg ?? {}))
    if (!site.traditions.includes(name)) report(`traditionLabels.bg.${name}`, 'is not one of `traditions`');
  if (problems.length > 0) return problems;

  // Every page's path: reserved for the API, or claimed twice, is an error.
  const owners = new Map<string, string>([[ROOT_PATH, 'the site root']]);
  const claim = (path: string, what: string, field: string) => {
    if (!isPagePath(path)) {
      report(
        field,
        `${what} would be at ${path}, inside ${PAGE_RESERVED_PREFIXES.join(', ')}, which belong to the API: choose another path`,
      );
      return;
    }
    const owner = owners.get(path);
    if (owner) report(field, `${what} and ${owner} would both be at ${path}; give them different paths`);
    else owners.set(path, what);
  };
  for (const locale of LOCALES) {
    claim(indexPath(term, locale), `the ${locale} index`, 'paths.term');
    for (const t of records.locales[locale].terms)
      claim(ownPagePath(t.url, records.siteUrl), `the ${locale} page of term "${t.slug}"`, 'paths.term');
  }
  if (postOnSite)
    for (const p of records.posts)
      for (const locale of LOCALES)
        claim(ownPagePath(p.url[locale], records.siteUrl), `the ${locale} page of post "${p.slug}"`, 'paths.post');
  // One message per field is enough to act on.
  return problems.filter((problem, i) => problems.findIndex((other) => other.field === problem.field) === i);
}
