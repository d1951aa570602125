// A locale's list index file (list-index.<locale>.bin): each term's entry, made as its term file
// is written, and the file made from them. The build writes it after the locale's term files
// (emit.ts), and the edit loop again after each change (edit-outputs.ts).
import type { Locale } from '../../../src/contract/facts.ts';
import { DOCS_PATH } from '../../../src/contract/facts.ts';
import { listIndexPath } from '../../../src/contract/output-layout.ts';
import type { Term } from '../../../src/contract/response-schemas.ts';
import {
  encodeListIndex,
  forgetListIndexMemo,
  type ListIndexInput,
  listIndexChunks,
} from '../../../src/list/list-index/encode.ts';
import { type ApiRecords, toListItem } from './api-records.ts';
import { listItemOfRecord } from './list-item-bytes.ts';
import type { OutputSink } from './output-sink.ts';
import { vocabularyEntries, vocabularyValues, vocabularyValuesOf } from './vocabulary-files.ts';

export type ListIndexEntry = ListIndexInput['entries'][number];

const utf8 = new TextEncoder();

/**
 * A term's entry in the list index, its item as UTF-8 (held until the index is written: see
 * encode.ts) in a buffer of its own: a slice of Node's 8 KB pool would keep the slab alive, with
 * the term file bytes beside it. `recordJson`: the record as UTF-8 if made (its start is the item).
 */
export function listEntry(term: Term, searchNames: readonly string[], recordJson?: Uint8Array): ListIndexEntry {
  const cut = recordJson && listItemOfRecord(term, recordJson);
  const json = cut ?? utf8.encode(JSON.stringify(toListItem(term)));
  return { json, values: vocabularyValuesOf(term), searchNames, slug: term.slug };
}

/** The list index of a locale, from its entries in list order. */
export function listIndexContent(
  records: ApiRecords,
  locale: Locale,
  dataVersion: string,
  entries: ListIndexEntry[],
): Uint8Array {
  return encodeListIndex(listIndexInput(records, locale, dataVersion, entries));
}

/**
 * Writes a locale's list index (the build's: nothing encodes it again in this build, so the
 * encoder's memo of it is let go; an edit session warms its own after it). In chunks: the whole
 * index in one buffer was the build's peak memory at 100,000 terms.
 */
export async function writeListIndex(
  records: ApiRecords,
  locale: Locale,
  dataVersion: string,
  entries: ListIndexEntry[],
  sink: OutputSink,
): Promise<void> {
  const index = listIndexChunks(listIndexInput(records, locale, dataVersion, entries));
  await sink.fileInChunks(listIndexPath(locale), index.chunks);
  forgetListIndexMemo(locale);
}

function listIndexInput(
  records: ApiRecords,
  locale: Locale,
  dataVersion: string,
  entries: ListIndexEntry[],
): ListIndexInput {
  return {
    locale,
    dataVersion,
    vocabularies: vocabularyValues(vocabularyEntries(records)),
    attributionJson: JSON.stringify(records.attribution),
    docsUrl: records.siteUrl + DOCS_PATH,
    entries,
  };
}
