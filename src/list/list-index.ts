// The list index: everything the list endpoint needs for one locale, in one binary file
// the build writes and the function maps into memory once per instance.
//
// Why binary: loading must not parse what it can avoid parsing. Items are stored already
// serialized (JSON, joined by commas, in the endpoint's order), so a page is a copy of byte
// ranges and an unfiltered page is a single zero-copy view. Offsets and vocabulary codes (an
// item's pillar, its tradition: src/contract/vocabularies.ts) are typed arrays viewed in
// place. Only a small JSON header is decoded at load; the folded
// search names stay UTF-8 bytes, which searches compare as they are.
//
// Search: an item has several folded searchable names (scripts/lib/names/search-names.ts), stored joined by
// "\n", which neither a name nor a search can contain, so a match never spans two names. Every
// 1-, 2- and 3-code-unit gram of every name has a posting list (the ascending positions of the
// items with a name that contains it). The gram dictionary is one
// string of fixed 3-unit slots (shorter grams padded with U+0000), sorted, so a lookup is a
// binary search with no per-gram objects at load; it is decoded on the first search. A
// posting list that would take at least as many 32-bit words as a bitmap of
// all items (ceil(count / 32) words) is stored as that bitmap instead, which keeps the grams
// shared by most items (single letters, common pairs) small; a stored range of exactly
// that length is a bitmap, and is expanded into positions when a search uses it.
//
// Layout: "LXI1" | u32 LE header length | header JSON | padding to 4 | sections (each
// 4-aligned, at the offsets the header gives, relative to the end of the header padding).
// Typed arrays are little-endian, as on every platform Netlify and Node run on.
import type { Locale } from '../contract/facts.ts';
import {
  perVocabulary,
  VOCABULARY_NAMES,
  type VocabularyName,
  type VocabularyValues,
} from '../contract/vocabularies.ts';

const MAGIC = [0x4c, 0x58, 0x49, 0x31]; // "LXI1"
export const LIST_INDEX_FORMAT = 5;
/** Grams of up to this many UTF-16 code units have posting lists. */
export const GRAM_LENGTH = 3;
const PAD = '\u0000';

type SectionName =
  | 'items'
  | 'itemStarts'
  | 'vocabularyCodes'
  | 'names'
  | 'nameStarts'
  | 'slugs'
  | 'gramKeys'
  | 'gramStarts'
  | 'postings';

interface ListIndexHeader {
  format: typeof LIST_INDEX_FORMAT;
  locale: Locale;
  count: number;
  dataVersion: string;
  /** The values of each vocabulary; an item's code is the position of its value here. */
  vocabularies: VocabularyValues;
  /** The attribution object, serialized once at build time. */
  attributionJson: string;
  /** Absolute URL of the documentation page; problem types are fragments of it. */
  docsUrl: string;
  sections: Record<SectionName, [offset: number, length: number]>;
}

export interface ListIndexInput {
  locale: Locale;
  dataVersion: string;
  vocabularies: VocabularyValues;
  attributionJson: string;
  docsUrl: string;
  /** In the endpoint's order; `values`: the item's value of each vocabulary. */
  entries: {
    json: string;
    values: Record<VocabularyName, string>;
    searchNames: readonly string[];
    slug: string;
  }[];
}

export interface ListIndex {
  readonly locale: Locale;
  readonly count: number;
  readonly dataVersion: string;
  readonly vocabularies: VocabularyValues;
  readonly attributionJson: string;
  readonly docsUrl: string;
  /** Serialized items joined by ","; item i is items[itemStarts[i], itemStarts[i+1] - 1). */
  readonly items: Uint8Array;
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
  readonly nameStarts: Uint32Array;
  /** Item i's names, decoded (tests, tools). */
  namesOf(position: number): string[];
  hasSlug(slug: string): boolean;
  /** Ascending positions of the items with a folded name that contains `gram` (1-3 code units); shared, never modify. */
  postings(gram: string): Int32Array;
}

const encoder = new TextEncoder();

