// The media type of every kind of file the build publishes, by the extension of its name,
// declared once: the CDN's `Content-Type` rules in dist/_headers (src/routes.ts) and the
// self-hosted server's static files (runtime/served-tree.ts) both take them from here, so a
// file is typed the same on Netlify and on `npm start`. A test builds a site and finds a type
// here for every file it publishes.

export const MEDIA_TYPES = {
  json: 'application/json; charset=utf-8',
  ndjson: 'application/x-ndjson; charset=utf-8',
  // RFC 4180: the first line names the columns.
  csv: 'text/csv; charset=utf-8; header=present',
  sqlite: 'application/vnd.sqlite3',
  ttl: 'text/turtle; charset=utf-8',
  jsonld: 'application/ld+json; charset=utf-8',
  // TBX has no registered media type; it is XML in the ISO 30042 namespace (RFC 7303).
  tbx: 'application/xml; charset=utf-8',
  html: 'text/html; charset=utf-8',
  css: 'text/css; charset=utf-8',
} as const;

export type FileExtension = keyof typeof MEDIA_TYPES;

/** The types of the offline dumps' formats, by the last extension of their names. */
export const DUMP_EXTENSIONS_TYPED = [
  'json',
  'ndjson',
  'csv',
  'sqlite',
  'ttl',
  'jsonld',
  'tbx',
] as const satisfies readonly FileExtension[];

/** A file of a kind the build never publishes (one put into the output by hand): bytes, no more. */
export const UNKNOWN_MEDIA_TYPE = 'application/octet-stream';

/** The media type of a file, by the last extension of its name; undefined for one we never publish. */
export function mediaTypeOf(fileName: string): string | undefined {
  const dot = fileName.lastIndexOf('.');
  if (dot < 0) return undefined;
  const extension = fileName.slice(dot + 1).toLowerCase();
  return Object.hasOwn(MEDIA_TYPES, extension) ? MEDIA_TYPES[extension as FileExtension] : undefined;
}

/** A media type without its parameters (`text/turtle`), as `Accept` and `Link` name it. */
export function essenceOf(mediaType: string): string {
  return mediaType.split(';', 1)[0] ?? mediaType;
}
