// Reads a built list index back into plain records, for tests that compare it with files.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Locale } from '../../src/contract/facts.ts';
import { decodeListIndex, type ListIndex } from '../../src/list/list-index/decode.ts';
import type { TermListItem } from '../../src/contract/response-schemas.ts';
import { listIndexPath } from '../../src/contract/output-layout.ts';

export function loadBuiltIndex(outDir: string, locale: Locale): ListIndex {
  return decodeListIndex(readFileSync(path.join(outDir, listIndexPath(locale))));
}

export function indexItems(index: ListIndex): TermListItem[] {
  return JSON.parse(`[${new TextDecoder().decode(index.items)}]`) as TermListItem[];
}

/** Each item's folded searchable names. */
export function indexNames(index: ListIndex): string[][] {
  return Array.from({ length: index.count }, (_, i) => index.namesOf(i));
}
