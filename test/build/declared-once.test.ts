// Issue 21, "done when": each fact of the contract has one declaration. Here a copy of a
// declaration (a bound, a new parameter, a problem's title and a new kind, a header's name, the
// dumps' folder, the rate-limit policy and the backstop's window, the echo rule) is put in place
// of the original and every module is loaded afresh: the request parser, the handler, the OpenAPI
// document, the docs page, the JSON Schemas, the routing table, dist/_headers, the counting rules
// and the netlify.toml check all follow, with nothing else edited. A declaration's own module
// derives some values from it (DUMPS_URL_PATH from DUMPS_DIR, `echo` from ECHO_MAX_CHARACTERS):
// the copy derives them with that module's own functions (dumpsLayout, echoWithin, headerNames).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import type * as HeadersModule from '../../src/contract/headers.ts';
import type * as ParametersModule from '../../src/contract/list-parameters.ts';
import type * as LayoutModule from '../../src/contract/output-layout.ts';
import type * as ProblemsModule from '../../src/contract/problems.ts';
import type * as TextModule from '../../src/contract/text.ts';
import type * as RateLimitModule from '../../src/limits/rate-limit.ts';

const SITE = 'https://lexicon.test';
const VOCABULARIES = { pillar: ['cosmology', 'alchemy'], tradition: ['Gnostic', 'Hermetic'] };

/** Every derived artefact, from modules loaded after `mock` replaced one declaration. */
const MOCKED = [
  '../../src/contract/headers.ts',
  '../../src/contract/list-parameters.ts',
  '../../src/contract/output-layout.ts',
  '../../src/contract/problems.ts',
  '../../src/contract/text.ts',
  '../../src/limits/rate-limit.ts',
];

async function derived(mock?: () => void) {
  // A mock stays until undone: each test starts from the declarations as they are.
  for (const module of MOCKED) vi.doUnmock(module);
  vi.resetModules();
  mock?.();
  const { parseListParams } = await import('../../src/list/query.ts');
  const { buildOpenApiDocument, jsonSchemaDocument, SCHEMA_FILES } = await import(
    '../../scripts/lib/formats/openapi.ts'
  );
  const { renderDocsPage } = await import('../../scripts/lib/docs-page/index.ts');
  const { EXPOSED_HEADERS, problemBody } = await import('../../src/http.ts');
  const openapi = buildOpenApiDocument({
    siteUrl: SITE,
    source: 'Test',
    vocabularies: VOCABULARIES,
    rateLimitPerHour: 100,
    dataVersion: '0123456789abcdef',
  }) as { paths: Record<string, { get: { parameters: { name: string; schema: Record<string, unknown> }[] } }> };
  const attribution = { source: 'Test', url: SITE, license: 'CC BY-SA 4.0' as const, required: 'Powered by Test' };
  const entries = (keys: string[]) => keys.map((key) => ({ key, label: { en: key, bg: key }, count: 1 }));
  const page = renderDocsPage({
    openapiVersion: '1',
    manifest: {
      dataVersion: '0123456789abcdef',
      builtAt: '2025-01-01T00:00:00.000Z',
      license: 'CC BY-SA 4.0',
      licenseUrl: 'https://creativecommons.org/licenses/by-sa/4.0/',
      attribution,
      counts: { en: 2, bg: 2, posts: 0, pillars: 2 },
      files: [],
      versions: [
        { dataVersion: '0123456789abcdef', builtAt: '2025-01-01T00:00:00.000Z', status: 'current', files: [] },
      ],
    },
    vocabularies: { pillar: entries(VOCABULARIES.pillar), tradition: entries(VOCABULARIES.tradition) },
    rateLimitPerHour: 100,
    exampleSlug: 'sophia',
    counts: { en: 2, bg: 2 },
  });
  const schema = (file: string) =>
    JSON.stringify(jsonSchemaDocument(SCHEMA_FILES[file]!, `${SITE}/api/lexicon/schemas/${file}`));
  const listParameters = Object.fromEntries(
    openapi.paths['/api/lexicon/public']!.get.parameters.map((p) => [p.name, p.schema]),
  );
  const parse = (query: string) => parseListParams(new URLSearchParams(query), VOCABULARIES);
  const problem = (kind: string) =>
    JSON.parse(
      problemBody({ kind: kind as never, detail: 'd', docsUrl: `${SITE}/api/lexicon/`, attributionJson: '{}' }),
    );
  return { parse, openapi: JSON.stringify(openapi), listParameters, page, schema, EXPOSED_HEADERS, problem };
}

