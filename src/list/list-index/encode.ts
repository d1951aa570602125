// Writes the list index of one locale (the build, and the edit loop after each change). Items are
// stored already serialized, joined by commas in the endpoint's order, so a page is a copy of byte
// ranges; each item's folded search names are stored as UTF-8 beside them, for the searches to
// compare bytes, with the gram postings that find their candidates (grams.ts).
import type { Locale } from '../../contract/facts.ts';
import type { VocabularyName, VocabularyValues } from '../../contract/vocabularies.ts';
import { concatenated, framedListIndex, type SectionChunks } from './format.ts';
import { gramsOf } from './grams.ts';

export { forgetGrams as forgetListIndexMemo } from './grams.ts';
import { encodeVocabularyCodes } from './vocabulary-codes.ts';
import { littleEndianBytes } from './words.ts';

export interface ListIndexInput {
  locale: Locale;
  dataVersion: string;
  vocabularies: VocabularyValues;
  attributionJson: string;
  docsUrl: string;
  /**
   * In the endpoint's order; `json`: the item, serialized (as UTF-8 when the caller encoded it
   * already: the build does, as it makes each entry, so that its entries hold the bytes only,
   * never the text and the bytes at once); `values`: the item's value of each vocabulary.
   */
  entries: {
    json: string | Uint8Array;
    values: Record<VocabularyName, string>;
    searchNames: readonly string[];
    slug: string;
  }[];
}

type Entry = ListIndexInput['entries'][number];

const utf8 = new TextEncoder();

/**
 * Each entry's item and names as UTF-8, by the entry object: the edit loop hands the same entry
 * objects for the terms a change did not reach (scripts/lib/publish/edit-memo.ts), and encoding
 * every item again was most of its list index.
 */
const encodedEntries = new WeakMap<Entry, { item: Uint8Array; names: Uint8Array }>();

function encodedEntry(entry: Entry): { item: Uint8Array; names: Uint8Array } {
  let encoded = encodedEntries.get(entry);
  if (!encoded) {
    const item = typeof entry.json === 'string' ? utf8.encode(entry.json) : entry.json;
    encodedEntries.set(entry, (encoded = { item, names: searchNameBytes(entry) }));
  }
  return encoded;
}
const COMMA = 0x2c;
const NEWLINE = 0x0a;

/** The list index file, in one buffer (the edit loop, tests). */
export function encodeListIndex(input: ListIndexInput): Uint8Array {
  return concatenated(listIndexChunks(input));
}

/**
 * The list index file as chunks to write one after another (the build): the items and the
 * names go out from each entry's own bytes a piece at a time, never joined into one buffer.
 */
export function listIndexChunks(input: ListIndexInput): { length: number; chunks: Iterable<Uint8Array> } {
  const { entries } = input;
  const encoded = entries.map(encodedEntry);
  const items = joinedInPieces(
    encoded.map((entry) => entry.item),
    COMMA,
  );
  const vocabularyCodes = encodeVocabularyCodes(
    input.vocabularies,
    entries.map((entry) => entry.values),
  );
  const names = joinedInPieces(
    encoded.map((entry) => entry.names),
    NEWLINE,
  );
  const grams = gramsOf(
    input.locale,
    entries.map((entry) => entry.searchNames),
  );
  const whole = (bytes: Uint8Array): SectionChunks => ({ length: bytes.length, chunks: [bytes] });
  return framedListIndex(
    {
      locale: input.locale,
      count: entries.length,
      dataVersion: input.dataVersion,
      vocabularies: input.vocabularies,
      attributionJson: input.attributionJson,
      docsUrl: input.docsUrl,
    },
    {
      items: items.section,
      itemStarts: whole(littleEndianBytes(items.starts)),
      vocabularyCodes: whole(vocabularyCodes),
      names: names.section,
      nameStarts: whole(littleEndianBytes(names.starts)),
      slugs: whole(utf8.encode(entries.map((entry) => entry.slug).join('\n'))),
      gramKeys: whole(grams.gramKeys),
      gramStarts: whole(littleEndianBytes(grams.gramStarts)),
      postings: whole(littleEndianBytes(grams.postings)),
    },
  );
}

/** An item's search names as UTF-8, joined by "\n", refusing a name that would break a search. */
function searchNameBytes(entry: Entry): Uint8Array {
  // "\n" separates an item's names, and U+0000 pads the short grams of the gram dictionary:
  // a name holding "\n" would let a search match across two names, and one holding U+0000
  // would be found by a search of the padding.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: U+0000 is the gram dictionary's padding, refused in names
  if (entry.searchNames.some((name) => name === '' || /[\n\u0000]/.test(name))) {
    throw new Error(`a search name of "${entry.slug}" is empty or contains a newline or U+0000`);
  }
  return utf8.encode(entry.searchNames.join('\n'));
}

/** A joined section's pieces are about this large (one part larger than this is a piece of its own). */
const JOINED_PIECE_BYTES = 1024 * 1024;

/**
 * The parts joined by `separator`, as pieces made when read, and where each part starts: part i
 * is bytes[starts[i], starts[i + 1] - 1), the last start being one past the end (as if a
 * separator followed).
 */
function joinedInPieces(
  parts: readonly Uint8Array[],
  separator: number,
): { section: SectionChunks; starts: Uint32Array } {
  const starts = new Uint32Array(parts.length + 1);
  let end = 0;
  parts.forEach((part, i) => {
    starts[i] = end;
    end += part.length + 1;
  });
  starts[parts.length] = end;
  return { section: { length: Math.max(0, end - 1), chunks: piecesOf(parts, separator) }, starts };
}

/** The joined bytes, a piece of whole parts at a time (each piece but the last ends with a separator). */
function* piecesOf(parts: readonly Uint8Array[], separator: number): Generator<Uint8Array> {
  let group: Uint8Array[] = [];
  let size = 0;
  for (const part of parts) {
    if (group.length > 0 && size + part.length + 1 > JOINED_PIECE_BYTES) {
      yield joined(group, size, separator);
      group = [];
      size = 0;
    }
    group.push(part);
    size += part.length + 1;
  }
  if (group.length > 0) yield joined(group, size - 1, separator);
}

/** The parts, each followed by `separator` while there is room for it in `length` bytes. */
function joined(group: readonly Uint8Array[], length: number, separator: number): Uint8Array {
  const piece = new Uint8Array(length);
  let at = 0;
  for (const part of group) {
    piece.set(part, at);
    at += part.length;
    if (at < length) piece[at] = separator;
    at++;
  }
  return piece;
}
