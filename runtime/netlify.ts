// The Netlify Functions adapter shared by the functions in functions/: loads the indexes once
// per instance, picks the rate-limit store, and hands every request to the web-standard handler.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from '@netlify/functions';
import { createHandler } from '../src/handler.ts';
import { MemoryRateLimitStore, rateLimitFromEnv, type RateLimitStore } from '../src/rate-limit.ts';
import { DATA_DIR } from '../src/output-layout.ts';
import { findOutputDir, loadIndexes } from './load-indexes.ts';
import { devRateLimitStore, withDevRetries } from './netlify-dev.ts';
import { RedisRateLimitStore } from './redis-store.ts';

export type NetlifyHandler = (request: Request, context: Context) => Promise<Response>;

export function createNetlifyHandler(env: NodeJS.ProcessEnv = process.env): NetlifyHandler {
  // The bundler moves the function; `included_files` keeps the index at the same path relative
  // to the site root. The paths name dist/_data itself, not dist/: Netlify's file tracer ships
  // every file under a folder the code names, and dist/ holds every term file and dump.
  const dataDir = findOutputDir(
    [
      env.LEXICON_DIST && path.join(env.LEXICON_DIST, DATA_DIR),
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist/_data'),
      path.resolve(process.cwd(), 'dist/_data'),
      env.LAMBDA_TASK_ROOT && path.resolve(env.LAMBDA_TASK_ROOT, 'dist/_data'),
    ],
    DATA_DIR,
  );
  const limit = rateLimitFromEnv(env.RATE_LIMIT_PER_HOUR);
  const isDev = env.NETLIFY_DEV === 'true';
  let rateLimit: RateLimitStore | undefined;
  // Redis when configured (exact across every instance), else the instance's memory; netlify dev
  // without Redis keeps its counters in a log file because each request runs in a new worker.
  const redisUrl = env.RATE_LIMIT_REDIS_URL || env.REDIS_URL;
  if (limit > 0) {
    rateLimit = redisUrl
      ? new RedisRateLimitStore({
          url: redisUrl,
          limit,
          timeoutMs: env.RATE_LIMIT_REDIS_TIMEOUT_MS ? Number(env.RATE_LIMIT_REDIS_TIMEOUT_MS) : undefined,
        })
      : isDev
        ? devRateLimitStore(limit)
        : new MemoryRateLimitStore(limit);
  }
  const handle = createHandler({
    indexes: loadIndexes(path.dirname(dataDir)),
    rateLimit,
    onError: (error, request) =>
      console.error(`lexicon: ${request.method} ${new URL(request.url).pathname} failed:`, error),
  });
  if (isDev) {
    const dev = withDevRetries(handle);
    return (request, context) => dev(request, context.ip);
  }
  return (request, context) => handle(request, { ip: context.ip });
}
