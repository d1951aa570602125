// The documentation page at /api/lexicon/ in a real browser (system Chromium through
// playwright-core): it renders, its runnable examples call the API, the language switch works,
// and its script logs no errors or warnings. The server comes from the e2e project's
// globalSetup (`provide('baseUrl', ...)`); LEXICON_BASE_URL overrides it for manual runs.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = existsSync(CHROMIUM);
if (!hasChromium) {
  console.warn(
    `test/e2e/docs-page.test.ts: skipping the browser tests: no Chromium executable at ${CHROMIUM} (install the chromium package or set CHROMIUM_PATH)`,
  );
}

const ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const SCREENSHOT = path.join(tmpdir(), 'docs-page.png');

function baseUrl(): string {
  const url = process.env.LEXICON_BASE_URL || inject('baseUrl');
  if (!url)
    throw new Error(
      "no server: run this file in the e2e vitest project (its globalSetup provides 'baseUrl') or set LEXICON_BASE_URL",
    );
  return url.replace(/\/$/, '');
}

describe.skipIf(!hasChromium)('documentation page in Chromium', () => {
  let userDataDir: string;
  let context: BrowserContext;
  let page: Page;
  let docsUrl: string;
  const problems: string[] = [];

  beforeAll(async () => {
    docsUrl = `${baseUrl()}/api/lexicon/`;
    userDataDir = mkdtempSync(path.join(tmpdir(), 'lexicon-docs-chromium-'));
    context = await chromium.launchPersistentContext(userDataDir, {
      executablePath: CHROMIUM,
      headless: true,
      args: ARGS,
      viewport: { width: 1280, height: 900 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('console', (message) => {
      if (message.type() === 'error' || message.type() === 'warning') {
        problems.push(`console.${message.type()}: ${message.text()} (${message.location().url})`);
      }
    });
    page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
    const response = await page.goto(docsUrl, { waitUntil: 'load' });
    expect(response?.status(), `GET ${docsUrl}`).toBe(200);
  }, 60_000);

  afterAll(async () => {
    await context?.close();
    if (userDataDir) rmSync(userDataDir, { recursive: true, force: true });
  });

  it('renders the endpoints with their parameters', async () => {
    const endpoints = page.locator('#endpoints');
    await expect.poll(() => endpoints.isVisible()).toBe(true);
    const text = await endpoints.innerText();
    expect(text).toContain('/api/lexicon/public');
    expect(text).toContain('/api/lexicon/public/{slug}');
    for (const name of ['locale', 'pillar', 'q', 'limit', 'offset']) {
      expect(await page.locator(`#endpoints tr[data-param="${name}"]`).count(), name).toBeGreaterThan(0);
    }
  });

  it('shows the attribution snippet with the exact credit text', async () => {
    const pillars = (await (await page.request.get(`${baseUrl()}/api/lexicon/pillars.json`)).json()) as {
      attribution: { required: string; url: string };
    };
    const snippet = await page.locator('#attribution-snippet').inputValue();
    expect(snippet).toContain(pillars.attribution.required);
    expect(snippet).toContain(`href="${pillars.attribution.url}"`);
    expect(snippet.startsWith('<a ')).toBe(true);
  });

  it('copies the snippet without throwing, with or without clipboard access', async () => {
    const button = page.locator('#attribution button[data-copy-target="attribution-snippet"]');
    await button.click();
    await expect.poll(() => page.locator('#attribution .copy-status').innerText()).not.toBe('');
  });

  it('lists the downloads and the pillars', async () => {
    expect(await page.locator('#dumps').isVisible()).toBe(true);
    expect(await page.locator('#dumps table tbody tr').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('#pillars table tbody tr').count()).toBeGreaterThanOrEqual(1);
  });

  it('has an anchor for every problem type', async () => {
    for (const kind of ['invalid-parameter', 'not-found', 'method-not-allowed', 'rate-limited']) {
      expect(await page.locator(`[id="${kind}"]`).count(), kind).toBe(1);
    }
  });

  it('fills the curl commands with this origin', async () => {
    const curl = await page.locator('[id="example-1-curl"]').innerText();
    expect(curl).toBe(`curl -s '${new URL(docsUrl).origin}/api/lexicon/public?limit=3'`);
  });

  it('runs an example and shows the status and the JSON body', async () => {
    const url = '/api/lexicon/public?limit=3';
    await page.locator(`button[data-example="${url}"]`).click();
    const output = page.locator(`[data-output-for="${url}"]`);
    await expect.poll(() => output.getAttribute('data-status'), { timeout: 15_000 }).toBe('200');
    const text = await output.innerText();
    expect(text).toContain('HTTP 200');
    expect(text).toContain('"data"');
    expect(text).toContain('"attribution"');
  });

  it('runs the Bulgarian search example', async () => {
    const url = '/api/lexicon/public?locale=bg&q=со&limit=5';
    await page.locator(`button[data-example="${url}"]`).click();
    const output = page.locator(`[data-output-for="${url}"]`);
    await expect.poll(() => output.getAttribute('data-status'), { timeout: 15_000 }).toBe('200');
    expect(await output.innerText()).toContain('"locale": "bg"');
    await page.screenshot({ path: SCREENSHOT, fullPage: true });
  });

  it('switches to Bulgarian and remembers the choice', async () => {
    await page.locator('button[data-set-lang="bg"]').click();
    const heading = page.getByRole('heading', { name: 'Крайни точки' });
    await expect.poll(() => heading.isVisible()).toBe(true);
    expect(await page.getByRole('heading', { name: 'Endpoints', exact: true }).isVisible()).toBe(false);
    expect(await page.locator('html').getAttribute('lang')).toBe('bg');

    await page.reload({ waitUntil: 'load' });
    await expect.poll(() => page.getByRole('heading', { name: 'Крайни точки' }).isVisible()).toBe(true);
    await page.screenshot({ path: SCREENSHOT.replace(/\.png$/, '-bg.png'), fullPage: true });

    await page.locator('button[data-set-lang="en"]').click();
    await expect.poll(() => page.getByRole('heading', { name: 'Endpoints', exact: true }).isVisible()).toBe(true);
  });

  it.each([
    [1280, 'en'],
    [1280, 'bg'],
    [390, 'en'],
    [390, 'bg'],
  ] as const)('fits %i px in %s: no horizontal overflow of the page or of any table', async (width, lang) => {
    await page.setViewportSize({ width, height: 900 });
    await page.goto(`${docsUrl}?lang=${lang}`, { waitUntil: 'load' });
    expect(await page.locator('html').getAttribute('lang')).toBe(lang);
    const overflow = await page.evaluate(() => {
      const found: string[] = [];
      const doc = document.documentElement;
      if (doc.scrollWidth > doc.clientWidth) found.push(`page: ${doc.scrollWidth} > ${doc.clientWidth}`);
      for (const wrap of document.querySelectorAll('.table-wrap')) {
        if (wrap.scrollWidth > wrap.clientWidth + 1)
          found.push(`#${wrap.closest('section')?.id} table: ${wrap.scrollWidth} > ${wrap.clientWidth}`);
      }
      return found;
    });
    expect(overflow).toEqual([]);
    // In Bulgarian the operations are described in Bulgarian too.
    if (lang === 'bg') expect(await page.locator('#endpoints').innerText()).toContain('Един термин по slug');
    await page.screenshot({ path: SCREENSHOT.replace(/\.png$/, `-${width}-${lang}.png`), fullPage: true });
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it('logs no console errors or warnings and throws nothing', () => {
    expect(problems).toEqual([]);
  });
});