export function encodeListIndex(input: ListIndexInput): Uint8Array {
  const { entries } = input;

  const encodedItems = entries.map((e) => encoder.encode(e.json));
  const itemStarts = new Uint32Array(entries.length + 1);
  let byte = 0;
  encodedItems.forEach((bytes, i) => {
    itemStarts[i] = byte;
    byte += bytes.length + 1;
  });
  itemStarts[entries.length] = byte;
  const items = new Uint8Array(Math.max(0, byte - 1));
  encodedItems.forEach((bytes, i) => {
    items.set(bytes, itemStarts[i]!);
    if (i + 1 < encodedItems.length) items[itemStarts[i + 1]! - 1] = 0x2c; // ","
  });

  const vocabularyCodes = encodeVocabularyCodes(input);

  const nameStarts = new Uint32Array(entries.length + 1);
  let nameByte = 0;
  const joinedNames = entries.map((entry, i) => {
    // "\n" separates an item's names, and U+0000 pads the short grams of the gram dictionary:
    // a name holding either would make a search match across names or match the padding.
    // biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is the gram dictionary's padding, refused in names
    if (entry.searchNames.some((name) => name === '' || /[\n\u0000]/.test(name))) {
      throw new Error(`a search name of "${entry.slug}" is empty or contains a newline or U+0000`);
    }
    const joined = encoder.encode(entry.searchNames.join('\n'));
    nameStarts[i] = nameByte;
    nameByte += joined.length + 1;
    return joined;
  });
  nameStarts[entries.length] = nameByte;
  const names = new Uint8Array(Math.max(0, nameByte - 1));
  joinedNames.forEach((joined, i) => {
    names.set(joined, nameStarts[i]!);
    if (i + 1 < joinedNames.length) names[nameStarts[i + 1]! - 1] = 0x0a; // "\n"
  });
  const slugs = encoder.encode(entries.map((e) => e.slug).join('\n'));
  const { gramKeys, gramStarts, postings } = gramsOf(
    input.locale,
    entries.map((e) => e.searchNames),
    bitmapWords(entries.length),
  );

  const parts: [SectionName, Uint8Array][] = [
    ['items', items],
    ['itemStarts', bytesOf(itemStarts)],
    ['vocabularyCodes', vocabularyCodes],
    ['names', names],
    ['nameStarts', bytesOf(nameStarts)],
    ['slugs', slugs],
    ['gramKeys', gramKeys],
    ['gramStarts', bytesOf(gramStarts)],
    ['postings', bytesOf(postings)],
  ];
  const sections = {} as ListIndexHeader['sections'];
  let offset = 0;
  for (const [name, bytes] of parts) {
    sections[name] = [offset, bytes.length];
    offset = align4(offset + bytes.length);
  }
  const header: ListIndexHeader = {
    format: LIST_INDEX_FORMAT,
    locale: input.locale,
    count: entries.length,
    dataVersion: input.dataVersion,
    vocabularies: input.vocabularies,
    attributionJson: input.attributionJson,
    docsUrl: input.docsUrl,
    sections,
  };
  const headerBytes = encoder.encode(JSON.stringify(header));
  const dataStart = align4(8 + headerBytes.length);
  const out = new Uint8Array(dataStart + offset);
  out.set(MAGIC, 0);
  new DataView(out.buffer).setUint32(4, headerBytes.length, true);
  out.set(headerBytes, 8);
  for (const [name, bytes] of parts) out.set(bytes, dataStart + sections[name][0]);
  return out;
}

