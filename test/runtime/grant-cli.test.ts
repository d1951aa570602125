// `npm run grant` with a grants file, and what the build does with it: the key is shown once and
// never stored, the deployment gets the hashes and limits only, and on Netlify the build refuses a
// limit the CDN backstop would contradict.
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { hashKey } from '../../src/limits/grants.ts';
import { BACKSTOP_WINDOW_LIMIT } from '../../src/limits/backstop.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');

function run(script: string, args: string[], env: Record<string, string> = {}) {
  const result = spawnSync(process.execPath, ['--import', 'tsx', `scripts/${script}.ts`, ...args], {
    cwd: ROOT,
    env: { ...process.env, RATE_LIMIT_REDIS_URL: '', REDIS_URL: '', NETLIFY: '', ...env },
    encoding: 'utf8',
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}

describe('npm run grant, with a grants file', () => {
  const dir = tempDir();
  const file = path.join(dir, 'grants.json');
  const grant = (...args: string[]) => run('grant', ['--file', file, ...args]);

  it('adds a grant: the key (256 random bits) is printed once, only its hash is stored', async () => {
    const added = grant('add', '--name', 'Project X', '--contact', 'x@example.org', '--per-hour', '50');
    expect(added.status, added.stderr).toBe(0);
    const key = added.stdout.trim();
    expect(key).toMatch(/^lx_[A-Za-z0-9_-]{43}$/);
    expect(added.stderr).toMatch(/Granted 50 requests per hour to Project X \(g_[0-9a-f]{12}\)/);
    expect(added.stderr).toContain('shown only this once');
    const stored = readFileSync(file, 'utf8');
    expect(stored).not.toContain(key);
    expect(stored).not.toContain(key.slice(3));
    const [record] = JSON.parse(stored).grants;
    expect(record).toMatchObject({
      keyHash: await hashKey(key),
      perHour: 50,
      name: 'Project X',
      contact: 'x@example.org',
    });
    expect(Date.parse(record.created)).toBeGreaterThan(Date.now() - 60_000);
    const second = grant(
      'add',
      '--name',
      'Y',
      '--contact',
      'y@example.org',
      '--per-hour',
      '7',
      '--expires',
      '2999-01-01',
    );
    expect(second.stdout.trim()).not.toBe(key);
    expect(JSON.parse(readFileSync(file, 'utf8')).grants[1].expires).toBe('2999-01-01T00:00:00.000Z');
  });

  it('lists grants without keys, and revokes one by id', () => {
    const listed = grant('list');
    expect(listed.status).toBe(0);
    const lines = listed.stdout.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^g_[0-9a-f]{12}\t50\/hour\tactive\tProject X\tx@example.org\tcreated /);
    const id = lines[0]!.split('\t')[0]!;
    const revoked = grant('revoke', id);
    expect(revoked.status, revoked.stderr).toBe(0);
    expect(revoked.stderr).toContain(`Revoked ${id} in ${file}. Every server using it refuses the key within 30 s`);
    expect(grant('list').stdout).toMatch(new RegExp(`^${id}\\t50/hour\\trevoked 20`, 'm'));
    const unknown = grant('revoke', 'g_000000000000');
    expect(unknown.status).toBe(1);
    expect(unknown.stderr).toContain('No grant has the id "g_000000000000"');
  });

  it('refuses bad input with the option named', () => {
    const cases: [string[], string][] = [
      [
        ['--name', 'X', '--contact', 'x@example.org', '--per-hour', '0'],
        "option '--per-hour <n>' argument '0' is invalid. must be a positive whole number",
      ],
      [
        ['--name', 'X', '--contact', 'x@example.org', '--per-hour', '5', '--expires', '2001-01-01'],
        'must be in the future',
      ],
      [['--name', ' ', '--contact', 'x@example.org', '--per-hour', '5'], 'must not be empty'],
      [['--name', 'X', '--per-hour', '5'], "required option '--contact <contact>' not specified"],
    ];
    for (const [args, message] of cases) {
      const result = grant('add', ...args);
      expect(result.status, args.join(' ')).not.toBe(0);
      expect(result.stderr).toContain(message);
    }
    const above = grant(
      'add',
      '--name',
      'X',
      '--contact',
      'x@example.org',
      '--per-hour',
      String(BACKSTOP_WINDOW_LIMIT + 1),
    );
    expect(above.status).toBe(1);
    expect(above.stderr).toContain(`is above the CDN backstop of ${BACKSTOP_WINDOW_LIMIT} requests per 180 s`);
    expect(above.stderr).toContain('add --self-hosted');
    const selfHosted = grant('add', '--name', 'X', '--contact', 'x@example.org', '--per-hour', '5000', '--self-hosted');
    expect(selfHosted.status).toBe(0);
  });

  it('the build copies hashes, limits and dates into dist/_data/grants.json, never names or contacts', () => {
    const out = path.join(dir, 'dist');
    const built = run('build', [
      '--corpus',
      SMALL_CORPUS,
      '--out',
      out,
      '--no-cache',
      '--quiet',
      '--grants-file',
      file,
    ]);
    expect(built.status, built.stderr).toBe(0);
    const deployed = readFileSync(path.join(out, '_data/grants.json'), 'utf8');
    expect(deployed).not.toContain('Project X');
    expect(deployed).not.toContain('example.org');
    const grants = JSON.parse(deployed).grants;
    expect(grants).toHaveLength(3);
    expect(Object.keys(grants[0]).sort()).toEqual(['id', 'keyHash', 'perHour', 'revoked']);
  });

  it('on Netlify, refuses a build whose limit or grants the CDN backstop would contradict', () => {
    const out = path.join(dir, 'refused');
    const tooHigh = run(
      'build',
      ['--corpus', SMALL_CORPUS, '--out', out, '--quiet', '--grants-file', path.join(dir, 'none.json')],
      {
        NETLIFY: 'true',
        RATE_LIMIT_PER_HOUR: String(BACKSTOP_WINDOW_LIMIT * 5),
      },
    );
    expect(tooHigh.status).toBe(2);
    expect(tooHigh.stderr).toContain(
      `The build was refused:\n  RATE_LIMIT_PER_HOUR=${BACKSTOP_WINDOW_LIMIT * 5} is above the CDN backstop of ${BACKSTOP_WINDOW_LIMIT} requests per 180 s`,
    );
    const granted = run('build', ['--corpus', SMALL_CORPUS, '--out', out, '--quiet', '--grants-file', file], {
      NETLIFY: 'true',
    });
    expect(granted.status).toBe(2);
    expect(granted.stderr).toMatch(/grant g_[0-9a-f]{12} \(5000 requests per hour\) is above the CDN backstop/);
    expect(existsSync(out)).toBe(false);
  });
});
