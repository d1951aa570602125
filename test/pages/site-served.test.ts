// The bundled corpus built and served by the self-hosted server (what `npm start` runs), tried as
// its readers try it: a link checker (linkinator) crawls from `/` and from every URL the API
// gives; html-validate reads every generated page; axe-core runs in Chromium (playwright-core) on
// the root, both indexes and five term pages per locale at a desktop and a phone width, whose
// full-page screenshots must be no wider than the window; the index's search finds what `q` finds.
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import fg from 'fast-glob';
import { LinkChecker } from 'linkinator';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../runtime/server.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { pageValidator } from '../helpers/html-validator.ts';
import { freePort } from '../helpers/netlify-dev.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium)
  console.warn(
    `test/pages/site-served.test.ts: skipping the browser tests: no Chromium at ${CHROMIUM} (set CHROMIUM_PATH)`,
  );

const TERM_PAGE_MAX_BYTES = 30 * 1024;
const SAMPLE_SLUGS = ['sophia', 'aeon', 'nigredo', 'demiurge', 'abraxas'];
const WIDTHS = [1280, 390];

let out: string;
let server: RunningServer;
let base: string;

interface ListPage {
  data: { slug: string; url: string }[];
  meta: { total: number };
  attribution: { url: string };
}

async function getJson<T>(pathAndQuery: string): Promise<T> {
  const response = await fetch(base + pathAndQuery);
  expect(response.status, pathAndQuery).toBe(200);
  return (await response.json()) as T;
}

/** Every term of a locale as the list endpoint gives it, page by page. */
async function allTerms(locale: string, q?: string): Promise<ListPage['data']> {
  const terms: ListPage['data'] = [];
  for (let offset = 0; ; ) {
    const query = new URLSearchParams({ locale, limit: '500', offset: String(offset), ...(q ? { q } : {}) });
    const page = await getJson<ListPage>(`/api/lexicon/public?${query}`);
    terms.push(...page.data);
    offset += page.data.length;
    if (page.data.length === 0 || offset >= page.meta.total) return terms;
  }
}

beforeAll(async () => {
  const port = await freePort();
  base = `http://127.0.0.1:${port}`;
  out = path.join(tempDir('lexicon-site-'), 'dist');
  const result = await buildSite({ corpusDir: path.join(ROOT, 'corpus'), outDir: out, siteUrl: base });
  if (!result.ok) throw new Error(result.messages.join('\n'));
  server = await startServer({ dist: out, port, host: '127.0.0.1', rateLimit: 0, log: () => {} });
}, 180_000);

afterAll(async () => {
  await server?.close();
});

describe('links', () => {
  it('has no broken link on the site, from the root and from every URL the API gives, in both locales', async () => {
    const apiUrls = new Set<string>();
    for (const locale of ['en', 'bg']) {
      const terms = await allTerms(locale);
      for (const term of terms) apiUrls.add(term.url);
      const pillars = await getJson<{ attribution: { url: string } }>('/api/lexicon/pillars.json');
      apiUrls.add(pillars.attribution.url);
    }
    // Every post URL the API gives, across every term.
    for (const file of fg.sync('api/lexicon/{en,bg}/*.json', { cwd: out })) {
      const term = JSON.parse(readFileSync(path.join(out, file), 'utf8')) as {
        data: { relatedPosts: { url: string }[] };
      };
      for (const post of term.data.relatedPosts) apiUrls.add(post.url);
    }
    expect(
      [...apiUrls].filter((url) => !url.startsWith(base)),
      'URLs of another site',
    ).toEqual([]);
    const result = await new LinkChecker().check({
      path: `${base}/`,
      recurse: true,
      checkFragments: true,
      // Page URLs have no extension and are pages, not folders: links resolve against them as a browser does.
      cleanUrls: true,
      concurrency: 8,
      timeout: 60_000,
      // A connection refused or reset on this shared machine is tried again; a 404 is not.
      retryErrors: true,
      retryErrorsCount: 5,
      retryErrorsJitter: 2000,
      // Only this site's links: the checker must not depend on the network.
      linksToSkip: async (link) => !link.startsWith(base),
    });
    const broken = result.links.filter((link) => link.state === 'BROKEN');
    expect(
      broken.map(
        (link) =>
          `${link.status} ${link.url} (on ${link.parent})${link.status ? '' : `: ${String(link.failureDetails?.[0])}`}`,
      ),
      'broken links',
    ).toEqual([]);
    // The crawl from the root reached every URL the API gives, the docs page and the downloads.
    const checked = new Set(
      result.links.filter((link) => link.state === 'OK').map((link) => link.url.replace(/\/$/, '')),
    );
    expect(
      [...apiUrls].filter((url) => !checked.has(url.replace(/\/$/, ''))),
      'API URLs the crawl did not reach',
    ).toEqual([]);
    expect(checked.has(`${base}/api/lexicon`)).toBe(true);
    expect([...checked].filter((url) => url.startsWith(`${base}/dumps/`)).length).toBeGreaterThan(3);
  }, 600_000);
});

