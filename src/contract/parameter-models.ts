// A declared parameter as the OpenAPI document and the docs page show it: its JSON Schema
// facts, its description, and a sample of each error and warning it can give, all derived from
// the declaration (src/contract/list-parameters.ts) so neither renderer restates a bound.
import { SLUG_MAX_LENGTH, SLUG_PATTERN } from './facts.ts';
import { PARAMETER_MESSAGES, type QueryParameter } from './list-parameters.ts';
import type { Bilingual } from './text.ts';
import type { VocabularyValues } from './vocabularies.ts';

export interface ParameterModel {
  name: string;
  in: 'query' | 'path';
  required: boolean;
  type: 'string' | 'integer';
  enum?: readonly string[];
  minimum?: number;
  maximum?: number;
  maxLength?: number;
  pattern?: string;
  default?: string | number;
  description: Bilingual;
  /** What the API says for a bad value (a 400's `errors[].detail`), and for one it adjusted. */
  messages: { error?: Bilingual; warning?: Bilingual };
}

/** The slug of the single-term path. */
export const SLUG_PARAMETER: ParameterModel = {
  name: 'slug',
  in: 'path',
  required: true,
  type: 'string',
  maxLength: SLUG_MAX_LENGTH,
  pattern: SLUG_PATTERN.source,
  description: {
    en: 'The term slug, the same in both languages: lowercase ASCII letters, digits and single hyphens, like `prima-materia`.',
    bg: 'Идентификатор (slug) на термина, еднакъв на двата езика: малки латински букви, цифри и единични тирета, например `prima-materia`.',
  },
  messages: {},
};

/** The model of one declared query parameter; `vocabularies` give a vocabulary its values. */
export function parameterModel(name: string, p: QueryParameter, vocabularies: VocabularyValues): ParameterModel {
  const base = { name, in: 'query' as const, required: false };
  switch (p.kind) {
    case 'locale':
      return {
        ...base,
        type: 'string',
        enum: p.values,
        default: p.default,
        description: p.description(p),
        messages: {
          error: PARAMETER_MESSAGES.oneOf(p.values),
          // The default in capitals, as a client might send it.
          warning: PARAMETER_MESSAGES.readAs(name, p.default.toUpperCase(), p.default),
        },
      };
    case 'integer':
      return {
        ...base,
        type: 'integer',
        minimum: p.minimum,
        maximum: p.maximum,
        default: p.default,
        description: p.description(p),
        messages: { error: p.invalid(p), warning: p.clamped(p, name, String(p.maximum + 1), p.maximum) },
      };
    case 'vocabulary': {
      const values = vocabularies[p.vocabulary];
      const sample = values[0] ?? '';
      return {
        ...base,
        type: 'string',
        enum: values,
        description: p.description(p),
        messages: {
          error: PARAMETER_MESSAGES.oneOf(values),
          warning: PARAMETER_MESSAGES.readAs(name, sample.toUpperCase(), sample),
        },
      };
    }
    case 'text':
      return {
        ...base,
        type: 'string',
        maxLength: p.maxCodePoints,
        description: p.description(p),
        messages: { error: p.tooLong(p) },
      };
  }
}
