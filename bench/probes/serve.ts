// A server under measurement, in its own process, driven over IPC by bench/harness/processes.ts:
// it sends { port } once listening, answers 'cpu' with its CPU time so far (µs), and exits on
// 'stop'. Modes:
//   raw <file> <content-type>     node:http sending the bytes of <file>: the floor of any server
//   wrapper <dist>                node:http -> Request -> createHandler -> Response (the function's path)
//   start <dist> <per-hour> [redis-url]   startServer, as `npm start` runs it
//   json-server <db.json>         json-server 0.17 (peer), its router and default middlewares
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createRequire } from 'node:module';
import { createHandler } from '../../src/handler.ts';
import { loadIndexes, loadSiteFacts } from '../../runtime/load-indexes.ts';
import { startServer } from '../../runtime/server.ts';

const [mode, ...args] = process.argv.slice(2) as [string, ...string[]];
let close: () => Promise<void>;
let port: number;

const listen = async (server: http.Server) => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  close = () => new Promise((resolve) => server.close(() => resolve()));
  return (server.address() as AddressInfo).port;
};

if (mode === 'raw') {
  const body = readFileSync(args[0]!);
  const headers = { 'Content-Type': args[1]!, 'Content-Length': String(body.byteLength) };
  port = await listen(http.createServer((_req, res) => res.writeHead(200, headers).end(body)));
} else if (mode === 'wrapper') {
  const handle = createHandler({ indexes: loadIndexes(args[0]!), site: loadSiteFacts(args[0]!) });
  port = await listen(
    http.createServer(async (req, res) => {
      const response = await handle(new Request(`http://${req.headers.host}${req.url}`, { method: req.method }), {
        ip: req.socket.remoteAddress ?? '',
      });
      res.writeHead(response.status, Object.fromEntries(response.headers));
      res.end(Buffer.from(await response.arrayBuffer()));
    }),
  );
} else if (mode === 'start') {
  const running = await startServer({
    dist: args[0]!,
    port: 0,
    host: '127.0.0.1',
    rateLimit: Number(args[1]),
    redisUrl: args[2],
    log: () => undefined,
  });
  port = running.port;
  close = async () => {
    await running.close();
  };
} else if (mode === 'json-server') {
  const jsonServer = createRequire(import.meta.url)('json-server');
  const app = jsonServer.create();
  app.use(jsonServer.defaults({ logger: false }));
  app.use(jsonServer.router(JSON.parse(readFileSync(args[0]!, 'utf8'))));
  port = await listen(http.createServer(app));
} else {
  throw new Error(`unknown mode ${mode}`);
}

process.on('message', (message) => {
  if (message === 'cpu') {
    const { user, system } = process.cpuUsage();
    process.send!({ cpu: user + system });
  } else if (message === 'stop') {
    void close().then(() => process.exit(0));
  }
});
process.send!({ port });