export function decodeListIndex(bytes: Uint8Array): ListIndex {
  if (bytes.length < 8 || MAGIC.some((b, i) => bytes[i] !== b)) {
    throw new Error('not a list index file (bad magic); rebuild with `npm run build`');
  }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const headerLength = view.getUint32(4, true);
  const decoder = new TextDecoder();
  const header = JSON.parse(decoder.decode(bytes.subarray(8, 8 + headerLength))) as ListIndexHeader;
  if (header.format !== LIST_INDEX_FORMAT) {
    throw new Error(`list index format ${header.format} is not ${LIST_INDEX_FORMAT}; rebuild with \`npm run build\``);
  }
  const dataStart = align4(8 + headerLength);
  const section = (name: SectionName) => {
    const [offset, length] = header.sections[name];
    return bytes.subarray(dataStart + offset, dataStart + offset + length);
  };
  const codes = vocabularyCodeViews(section('vocabularyCodes'), header.count);
  const members = new Map<string, Int32Array[]>();
  const slugsSection = section('slugs');
  let slugSet: Set<string> | undefined;
  const gramKeysSection = section('gramKeys');
  const gramStarts = uint32View(section('gramStarts'));
  const postings = int32View(section('postings'));
  const nameBytes = section('names');
  const nameStarts = uint32View(section('nameStarts'));
  let gramKeys: string | undefined;
  const bitmapLength = bitmapWords(header.count);
  const expanded = new Map<number, Int32Array>();

  return {
    locale: header.locale,
    count: header.count,
    dataVersion: header.dataVersion,
    vocabularies: header.vocabularies,
    attributionJson: header.attributionJson,
    docsUrl: header.docsUrl,
    items: section('items'),
    itemStarts: uint32View(section('itemStarts')),
    codes,
    members(vocabulary, code) {
      let grouped = members.get(vocabulary);
      if (!grouped) {
        grouped = groupByCode(codes[vocabulary], header.vocabularies[vocabulary].length);
        members.set(vocabulary, grouped);
      }
      return grouped[code] ?? EMPTY;
    },
    nameBytes,
    nameStarts,
    namesOf: (position) =>
      decoder.decode(nameBytes.subarray(nameStarts[position], nameStarts[position + 1]! - 1)).split('\n'),
    // Only single-term fallbacks need slugs, so the set is built on first use.
    hasSlug(slug) {
      slugSet ??= new Set(decoder.decode(slugsSection).split('\n'));
      return slugSet.has(slug);
    },
    postings(gram) {
      gramKeys ??= new TextDecoder('utf-16le').decode(gramKeysSection);
      const slot = findGram(gramKeys, gram.padEnd(GRAM_LENGTH, PAD));
      if (slot < 0) return EMPTY;
      const stored = postings.subarray(gramStarts[slot]!, gramStarts[slot + 1]!);
      if (stored.length !== bitmapLength) return stored;
      // Expanding a bitmap allocates up to 4 bytes per item: keep the last few expanded, so
      // the common one-letter searches neither repeat the work nor churn the heap.
      let positions = expanded.get(slot);
      if (!positions) {
        positions = bitmapPositions(stored);
        if (expanded.size >= EXPANDED_BITMAPS_KEPT) expanded.delete(expanded.keys().next().value!);
        expanded.set(slot, positions);
      }
      return positions;
    },
  };
}

const EMPTY = new Int32Array(0);
/** Expanded bitmaps kept per index: at most this many times 4 bytes per item. */
const EXPANDED_BITMAPS_KEPT = 32;

/** Words of a bitmap with one bit per item; 0 when there are no items. */
function bitmapWords(count: number): number {
  return Math.ceil(count / 32);
}

/** The ascending positions of the set bits. */
function bitmapPositions(words: Int32Array): Int32Array {
  let total = 0;
  for (let i = 0; i < words.length; i++) {
    let word = words[i]!;
    while (word !== 0) {
      word &= word - 1;
      total++;
    }
  }
  const out = new Int32Array(total);
  let n = 0;
  for (let i = 0; i < words.length; i++) {
    let word = words[i]!;
    while (word !== 0) {
      const low = word & -word;
      out[n++] = i * 32 + 31 - Math.clz32(low);
      word ^= low;
    }
  }
  return out;
}

/** Binary search over the fixed-width slots of the sorted dictionary string. */
function findGram(keys: string, padded: string): number {
  let low = 0;
  let high = keys.length / GRAM_LENGTH - 1;
  while (low <= high) {
    const mid = (low + high) >>> 1;
    const key = keys.slice(mid * GRAM_LENGTH, mid * GRAM_LENGTH + GRAM_LENGTH);
    if (key === padded) return mid;
    if (key < padded) low = mid + 1;
    else high = mid - 1;
  }
  return -1;
}

/**
 * The last grams encoded per locale, and the names they were encoded from. The edit loop encodes
 * the index again after every change, nearly always with the very same names (the same arrays,
 * from the build cache) in the same order; encoding the grams was then most of its work.
 */
const lastGrams = new Map<Locale, { names: readonly (readonly string[])[]; bitmapLength: number; grams: Grams }>();

type Grams = ReturnType<typeof encodeGrams>;

function gramsOf(locale: Locale, names: readonly (readonly string[])[], bitmapLength: number): Grams {
  const last = lastGrams.get(locale);
  if (
    last &&
    last.bitmapLength === bitmapLength &&
    last.names.length === names.length &&
    names.every((item, i) => item === last.names[i])
  )
    return last.grams;
  const grams = encodeGrams(names, bitmapLength);
  lastGrams.set(locale, { names, bitmapLength, grams });
  return grams;
}

