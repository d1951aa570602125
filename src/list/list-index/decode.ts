// Reads a list index file (format.ts) into what the list endpoint searches and copies from, once
// per function instance. Loading must not parse what it can avoid parsing: only the small JSON
// header is decoded; items, starts and codes are views of the file's own bytes; the folded
// search names stay UTF-8, which searches compare as they are; the slugs and the gram dictionary
// are decoded on first use. The sizes of the sections are checked against each other here, so a
// truncated or foreign file fails at load with a clear error rather than answering wrongly.
import type { Locale } from '../../contract/facts.ts';
import { VOCABULARY_NAMES, type VocabularyName, type VocabularyValues } from '../../contract/vocabularies.ts';
import { readListIndexFrame } from './format.ts';
import { gramPostings } from './grams.ts';
import { groupByCode, vocabularyCodeViews } from './vocabulary-codes.ts';
import { CorruptListIndexError, startAt, uint32View } from './words.ts';

export interface ListIndex {
  readonly locale: Locale;
  readonly count: number;
  readonly dataVersion: string;
  readonly vocabularies: VocabularyValues;
  readonly attributionJson: string;
  readonly docsUrl: string;
  /** Serialized items joined by ","; item i is items[itemStarts[i], itemStarts[i+1] - 1). */
  readonly items: Uint8Array;
  /** count + 1 starts (checked at load), the last one past the end. */
  readonly itemStarts: Uint32Array;
  /** Each item's code in a vocabulary (the position of its value in `vocabularies`). */
  readonly codes: Readonly<Record<VocabularyName, Uint8Array>>;
  /** Ascending positions of the items with the value of this code; computed on first use. */
  members(vocabulary: VocabularyName, code: number): Int32Array;
  /**
   * Folded searchable names as UTF-8, joined by "\n"; item i's names are the bytes
   * [nameStarts[i], nameStarts[i+1] - 1), themselves joined by "\n". Never decoded whole:
   * searches compare bytes (UTF-8 is self-synchronizing, so a byte match is a character match).
   */
  readonly nameBytes: Uint8Array;
  /** count + 1 starts (checked at load), the last one past the end. */
  readonly nameStarts: Uint32Array;
  /** Item i's names, decoded (tests, tools). */
  namesOf(position: number): string[];
  hasSlug(slug: string): boolean;
  /** Ascending positions of the items with a folded name that contains `gram` (1-3 code units); shared, never modify. */
  postings(gram: string): Int32Array;
}

const EMPTY = new Int32Array(0);
// One decoder for every index: constructing one costs more than decoding a header.
const decoder = new TextDecoder();

export function decodeListIndex(bytes: Uint8Array): ListIndex {
  const { facts, sections } = readListIndexFrame(bytes);
  const { count, vocabularies } = facts;
  const itemStarts = startsOf(sections.itemStarts, 'itemStarts', count, sections.items);
  const nameStarts = startsOf(sections.nameStarts, 'nameStarts', count, sections.names);
  if (sections.vocabularyCodes.length !== count * VOCABULARY_NAMES.length) {
    throw new CorruptListIndexError(`the list index's vocabulary codes are not one byte per item and vocabulary`);
  }
  const codes = vocabularyCodeViews(sections.vocabularyCodes, count);
  const members = new Map<VocabularyName, Int32Array[]>();
  let slugs: Set<string> | undefined;
  return {
    ...facts,
    items: sections.items,
    itemStarts,
    codes,
    members(vocabulary, code) {
      let grouped = members.get(vocabulary);
      if (!grouped) {
        grouped = groupByCode(codes[vocabulary], vocabulary, vocabularies[vocabulary].length);
        members.set(vocabulary, grouped);
      }
      return grouped[code] ?? EMPTY;
    },
    nameBytes: sections.names,
    nameStarts,
    namesOf: (position) =>
      decoder
        .decode(
          sections.names.subarray(
            startAt(nameStarts, position, 'nameStarts'),
            startAt(nameStarts, position + 1, 'nameStarts') - 1,
          ),
        )
        .split('\n'),
    // Only single-term fallbacks need slugs, so the set is built on first use.
    hasSlug(slug) {
      slugs ??= new Set(decoder.decode(sections.slugs).split('\n'));
      return slugs.has(slug);
    },
    postings: gramPostings(sections, count),
  };
}

/**
 * The starts of `count` parts joined by one byte each in `joined`: count + 1 of them, the last
 * one past the end of `joined` as if a separator followed the last part.
 */
function startsOf(bytes: Uint8Array, name: string, count: number, joined: Uint8Array): Uint32Array {
  const starts = uint32View(bytes, name);
  const end = count === 0 ? 0 : joined.length + 1;
  if (starts.length !== count + 1 || starts[count] !== end) {
    throw new CorruptListIndexError(
      `the list index's ${name} do not match its ${count} items and ${joined.length} bytes`,
    );
  }
  return starts;
}
