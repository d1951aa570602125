// The SQLite dump leaves none of better-sqlite3's objects (a database, a statement) to the garbage
// collector: on Node 24.19 and later a collection that V8 starts from a task of its own aborts the
// process in their destructor (scripts/lib/formats/sqlite-held.ts). Each object the dump makes is
// watched through a WeakRef, and must outlive full collections once the dump is done or given
// up. Forced collections (`gc`) collect any object left unreachable, on every Node version.
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { beforeEach, describe, expect, it, vi } from 'vitest';

const watched = vi.hoisted(() => ({ objects: [] as WeakRef<object>[] }));
vi.mock('better-sqlite3', async (original) => {
  const { createRequire } = await import('node:module');
  const Database = (await original<{ default: typeof import('better-sqlite3') }>()).default;
  // The symbol under which a Database holds the addon's own database, whose prepare() makes every
  // statement (pragma() included).
  const { cppdb } = createRequire(import.meta.url)('better-sqlite3/lib/util.js') as { cppdb: symbol };
  class WatchedDatabase extends Database {
    constructor(...args: ConstructorParameters<typeof Database>) {
      super(...args);
      const native = (this as unknown as Record<symbol, unknown>)[cppdb] as { prepare: (...a: unknown[]) => object };
      const prepare = native.prepare;
      native.prepare = function (this: unknown, ...a: unknown[]) {
        const statement = prepare.apply(this, a);
        watched.objects.push(new WeakRef(statement));
        return statement;
      };
      watched.objects.push(new WeakRef<object>(this), new WeakRef<object>(native));
    }
  }
  return { default: WatchedDatabase };
});

const { SqliteFile, sqliteBytes } = await import('../../scripts/lib/formats/sqlite-dump.ts');

setFlagsFromString('--expose-gc');
const gc = runInNewContext('gc') as () => void;

/** Full collections, each in a task of its own (a WeakRef keeps its object to the end of the task that made it). */
async function collectGarbage(): Promise<void> {
  for (let i = 0; i < 3; i++) {
    await new Promise((resolve) => setImmediate(resolve));
    gc();
  }
}

const collected = () => watched.objects.filter((ref) => ref.deref() === undefined).length;

describe("the SQLite dump's better-sqlite3 objects", () => {
  beforeEach(() => {
    watched.objects = [];
  });

  it('are all still alive after full collections, once a dump is done', async () => {
    sqliteBytes([
      ['metadata', ['license', 'CC BY-SA 4.0']],
      ['pillars', ['p', 'P', 'П', 0]],
    ]);
    await collectGarbage();
    expect(watched.objects.length).toBeGreaterThan(3);
    expect(collected()).toBe(0);
  });

  it('are all still alive after full collections, once a dump is given up', async () => {
    const file = new SqliteFile();
    file.insert([['metadata', ['license', 'CC BY-SA 4.0']]]);
    file.close();
    await collectGarbage();
    expect(watched.objects.length).toBeGreaterThan(2);
    expect(collected()).toBe(0);
  });
});
