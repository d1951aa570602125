// Each item's code in each vocabulary (pillar, tradition: src/contract/vocabularies.ts): one
// byte per item and vocabulary, the code being the position of the item's value in the header's
// list of that vocabulary's values. One block of `count` bytes per vocabulary, in
// VOCABULARY_NAMES order, so a filter reads one byte per item it checks.
import {
  perVocabulary,
  VOCABULARY_NAMES,
  type VocabularyName,
  type VocabularyValues,
} from '../../contract/vocabularies.ts';
import { CorruptListIndexError } from './words.ts';

/** A code is one byte. */
const MAX_VALUES = 255;

export function encodeVocabularyCodes(
  vocabularies: VocabularyValues,
  values: readonly Readonly<Record<VocabularyName, string>>[],
): Uint8Array {
  const count = values.length;
  const out = new Uint8Array(count * VOCABULARY_NAMES.length);
  VOCABULARY_NAMES.forEach((name, block) => {
    const known = vocabularies[name];
    if (known.length > MAX_VALUES) throw new Error(`the list index supports at most ${MAX_VALUES} values of ${name}`);
    const codeOf = new Map(known.map((value, code) => [value, code]));
    values.forEach((itemValues, i) => {
      const code = codeOf.get(itemValues[name]);
      if (code === undefined) throw new Error(`unknown ${name} "${itemValues[name]}" in the list index`);
      out[block * count + i] = code;
    });
  });
  return out;
}

/** Each vocabulary's block of codes, viewed in place. */
export function vocabularyCodeViews(bytes: Uint8Array, count: number): Record<VocabularyName, Uint8Array> {
  return perVocabulary((name) => {
    const block = VOCABULARY_NAMES.indexOf(name);
    return bytes.subarray(block * count, (block + 1) * count);
  });
}

/** For each of the vocabulary's codes, the ascending positions of the items with it. */
export function groupByCode(codes: Uint8Array, vocabulary: VocabularyName, valueCount: number): Int32Array[] {
  const outside = (code: number) =>
    new CorruptListIndexError(`the list index holds ${vocabulary} code ${code}, of ${valueCount} values`);
  const sizes = new Int32Array(valueCount);
  for (const code of codes) {
    const size = sizes[code];
    if (size === undefined) throw outside(code);
    sizes[code] = size + 1;
  }
  const members = Array.from(sizes, (size) => new Int32Array(size));
  const filled = new Int32Array(valueCount);
  codes.forEach((code, position) => {
    const group = members[code];
    const at = filled[code];
    if (group === undefined || at === undefined) throw outside(code);
    group[at] = position;
    filled[code] = at + 1;
  });
  return members;
}
