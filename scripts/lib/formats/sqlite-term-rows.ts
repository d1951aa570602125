// The SQLite dump's term rows in the order they are inserted (locale after locale, each in list
// order), each term's made once, by whichever asks first: the SQLite thread's feed (sqlite-thread.ts:
// feed), which makes them ahead while the build writes other files, or the build's pass over the
// terms (dumps.ts: term), which asks for every term up to the one it writes. The feed is always
// at or ahead of that pass, so it reads only records the pass has not let go (emit.ts: releaseRecords).
import { LOCALES, type Locale } from '../../../src/contract/facts.ts';
import type { ApiRecords } from '../publish/api-records.ts';
import type { TermSearchNames } from '../names/term-search-names.ts';
import { sqliteTermRows, type SqliteRows } from './sqlite-dump.ts';

export class SqliteTermRowsInOrder {
  /** The next term whose rows are made: its locale's index in LOCALES and its place in that locale's list. */
  #locale = 0;
  #position = 0;

  /** `counts`: each locale's terms, taken before any record is let go. */
  constructor(
    private readonly records: ApiRecords,
    private readonly searchNames: TermSearchNames,
    private readonly counts: Readonly<Record<Locale, number>>,
  ) {
    this.#skipPastLocales();
  }

  /** Whether every term's rows are made. */
  get done(): boolean {
    return this.#locale >= LOCALES.length;
  }

  /** The next term's rows; undefined once every term's are made. */
  next(): SqliteRows | undefined {
    const locale = LOCALES[this.#locale];
    if (locale === undefined) return undefined;
    const position = this.#position++;
    const term = this.records.locales[locale].terms[position];
    if (term === undefined)
      throw new Error(`SQLite dump: the ${locale} term at ${position} was let go before its rows were made`);
    const rows = sqliteTermRows(this.records, this.searchNames, locale, term, position);
    this.#skipPastLocales();
    return rows;
  }

  /** The rows of every term up to the one at `position` in `locale`'s list, that one included, not made yet. */
  through(locale: Locale, position: number): SqliteRows {
    const rows: SqliteRows = [];
    const target = LOCALES.indexOf(locale);
    while (this.#locale < target || (this.#locale === target && this.#position <= position)) {
      const made = this.next();
      if (made === undefined) break;
      for (const row of made) rows.push(row);
    }
    return rows;
  }

  /** Past the end of a locale's list, the next locale's first term (past the last: done). */
  #skipPastLocales(): void {
    for (let locale = LOCALES[this.#locale]; locale !== undefined; locale = LOCALES[this.#locale]) {
      if (this.#position < this.counts[locale]) return;
      this.#locale++;
      this.#position = 0;
    }
  }
}
