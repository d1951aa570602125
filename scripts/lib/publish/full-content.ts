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

/** What a record whose body stays on disk reads its fullContent from. */
export interface ContentOnDisk {
  /** Reads the body from the term's text again (file-checks.ts: a text kept on disk). */
  body: () => string;
  references: readonly Reference[];
  /** The Sources section's heading in the record's locale. */
  heading: string;
}

/** The body reader of a text whose body is read from disk when asked for; none for a text in memory. */
export function bodyReaderOf(text: LocalizedTermText): (() => string) | undefined {
  return Object.getOwnPropertyDescriptor(text, 'body')?.get;
}

/**
 * A term record whose fullContent is read from disk whenever it is asked for. A class, so that
 * V8 lays every record out alike with the getter on the prototype: a getter defined on each record
 * made it a dictionary, about three times the memory (bench/README.md, fourth session). The
 * getter is not an own property, so toJSON gives JSON.stringify the record's fields in order.
 */
export class TermWithContentOnDisk implements Term {
  readonly term: string;
  readonly slug: string;
  readonly definition: string;
  readonly pillar: Term['pillar'];
  readonly tradition: string;
  readonly etymology: string | null;
  readonly relatedTerms: string[];
  readonly url: string;
  readonly pronunciation: string | null;
  readonly termOriginal: string | null;
  readonly relatedPosts: Term['relatedPosts'];
  readonly #content: ContentOnDisk;

  constructor(fields: Omit<Term, 'fullContent'>, content: ContentOnDisk) {
    this.term = fields.term;
    this.slug = fields.slug;
    this.definition = fields.definition;
    this.pillar = fields.pillar;
    this.tradition = fields.tradition;
    this.etymology = fields.etymology;
    this.relatedTerms = fields.relatedTerms;
    this.url = fields.url;
    this.pronunciation = fields.pronunciation;
    this.termOriginal = fields.termOriginal;
    this.relatedPosts = fields.relatedPosts;
    this.#content = content;
  }

  get fullContent(): string {
    return lastContent(this, this.#content);
  }

  /** The record's fields in the order of the specification (TermSchema), as a plain record has them. */
  toJSON(): Term {
    const { term, slug, definition, pillar, tradition, etymology, relatedTerms, url } = this;
    const { pronunciation, termOriginal, relatedPosts } = this;
    const fullContent = this.fullContent;
    return {
      term,
      slug,
      definition,
      pillar,
      tradition,
      etymology,
      relatedTerms,
      url,
      fullContent,
      pronunciation,
      termOriginal,
      relatedPosts,
    };
  }
}

/**
 * The fullContent of the record asked last: the term file, its dump records and its SQLite rows
 * each ask for it in a row, and it is read from disk once for them.
 */
let last: { record: Term; content: string } | undefined;
function lastContent(record: Term, { body, references, heading }: ContentOnDisk): string {
  if (last?.record !== record) last = { record, content: fullContent(body(), references, heading) };
  return last.content;
}

/** Whether a record's fullContent is read from disk when asked for (TermWithContentOnDisk). */
export const contentReadWhenAsked = (record: Term) => record instanceof TermWithContentOnDisk;
