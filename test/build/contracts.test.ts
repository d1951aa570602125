// The machine-readable contracts: the OpenAPI document passes a real OpenAPI 3.1 validator,
// and the published JSON Schemas (checked with Ajv, independently of zod) accept every
// static file the build writes and every response the handler gives.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Validator } from '@seriousme/openapi-schema-validator';
import { Ajv2020 } from 'ajv/dist/2020.js';
import fg from 'fast-glob';
import { beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { ManifestSchema } from '../../src/contract/dump-schemas.ts';
import { PROBLEM_KIND_NAMES } from '../../src/contract/problems.ts';
import {
  ListResponseSchema,
  PillarsResponseSchema,
  TermResponseSchema,
  TraditionsResponseSchema,
} from '../../src/contract/response-schemas.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { SMALL_CORPUS, smallCorpusFiles } from '../helpers/corpus-fixtures.ts';
import { inMemorySite } from '../helpers/in-memory-site.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const out = path.join(tempDir(), 'dist');
const read = (file: string) => JSON.parse(readFileSync(path.join(out, file), 'utf8'));
let ajv: InstanceType<typeof Ajv2020>;

beforeAll(async () => {
  const result = await buildSite({ corpusDir: SMALL_CORPUS, outDir: out });
  if (!result.ok) throw new Error(result.messages.join('\n'));
  ajv = new Ajv2020({ strict: false, allErrors: true });
  // Formats (uri, date-time) are annotations here; the zod tests check them.
  ajv.addFormat('uri', true).addFormat('date-time', true);
});

function validator(schemaFile: string) {
  const schema = read(`api/lexicon/schemas/${schemaFile}`);
  const validate = ajv.getSchema(schema.$id) ?? ajv.compile(schema);
  return (data: unknown, label: string) => {
    const valid = validate(data);
    expect(validate.errors ?? [], label).toEqual([]);
    expect(valid).toBe(true);
  };
}

describe('OpenAPI document', () => {
  it('is a valid OpenAPI 3.1 document', async () => {
    const result = await new Validator().validate(read('api/lexicon/openapi.json'));
    expect(result).toEqual({ valid: true });
  });

  it('documents both endpoints with every parameter bound and status', () => {
    const doc = read('api/lexicon/openapi.json');
    const list = doc.paths['/api/lexicon/public'].get;
    const params = Object.fromEntries(list.parameters.map((p: { name: string; schema: object }) => [p.name, p.schema]));
    expect(params).toEqual({
      locale: { type: 'string', enum: ['en', 'bg'], default: 'en' },
      pillar: { type: 'string', enum: ['cosmology', 'alchemy', 'shadow'] },
      tradition: { type: 'string', enum: ['Alchemical', 'Gnostic', 'Jungian'] },
      q: { type: 'string', maxLength: 100 },
      limit: { type: 'integer', minimum: 1, maximum: 500, default: 50 },
      offset: { type: 'integer', minimum: 0, maximum: 1_000_000_000, default: 0 },
    });
    // Every operation documents the 500 of the problem catalogue, not only the endpoints.
    expect(Object.keys(list.responses)).toEqual(['200', '304', '400', '401', '405', '429', '500']);
    expect(Object.keys(doc.paths['/api/lexicon/public/{slug}'].get.responses)).toEqual([
      '200',
      '304',
      '308',
      '400',
      '401',
      '404',
      '405',
      '429',
      '500',
    ]);
    for (const [route, item] of Object.entries(doc.paths as Record<string, { get: { responses: object } }>))
      expect(Object.keys(item.get.responses), route).toContain('500');
    expect(doc.paths['/api/lexicon/traditions.json'].get.operationId).toBe('listTraditions');
    expect(list.responses['429'].headers['Retry-After']).toBeDefined();
    expect(Object.keys(doc.components.schemas)).toEqual(
      expect.arrayContaining([
        'Term',
        'TermListItem',
        'ListResponse',
        'TermResponse',
        'PillarsResponse',
        'TraditionsResponse',
        'Problem',
        'Manifest',
      ]),
    );
  });
});

describe('published JSON Schemas', () => {
  it('accept every static file the build writes', () => {
    const termResponse = validator('term-response.json');
    const files = fg.sync('api/lexicon/{en,bg}/*.json', { cwd: out });
    expect(files.length).toBe(12);
    for (const file of files) termResponse(read(file), file);
    validator('pillars-response.json')(read('api/lexicon/pillars.json'), 'pillars.json');
    validator('traditions-response.json')(read('api/lexicon/traditions.json'), 'traditions.json');
    validator('manifest.json')(read('dumps/manifest.json'), 'manifest.json');
  });

  it('name every problem kind of the catalogue, and every list parameter', () => {
    const problem = readFileSync(path.join(out, 'api/lexicon/schemas/problem.json'), 'utf8');
    expect(PROBLEM_KIND_NAMES.length).toBe(11);
    for (const kind of PROBLEM_KIND_NAMES) expect(problem).toContain(`#${kind}`);
    expect(problem).toContain('one of locale, limit, offset, pillar, tradition, q');
  });

  it('allow additional properties at every level (fields may be added without a new version); zod stays strict', () => {
    // Every object of a real response, at every depth, given one more field.
    const withAdditions = (value: unknown): unknown => {
      if (Array.isArray(value)) return value.map(withAdditions);
      if (value === null || typeof value !== 'object') return value;
      return {
        ...Object.fromEntries(Object.entries(value).map(([k, v]) => [k, withAdditions(v)])),
        addedLater: 1,
      };
    };
    const cases: [string, unknown, z.ZodType][] = [
      ['term-response.json', read('api/lexicon/en/aeon.json'), TermResponseSchema],
      ['pillars-response.json', read('api/lexicon/pillars.json'), PillarsResponseSchema],
      ['traditions-response.json', read('api/lexicon/traditions.json'), TraditionsResponseSchema],
      ['manifest.json', read('dumps/manifest.json'), ManifestSchema],
      [
        'list-response.json',
        {
          data: [],
          meta: { total: 0, limit: 1, offset: 0, locale: 'en', hasMore: false, warnings: ['w'] },
          attribution: read('api/lexicon/en/aeon.json').attribution,
        },
        ListResponseSchema,
      ],
    ];
    for (const [file, response, zodSchema] of cases) {
      const added = withAdditions(response);
      validator(file)(added, `${file} with additions`);
      expect(zodSchema.safeParse(response).success, file).toBe(true);
      expect(zodSchema.safeParse(added).success, `${file}: the build's own check rejects additions`).toBe(false);
    }
    for (const file of [...fg.sync('api/lexicon/schemas/*.json', { cwd: out }), 'api/lexicon/openapi.json'])
      expect(readFileSync(path.join(out, file), 'utf8'), file).not.toMatch(/"additionalProperties": false/);
  });

  it('accept every kind of response the handler gives', async () => {
    const validation = validateCorpus(smallCorpusFiles());
    if (!validation.ok) throw new Error('fixture must be valid');
    // Five counted requests, a 405 (not counted), then the sixth counted one is a 429.
    const site = await inMemorySite(validation.corpus, { rateLimit: 5 });
    const list = validator('list-response.json');
    const problem = validator('problem.json');
    const term = validator('term-response.json');
    const cases: [string, (data: unknown, label: string) => void, string?][] = [
      ['/api/lexicon/public?locale=BG&limit=0&x=1', list],
      ['/api/lexicon/public?q=o&pillar=cosmology', list],
      ['/api/lexicon/public?tradition=gnostic', list],
      ['/api/lexicon/public?limit=abc&locale=xx&pillar=nope&tradition=nope', problem],
      ['/api/lexicon/public/missing', problem],
      ['/api/lexicon/public', problem, 'POST'],
      ['/api/lexicon/public', problem],
    ];
    const statuses: number[] = [];
    for (const [url, validate, method] of cases) {
      const response = await site.handle(new Request(new URL(url, 'https://api.test'), { method: method ?? 'GET' }));
      statuses.push(response.status);
      validate(JSON.parse(await response.text()), `${method ?? 'GET'} ${url} (${response.status})`);
    }
    expect(statuses).toEqual([200, 200, 200, 400, 404, 405, 429]);
    // Single terms are static files the build wrote; the function only redirects to them.
    for (const locale of ['en', 'bg'])
      term(JSON.parse(String(site.files.get(`api/lexicon/${locale}/aeon.json`))), `${locale} term file`);
  });
});