function mockParameters(patch: (table: typeof ParametersModule.LIST_PARAMETERS) => object) {
  return () =>
    vi.doMock('../../src/contract/list-parameters.ts', async (importOriginal) => {
      const original = await importOriginal<typeof ParametersModule>();
      return { ...original, LIST_PARAMETERS: patch(original.LIST_PARAMETERS) };
    });
}

describe('the parameter table drives the parser, OpenAPI, the docs page and the schemas', () => {
  it('as declared: limit up to 500, no `era`', async () => {
    const d = await derived();
    expect(d.parse('limit=300&era=x')).toEqual({
      ok: true,
      value: expect.objectContaining({ limit: 300 }),
      warnings: ['unknown parameter "era" was ignored'],
    });
    expect(d.listParameters.limit).toEqual({ type: 'integer', minimum: 1, maximum: 500, default: 50 });
    expect(d.listParameters.era).toBeUndefined();
    expect(d.page).not.toContain('data-param="era"');
    expect(JSON.parse(d.schema('list-response.json')).$defs.ListMeta.properties.limit.maximum).toBe(500);
  });

  it('a maximum changed in one place, and a parameter added in one place', async () => {
    const d = await derived(
      mockParameters((table) => ({
        ...table,
        limit: { ...table.limit, maximum: 200 },
        era: {
          kind: 'text',
          maxCodePoints: 12,
          description: () => ({ en: 'Era of the term (a test parameter).', bg: 'Епоха на термина (за теста).' }),
          tooLong: (self: { maxCodePoints: number }) => ({
            en: `must be at most ${self.maxCodePoints} characters`,
            bg: `трябва да е най-много ${self.maxCodePoints} знака`,
          }),
        },
      })),
    );
    // The parser: the new bound clamps with its own words; the new parameter is read, not ignored.
    expect(d.parse('limit=300&era=%20late%20')).toEqual({
      ok: true,
      value: expect.objectContaining({ limit: 200, era: 'late' }),
      warnings: ['limit 300 is outside 1-200; 200 was applied'],
    });
    expect(d.parse(`era=${'x'.repeat(13)}`)).toEqual({
      ok: false,
      errors: [{ parameter: 'era', detail: 'must be at most 12 characters' }],
    });
    // OpenAPI.
    expect(d.listParameters.limit).toEqual({ type: 'integer', minimum: 1, maximum: 200, default: 50 });
    expect(d.listParameters.era).toEqual({ type: 'string', maxLength: 12 });
    expect(d.openapi).toContain('An integer outside 1-200 is clamped');
    // The docs page: the bound, the new row, its texts in both languages.
    expect(d.page).toMatch(/data-param="limit"[\s\S]*?maximum<\/span>.*<code>200<\/code>/);
    expect(d.page).toContain('data-param="era"');
    expect(d.page).toContain('Епоха на термина (за теста).');
    expect(d.page).toContain('limit 201 is outside 1-200; 200 was applied');
    // The JSON Schemas.
    expect(JSON.parse(d.schema('list-response.json')).$defs.ListMeta.properties.limit.maximum).toBe(200);
    expect(d.schema('problem.json')).toContain('locale, limit, offset, pillar, tradition, q, era');
  });
});

