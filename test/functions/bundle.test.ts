// The functions as Netlify deploys them: bundled by zip-it-and-ship-it (the bundler Netlify
// runs), loaded from the bundle and asked real questions. Also checks what the bundle ships:
// the list indexes, never the term files or dumps (Netlify caps a function at 250 MB unzipped).
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { zipFunctions } from '@netlify/zip-it-and-ship-it';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

describe('the deployed function bundles', () => {
  let out: string;
  beforeAll(async () => {
    // A site root of its own: the repository's functions/ and runtime code, a dist/ built here.
    const site = tempDir();
    const built = await buildSite({ corpusDir: SMALL_CORPUS, outDir: path.join(ROOT, '.tmp/bundle-test-dist') });
    expect(built.ok).toBe(true);
    out = path.join(site, 'bundles');
    await zipFunctions([path.join(ROOT, 'functions')], out, {
      archiveFormat: 'none',
      basePath: ROOT,
      config: {
        '*': {
          nodeBundler: 'esbuild',
          includedFiles: ['.tmp/bundle-test-dist/_data/list-index.*.bin', '.tmp/bundle-test-dist/_data/site.json'],
        },
      },
    });
  }, 120_000);

  it('ship the list indexes and no term file or dump', () => {
    for (const name of ['lexicon', 'lexicon-methods']) {
      const data = path.join(out, name, '.tmp/bundle-test-dist');
      expect(
        readdirSync(path.join(data, '_data'))
          .filter((f) => f.endsWith('.bin'))
          .sort(),
      ).toEqual(['list-index.bg.bin', 'list-index.en.bin']);
      expect(readdirSync(data)).toEqual(['_data']);
      expect(existsSync(path.join(out, name, 'dist', 'api'))).toBe(false);
    }
  });

  it('load and answer from the bundle', async () => {
    process.env.LEXICON_DIST = path.join(out, 'lexicon', '.tmp/bundle-test-dist');
    const fn = (await import(pathToFileURL(path.join(out, 'lexicon/functions/lexicon.mjs')).href)).default;
    const list = await fn(new Request('https://site.test/api/lexicon/public?limit=2'), { ip: '203.0.113.1' });
    expect(list.status).toBe(200);
    expect(JSON.parse(await list.text()).data).toHaveLength(2);
    const redirect = await fn(new Request('https://site.test/api/lexicon/term/aeon?locale=BG'), { ip: '203.0.113.1' });
    expect([redirect.status, redirect.headers.get('Location')]).toEqual([308, '/api/lexicon/public/aeon?locale=bg']);
  });
});
