// Reads a query string into applied values, warnings and errors, running the parameter table of
// src/contract/list-parameters.ts row by row: what each kind accepts, how it is normalised and
// what it says is declared there, not here. Pure and web-standard.
import { isLocale, type Locale } from '../contract/facts.ts';
import {
  LIST_PARAMETERS,
  PARAMETER_MESSAGES,
  TERM_QUERY_PARAMETERS,
  WARNINGS_SHOWN,
  type IntegerParameter,
  type ListParams,
  type LocaleParameter,
  type ParameterTable,
  type ParamsOf,
  type QueryParameter,
  type TextParameter,
} from '../contract/list-parameters.ts';
import { echo } from '../contract/text.ts';
import type { VocabularyValues } from '../contract/vocabularies.ts';

export type { ListParams };

export interface ParameterError {
  parameter: string;
  detail: string;
  allowed?: string[];
}

export type Parsed<T> = { ok: true; value: T; warnings: string[] } | { ok: false; errors: ParameterError[] };

/** What reading one parameter gave: its value (undefined: absent or no filter), a warning, or an error. */
type Reading = { value: unknown; warning?: string } | { error: Omit<ParameterError, 'parameter'> };

const INTEGER = /^[+-]?[0-9]+$/;
// A language tag whose primary subtag may be a supported locale: "en", "BG", "en-US", "bg_BG".
const LANGUAGE_TAG = /^([A-Za-z]{2})(?:[-_][A-Za-z0-9]{1,8})*$/;

function readLocale(name: string, p: LocaleParameter, raw: string | null): Reading {
  if (raw === null) return { value: p.default };
  if ((p.values as readonly string[]).includes(raw)) return { value: raw };
  const primary = LANGUAGE_TAG.exec(raw)?.[1]?.toLowerCase();
  if (primary !== undefined && (p.values as readonly string[]).includes(primary)) {
    return { value: primary, warning: PARAMETER_MESSAGES.readAs(name, echo(raw), primary).en };
  }
  return { error: { detail: PARAMETER_MESSAGES.oneOf(p.values).en, allowed: [...p.values] } };
}

function readInteger(name: string, p: IntegerParameter, raw: string | null): Reading {
  if (raw === null) return { value: p.default };
  if (!INTEGER.test(raw)) return { error: { detail: p.invalid(p).en } };
  const requested = Number(raw);
  const applied = Math.min(p.maximum, Math.max(p.minimum, requested));
  if (applied === requested) return { value: applied };
  return { value: applied, warning: p.clamped(p, name, echo(raw), applied).en };
}

function readVocabulary(name: string, allowed: readonly string[], raw: string | null): Reading {
  if (raw === null || raw === '') return { value: undefined };
  if (allowed.includes(raw)) return { value: raw };
  const folded = raw.toLowerCase();
  const value = allowed.find((candidate) => candidate.toLowerCase() === folded);
  if (value !== undefined) return { value, warning: PARAMETER_MESSAGES.readAs(name, echo(raw), value).en };
  return { error: { detail: PARAMETER_MESSAGES.oneOf(allowed).en, allowed: [...allowed] } };
}

function readText(p: TextParameter, raw: string | null): Reading {
  if (raw === null) return { value: undefined };
  const trimmed = raw.trim();
  if ([...trimmed].length > p.maxCodePoints) return { error: { detail: p.tooLong(p).en } };
  return { value: trimmed === '' ? undefined : trimmed };
}

function readParameter(name: string, p: QueryParameter, raw: string | null, vocabularies: VocabularyValues): Reading {
  switch (p.kind) {
    case 'locale':
      return readLocale(name, p, raw);
    case 'integer':
      return readInteger(name, p, raw);
    case 'vocabulary':
      return readVocabulary(name, vocabularies[p.vocabulary], raw);
    case 'text':
      return readText(p, raw);
  }
}

/** A parameter that may appear at most once: its value, null if absent, or the error. */
function readSingle(search: URLSearchParams, name: string): string | null | ParameterError {
  const values = search.getAll(name);
  if (values.length > 1) return { parameter: name, detail: PARAMETER_MESSAGES.givenTwice(values.length).en };
  return values[0] ?? null;
}

/**
 * Every parameter of `table` read from `search`: the values applied, or every error at once.
 * Unknown parameters are ignored with a warning. `vocabularies` are the values the vocabulary
 * parameters accept (the data's own, from the list index).
 */
export function parseParams<T extends ParameterTable>(
  search: URLSearchParams,
  vocabularies: VocabularyValues,
  table: T,
): Parsed<ParamsOf<T>> {
  const errors: ParameterError[] = [];
  const warnings: string[] = [];
  const value: Record<string, unknown> = {};
  for (const [name, parameter] of Object.entries(table)) {
    const raw = readSingle(search, name);
    if (raw !== null && typeof raw === 'object') {
      errors.push(raw);
      continue;
    }
    const reading = readParameter(name, parameter, raw, vocabularies);
    if ('error' in reading) errors.push({ parameter: name, ...reading.error });
    else {
      value[name] = reading.value;
      if (reading.warning) warnings.push(reading.warning);
    }
  }
  for (const name of new Set(search.keys())) {
    if (!Object.hasOwn(table, name)) warnings.push(PARAMETER_MESSAGES.unknown(echo(name)).en);
  }
  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: value as ParamsOf<T>, warnings: bounded(warnings) };
}

/** The list endpoint's parameters (docs/api-contract.md, the parameter table). */
export function parseListParams(search: URLSearchParams, vocabularies: VocabularyValues): Parsed<ListParams> {
  return parseParams(search, vocabularies, LIST_PARAMETERS);
}

/** The `locale` parameter of the single-term endpoint: the others are ignored there. */
export function readLocaleParam(search: URLSearchParams): { locale: Locale; warning?: string } | ParameterError {
  const raw = readSingle(search, 'locale');
  if (raw !== null && typeof raw === 'object') return raw;
  const reading = readLocale('locale', TERM_QUERY_PARAMETERS.locale, raw);
  if ('error' in reading) return { parameter: 'locale', ...reading.error };
  const locale = reading.value as string;
  if (!isLocale(locale)) throw new Error(`the locale table offers "${locale}", which is no locale`);
  return reading.warning ? { locale, warning: reading.warning } : { locale };
}

/** A response's size must not grow with the number of parameters a client invents. */
function bounded(warnings: string[]): string[] {
  if (warnings.length <= WARNINGS_SHOWN) return warnings;
  const more = warnings.length - WARNINGS_SHOWN;
  return [...warnings.slice(0, WARNINGS_SHOWN), PARAMETER_MESSAGES.moreWarnings(more).en];
}