describe('the problem catalogue drives the handler bodies, OpenAPI, the docs page and the schema', () => {
  it('a title changed and a kind added in one place', async () => {
    const d = await derived(() =>
      vi.doMock('../../src/contract/problems.ts', async (importOriginal) => {
        const original = await importOriginal<typeof ProblemsModule>();
        const PROBLEMS = {
          ...original.PROBLEMS,
          'not-found': { ...original.PROBLEMS['not-found'], title: 'Nothing here' },
          'gone-fishing': {
            status: 418,
            title: 'Gone fishing',
            explanation: { en: 'A kind added by the test.', bg: 'Вид, добавен от теста.' },
            detail: () => 'gone',
          },
        };
        return { ...original, PROBLEMS, PROBLEM_KIND_NAMES: Object.keys(PROBLEMS) };
      }),
    );
    expect(d.problem('not-found')).toMatchObject({ title: 'Nothing here', status: 404 });
    expect(d.problem('gone-fishing')).toMatchObject({ title: 'Gone fishing', status: 418 });
    expect(d.openapi).toContain('#not-found (Nothing here)');
    expect(d.page).toContain('id="gone-fishing"');
    expect(d.page).toContain('Вид, добавен от теста.');
    expect(d.schema('problem.json')).toContain('#gone-fishing');
  });

  it('as declared: every operation documents the 500', async () => {
    const d = await derived();
    const doc = JSON.parse(d.openapi) as { paths: Record<string, { get: { responses: Record<string, unknown> } }> };
    for (const [path, item] of Object.entries(doc.paths))
      expect(Object.keys(item.get.responses), path).toContain('500');
    expect(d.schema('problem.json')).toContain('#internal-error');
  });
});

describe('the header table drives the CORS exposure, OpenAPI and the docs page', () => {
  it('a name changed in one place', async () => {
    const d = await derived(() =>
      vi.doMock('../../src/contract/headers.ts', async (importOriginal) => {
        const original = await importOriginal<typeof HeadersModule>();
        const HEADERS = {
          ...original.HEADERS,
          rateLimitRemaining: { ...original.HEADERS.rateLimitRemaining, name: 'X-Left' },
        };
        return {
          ...original,
          HEADERS,
          EXPOSED_HEADER_NAMES: Object.values(HEADERS)
            .filter((h) => h.exposed)
            .map((h) => h.name),
        };
      }),
    );
    expect(d.EXPOSED_HEADERS).toContain('X-Left');
    expect(d.EXPOSED_HEADERS).not.toContain('X-RateLimit-Remaining');
    expect(d.openapi).toContain('"X-Left"');
    expect(d.openapi).not.toContain('X-RateLimit-Remaining');
    expect(d.page).toContain('<code>X-Left</code>');
  });
});

const TOML = readFileSync(path.resolve(import.meta.dirname, '../../netlify.toml'), 'utf8');

/** What is served and deployed, from the modules `derived` loaded: the handler on the small
 * corpus, the routing table, dist/_headers, the counting rules and the netlify.toml check. */
async function served() {
  const { validateCorpus } = await import('../../scripts/lib/corpus/validate-corpus.ts');
  const { smallCorpusFiles } = await import('../helpers/corpus-fixtures.ts');
  const { inMemorySite } = await import('../helpers/in-memory-site.ts');
  const validation = validateCorpus(smallCorpusFiles());
  if (!validation.ok) throw new Error('the small fixture corpus must be valid');
  const site = await inMemorySite(validation.corpus, { rateLimit: 100 });
  const routes = await import('../../src/routes.ts');
  const deploy = await import('../../scripts/lib/publish/deploy-files.ts');
  const counting = await import('../../src/limits/counting.ts');
  const backstop = await import('../../src/limits/backstop.ts');
  const { checkNetlifyToml } = await import('../helpers/netlify-toml-check.ts');
  return {
    site,
    routes,
    counting,
    backstop,
    headersFile: deploy.renderHeadersFile(deploy.headersFileRules(100)),
    tomlProblems: checkNetlifyToml(TOML),
  };
}

function mockLayout(dumpsDir: string) {
  return () =>
    vi.doMock('../../src/contract/output-layout.ts', async (importOriginal) => {
      const original = await importOriginal<typeof LayoutModule>();
      return { ...original, DUMPS_DIR: dumpsDir, ...original.dumpsLayout(dumpsDir) };
    });
}

