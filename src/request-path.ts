// The one reading of a request's path, done before anything routes or serves it: every component
// that decides who answers (the routing table, the handler, the self-hosted file server) sees the
// same decoded, canonical path, so no spelling can reach a file the routing table does not
// publish (`/%5fdata/...`, `//_headers`, `/api/..%2f_data/...`). Web-standard and pure.

/** The longest request target (path and query) answered; longer is a 414 problem. */
export const MAX_URL_LENGTH = 4096;

export type CanonicalPath = { ok: true; path: string } | { ok: false; reason: string };

// A decoded segment may not hold a separator, NUL or another control character: the file system
// or a later decoder would read it as something else.
function forbiddenInSegment(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x2f || code === 0x5c) return true;
  }
  return false;
}

/**
 * The canonical form of a URL's pathname (as `new URL()` gives it: percent-encoded): each segment
 * decoded exactly once, joined by `/`. Refused, whatever the spelling: a malformed escape, an
 * encoded `/` or `\`, a dot segment (`.`, `..`, `%2e`), NUL and other controls, and an empty
 * segment (`//`) anywhere but as the trailing slash.
 */
export function canonicalPath(pathname: string): CanonicalPath {
  if (!pathname.startsWith('/')) return { ok: false, reason: 'the path does not start with "/"' };
  const segments = pathname.slice(1).split('/');
  const decoded: string[] = [];
  for (const [i, segment] of segments.entries()) {
    const last = i === segments.length - 1;
    if (segment === '') {
      if (last) {
        decoded.push('');
        continue;
      }
      return { ok: false, reason: 'the path has an empty segment ("//")' };
    }
    let text: string;
    try {
      text = decodeURIComponent(segment);
    } catch {
      return { ok: false, reason: 'the path has a malformed percent-escape' };
    }
    if (text === '.' || text === '..') return { ok: false, reason: 'the path has a dot segment' };
    if (forbiddenInSegment(text)) {
      return { ok: false, reason: 'the path has an encoded separator or a control character' };
    }
    decoded.push(text);
  }
  return { ok: true, path: `/${decoded.join('/')}` };
}

/** The length of a request target as the client sent it (path and query, no fragment). */
export function requestTargetLength(url: URL): number {
  return url.pathname.length + url.search.length;
}
