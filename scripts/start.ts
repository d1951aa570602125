// `npm start`: serves a built dist/ on this machine, exactly as Netlify serves it, counting every
// request against the rate limit (in memory, or in Redis shared by several processes).
import { DEFAULT_OUTPUT_DIR, HEALTH_PATH, MANIFEST_PATH } from '../src/contract/output-layout.ts';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Command, InvalidArgumentError } from 'commander';
import { envOrExit, rateLimitOrExit } from './lib/cli/cli-env.ts';
import { ipv6PrefixFromEnv } from '../src/limits/client-key.ts';
import { DEFAULT_GRANTS_FILE } from '../src/limits/grants.ts';
import { grantsRefreshFromEnv } from '../runtime/grant-books.ts';
import { DOCS_PATH, isPlaceholderOrigin } from '../src/contract/facts.ts';
import { SHUTDOWN_GRACE_MS, startServer } from '../runtime/server.ts';

const integer = (name: string) => (value: string) => {
  if (!/^[0-9]+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number`);
  return Number(value);
};

const options = new Command()
  .name('start')
  .description('Serve the built API (npm run build first).')
  .option('--port <port>', 'port to listen on (env PORT)', integer('--port'), Number(process.env.PORT ?? 8080))
  .option('--host <host>', 'address to listen on', '0.0.0.0')
  .option('--dist <dir>', 'the built output folder', DEFAULT_OUTPUT_DIR)
  .option('--redis-url <url>', 'keep rate-limit counters in Redis (env RATE_LIMIT_REDIS_URL, then REDIS_URL)')
  .option(
    '--redis-timeout <ms>',
    'serve a request uncounted when Redis has not answered within this time',
    integer('--redis-timeout'),
    100,
  )
  .option(
    '--shutdown-grace <ms>',
    'on SIGTERM/SIGINT, how long responses in flight may take to finish before they are cut',
    integer('--shutdown-grace'),
    SHUTDOWN_GRACE_MS,
  )
  .option(
    '--grants-file <file>',
    'without Redis: the grants file of `npm run grant` (env GRANTS_FILE), read again when it changes',
    process.env.GRANTS_FILE || DEFAULT_GRANTS_FILE,
  )
  .option('--watch', 'watch the corpus and publish each change into --dist at once (development)')
  .option('--corpus <dir>', 'with --watch: the corpus folder', 'corpus')
  .option('--site-url <url>', 'with --watch: the site URL (default: the one --dist was built for)')
  .option(
    '--trust-proxy <addresses>',
    'comma-separated proxies (IPs, CIDR ranges, "loopback") whose X-Forwarded-For is believed',
  )
  .parse()
  .opts<{
    port: number;
    host: string;
    dist: string;
    redisUrl?: string;
    redisTimeout: number;
    shutdownGrace: number;
    grantsFile: string;
    trustProxy?: string;
    watch?: boolean;
    corpus: string;
    siteUrl?: string;
  }>();

const rateLimit = rateLimitOrExit();
const redisUrl = options.redisUrl ?? (process.env.RATE_LIMIT_REDIS_URL || process.env.REDIS_URL || undefined);

let server: Awaited<ReturnType<typeof startServer>> | undefined;
// The edit loop, first (it builds --dist when that is not the corpus's output); the server
// answers from each tree it publishes as soon as it is in place. Loaded
// only with --watch: the build's modules are no part of a production server's start-up.
const editLoop = options.watch
  ? await (await import('./lib/publish/edit-loop.ts'))
      .startEditLoop({
        corpusDir: options.corpus,
        outDir: options.dist,
        siteUrl: options.siteUrl ?? process.env.URL ?? builtOrigin(options.dist),
        cacheDir: 'node_modules/.cache/lexicon-api',
        rateLimitPerHour: rateLimit,
        log: (line) => process.stderr.write(`${line}\n`),
        onPublished: () => server?.refresh(),
      })
      .catch((error: unknown) => {
        process.stderr.write(`Cannot watch ${options.corpus}/: ${(error as Error).message}\n`);
        process.exit(1);
      })
  : undefined;

try {
  server = await startServer({
    dist: options.dist,
    port: options.port,
    host: options.host,
    rateLimit,
    redisUrl,
    redisTimeoutMs: options.redisTimeout,
    grantsFile: options.grantsFile,
    grantsRefreshMs: envOrExit(grantsRefreshFromEnv, 'GRANTS_REFRESH_SECONDS') * 1000,
    ipv6PrefixBits: envOrExit(ipv6PrefixFromEnv, 'RATE_LIMIT_IPV6_PREFIX'),
    trustProxy: options.trustProxy
      ?.split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  });
} catch (error) {
  process.stderr.write(`Cannot start: ${(error as Error).message}\n`);
  process.exit(1);
}
const store =
  rateLimit === 0
    ? 'off'
    : redisUrl
      ? `${rateLimit}/hour per client, counters and grants in Redis`
      : `${rateLimit}/hour per client, counters in memory, grants from ${options.grantsFile}`;
const shownHost = options.host === '0.0.0.0' || options.host === '::' ? 'localhost' : options.host;
const local = `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${server.port}`;
process.stderr.write(
  `Serving ${options.dist}/ on ${local} (listening on ${options.host}; rate limit: ${store})\n` +
    `  documentation: ${local}${DOCS_PATH}   health: ${local}${HEALTH_PATH}\n`,
);
const origin = builtOrigin(options.dist);
if (origin && isPlaceholderOrigin(origin)) {
  process.stderr.write(
    `Warning: ${options.dist}/ was built for ${origin}, a placeholder origin: the links it hands out point at a ` +
      'site nobody owns. Rebuild with `npm run build -- --site-url https://<your site>`.\n',
  );
}

/** The site URL the output was built for (its attribution link), if the output says. */
function builtOrigin(dist: string): string | undefined {
  try {
    const manifest = JSON.parse(readFileSync(path.join(dist, MANIFEST_PATH), 'utf8'));
    return typeof manifest?.attribution?.url === 'string' ? manifest.attribution.url : undefined;
  } catch {
    return undefined;
  }
}

// Graceful stop: no new connections, responses in flight finish (a slow download included),
// idle keep-alive connections end cleanly, Redis closes, exit 0. `npm start` runs this process
// with `exec`, so the signal a supervisor sends to npm reaches it.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, async () => {
    process.stderr.write(
      `${signal}: no new connections; waiting up to ${options.shutdownGrace} ms for responses in flight\n`,
    );
    editLoop?.close();
    const { cut } = await server.close(options.shutdownGrace);
    if (cut > 0)
      process.stderr.write(`Stopped after ${options.shutdownGrace} ms: ${cut} connection(s) still sending were cut\n`);
    else process.stderr.write('Stopped: every response was completed\n');
    process.exit(0);
  });
}
