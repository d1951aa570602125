// HTTP throughput of the handler behind a node:http -> Request -> Response wrapper, against
// the same wrapper returning a constant body. The load runs in a worker thread on loopback,
// bounded in time; the same setup serves both modes, so their ratio is what counts.
import http from 'node:http';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import { LOCALES, type Locale } from '../../src/contract.ts';
import { createHandler } from '../../src/handler.ts';
import { decodeListIndex, type ListIndex } from '../../src/list-index.ts';
import { loadIndexes } from '../../runtime/load-indexes.ts';

const [distDir, mode, secondsArg] = process.argv.slice(2) as [string, 'handler' | 'constant', string];
const seconds = Number(secondsArg);
const indexes = loadIndexes(distDir);
const handle = createHandler({ indexes });
// The constant body has the size of the real default page, so both move the same bytes.
const sample = new Uint8Array(await (await handle(new Request('https://b.test/api/lexicon/public'), { ip: 'x' })).arrayBuffer());
const app = mode === 'handler' ? handle : async () => new Response(sample, { headers: { 'Content-Type': 'application/json' } });

const server = http.createServer(async (req, res) => {
  const response = await app(new Request(`http://${req.headers.host}${req.url}`, { method: req.method }), { ip: req.socket.remoteAddress ?? '' });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  res.end(Buffer.from(await response.arrayBuffer()));
});
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const { port } = server.address() as { port: number };

const loadCode = `
  const http = require('node:http');
  const { workerData, parentPort } = require('node:worker_threads');
  const agent = new http.Agent({ keepAlive: true, maxSockets: workerData.connections });
  const end = Date.now() + workerData.seconds * 1000;
  let done = 0;
  const one = () => new Promise((resolve, reject) => {
    http.get({ host: '127.0.0.1', port: workerData.port, path: '/api/lexicon/public?limit=50', agent }, (res) => {
      res.resume(); res.on('end', resolve); res.on('error', reject);
    }).on('error', reject);
  });
  const loop = async () => { while (Date.now() < end) { await one(); done++; } };
  Promise.all(Array.from({ length: workerData.connections }, loop)).then(() => { agent.destroy(); parentPort.postMessage(done); });
`;
const requests: number = await new Promise((resolve, reject) => {
  const worker = new Worker(loadCode, { eval: true, workerData: { port, seconds, connections: 16 } });
  worker.once('message', resolve);
  worker.once('error', reject);
});
server.close();
console.log(JSON.stringify({ rps: requests / seconds, bodyBytes: sample.byteLength }));
