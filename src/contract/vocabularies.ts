// The fixed vocabularies a term is classified by, declared once: the term field each one fills,
// the list parameter that filters by it (src/contract/list-parameters.ts), and the static file
// that publishes it with labels in both languages and term counts. The build writes the files
// and the list index's codes from this table; OpenAPI, the docs page and the schemas list them.
import { API_ROOT } from './facts.ts';
import type { Bilingual } from './text.ts';

export interface VocabularyDeclaration {
  /** The term field that holds one value of the vocabulary (and the list parameter's name). */
  field: 'pillar' | 'tradition';
  /** Where the vocabulary is published, from the site root. */
  path: string;
  /** The OpenAPI operation and the component schema of that file. */
  operationId: string;
  schemaId: string;
  /** One value, a few values: for sentences of the docs and the messages. */
  noun: Bilingual;
  plural: Bilingual;
  /** What a value looks like, for the file's description. */
  valueText: Bilingual;
}

export const VOCABULARIES = {
  pillar: {
    field: 'pillar',
    path: `${API_ROOT}/pillars.json`,
    operationId: 'listPillars',
    schemaId: 'PillarsResponse',
    noun: { en: 'pillar', bg: 'стълб' },
    plural: { en: 'pillars', bg: 'стълбове' },
    valueText: {
      en: 'a lowercase key, the same in both languages',
      bg: 'ключ с малки букви, еднакъв на двата езика',
    },
  },
  tradition: {
    field: 'tradition',
    path: `${API_ROOT}/traditions.json`,
    operationId: 'listTraditions',
    schemaId: 'TraditionsResponse',
    noun: { en: 'tradition', bg: 'традиция' },
    plural: { en: 'traditions', bg: 'традиции' },
    valueText: {
      en: 'a display name (`Gnostic`, `Christian Kabbalist`), the same in both languages',
      bg: 'име (`Gnostic`, `Christian Kabbalist`), еднакво на двата езика',
    },
  },
} as const satisfies Record<string, VocabularyDeclaration>;

export type VocabularyName = keyof typeof VOCABULARIES;

export const VOCABULARY_NAMES = Object.keys(VOCABULARIES) as VocabularyName[];

/** The values of each vocabulary, in the corpus's order: what a request is checked against. */
export type VocabularyValues = Record<VocabularyName, readonly string[]>;

/** A record with one entry per vocabulary. */
export function perVocabulary<T>(entry: (name: VocabularyName) => T): Record<VocabularyName, T> {
  const out = {} as Record<VocabularyName, T>;
  for (const name of VOCABULARY_NAMES) out[name] = entry(name);
  return out;
}
