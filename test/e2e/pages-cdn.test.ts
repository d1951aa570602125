// The site's pages as Netlify serves them (netlify dev: the CDN's static files, no function):
// `/a/b` from a/b.html and `/a/` from a/index.html, as the routing table declares, so every term
// and post `url` the API gives, and `attribution.url`, answer a page.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';

const baseUrl = inject('baseUrl');
const dist = inject('dist');

async function page(pathname: string): Promise<string> {
  const response = await fetch(baseUrl + pathname, { redirect: 'manual' });
  expect(response.status, pathname).toBe(200);
  expect(response.headers.get('content-type'), pathname).toMatch(/^text\/html/);
  return response.text();
}

describe('the site pages on the CDN', () => {
  it('serves the root and both indexes', async () => {
    expect(await page('/')).toContain('<a class="button" href="/bg/lexicon/">');
    expect(await page('/en/lexicon/')).toContain('<html lang="en">');
    expect(await page('/bg/lexicon/')).toContain('<html lang="bg">');
  });

  it('serves the page of every URL a term record gives, in both locales', async () => {
    for (const locale of ['en', 'bg']) {
      const term = JSON.parse(readFileSync(path.join(dist, `api/lexicon/${locale}/sophia.json`), 'utf8')) as {
        data: { url: string; relatedPosts: { url: string }[] };
        attribution: { url: string };
      };
      const urls = [term.data.url, term.attribution.url, ...term.data.relatedPosts.map((p) => p.url)];
      for (const url of urls) {
        const html = await page(new URL(url).pathname);
        if (url === term.data.url) expect(html).toContain(`<link rel="canonical" href="${url}">`);
      }
    }
  });

  it('answers 404 for a term page that does not exist', async () => {
    const response = await fetch(`${baseUrl}/en/lexicon/no-such-term`);
    expect(response.status).toBe(404);
  });
});
