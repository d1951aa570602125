// `npm run grant`: the operator's command for the specification's "higher limits on request".
//   npm run grant -- add --name "Project X" --contact mail@example.org --per-hour 5000 [--expires 2027-01-01]
//   npm run grant -- list
//   npm run grant -- revoke g_0123456789ab
// The key is printed once and never stored: only its SHA-256, with the grant's name, contact,
// limit and dates. Grants live in Redis when one is configured (--redis-url, RATE_LIMIT_REDIS_URL,
// REDIS_URL), else in a grants file (--file, GRANTS_FILE, grants.json); see docs/routing.md.
import { randomBytes } from 'node:crypto';
import { Command, InvalidArgumentError } from 'commander';
import { DEFAULT_GRANTS_FILE, hashKey, isActive, newKey, type GrantRecord } from '../src/limits/grants.ts';
import { backstopProblem } from '../src/limits/backstop.ts';
import { grantsRefreshFromEnv } from '../runtime/grant-books.ts';
import { openGrantStorage, type GrantStorage } from './lib/cli/grant-storage.ts';

const program = new Command()
  .name('grant')
  .description('Grant, list and revoke higher rate limits (API keys).')
  .option('--redis-url <url>', 'grants in this Redis (env RATE_LIMIT_REDIS_URL, then REDIS_URL)')
  .option('--file <file>', 'grants in this file when no Redis is configured (env GRANTS_FILE)');

const positive = (value: string) => {
  if (!/^[0-9]+$/.test(value) || Number(value) < 1) throw new InvalidArgumentError('must be a positive whole number');
  return Number(value);
};
const futureDate = (value: string) => {
  const time = Date.parse(value);
  if (Number.isNaN(time)) throw new InvalidArgumentError('must be a date, such as 2027-01-31 or 2027-01-31T12:00:00Z');
  if (time <= Date.now()) throw new InvalidArgumentError('must be in the future');
  return new Date(time).toISOString();
};
const text = (value: string) => {
  if (value.trim() === '') throw new InvalidArgumentError('must not be empty');
  return value.trim();
};

async function withStorage<T>(run: (storage: GrantStorage) => Promise<T>): Promise<T> {
  const options = program.opts<{ redisUrl?: string; file?: string }>();
  const storage = await openGrantStorage({
    redisUrl: options.redisUrl ?? (process.env.RATE_LIMIT_REDIS_URL || process.env.REDIS_URL || undefined),
    file: options.file ?? (process.env.GRANTS_FILE || DEFAULT_GRANTS_FILE),
  });
  try {
    return await run(storage);
  } finally {
    await storage.close();
  }
}

program
  .command('add')
  .description('issue a key with a higher limit; the key is shown once')
  .requiredOption('--name <name>', 'who the grant is for (a project)', text)
  .requiredOption('--contact <contact>', 'how to reach them (an e-mail address)', text)
  .requiredOption('--per-hour <n>', 'requests per hour for this key', positive)
  .option('--expires <date>', 'when the key stops working (ISO 8601 date)', futureDate)
  .option('--self-hosted', 'allow a limit above the CDN backstop (no Netlify deployment uses these grants)')
  .action(
    async (options: { name: string; contact: string; perHour: number; expires?: string; selfHosted?: boolean }) => {
      const problem = backstopProblem(options.perHour, `a grant of ${options.perHour} requests per hour`);
      if (problem && !options.selfHosted) fail(`${problem}\nFor a self-hosted deployment only, add --self-hosted.`);
      const key = newKey();
      const record: GrantRecord = {
        id: `g_${randomBytes(6).toString('hex')}`,
        keyHash: await hashKey(key),
        perHour: options.perHour,
        name: options.name,
        contact: options.contact,
        created: new Date().toISOString(),
        ...(options.expires ? { expires: options.expires } : {}),
      };
      const where = await withStorage(async (storage) => {
        await storage.add(record);
        return storage.description;
      });
      process.stderr.write(
        `Granted ${record.perHour} requests per hour to ${record.name} (${record.id}), stored in ${where}.\n` +
          'The key follows. It is shown only this once and cannot be recovered: send it to the grantee.\n' +
          'They send it as: Authorization: Bearer <key>\n',
      );
      process.stdout.write(`${key}\n`);
    },
  );

program
  .command('list')
  .description('every grant, without keys')
  .action(async () => {
    const grants = await withStorage((storage) => storage.list());
    const now = Date.now();
    const status = (g: GrantRecord) =>
      g.revoked ? `revoked ${g.revoked}` : isActive(g, now) ? 'active' : `expired ${g.expires}`;
    if (grants.length === 0) process.stderr.write('No grants.\n');
    for (const g of grants.sort((a, b) => (a.created ?? '').localeCompare(b.created ?? ''))) {
      process.stdout.write(
        `${g.id}\t${g.perHour}/hour\t${status(g)}\t${g.name ?? ''}\t${g.contact ?? ''}\tcreated ${g.created ?? '?'}${g.expires ? `\texpires ${g.expires}` : ''}\n`,
      );
    }
  });

program
  .command('revoke')
  .description('revoke a grant by its id (see list)')
  .argument('<id>', 'the grant id, such as g_0123456789ab')
  .action(async (id: string) => {
    const { found, where, fromFile } = await withStorage(async (storage) => ({
      found: await storage.revoke(id, new Date().toISOString()),
      where: storage.description,
      fromFile: storage.kind === 'file',
    }));
    if (!found) fail(`No grant has the id "${id.slice(0, 40)}" in ${where} (npm run grant -- list).`);
    const seconds = grantsRefreshFromEnv(process.env.GRANTS_REFRESH_SECONDS);
    process.stderr.write(
      `Revoked ${id} in ${where}. Every server using it refuses the key within ${seconds} s` +
        (fromFile ? '; a Netlify deployment checks the copy in its build: run the build and deploy again.\n' : '.\n'),
    );
  });

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

await program.parseAsync().catch((error: Error) => fail(`Cannot change the grants: ${error.message}`));
