// Where `npm run grant` keeps grants: the Redis hash every server reads (runtime/grant-books.ts),
// or a grants file (JSON, replaced atomically on every change).
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { parseGrantsFile, type GrantRecord } from '../../../src/limits/grants.ts';
import { GRANTS_REDIS_KEY } from '../../../runtime/grant-books.ts';
import { checkRedisUrl } from '../../../runtime/redis-store.ts';

export interface GrantStorage {
  kind: 'redis' | 'file';
  /** Where, for messages (never a password). */
  description: string;
  add(record: GrantRecord): Promise<void>;
  list(): Promise<GrantRecord[]>;
  /** False when no grant has this id. */
  revoke(id: string, at: string): Promise<boolean>;
  close(): Promise<void>;
}

export async function openGrantStorage(options: { redisUrl?: string; file: string }): Promise<GrantStorage> {
  return options.redisUrl ? redisStorage(options.redisUrl) : fileStorage(options.file);
}

async function redisStorage(url: string): Promise<GrantStorage> {
  checkRedisUrl(url);
  const { createClient } = await import('@redis/client');
  const client = createClient({ url, socket: { connectTimeout: 5_000, reconnectStrategy: false } });
  client.on('error', () => {});
  await client.connect();
  const { host } = new URL(url);
  const list = async () =>
    Object.values(await client.hGetAll(GRANTS_REDIS_KEY)).map((v) => JSON.parse(v) as GrantRecord);
  return {
    kind: 'redis',
    description: `Redis at ${host}`,
    async add(record) {
      await client.hSet(GRANTS_REDIS_KEY, record.keyHash, JSON.stringify(record));
    },
    list,
    async revoke(id, at) {
      const grant = (await list()).find((g) => g.id === id);
      if (!grant) return false;
      await client.hSet(GRANTS_REDIS_KEY, grant.keyHash, JSON.stringify({ ...grant, revoked: grant.revoked ?? at }));
      return true;
    },
    async close() {
      await client.close();
    },
  };
}

function fileStorage(file: string): GrantStorage {
  const read = () => (existsSync(file) ? parseGrantsFile(readFileSync(file, 'utf8'), file) : []);
  const write = (grants: GrantRecord[]) => {
    // A server may read the file at any moment: it sees the old one or the new one, never half.
    const temporary = path.join(path.dirname(file), `.${path.basename(file)}.${randomBytes(4).toString('hex')}`);
    writeFileSync(temporary, `${JSON.stringify({ grants }, null, 2)}\n`, { mode: 0o600 });
    renameSync(temporary, file);
  };
  return {
    kind: 'file',
    description: file,
    async add(record) {
      write([...read(), record]);
    },
    async list() {
      return read();
    },
    async revoke(id, at) {
      const grants = read();
      const grant = grants.find((g) => g.id === id);
      if (!grant) return false;
      grant.revoked ??= at;
      write(grants);
      return true;
    },
    async close() {},
  };
}
