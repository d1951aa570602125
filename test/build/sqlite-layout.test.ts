// The SQLite dump's layout (the key-ordered tables copied from staging, the indexes made after
// the rows) changes where rows sit in the file, never what it holds: against a database made the
// plain way (the schema with its indexes first, every row inserted as it comes), the same
// tables, indexes, rows in order, full-text index and answers to full-text queries. Every database
// and statement is held and no pragma() is called (it makes a statement of its own): on Node 24.19
// and later, one that is garbage collected can abort the process (scripts/lib/formats/sqlite-held.ts).
import Database from 'better-sqlite3';
import { describe, expect, it } from 'vitest';
import { sqliteBytes, sqliteRows, type SqliteRows } from '../../scripts/lib/formats/sqlite-dump.ts';
import { heldUntilExit } from '../../scripts/lib/formats/sqlite-held.ts';
import { SQLITE_INDEXES, SQLITE_TABLES } from '../../scripts/lib/formats/sqlite-schema.ts';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { generateCorpus } from '../../bench/synthetic-corpus.ts';
import { smallCorpusFiles } from '../helpers/corpus-fixtures.ts';

/** A statement of `db`, held (see the top). */
const prepare = (db: Database.Database, sql: string) => heldUntilExit(db.prepare(sql));

/** The database of `rows` made the plain way: every index with its table, rows in the order given. */
function plainLayout(rows: SqliteRows): Database.Database {
  const db = heldUntilExit(new Database(':memory:'));
  db.exec('BEGIN');
  db.exec(SQLITE_TABLES);
  db.exec(SQLITE_INDEXES);
  const inserts = new Map<string, Database.Statement>();
  for (const [table, row] of rows) {
    const insert = inserts.get(table) ?? prepare(db, `INSERT INTO ${table} VALUES (${row.map(() => '?').join(', ')})`);
    inserts.set(table, insert);
    insert.run(row);
  }
  db.exec("INSERT INTO terms_fts(terms_fts) VALUES ('rebuild')");
  db.exec('COMMIT');
  return db;
}

type Row = Record<string, unknown>;
const schemaOf = (db: Database.Database) =>
  prepare(db, 'SELECT type, name, tbl_name, sql FROM sqlite_schema ORDER BY type, name').all() as Row[];

/** Every row of every stored table (the full-text index's own tables included), in key order. */
function contentsOf(db: Database.Database): Map<string, unknown[]> {
  const contents = new Map<string, unknown[]>();
  const tables = prepare(db, "SELECT name, sql FROM sqlite_schema WHERE type = 'table' ORDER BY name").all() as Row[];
  for (const { name, sql } of tables) {
    if (String(sql).startsWith('CREATE VIRTUAL')) continue;
    const rowid = String(sql).includes('WITHOUT ROWID') ? '' : 'rowid, ';
    const columns = (prepare(db, `PRAGMA table_info(${name})`).all() as Row[]).length + (rowid ? 1 : 0);
    const order = Array.from({ length: columns }, (_, i) => i + 1).join(', ');
    contents.set(String(name), prepare(db, `SELECT ${rowid}* FROM "${name}" ORDER BY ${order}`).raw().all());
  }
  return contents;
}

/** What full-text queries answer: the documents, where each word matched, and the match statistics. */
function ftsAnswers(db: Database.Database, queries: string[]): unknown[] {
  const statement = prepare(
    db,
    'SELECT docid, offsets(terms_fts), hex(matchinfo(terms_fts, ?)) FROM terms_fts WHERE terms_fts MATCH ? ORDER BY docid',
  );
  return queries.map((q) => statement.raw().all('pcnalx', q));
}

/** Words to query: a sample of the terms' names and definitions, each whole and as a prefix. */
function queriesOf(db: Database.Database): string[] {
  const texts = prepare(db, 'SELECT term, definition FROM terms WHERE rowid % 7 = 1').raw().all() as string[][];
  const words = [...new Set(texts.flat().flatMap((text) => text.split(/[^\p{L}\p{N}]+/u)))].filter((w) => w.length > 2);
  return [...words.slice(0, 40), ...words.slice(0, 10).map((w) => `${w.slice(0, 3)}*`), 'a OR the', '"of the"'];
}

function expectSameContents(rows: SqliteRows) {
  const made = heldUntilExit(new Database(Buffer.from(sqliteBytes(rows))));
  const plain = plainLayout(rows);
  try {
    expect(schemaOf(made)).toEqual(schemaOf(plain));
    expect(contentsOf(made)).toEqual(contentsOf(plain));
    const queries = queriesOf(plain);
    expect(ftsAnswers(made, queries)).toEqual(ftsAnswers(plain, queries));
    expect(ftsAnswers(made, queries).filter((found) => (found as unknown[]).length > 0).length).toBeGreaterThan(20);
    expect(prepare(made, 'PRAGMA integrity_check').pluck().get()).toBe('ok');
    made.exec("INSERT INTO terms_fts(terms_fts) VALUES ('integrity-check')");
  } finally {
    made.close();
    plain.close();
  }
}

describe('the SQLite dump holds what a plain layout holds', () => {
  it('for the small fixture corpus', () => {
    const validation = validateCorpus(smallCorpusFiles());
    if (!validation.ok) throw new Error('the small fixture corpus is invalid');
    expectSameContents(sqliteRows(deriveApiRecords(validation.corpus, 'https://api.test'), 'v1'));
  });

  it('for a synthetic corpus of 300 terms (slugs and list order apart)', () => {
    expectSameContents(sqliteRows(deriveApiRecords(generateCorpus(300, 5), 'https://api.test'), 'v1'));
  });
});
