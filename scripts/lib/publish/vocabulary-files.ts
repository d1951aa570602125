// The vocabulary files (pillars.json, traditions.json: src/contract/vocabularies.ts) from the
// API records: each value with its labels in both languages and how many terms have it.
import type { VocabularyResponse } from '../../../src/contract/response-schemas.ts';
import {
  perVocabulary,
  VOCABULARIES,
  type VocabularyName,
  type VocabularyValues,
} from '../../../src/contract/vocabularies.ts';
import type { ApiRecords } from './api-records.ts';

export type VocabularyEntries = Record<VocabularyName, VocabularyResponse['data']>;

/** Computed once per set of records: every list index, the vocabulary files and OpenAPI ask for them. */
const entriesOf = new WeakMap<ApiRecords, VocabularyEntries>();

/** Every value of every vocabulary, in site.yaml's order, with labels and counts. */
export function vocabularyEntries(records: ApiRecords): VocabularyEntries {
  let entries = entriesOf.get(records);
  if (!entries) entriesOf.set(records, (entries = countedEntries(records)));
  return entries;
}

function countedEntries(records: ApiRecords): VocabularyEntries {
  // Where site.yaml names each vocabulary's values and labels.
  const labelled: Record<VocabularyName, { key: string; label: { en: string; bg: string } }[]> = {
    pillar: records.pillars.data.map(({ key, label }) => ({ key, label })),
    tradition: records.traditions.map(({ name, label }) => ({ key: name, label })),
  };
  return perVocabulary((name) => {
    const { field } = VOCABULARIES[name];
    const counts = new Map<string, number>();
    for (const term of records.locales.en.terms) counts.set(term[field], (counts.get(term[field]) ?? 0) + 1);
    return labelled[name].map((entry) => ({ ...entry, count: counts.get(entry.key) ?? 0 }));
  });
}

/** The values alone: what the list index and the request parser check against. */
export function vocabularyValues(entries: VocabularyEntries): VocabularyValues {
  return perVocabulary((name) => entries[name].map((entry) => entry.key));
}

/** A term's value of each vocabulary: what the list index codes. */
export function vocabularyValuesOf(term: Record<'pillar' | 'tradition', string>): Record<VocabularyName, string> {
  return perVocabulary((name) => term[VOCABULARIES[name].field]);
}
