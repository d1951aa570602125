// The query parameters of the API, declared once: kind, bounds, default, how a value is read,
// and the texts of its description, warnings and errors in both languages. The request parser
// (src/list-query.ts) runs on this table; the OpenAPI document, the docs page and the JSON
// Schemas are rendered from it, so a bound changed here changes all of them. Responses say the
// English texts; the docs page shows both. Plain data: the function loads it on its cold path.
import { DEFAULT_LOCALE, LOCALES, type Locale } from './facts.ts';
import type { Bilingual } from './text.ts';
import { VOCABULARIES, type VocabularyName } from './vocabularies.ts';

/** `locale`: a supported language, read leniently from a language tag. */
export interface LocaleParameter {
  kind: 'locale';
  values: readonly Locale[];
  default: Locale;
  description(self: LocaleParameter): Bilingual;
}

/** An integer (`^[+-]?[0-9]+$`) clamped into [minimum, maximum], with a warning when clamped. */
export interface IntegerParameter {
  kind: 'integer';
  minimum: number;
  maximum: number;
  default: number;
  description(self: IntegerParameter): Bilingual;
  /** The error for a value that is not an integer. */
  invalid(self: IntegerParameter): Bilingual;
  /** The warning for an integer outside the bounds: `shown` as sent (echoed), `applied` as used. */
  clamped(self: IntegerParameter, name: string, shown: string, applied: number): Bilingual;
}

/** One value of a vocabulary: exact, or in another letter case with a warning; empty: no filter. */
export interface VocabularyParameter {
  kind: 'vocabulary';
  vocabulary: VocabularyName;
  description(self: VocabularyParameter): Bilingual;
}

/** Free text, trimmed; empty: no filter; longer than maxCodePoints: an error. */
export interface TextParameter {
  kind: 'text';
  maxCodePoints: number;
  description(self: TextParameter): Bilingual;
  tooLong(self: TextParameter): Bilingual;
}

export type QueryParameter = LocaleParameter | IntegerParameter | VocabularyParameter | TextParameter;

/** A table of query parameters, in the order they are checked, listed and documented. */
export type ParameterTable = Readonly<Record<string, QueryParameter>>;

/** The words shared by every parameter of a kind: errors and warnings the parser says. */
export const PARAMETER_MESSAGES = {
  oneOf: (values: readonly string[]): Bilingual => ({
    en: `must be one of: ${values.join(', ')}`,
    bg: `трябва да е едно от: ${values.join(', ')}`,
  }),
  readAs: (name: string, shown: string, value: string): Bilingual => ({
    en: `${name} "${shown}" was read as "${value}"`,
    bg: `${name} „${shown}“ беше прочетен като „${value}“`,
  }),
  givenTwice: (times: number): Bilingual => ({
    en: `is given ${times} times; give it at most once`,
    bg: `е подаден ${times} пъти; подайте го най-много веднъж`,
  }),
  unknown: (shown: string): Bilingual => ({
    en: `unknown parameter "${shown}" was ignored`,
    bg: `непознатият параметър „${shown}“ беше пренебрегнат`,
  }),
  moreWarnings: (more: number): Bilingual => ({
    en: `and ${more} more warning${more === 1 ? '' : 's'}`,
    bg: `и още ${more} предупреждени${more === 1 ? 'е' : 'я'}`,
  }),
};

/** At most this many warnings are listed; the rest are counted in one more line. */
export const WARNINGS_SHOWN = 5;

const locale: LocaleParameter = {
  kind: 'locale',
  values: LOCALES,
  default: DEFAULT_LOCALE,
  description: (self) => ({
    en: `Response language: ${self.values.map((v) => `\`${v}\``).join(' or ')} (\`${self.default}\` is the default). Another letter case or a region subtag (\`BG\`, \`en-US\`, \`bg_BG\`) is read as its language, with a warning in \`meta.warnings\` on the list; anything else is a 400.`,
    bg: `Език на отговора: ${self.values.map((v) => `\`${v}\``).join(' или ')} (\`${self.default}\` е по подразбиране). Друг регистър или регионален вариант (\`BG\`, \`en-US\`, \`bg_BG\`) се приема като съответния език, с предупреждение в \`meta.warnings\` при списъка; всяка друга стойност дава 400.`,
  }),
};

const limit: IntegerParameter = {
  kind: 'integer',
  minimum: 1,
  maximum: 500,
  default: 50,
  description: (self) => ({
    en: `Page size. An integer outside ${self.minimum}-${self.maximum} is clamped (\`meta.limit\` shows the applied value); anything but an integer is a 400.`,
    bg: `Брой резултати на страница. Цяло число извън ${self.minimum}-${self.maximum} се ограничава (\`meta.limit\` показва приложената стойност); нещо различно от цяло число дава 400.`,
  }),
  invalid: (self) => ({
    en: `must be an integer from ${self.minimum} to ${self.maximum}`,
    bg: `трябва да е цяло число от ${self.minimum} до ${self.maximum}`,
  }),
  clamped: (self, name, shown, applied) => ({
    en: `${name} ${shown} is outside ${self.minimum}-${self.maximum}; ${applied} was applied`,
    bg: `${name} ${shown} е извън ${self.minimum}-${self.maximum}; приложено е ${applied}`,
  }),
};

