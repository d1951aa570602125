// The Netlify Functions adapters of functions/: the API's (loads the indexes once per instance,
// picks the rate-limit store, and hands every request to the web-standard handler) and the lean
// one for OPTIONS and the methods we do not serve (reads the site facts alone: no index, no Redis).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context } from '@netlify/functions';
import { createHandler } from '../src/handler.ts';
import { answerWithoutData } from '../src/handler/parse.ts';
import { problem } from '../src/handler/problems.ts';
import { baseHeaders } from '../src/http.ts';
import { MemoryRateLimitStore, rateLimitFromEnv, type RateLimitStore } from '../src/limits/rate-limit.ts';
import { DATA_DIR, DEFAULT_OUTPUT_DIR, SITE_FACTS_PATH } from '../src/contract/output-layout.ts';
import { findOutputDir, loadIndexes, loadSiteFacts } from './load-indexes.ts';
import { devRateLimitStore, withDevRetries } from './netlify-dev.ts';
import { ipv6PrefixFromEnv } from '../src/limits/client-key.ts';
import { DEPLOYED_GRANTS_FILE, type GrantBook } from '../src/limits/grants.ts';
import { FileGrantBook, grantsRefreshFromEnv, RedisGrantBook } from './grant-books.ts';
import { checkRedisUrl, RedisRateLimitStore } from './redis-store.ts';

export type NetlifyHandler = (request: Request, context: Context) => Promise<Response>;

export function createNetlifyHandler(env: NodeJS.ProcessEnv = process.env): NetlifyHandler {
  const dataDir = deployedDataDir(env);
  const isDev = env.NETLIFY_DEV === 'true';
  const handle = createHandler({
    indexes: loadIndexes(path.dirname(dataDir)),
    site: loadSiteFacts(path.dirname(dataDir)),
    ...limitStores(env, dataDir, isDev),
    ipv6PrefixBits: ipv6PrefixFromEnv(env.RATE_LIMIT_IPV6_PREFIX),
    cdnBackstop: true,
    onError: (error, request) =>
      console.error(`lexicon: ${request.method} ${new URL(request.url).pathname} failed:`, error),
  });
  if (isDev) {
    const dev = withDevRetries(handle);
    return (request, context) => dev(request, context.ip);
  }
  return (request, context) => handle(request, { ip: context.ip });
}

/**
 * OPTIONS and the methods the API does not serve (functions/lexicon-methods.ts), answered as the
 * API's handler answers them but from the site facts alone: no index is loaded, no Redis opened,
 * nothing counted.
 */
export function createNetlifyMethodsHandler(env: NodeJS.ProcessEnv = process.env): NetlifyHandler {
  const site = loadSiteFacts(path.dirname(deployedDataDir(env, SITE_FACTS_PATH)));
  const limit = rateLimitFromEnv(env.RATE_LIMIT_PER_HOUR) || undefined;
  return async (request) => {
    const headers = baseHeaders(limit);
    // GET and HEAD never reach this function (its config); should one, it names no endpoint here.
    return (
      answerWithoutData(request, headers, site) ??
      problem(site, headers, request.method, {
        kind: 'not-found',
        detail: 'no endpoint at this path; see the documentation',
      })
    );
  };
}

/** dist/_data where this function was deployed, the one that holds `marker` (default: an index). */
function deployedDataDir(env: NodeJS.ProcessEnv, marker?: string): string {
  // The bundler moves the function; `included_files` keeps the index at the same path relative
  // to the site root. The paths name dist/_data itself, not dist/: Netlify's file tracer ships
  // every file under a folder the code names, and dist/ holds every term file and dump.
  return findOutputDir(
    [
      env.LEXICON_DIST && path.join(env.LEXICON_DIST, DATA_DIR),
      path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', DEFAULT_OUTPUT_DIR, DATA_DIR),
      path.resolve(process.cwd(), DEFAULT_OUTPUT_DIR, DATA_DIR),
      env.LAMBDA_TASK_ROOT && path.resolve(env.LAMBDA_TASK_ROOT, DEFAULT_OUTPUT_DIR, DATA_DIR),
    ],
    DATA_DIR,
    marker,
  );
}

/**
 * Redis when configured (exact across every instance; grants there too), else the instance's
 * memory and the grants the build copied into dist/_data; netlify dev without Redis keeps its
 * counters in a log file because each request runs in a new worker. None without a limit.
 */
function limitStores(
  env: NodeJS.ProcessEnv,
  dataDir: string,
  isDev: boolean,
): { rateLimit?: RateLimitStore; grants?: GrantBook } {
  const limit = rateLimitFromEnv(env.RATE_LIMIT_PER_HOUR);
  if (limit <= 0) return {};
  const refreshMs = grantsRefreshFromEnv(env.GRANTS_REFRESH_SECONDS) * 1000;
  const redisUrl = usableRedisUrl(env.RATE_LIMIT_REDIS_URL || env.REDIS_URL);
  if (redisUrl) {
    const redis = new RedisRateLimitStore({
      url: redisUrl,
      limit,
      timeoutMs: env.RATE_LIMIT_REDIS_TIMEOUT_MS ? Number(env.RATE_LIMIT_REDIS_TIMEOUT_MS) : undefined,
    });
    return { rateLimit: redis, grants: new RedisGrantBook(redis, refreshMs) };
  }
  return {
    rateLimit: isDev ? devRateLimitStore(limit) : new MemoryRateLimitStore(limit),
    grants: new FileGrantBook(path.join(dataDir, DEPLOYED_GRANTS_FILE), refreshMs),
  };
}

/**
 * A function cannot refuse to start: a Redis URL that names no server is said in the log at every
 * cold start, and the instance counts in its own memory instead.
 */
function usableRedisUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  try {
    checkRedisUrl(url);
    return url;
  } catch (error) {
    console.error(
      `lexicon: RATE_LIMIT_REDIS_URL ignored, counting in this instance's memory: ${(error as Error).message}`,
    );
    return undefined;
  }
}