function encodeGrams(
  namesByItem: readonly (readonly string[])[],
  bitmapLength: number,
): { gramKeys: Uint8Array; gramStarts: Uint32Array; postings: Uint32Array } {
  const lists = new Map<string, number[]>();
  namesByItem.forEach((names, position) => {
    for (const name of names) {
      for (let length = 1; length <= GRAM_LENGTH; length++) {
        for (let at = 0; at + length <= name.length; at++) {
          const gram = name.slice(at, at + length).padEnd(GRAM_LENGTH, PAD);
          const list = lists.get(gram);
          // Items come in ascending order, so a list holds a position at most once.
          if (!list) lists.set(gram, [position]);
          else if (list.at(-1) !== position) list.push(position);
        }
      }
    }
  });
  const keys = [...lists.keys()].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  // A list at least as long as the bitmap becomes the bitmap, so every shorter range is a list.
  const stored = keys.map((key) => {
    const list = lists.get(key)!;
    if (list.length < bitmapLength) return list;
    const bitmap = new Uint32Array(bitmapLength);
    for (const position of list) bitmap[position >>> 5]! |= 1 << (position & 31);
    return bitmap;
  });
  const gramStarts = new Uint32Array(keys.length + 1);
  let total = 0;
  stored.forEach((list, i) => {
    gramStarts[i] = total;
    total += list.length;
  });
  gramStarts[keys.length] = total;
  const postings = new Uint32Array(total);
  for (const [i, list] of stored.entries()) postings.set(list, gramStarts[i]!);
  const joined = keys.join('');
  const gramKeys = new Uint8Array(joined.length * 2);
  const view = new DataView(gramKeys.buffer);
  for (let i = 0; i < joined.length; i++) view.setUint16(i * 2, joined.charCodeAt(i), true);
  return { gramKeys, gramStarts, postings };
}

/** One byte per item and vocabulary: the block of each vocabulary, in VOCABULARY_NAMES order. */
function encodeVocabularyCodes(input: ListIndexInput): Uint8Array {
  const count = input.entries.length;
  const out = new Uint8Array(count * VOCABULARY_NAMES.length);
  VOCABULARY_NAMES.forEach((name, block) => {
    const values = input.vocabularies[name];
    if (values.length > 255) throw new Error(`the list index supports at most 255 values of ${name}`);
    const codeOf = new Map(values.map((value, code) => [value, code]));
    input.entries.forEach((entry, i) => {
      const code = codeOf.get(entry.values[name]);
      if (code === undefined) throw new Error(`unknown ${name} "${entry.values[name]}" in the list index`);
      out[block * count + i] = code;
    });
  });
  return out;
}

function vocabularyCodeViews(bytes: Uint8Array, count: number): Record<VocabularyName, Uint8Array> {
  return perVocabulary((name) => {
    const block = VOCABULARY_NAMES.indexOf(name);
    return bytes.subarray(block * count, (block + 1) * count);
  });
}

function groupByCode(codes: Uint8Array, valueCount: number): Int32Array[] {
  const sizes = new Int32Array(valueCount);
  for (let i = 0; i < codes.length; i++) sizes[codes[i]!]!++;
  const members = Array.from(sizes, (size) => new Int32Array(size));
  const fill = new Int32Array(valueCount);
  for (let i = 0; i < codes.length; i++) {
    const code = codes[i]!;
    members[code]![fill[code]!++] = i;
  }
  return members;
}

function bytesOf(array: Uint32Array): Uint8Array {
  const out = new Uint8Array(array.length * 4);
  const view = new DataView(out.buffer);
  for (const [i, value] of array.entries()) view.setUint32(i * 4, value, true);
  return out;
}

function uint32View(bytes: Uint8Array): Uint32Array {
  // A typed array view needs 4-byte alignment; copy in the rare case the buffer is not.
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  return new Uint32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4);
}

function int32View(bytes: Uint8Array): Int32Array {
  const aligned = bytes.byteOffset % 4 === 0 ? bytes : bytes.slice();
  return new Int32Array(aligned.buffer, aligned.byteOffset, aligned.byteLength / 4);
}

function align4(n: number): number {
  return (n + 3) & ~3;
}