const offset: IntegerParameter = {
  kind: 'integer',
  minimum: 0,
  maximum: 1_000_000_000,
  default: 0,
  description: (self) => ({
    en: `Items to skip. A negative integer is read as ${self.minimum}, one above ${self.maximum} as ${self.maximum}, with a warning. At or past the end: an empty page.`,
    bg: `Брой пропуснати елементи. Отрицателно цяло число се чете като ${self.minimum}, а над ${self.maximum} като ${self.maximum}, с предупреждение. В края или след него: празна страница.`,
  }),
  invalid: (self) => ({
    en: `must be an integer (${self.minimum} or more)`,
    bg: `трябва да е цяло число (${self.minimum} или повече)`,
  }),
  clamped: (self, name, shown, applied) =>
    applied === self.maximum
      ? {
          en: `${name} ${shown} is above ${self.maximum}; ${applied} was applied`,
          bg: `${name} ${shown} е над ${self.maximum}; приложено е ${applied}`,
        }
      : {
          en: `${name} ${shown} is negative; ${applied} was applied`,
          bg: `${name} ${shown} е отрицателно; приложено е ${applied}`,
        },
};

const pillar: VocabularyParameter = {
  kind: 'vocabulary',
  vocabulary: 'pillar',
  description: (self) => ({
    en: `Only terms of this pillar (see \`${VOCABULARIES[self.vocabulary].path}\`). Another letter case is read as the key, with a warning; an unknown pillar is a 400 listing the allowed ones; empty means no filter.`,
    bg: `Само термини от този стълб (вижте \`${VOCABULARIES[self.vocabulary].path}\`). Друг регистър се приема като ключа, с предупреждение; непознат стълб дава 400 със списъка на допустимите; празна стойност означава без филтър.`,
  }),
};

const tradition: VocabularyParameter = {
  kind: 'vocabulary',
  vocabulary: 'tradition',
  description: (self) => ({
    en: `Only terms of this tradition, its exact name (see \`${VOCABULARIES[self.vocabulary].path}\`). Another letter case is read as the name, with a warning; an unknown tradition is a 400 listing the allowed ones; empty means no filter.`,
    bg: `Само термини от тази традиция, с точното ѝ име (вижте \`${VOCABULARIES[self.vocabulary].path}\`). Друг регистър се приема като името, с предупреждение; непозната традиция дава 400 със списъка на допустимите; празна стойност означава без филтър.`,
  }),
};

const q: TextParameter = {
  kind: 'text',
  maxCodePoints: 100,
  description: (self) => ({
    en: `Search on the term's names: a trimmed, case- and accent-insensitive substring of any one of them: its name in the served language and in the other one, its original-script form (\`termOriginal\`) and its aliases, each also transliterated (Bulgarian Cyrillic to Latin by the 2009 Streamlined System, Greek to Latin by ALA-LC, and with \`locale=bg\` Latin to Cyrillic). So \`q=sofia&locale=bg\`, \`q=σοφια\` and \`q=aeon&locale=bg\` all find their term. Results keep the list order. At most ${self.maxCodePoints} characters after trimming; empty means no filter.`,
    bg: `Търсене в имената на термина: частично съвпадение с едно от тях, без значение от регистъра и диакритиката: името на двата езика, оригиналната форма (\`termOriginal\`) и вариантите на изписване, всяко и в транслитерация (кирилица към латиница по Закона за транслитерацията от 2009 г., гръцки към латиница по ALA-LC, а при \`locale=bg\` латиница към кирилица). Така \`q=sofia&locale=bg\`, \`q=σοφια\` и \`q=aeon&locale=bg\` намират термина. Редът на резултатите не се променя. До ${self.maxCodePoints} знака след премахване на интервалите в краищата; празна стойност означава без филтър.`,
  }),
  tooLong: (self) => ({
    en: `must be at most ${self.maxCodePoints} characters after trimming`,
    bg: `трябва да е най-много ${self.maxCodePoints} знака след премахване на интервалите в краищата`,
  }),
};

/** The list endpoint's parameters, in the order they are checked (and errors listed). */
export const LIST_PARAMETERS = { locale, limit, offset, pillar, tradition, q } as const satisfies ParameterTable;

/** The single-term endpoint's query parameters (the slug is its path). */
export const TERM_QUERY_PARAMETERS = { locale } as const satisfies ParameterTable;

type ValueOf<P extends QueryParameter> = P extends LocaleParameter
  ? Locale
  : P extends IntegerParameter
    ? number
    : string | undefined;

/** The values a table's parameters are applied with: absent filters are undefined. */
export type ParamsOf<T extends ParameterTable> = { -readonly [K in keyof T]: ValueOf<T[K]> };

/** The list endpoint's applied parameters, typed by the table. */
export type ListParams = ParamsOf<typeof LIST_PARAMETERS>;

/** The vocabulary parameters of a table: name -> vocabulary. */
export function vocabularyParameters(table: ParameterTable): [name: string, vocabulary: VocabularyName][] {
  return Object.entries(table).flatMap(([name, p]) =>
    p.kind === 'vocabulary' ? [[name, p.vocabulary] as [string, VocabularyName]] : [],
  );
}
