// The list index file's layout, shared by its encoder and decoder:
//
//   "LXI1" | u32 LE header length | header JSON | padding to 4 | sections
//
// The header holds the index's facts (locale, count, data version, vocabularies, attribution,
// docs URL) and the section table: each section's [offset, length], the offset relative to the
// end of the header padding. Every section starts at a multiple of 4, so a section of 32-bit
// words is viewed in place as a typed array, without a copy. Words are little-endian, as on
// every platform Netlify and Node run on.
import type { Locale } from '../../contract/facts.ts';
import type { VocabularyValues } from '../../contract/vocabularies.ts';
import { CorruptListIndexError } from './words.ts';

const MAGIC = [0x4c, 0x58, 0x49, 0x31]; // "LXI1"
/** Raised whenever the bytes change meaning, so an older file is refused rather than misread. */
export const LIST_INDEX_FORMAT = 5;

/** The sections, in the order they are written. */
export const SECTION_NAMES = [
  'items',
  'itemStarts',
  'vocabularyCodes',
  'names',
  'nameStarts',
  'slugs',
  'gramKeys',
  'gramStarts',
  'postings',
] as const;
export type SectionName = (typeof SECTION_NAMES)[number];
export type Sections = Record<SectionName, Uint8Array>;

/** The facts the header carries besides the format and the section table. */
export interface ListIndexFacts {
  locale: Locale;
  count: number;
  dataVersion: string;
  /** The values of each vocabulary; an item's code is the position of its value here. */
  vocabularies: VocabularyValues;
  /** The attribution object, serialized once at build time. */
  attributionJson: string;
  /** Absolute URL of the documentation page; problem types are fragments of it. */
  docsUrl: string;
}

interface ListIndexHeader extends ListIndexFacts {
  format: typeof LIST_INDEX_FORMAT;
  sections: Record<SectionName, [offset: number, length: number]>;
}

const utf8 = new TextEncoder();
const utf8Decoder = new TextDecoder();

/** A section to frame: its length, and its bytes in one or more chunks (written one after another). */
export interface SectionChunks {
  length: number;
  chunks: Iterable<Uint8Array>;
}

/** The file: the header with its section table, then every section at its aligned offset. */
export function frameListIndex(facts: ListIndexFacts, sections: Sections): Uint8Array {
  const chunked = {} as Record<SectionName, SectionChunks>;
  for (const name of SECTION_NAMES) chunked[name] = { length: sections[name].length, chunks: [sections[name]] };
  return concatenated(framedListIndex(facts, chunked));
}

/** Chunks of `length` bytes in all, in one buffer. */
export function concatenated(framed: { length: number; chunks: Iterable<Uint8Array> }): Uint8Array {
  const out = new Uint8Array(framed.length);
  let at = 0;
  for (const chunk of framed.chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  if (at !== framed.length) throw new Error(`a list index of ${framed.length} bytes came as ${at}`);
  return out;
}

/**
 * The file as chunks, in order (the build writes them one after another, so no buffer of the
 * whole index exists: 82 MB for a locale at 100,000 terms), and its length.
 */
export function framedListIndex(
  facts: ListIndexFacts,
  sections: Record<SectionName, SectionChunks>,
): { length: number; chunks: Iterable<Uint8Array> } {
  const table = {} as ListIndexHeader['sections'];
  let offset = 0;
  for (const name of SECTION_NAMES) {
    table[name] = [offset, sections[name].length];
    offset = align4(offset + sections[name].length);
  }
  const head = headOf(facts, table);
  return { length: head.length + offset, chunks: chunksOf(head, sections) };
}

/** Magic, header length, header JSON and the padding to 4. */
function headOf(facts: ListIndexFacts, table: ListIndexHeader['sections']): Uint8Array {
  // Spelled out rather than spread: the header's key order is part of the bytes.
  const header: ListIndexHeader = {
    format: LIST_INDEX_FORMAT,
    locale: facts.locale,
    count: facts.count,
    dataVersion: facts.dataVersion,
    vocabularies: facts.vocabularies,
    attributionJson: facts.attributionJson,
    docsUrl: facts.docsUrl,
    sections: table,
  };
  const headerBytes = utf8.encode(JSON.stringify(header));
  const head = new Uint8Array(align4(8 + headerBytes.length));
  head.set(MAGIC, 0);
  new DataView(head.buffer).setUint32(4, headerBytes.length, true);
  head.set(headerBytes, 8);
  return head;
}

const PADDING = new Uint8Array(3);

function* chunksOf(head: Uint8Array, sections: Record<SectionName, SectionChunks>): Generator<Uint8Array> {
  yield head;
  for (const name of SECTION_NAMES) {
    let written = 0;
    for (const chunk of sections[name].chunks) {
      written += chunk.length;
      yield chunk;
    }
    if (written !== sections[name].length) {
      throw new Error(`the list index section ${name} has ${written} bytes, not ${sections[name].length}`);
    }
    const padding = align4(written) - written;
    if (padding > 0) yield PADDING.subarray(0, padding);
  }
}

/** The header's facts and a view of each section, checked to lie inside the file. */
export function readListIndexFrame(bytes: Uint8Array): { facts: ListIndexFacts; sections: Sections } {
  if (bytes.length < 8 || MAGIC.some((b, i) => bytes[i] !== b)) {
    throw new CorruptListIndexError(`not a list index file (bad magic)`);
  }
  const headerLength = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength).getUint32(4, true);
  if (8 + headerLength > bytes.length) {
    throw new CorruptListIndexError(`the list index header runs past the end of the file`);
  }
  const header = JSON.parse(utf8Decoder.decode(bytes.subarray(8, 8 + headerLength))) as ListIndexHeader;
  if (header.format !== LIST_INDEX_FORMAT) {
    throw new CorruptListIndexError(`list index format ${header.format} is not ${LIST_INDEX_FORMAT}`);
  }
  const dataStart = align4(8 + headerLength);
  const sections = {} as Sections;
  for (const name of SECTION_NAMES) {
    const [offset, length] = header.sections?.[name] ?? [];
    const start = dataStart + (offset ?? Number.NaN);
    const end = start + (length ?? Number.NaN);
    // NaN fails this test too: a section missing from the table is refused here.
    if (!(start >= dataStart && end >= start && end <= bytes.length)) {
      throw new CorruptListIndexError(`the list index section ${name} is missing or lies outside the file`);
    }
    sections[name] = bytes.subarray(start, end);
  }
  const { locale, count, dataVersion, vocabularies, attributionJson, docsUrl } = header;
  return { facts: { locale, count, dataVersion, vocabularies, attributionJson, docsUrl }, sections };
}

export function align4(n: number): number {
  return (n + 3) & ~3;
}
