// The media types of published files are declared once (src/contract/media-types.ts): every file
// the build publishes has one there, and the CDN's rules (dist/_headers) and the self-hosted
// server type each file the same.
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATA_DIR, HEADERS_FILE, REDIRECTS_FILE } from '../../src/contract/output-layout.ts';
import { MEDIA_TYPES, mediaTypeOf, UNKNOWN_MEDIA_TYPE } from '../../src/contract/media-types.ts';
import { staticHeaders } from '../../src/routes.ts';
import { DUMP_EXTENSIONS } from '../../scripts/lib/formats/dump-names.ts';

const GOLDEN = path.resolve(import.meta.dirname, '../fixtures/golden-small');
const NEVER_SERVED = [DATA_DIR, HEADERS_FILE, REDIRECTS_FILE];

/** Every file of the golden build that a client can be served, as URL paths. */
function servedPaths(): string[] {
  return readdirSync(GOLDEN, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(GOLDEN, path.join(entry.parentPath, entry.name)).split(path.sep).join('/'))
    .filter((file) => !NEVER_SERVED.some((hidden) => file === hidden || file.startsWith(`${hidden}/`)))
    .map((file) => `/${file}`);
}

describe('media types', () => {
  it('has a declared type for every file the build publishes, and every dump format', () => {
    const paths = servedPaths();
    expect(paths.length).toBeGreaterThan(50);
    expect(paths.filter((p) => mediaTypeOf(p) === undefined)).toEqual([]);
    for (const extension of Object.values(DUMP_EXTENSIONS))
      expect(mediaTypeOf(`/dumps/lexicon-0123456789abcdef-en.${extension}`), extension).toBeDefined();
  });

  it('types a file the same on the CDN (dist/_headers) as on the self-hosted server', () => {
    for (const urlPath of servedPaths()) {
      const cdn = staticHeaders(urlPath, 100)['Content-Type'];
      // The CDN types what _headers leaves open (pages, the stylesheet) by the extension itself.
      if (cdn !== undefined) expect(cdn, urlPath).toBe(mediaTypeOf(urlPath));
    }
  });

  it('reads the last extension, in any letter case, and nothing else', () => {
    expect(mediaTypeOf('lexicon-0123-all.skos.ttl')).toBe(MEDIA_TYPES.ttl);
    expect(mediaTypeOf('INDEX.HTML')).toBe(MEDIA_TYPES.html);
    expect(mediaTypeOf('README')).toBeUndefined();
    expect(mediaTypeOf('x.constructor')).toBeUndefined();
    expect(mediaTypeOf('x.exe')).toBeUndefined();
    expect(UNKNOWN_MEDIA_TYPE).toBe('application/octet-stream');
  });
});
