// CPU of the SQLite dump's steps (inserts, key-ordered copies, indexes, full-text rebuild,
// commit) for layout variants, on a synthetic corpus, each into a file on the RAM disk:
// `npx tsx bench/probes/sqlite-layout.ts 20000 [runs] [variants] [dir]`. Standalone, not part of `npm run bench`.
import { rmSync } from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { generateCorpus } from '../synthetic-corpus.ts';
import { loadCorpusFiles } from '../../scripts/lib/corpus/load-corpus.ts';
import { validateCorpus } from '../../scripts/lib/corpus/validate-corpus.ts';
import { deriveApiRecords } from '../../scripts/lib/publish/derive.ts';
import { SQLITE_PRAGMAS, SqliteFile, sqliteRows, type SqliteRows } from '../../scripts/lib/formats/sqlite-dump.ts';

const n = process.argv[2] ?? '5000';
const runs = Number(process.argv[3] ?? 3);
const only = new RegExp(process.argv[4] ?? '.');
const dir = process.argv[5] ?? '/dev/shm/sqlite13';
async function corpus() {
  if (n !== 'corpus') return generateCorpus(Number(n), 42);
  const validation = validateCorpus(await loadCorpusFiles(path.resolve(import.meta.dirname, '../../corpus')));
  if (!validation.ok) throw new Error('the bundled corpus is invalid');
  return validation.corpus;
}
const rows = sqliteRows(deriveApiRecords(await corpus(), 'https://lexicon.example.org'), 'v');

const cpu = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
type Variant = (file: string, rows: SqliteRows, mark: (step: string) => void) => void;

const variants: Record<string, Variant> = {
  current: (file, all, mark) => {
    const db = new SqliteFile(file);
    db.insert(all);
    mark('inserts');
    db.finish();
    mark('rebuild+commit');
  },
  old: (file, all, mark) => layout(file, all, mark, {}),
  indexesAfter: (file, all, mark) => layout(file, all, mark, { indexesAfter: true }),
  staged: (file, all, mark) => layout(file, all, mark, { indexesAfter: true, staged: true }),
  stagedMem: (file, all, mark) => layout(file, all, mark, { indexesAfter: true, staged: true, tempMemory: true }),
  jsSorted: (file, all, mark) => layout(file, all, mark, { indexesAfter: true, jsSorted: true }),
};

// The schema as the dump writes it (read back from a dump without rows), and each table's key: the
// variants below make it their own way, `old` as it was made before the thirteenth session.
const SCHEMA = (() => {
  const tmp = path.join(dir, 'schema-probe.sqlite');
  rmSync(tmp, { force: true });
  const s = new SqliteFile(tmp);
  s.finish();
  const db = new Database(tmp, { readonly: true });
  const items = db
    .prepare(
      "SELECT type, name, tbl_name, sql FROM sqlite_master WHERE sql IS NOT NULL AND name NOT LIKE 'terms_fts_%' ORDER BY rowid",
    )
    .all() as { type: string; name: string; tbl_name: string; sql: string }[];
  const keys = new Map<string, string[]>();
  const columns = new Map<string, string[]>();
  for (const item of items.filter((i) => i.type === 'table' && i.name !== 'terms_fts')) {
    const info = db.pragma(`table_info(${item.name})`) as { name: string; pk: number }[];
    columns.set(
      item.name,
      info.map((c) => c.name),
    );
    keys.set(
      item.name,
      info
        .filter((c) => c.pk > 0)
        .sort((a, b) => a.pk - b.pk)
        .map((c) => c.name),
    );
  }
  db.close();
  return { items, keys, columns };
})();

interface Options {
  indexesAfter?: boolean;
  staged?: boolean;
  tempMemory?: boolean;
  jsSorted?: boolean;
}
function layout(file: string, all: SqliteRows, mark: (step: string) => void, o: Options) {
  const db = new Database(file);
  for (const p of SQLITE_PRAGMAS) db.pragma(p);
  if (o.tempMemory) db.pragma('temp_store = MEMORY');
  db.exec('BEGIN');
  const indexes = SCHEMA.items.filter((i) => i.type === 'index');
  for (const item of SCHEMA.items) if (!(o.indexesAfter && item.type === 'index')) db.exec(item.sql);
  const rowid = (t: string) => ['terms', 'metadata', 'pillars', 'posts'].includes(t);
  const stagedTable = (t: string) => o.staged && !rowid(t);
  for (const [t, cols] of SCHEMA.columns)
    if (stagedTable(t)) db.exec(`CREATE TEMP TABLE staging_${t} (${cols.join(', ')})`);
  const statements = new Map<string, Database.Statement>();
  const statement = (t: string, k: number) => {
    let s = statements.get(t);
    if (!s) {
      s = db.prepare(
        `INSERT INTO ${stagedTable(t) ? `temp.staging_${t}` : `main.${t}`} VALUES (${Array(k).fill('?').join(', ')})`,
      );
      statements.set(t, s);
    }
    return s;
  };
  const later = new Map<string, unknown[][]>();
  for (const [t, row] of all) {
    if (o.jsSorted && !rowid(t)) {
      let list = later.get(t);
      if (!list) later.set(t, (list = []));
      list.push(row);
    } else statement(t, row.length).run(row);
  }
  mark('inserts');
  for (const [t, list] of later) {
    const cols = SCHEMA.columns.get(t)!;
    const at = SCHEMA.keys.get(t)!.map((k) => cols.indexOf(k));
    list.sort((a, b) => {
      for (const i of at) {
        const x = a[i] as string | number;
        const y = b[i] as string | number;
        if (x < y) return -1;
        if (x > y) return 1;
      }
      return 0;
    });
    const s = statement(t, cols.length);
    for (const row of list) s.run(row);
  }
  if (o.jsSorted) mark('sorted inserts');
  for (const [t] of SCHEMA.columns)
    if (stagedTable(t)) {
      db.exec(`INSERT INTO main.${t} SELECT * FROM temp.staging_${t} ORDER BY ${SCHEMA.keys.get(t)!.join(', ')}`);
      db.exec(`DROP TABLE temp.staging_${t}`);
    }
  if (o.staged) mark('copies');
  if (o.indexesAfter) for (const i of indexes) db.exec(i.sql);
  if (o.indexesAfter) mark('indexes');
  db.exec("INSERT INTO terms_fts(terms_fts) VALUES ('rebuild')");
  mark('rebuild');
  db.exec('COMMIT');
  mark('commit');
  db.close();
}

for (let run = 0; run < runs; run++)
  for (const [name, variant] of Object.entries(variants)) {
    if (!only.test(name)) continue;
    const file = path.join(dir, `layout-${name}.sqlite`);
    rmSync(file, { force: true });
    const steps: string[] = [];
    let at = cpu();
    const start = at;
    variant(file, rows, (step) => {
      const now = cpu();
      steps.push(`${step} ${(now - at).toFixed(0)}`);
      at = now;
    });
    const db = new Database(file, { readonly: true });
    const pages = db.pragma('page_count', { simple: true });
    db.close();
    console.log(`${n}\t${name}\t${(cpu() - start).toFixed(0)} ms\t${steps.join(', ')}\t${pages} pages`);
  }
