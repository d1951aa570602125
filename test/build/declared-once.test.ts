// Issue 21, "done when": each fact of the contract has one declaration. Here a copy of a
// declaration (a bound, a new parameter, a problem's title and a new kind, a header's name) is
// put in place of the original and every module is loaded afresh: the request parser, the
// OpenAPI document, the docs page and the JSON Schemas all follow, with nothing else edited.
import { describe, expect, it, vi } from 'vitest';
import type * as HeadersModule from '../../src/contract/headers.ts';
import type * as ParametersModule from '../../src/contract/list-parameters.ts';
import type * as ProblemsModule from '../../src/contract/problems.ts';

const SITE = 'https://lexicon.test';
const VOCABULARIES = { pillar: ['cosmology', 'alchemy'], tradition: ['Gnostic', 'Hermetic'] };

/** Every derived artefact, from modules loaded after `mock` replaced one declaration. */
async function derived(mock?: () => void) {
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
