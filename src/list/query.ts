// Reads the list endpoint's query string into applied values, warnings and errors, following
// the parameter table of docs/api-contract.md row by row. Pure and web-standard.
import {
  DEFAULT_LOCALE,
  isLocale,
  LIMIT_DEFAULT,
  LIMIT_MAX,
  LIMIT_MIN,
  LOCALES,
  OFFSET_MAX,
  Q_MAX_CODE_POINTS,
  type Locale,
} from '../contract/facts.ts';

export interface ParameterError {
  parameter: string;
  detail: string;
  allowed?: string[];
}

export interface ListParams {
  locale: Locale;
  /** Lower-case pillar key, or undefined for no filter. */
  pillar: string | undefined;
  /** Trimmed search text, or undefined for no filter. */
  q: string | undefined;
  limit: number;
  offset: number;
}

export type Parsed<T> = { ok: true; value: T; warnings: string[] } | { ok: false; errors: ParameterError[] };

const LIST_PARAMETERS = ['locale', 'pillar', 'q', 'limit', 'offset'] as const;
const INTEGER = /^[+-]?[0-9]+$/;
// A language tag whose primary subtag may be a supported locale: "en", "BG", "en-US", "bg_BG".
const LANGUAGE_TAG = /^([A-Za-z]{2})(?:[-_][A-Za-z0-9]{1,8})*$/;
const SHOWN_INPUT_MAX = 20;

/** The locale of a `locale` parameter value, and whether it had to be read leniently. */
export function readLocale(raw: string | null): { locale: Locale; warning?: string } | ParameterError {
  if (raw === null) return { locale: DEFAULT_LOCALE };
  if (isLocale(raw)) return { locale: raw };
  const primary = LANGUAGE_TAG.exec(raw)?.[1]?.toLowerCase();
  if (primary !== undefined && isLocale(primary)) {
    return { locale: primary, warning: `locale "${raw}" was read as "${primary}"` };
  }
  return { parameter: 'locale', detail: `must be one of: ${LOCALES.join(', ')}`, allowed: [...LOCALES] };
}

/** A parameter that may appear at most once: its value, null if absent, or the error. */
function readSingle(search: URLSearchParams, name: string): string | null | ParameterError {
  const values = search.getAll(name);
  if (values.length > 1) return { parameter: name, detail: `is given ${values.length} times; give it at most once` };
  return values[0] ?? null;
}

/** The `locale` parameter of either endpoint. */
export function readLocaleParam(search: URLSearchParams): { locale: Locale; warning?: string } | ParameterError {
  const raw = readSingle(search, 'locale');
  return raw !== null && typeof raw === 'object' ? raw : readLocale(raw);
}

export function parseListParams(search: URLSearchParams, pillars: readonly string[]): Parsed<ListParams> {
  const errors: ParameterError[] = [];
  const warnings: string[] = [];

  const single = (name: string): string | null => {
    const value = readSingle(search, name);
    if (value !== null && typeof value === 'object') {
      errors.push(value);
      return null;
    }
    return value;
  };

  // locale
  let locale: Locale = DEFAULT_LOCALE;
  const readLocaleResult = readLocaleParam(search);
  if ('parameter' in readLocaleResult) errors.push(readLocaleResult);
  else {
    locale = readLocaleResult.locale;
    if (readLocaleResult.warning) warnings.push(readLocaleResult.warning);
  }

  // limit
  let limit = LIMIT_DEFAULT;
  const rawLimit = single('limit');
  if (rawLimit !== null) {
    if (!INTEGER.test(rawLimit)) {
      errors.push({ parameter: 'limit', detail: `must be an integer from ${LIMIT_MIN} to ${LIMIT_MAX}` });
    } else {
      const requested = Number(rawLimit);
      limit = Math.min(LIMIT_MAX, Math.max(LIMIT_MIN, requested));
      if (limit !== requested) {
        warnings.push(`limit ${shown(rawLimit)} is outside ${LIMIT_MIN}-${LIMIT_MAX}; ${limit} was applied`);
      }
    }
  }

  // offset
  let offset = 0;
  const rawOffset = single('offset');
  if (rawOffset !== null) {
    if (!INTEGER.test(rawOffset)) {
      errors.push({ parameter: 'offset', detail: 'must be an integer (0 or more)' });
    } else {
      const requested = Number(rawOffset);
      offset = Math.min(OFFSET_MAX, Math.max(0, requested));
      if (requested < 0) warnings.push(`offset ${shown(rawOffset)} is negative; 0 was applied`);
      else if (requested > OFFSET_MAX) {
        warnings.push(`offset ${shown(rawOffset)} is above ${OFFSET_MAX}; ${OFFSET_MAX} was applied`);
      }
    }
  }

  // pillar
  let pillar: string | undefined;
  const rawPillar = single('pillar');
  if (rawPillar !== null && rawPillar !== '') {
    const key = rawPillar.toLowerCase();
    if (pillars.includes(key)) {
      pillar = key;
      if (key !== rawPillar) warnings.push(`pillar "${shown(rawPillar)}" was read as "${key}"`);
    } else errors.push({ parameter: 'pillar', detail: `must be one of: ${pillars.join(', ')}`, allowed: [...pillars] });
  }

  // q
  let q: string | undefined;
  const rawQ = single('q');
  if (rawQ !== null) {
    const trimmed = rawQ.trim();
    if ([...trimmed].length > Q_MAX_CODE_POINTS) {
      errors.push({ parameter: 'q', detail: `must be at most ${Q_MAX_CODE_POINTS} characters after trimming` });
    } else if (trimmed !== '') q = trimmed;
  }

  for (const name of new Set(search.keys())) {
    if (!(LIST_PARAMETERS as readonly string[]).includes(name)) {
      warnings.push(`unknown parameter "${shown(name)}" was ignored`);
    }
  }

  if (errors.length > 0) return { ok: false, errors };
  return { ok: true, value: { locale, pillar, q, limit, offset }, warnings: bounded(warnings) };
}

/** At most this many warnings are listed; the rest are counted in one more line. */
export const WARNINGS_SHOWN = 5;

/** A response's size must not grow with the number of parameters a client invents. */
function bounded(warnings: string[]): string[] {
  if (warnings.length <= WARNINGS_SHOWN) return warnings;
  const more = warnings.length - WARNINGS_SHOWN;
  return [...warnings.slice(0, WARNINGS_SHOWN), `and ${more} more warning${more === 1 ? '' : 's'}`];
}

/** Client input as it may appear in a message: never more of it than needed. */
function shown(raw: string): string {
  return raw.length <= SHOWN_INPUT_MAX ? raw : `${raw.slice(0, SHOWN_INPUT_MAX)}…`;
}