describe('the output layout drives the build, the routing table, the deploy files, OpenAPI and the docs', () => {
  it('as declared: the dumps under /dumps/', async () => {
    const d = await derived(mockLayout('dumps'));
    const s = await served();
    expect(s.site.files.has('dumps/manifest.json')).toBe(true);
    expect(d.openapi).toContain('"/dumps/manifest.json"');
    expect(s.headersFile).toContain('/dumps/lexicon-*\n  Cache-Control: public, max-age=31536000, immutable\n');
  });

  it("the dumps' folder changed in one place", async () => {
    const d = await derived(mockLayout('downloads'));
    const s = await served();
    // The build writes them there.
    const written = [...s.site.files.keys()];
    expect(written).toContain('downloads/manifest.json');
    expect(written.filter((file) => file.startsWith('dumps/'))).toEqual([]);
    // OpenAPI, the docs page, the manifest's schema.
    expect(d.openapi).toContain('"/downloads/manifest.json"');
    expect(d.openapi).not.toContain('/dumps/');
    expect(d.page).toContain('href="/downloads/manifest.json"');
    expect(d.page).not.toContain('/dumps/');
    expect(d.schema('manifest.json')).toContain('/downloads/...');
    // The routing table: the functions' paths, who answers, the pages' reserved prefixes.
    expect(s.routes.FUNCTIONS.map((fn) => fn.path)).toEqual([
      ['/api/*', '/downloads/*'],
      ['/api/*', '/downloads/*'],
    ]);
    const hasFile = (p: string) => p === '/downloads/manifest.json';
    expect(s.routes.resolveRoute('GET', '/downloads/manifest.json', new URLSearchParams(), hasFile)).toEqual({
      kind: 'file',
      path: '/downloads/manifest.json',
    });
    expect(s.routes.isPagePath('/downloads/x')).toBe(false);
    expect(s.routes.isPagePath('/dumps/x')).toBe(true);
    // dist/_headers: every rule of the folder moved with it.
    expect(s.headersFile).toContain('/downloads/lexicon-*\n  Cache-Control: public, max-age=31536000, immutable\n');
    expect(s.headersFile).toContain('/downloads/*.csv\n  Content-Type: text/csv; charset=utf-8; header=present\n');
    expect(s.headersFile).not.toContain('/dumps/');
    // What is counted, and the table the docs render from it.
    expect(s.counting.isCounted('/downloads/lexicon-0123-en.csv')).toBe(false);
    expect(s.counting.countingTableMarkdown()).toContain('`/downloads/*`');
  });
});

function mockPolicy(perHour: number, windowSeconds: number) {
  return () =>
    vi.doMock('../../src/limits/rate-limit.ts', async (importOriginal) => {
      const original = await importOriginal<typeof RateLimitModule>();
      return {
        ...original,
        DEFAULT_REQUESTS_PER_HOUR: perHour,
        LARGEST_REQUESTS_PER_HOUR: perHour,
        WINDOW_SECONDS: windowSeconds,
      };
    });
}

