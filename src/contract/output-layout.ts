// Where the build puts what the runtime reads: one declaration for the build, the function,
// the dev server, the self-hosted server, the deploy configuration and the benchmarks.
import { LOCALES, type Locale } from './facts.ts';

/** Files for the runtime only, never served: the routing table answers 404 there. */
export const DATA_DIR = '_data';

const listIndexName = (part: string) => `${DATA_DIR}/list-index.${part}.bin`;

/** The list index of a locale, relative to the output root. */
export function listIndexPath(locale: Locale): string {
  return listIndexName(locale);
}

/** Every list index, relative to the output root. */
export const LIST_INDEX_PATHS: readonly string[] = LOCALES.map(listIndexPath);

/** Every list index, as a glob (the functions' included files). */
export const LIST_INDEX_GLOB = listIndexName('*');

/** Static headers of the site, generated from the routing table, in Netlify's `_headers` format. */
export const HEADERS_FILE = '_headers';

/** The facts of the whole build the runtime needs apart from the indexes (docs URL, attribution,
 * data version), relative to the output root: what answers OPTIONS and 405 without an index. */
export const SITE_FACTS_PATH = `${DATA_DIR}/site.json`;

/** The output folder the commands build into and serve from when given none. */
export const DEFAULT_OUTPUT_DIR = 'dist';

/** The offline dumps' folder, relative to the output root (and DUMPS_URL_PATH on the site). */
export const DUMPS_DIR = 'dumps';
/** The dumps' manifest, in DUMPS_DIR. */
export const MANIFEST_FILE = 'manifest.json';

/** Where the dumps of a folder `dir` are: on the site, and their manifest (relative, and on the site). */
export function dumpsLayout(dir: string) {
  return {
    DUMPS_URL_PATH: `/${dir}`,
    MANIFEST_PATH: `${dir}/${MANIFEST_FILE}`,
    MANIFEST_URL_PATH: `/${dir}/${MANIFEST_FILE}`,
  };
}

export const { DUMPS_URL_PATH, MANIFEST_PATH, MANIFEST_URL_PATH } = dumpsLayout(DUMPS_DIR);
/** What every dump's file name starts with: a name that carries its data version never changes content. */
export const DUMP_FILE_PREFIX = 'lexicon-';

/** A dump's file name: the prefix, the data version, the locale (or `all`) and the extension. */
export function dumpFileName(dataVersion: string, locale: Locale | 'all', extension: string): string {
  return `${DUMP_FILE_PREFIX}${dataVersion}-${locale}.${extension}`;
}

/** The pages' stylesheet and other files they load, named by their content (never changing). */
export const SITE_ASSETS_PATH = '/assets/';

/** The self-hosted server's health check (npm start): not a file, never counted. */
export const HEALTH_PATH = '/healthz';

/** The platform's own paths (Netlify's functions and internals): never a page. */
export const PLATFORM_PATH = '/.netlify/';

/** The hashes of the previous output's files, a hint for reusing them (write-output.ts). */
export const OUTPUT_HASHES_PATH = `${DATA_DIR}/output-hashes.json`;

/** The rewrites Netlify may read from a file, generated from the routing table (`_redirects`). */
export const REDIRECTS_FILE = '_redirects';
