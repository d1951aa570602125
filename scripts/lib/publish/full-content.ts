// A term's fullContent: its body as written, then the Sources section built from term.yaml
// `references`. With a large corpus's texts kept on disk (load-corpus.ts: TermTextOnDisk), the
// records hold no body: fullContent is read again whenever it is asked for.
import type { Term } from '../../../src/contract/response-schemas.ts';
import type { Reference } from '../corpus/corpus-schema.ts';
import type { LocalizedTermText } from '../corpus/corpus-model.ts';

/** One line of the Sources section: `- Author, *Title* (year), locator.` */
export function formatReference({ author, title, year, locator }: Reference): string {
  return `- ${author}, *${title}* (${year})${locator ? `, ${locator}` : ''}.`;
}

/** The body as written, then the Sources section built from term.yaml `references`. */
export function fullContent(body: string, references: readonly Reference[], heading: string): string {
  if (references.length === 0) return body;
  return `${body}\n\n## ${heading}\n\n${references.map(formatReference).join('\n')}`;
}

/** Whether a text's body is read from disk when asked for (file-checks.ts: a text kept on disk). */
export const bodyOnDisk = (text: LocalizedTermText) => Object.getOwnPropertyDescriptor(text, 'body')?.get !== undefined;

/**
 * The fullContent of the record asked last: the term file, its dump records and its SQLite rows
 * each ask for it in a row, and it is read from disk once for them.
 */
let last: { record: Term; content: string } | undefined;
function lastContent(record: Term, content: () => string): string {
  if (last?.record !== record) last = { record, content: content() };
  return last.content;
}

/**
 * Makes a record's fullContent a getter of `content`, redefined in its place among the fields
 * (JSON.stringify's order). It costs V8's compact layout (the record becomes a dictionary, about
 * 750 bytes more): a class with a getter would not, and is the next step (bench/README.md).
 */
export function readWhenAsked(record: Term, content: () => string): Term {
  Object.defineProperty(record, 'fullContent', { enumerable: true, get: () => lastContent(record, content) });
  return record;
}

/** Whether a record's fullContent is read from disk when asked for (readWhenAsked). */
export const contentReadWhenAsked = (record: Term) =>
  Object.getOwnPropertyDescriptor(record, 'fullContent')?.get !== undefined;