describe('the rate-limit policy drives the backstop, the netlify.toml check, the handler, OpenAPI and the docs', () => {
  it('as declared: netlify.toml holds the backstop the policy asks for', async () => {
    await derived(mockPolicy(100, 3600));
    const s = await served();
    expect(s.backstop.BACKSTOP_TRAFFIC_RULE).toMatchObject({ window_limit: 100, window_size: 180 });
    expect(s.tomlProblems).toEqual([]);
  });

  it('a larger limit and a shorter window, changed in one place', async () => {
    const d = await derived(mockPolicy(250, 120));
    const s = await served();
    // The backstop follows: it lets the whole limit through, in a window no longer than the policy's.
    expect(s.backstop.BACKSTOP_TRAFFIC_RULE).toMatchObject({ window_limit: 250, window_size: 120 });
    expect(s.backstop.BACKSTOP_FUNCTION_RULE).toMatchObject({ windowLimit: 250, windowSize: 120 });
    expect(s.backstop.backstopProblem(250, 'RATE_LIMIT_PER_HOUR=250')).toBeUndefined();
    // netlify.toml, which Netlify reads as literals, is now named wrong at every backstop rule.
    const rateLimited = TOML.match(/\[redirects\.rate_limit\]/g)?.length ?? 0;
    expect(rateLimited).toBeGreaterThan(0);
    expect(
      s.tomlProblems.filter((p) => p.includes('rate_limit is {"window_limit":100,"window_size":180')),
    ).toHaveLength(rateLimited);
    expect(s.tomlProblems[0]).toContain('the declaration says {"window_limit":250,"window_size":120');
    // The handler: the policy on every answer; the CDN's 429 says when to retry.
    const list = await s.site.handle('/api/lexicon/public');
    expect(list.headers.get('RateLimit-Policy')).toBe('"hourly";q=100;w=120');
    const limited = await s.site.handle('/api/lexicon/rate-limited');
    expect(limited.status).toBe(429);
    expect(limited.headers.get('Retry-After')).toBe('120');
    expect(JSON.parse(await limited.text()).detail).toBe('too many requests from this client; retry in 120 seconds');
    // OpenAPI and the docs page.
    expect(d.openapi).toContain("(120 when the CDN's rule answered)");
    expect(d.openapi).toContain('\\"hourly\\";q=100;w=120');
    expect(d.page).toContain('120\u00a0seconds from your first counted request');
  });
});

describe('the echo rule drives the parser, the problems and the docs page', () => {
  it('a shorter echo, changed in one place', async () => {
    const d = await derived(() =>
      vi.doMock('../../src/contract/text.ts', async (importOriginal) => {
        const original = await importOriginal<typeof TextModule>();
        return {
          ...original,
          ECHO_MAX_CHARACTERS: 8,
          echo: original.echoWithin(8),
          ECHO_RULE: original.echoRuleText(8),
        };
      }),
    );
    const s = await served();
    expect(d.parse('limit=123456789012&era=x')).toMatchObject({
      warnings: ['limit 12345678… is outside 1-500; 500 was applied', 'unknown parameter "era" was ignored'],
    });
    const missing = await s.site.handle('/api/lexicon/public/no-such-term-at-all');
    expect(JSON.parse(await missing.text()).detail).toBe('no term has the slug "no-such-…"');
    const method = await s.site.handle(new Request('https://api.test/api/lexicon/public', { method: 'PROPPATCHED' }));
    expect(JSON.parse(await method.text()).detail).toMatch(/^PROPPATC… is not allowed/);
    expect(d.page).toContain('A message repeats at most 8 characters of what the client sent');
    expect(d.page).toContain('най-много 8 знака');
  });
});

describe('the header table drives the handler, the static rules and the self-hosted server', () => {
  it('names changed in one place', async () => {
    await derived(() =>
      vi.doMock('../../src/contract/headers.ts', async (importOriginal) => {
        const original = await importOriginal<typeof HeadersModule>();
        const HEADERS = {
          ...original.HEADERS,
          license: { ...original.HEADERS.license, name: 'X-Data-License' },
          rateLimitPolicy: { ...original.HEADERS.rateLimitPolicy, name: 'X-Policy' },
          etag: { ...original.HEADERS.etag, name: 'X-Tag' },
        };
        return { ...original, HEADERS, HEADER_NAMES: original.headerNames(HEADERS) };
      }),
    );
    const s = await served();
    const list = await s.site.handle('/api/lexicon/public');
    expect(list.headers.get('X-Data-License')).toBe('CC BY-SA 4.0');
    expect(list.headers.get('X-Policy')).toBe('"hourly";q=100;w=3600');
    expect(list.headers.get('X-Tag')).toMatch(/^"[0-9a-f]{16}-[0-9a-f]{8}"$/);
    for (const old of ['X-License', 'RateLimit-Policy', 'ETag']) expect(list.headers.get(old), old).toBeNull();
    expect(s.headersFile).toContain('/api/*\n  X-Data-License: CC BY-SA 4.0\n');
    expect(s.headersFile).toContain('X-Policy: "hourly";q=100;w=3600');
    expect(s.headersFile).not.toContain('RateLimit-Policy');
  });
});
