// Runs `npm run grant` (scripts/grant.ts) for tests, as an operator would; returns its stdout.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '../..');

export function runGrant(args: string[], env: Record<string, string> = {}): string {
  return execFileSync(process.execPath, ['--import', 'tsx', 'scripts/grant.ts', ...args], {
    cwd: ROOT,
    env: { ...process.env, RATE_LIMIT_REDIS_URL: '', REDIS_URL: '', ...env },
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}