describe('markup', () => {
  it('is valid on every generated page (html-validate, recommended rules)', async () => {
    const validator = pageValidator({ extends: ['html-validate:recommended'] });
    const pages = fg.sync('**/*.html', { cwd: out });
    expect(pages.length).toBeGreaterThan(600);
    const errors: string[] = [];
    for (const page of pages) {
      const report = await validator.validateString(readFileSync(path.join(out, page), 'utf8'), page);
      for (const result of report.results)
        for (const message of result.messages)
          errors.push(`${page}:${message.line} ${message.ruleId}: ${message.message}`);
    }
    expect(errors).toEqual([]);
  }, 600_000);

  it(`keeps every term page, with its stylesheet, within ${TERM_PAGE_MAX_BYTES / 1024} KB`, () => {
    const sizes = fg
      .sync('{en,bg}/lexicon/*.html', { cwd: out })
      .filter((file) => !file.endsWith('/index.html'))
      .map((file) => ({ file, bytes: statSync(path.join(out, file)).size }))
      .sort((a, b) => b.bytes - a.bytes);
    expect(sizes.length).toBeGreaterThan(600);
    // The page's stylesheets count too.
    const largest = readFileSync(path.join(out, sizes[0]!.file), 'utf8');
    const stylesheets = [...largest.matchAll(/<link rel="stylesheet" href="([^"]+)"/g)].map((m) => m[1]!);
    expect(stylesheets).toHaveLength(1);
    const css = stylesheets.reduce((sum, href) => sum + statSync(path.join(out, href)).size, 0);
    expect(sizes[0]!.bytes + css, `${sizes[0]!.file} and its stylesheet`).toBeLessThanOrEqual(TERM_PAGE_MAX_BYTES);
  });
});

describe.skipIf(!hasChromium)('in Chromium', () => {
  let browser: Browser;
  let userDataDir: string;
  const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

  beforeAll(async () => {
    userDataDir = mkdtempSync(path.join(tmpdir(), 'lexicon-pages-chromium-'));
    browser = await chromium.launch({
      executablePath: CHROMIUM,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
    });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  const pages = [
    '/',
    '/en/lexicon/',
    '/bg/lexicon/',
    ...SAMPLE_SLUGS.flatMap((slug) => [`/en/lexicon/${slug}`, `/bg/lexicon/${slug}`]),
  ];

  it.each(WIDTHS)(
    'has no serious or critical accessibility violation and nothing wider than the window, at %i px',
    async (width) => {
      const context = await browser.newContext({ viewport: { width, height: 900 } });
      const page = await context.newPage();
      const problems: string[] = [];
      page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
      try {
        for (const pathname of pages) {
          const response = await page.goto(base + pathname, { waitUntil: 'load' });
          expect(response?.status(), pathname).toBe(200);
          await page.addScriptTag({ content: axeSource });
          const violations = await page.evaluate(async () => {
            const axe = (window as unknown as { axe: { run: (o: unknown) => Promise<{ violations: unknown[] }> } }).axe;
            const result = await axe.run({ resultTypes: ['violations'] });
            return (result.violations as { id: string; impact: string; nodes: { target: string[] }[] }[])
              .filter((v) => v.impact === 'serious' || v.impact === 'critical')
              .map((v) => `${v.impact} ${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
          });
          expect(violations, `${pathname} at ${width} px`).toEqual([]);
          // A full-page screenshot is as wide as the page's content: no wider than the window.
          const png = await page.screenshot({ fullPage: true });
          expect(png.readUInt32BE(16), `screenshot width of ${pathname} at ${width} px`).toBe(width);
        }
      } finally {
        await context.close();
      }
      expect(problems).toEqual([]);
    },
    300_000,
  );

  it('searches the index through the list endpoint: it shows exactly the terms `q` finds', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 900 } });
    const page = await context.newPage();
    try {
      await page.goto(`${base}/bg/lexicon/`);
      for (const q of ['sofia', 'σοφ', 'камък', 'aeon']) {
        const expected = (await allTerms('bg', q)).map((t) => t.slug).sort();
        expect(expected.length, q).toBeGreaterThan(0);
        await page.fill('#q', q);
        await page.press('#q', 'Enter');
        await expect
          .poll(async () =>
            (
              await page
                .locator('li[data-slug]:visible')
                .evaluateAll((items) => items.map((i) => i.getAttribute('data-slug')))
            )
              .sort()
              .join(','),
          )
          .toBe(expected.join(','));
        expect(new URL(page.url()).searchParams.get('q')).toBe(q);
      }
      // The pillar filter narrows the search's results; clearing both shows every term again.
      await page.fill('#q', '');
      await page.press('#q', 'Enter');
      await page.selectOption('#pillar', 'alchemy');
      const total = (await allTerms('bg')).length;
      await expect.poll(() => page.locator('li[data-slug]:visible').count()).toBeLessThan(total);
      await expect.poll(() => page.locator('li[data-slug][data-pillar="alchemy"]:visible').count()).toBeGreaterThan(0);
      await expect.poll(() => page.locator('li[data-slug]:not([data-pillar="alchemy"]):visible').count()).toBe(0);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('is a plain list of every term without JavaScript', async () => {
    const context = await browser.newContext({ javaScriptEnabled: false });
    const page = await context.newPage();
    try {
      await page.goto(`${base}/en/lexicon/`);
      expect(await page.locator('#filters').isVisible()).toBe(false);
      expect(await page.locator('li[data-slug]:visible').count()).toBe((await allTerms('en')).length);
    } finally {
      await context.close();
    }
  }, 60_000);
});
