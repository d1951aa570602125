// `npm start`: serves a built dist/ on this machine, exactly as Netlify serves it, counting every
// request against the rate limit (in memory, or in Redis shared by several processes).
import { Command, InvalidArgumentError } from 'commander';
import { rateLimitOrExit } from './lib/cli-env.ts';
import { HEALTH_PATH, startServer } from '../runtime/server.ts';

const integer = (name: string) => (value: string) => {
  if (!/^[0-9]+$/.test(value)) throw new InvalidArgumentError(`${name} must be a whole number`);
  return Number(value);
};

const options = new Command()
  .name('start')
  .description('Serve the built API (npm run build first).')
  .option('--port <port>', 'port to listen on (env PORT)', integer('--port'), Number(process.env.PORT ?? 8080))
  .option('--host <host>', 'address to listen on', '0.0.0.0')
  .option('--dist <dir>', 'the built output folder', 'dist')
  .option('--redis-url <url>', 'keep rate-limit counters in Redis (env RATE_LIMIT_REDIS_URL, then REDIS_URL)')
  .option(
    '--redis-timeout <ms>',
    'serve a request uncounted when Redis has not answered within this time',
    integer('--redis-timeout'),
    100,
  )
  .option(
    '--trust-proxy <addresses>',
    'comma-separated proxies (IPs, CIDR ranges, "loopback") whose X-Forwarded-For is believed',
  )
  .parse()
  .opts<{ port: number; host: string; dist: string; redisUrl?: string; redisTimeout: number; trustProxy?: string }>();

const rateLimit = rateLimitOrExit();
const redisUrl = options.redisUrl ?? (process.env.RATE_LIMIT_REDIS_URL || process.env.REDIS_URL || undefined);

let server: Awaited<ReturnType<typeof startServer>>;
try {
  server = await startServer({
    dist: options.dist,
    port: options.port,
    host: options.host,
    rateLimit,
    redisUrl,
    redisTimeoutMs: options.redisTimeout,
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
      ? `${rateLimit}/hour per client, counters in Redis`
      : `${rateLimit}/hour per client, counters in memory`;
process.stderr.write(
  `Serving ${options.dist}/ on http://${options.host}:${server.port} (rate limit: ${store}; health: ${HEALTH_PATH})\n`,
);

// Graceful shutdown: stop accepting, let requests in flight finish, close Redis, exit.
for (const signal of ['SIGTERM', 'SIGINT'] as const) {
  process.once(signal, () => {
    process.stderr.write(`${signal}: closing\n`);
    void server.close().then(() => process.exit(0));
    setTimeout(() => process.exit(1), 10_000).unref();
  });
}
