// Stopping `npm start` (runtime/graceful-close.ts, issue 24; per-request tracking removed in issue
// 27): a stop ends idle keep-alive connections with a FIN, lets a download in flight finish whole
// (its connection ended after it), answers a request that arrives on an open connection meanwhile
// with `Connection: close`, and cuts only what is left at the deadline. In process, over real TCP.
import { randomBytes } from 'node:crypto';
import { writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type RunningServer, startServer } from '../../runtime/server.ts';
import { buildSite } from '../../scripts/lib/publish/build-site.ts';
import { SMALL_CORPUS } from '../helpers/corpus-fixtures.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** Larger than loopback's socket buffers, so that a client reading slowly keeps it in flight. */
const BIG_SIZE = 24 * 1024 * 1024;
const BIG = '/dumps/graceful-close-test.csv';

interface Connection {
  socket: net.Socket;
  /** Everything received so far. */
  received: () => Buffer;
  /** Resolves when the server ends the connection: 'end' for a FIN, 'reset' for a destroy. */
  ended: Promise<'end' | 'reset'>;
}

function connect(port: number): Promise<Connection> {
  const socket = net.connect({ port, host: '127.0.0.1' });
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  const received = () => {
    if (chunks.length > 1) chunks.splice(0, chunks.length, Buffer.concat(chunks));
    return chunks[0] ?? Buffer.alloc(0);
  };
  const ended = new Promise<'end' | 'reset'>((resolve) => {
    socket.on('end', () => resolve('end'));
    socket.on('error', () => resolve('reset'));
    socket.on('close', () => resolve('reset'));
  });
  return new Promise((resolve) => socket.once('connect', () => resolve({ socket, received, ended })));
}

const request = (urlPath: string) => `GET ${urlPath} HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n`;

/** The responses in `raw` (status line and head), each read to its Content-Length. */
function responses(raw: Buffer): { head: string; bodyBytes: number }[] {
  const found = [];
  let at = 0;
  while (at < raw.length) {
    const split = raw.indexOf('\r\n\r\n', at);
    if (split === -1) break;
    const head = raw.subarray(at, split).toString('latin1');
    const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    const bodyBytes = Math.min(length, raw.length - split - 4);
    found.push({ head, bodyBytes });
    at = split + 4 + length;
  }
  return found;
}

async function until(test: () => boolean, what: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (!test()) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

describe('npm start stops gracefully', () => {
  let dist: string;
  let server: RunningServer | undefined;

  beforeAll(async () => {
    dist = path.join(tempDir(), 'dist');
    expect((await buildSite({ corpusDir: SMALL_CORPUS, outDir: dist, rateLimitPerHour: 1000 })).ok).toBe(true);
    writeFileSync(path.join(dist, BIG), randomBytes(BIG_SIZE));
  });
  afterEach(async () => {
    await server?.close(100);
    server = undefined;
  });
  const start = async (rateLimit: number) => {
    server = await startServer({ dist, port: 0, host: '127.0.0.1', rateLimit, log: () => {} });
    return server;
  };

  it.each([0, 1000])(
    'ends idle connections, finishes a download in flight whole, and answers a late request with Connection: close (rate limit %i)',
    async (rateLimit) => {
      const running = await start(rateLimit);
      // An idle keep-alive connection, after one answer (a counted one, given from memory, twice).
      const idle = await connect(running.port);
      idle.socket.write(request('/api/lexicon/public/sophia') + request('/api/lexicon/public/sophia'));
      await until(() => responses(idle.received()).length === 2, 'the idle connection’s answers');
      // A download read slowly: in flight when the stop begins.
      const download = await connect(running.port);
      download.socket.pause();
      download.socket.write(request(BIG));
      const reading = setInterval(() => download.socket.read(64 * 1024), 5);
      await until(() => download.socket.readableLength > 0, 'the download');
      // A connection with a request in the middle of its answer, and one more sent after the stop begins.
      const late = await connect(running.port);
      late.socket.pause();
      late.socket.write(request(BIG));
      await until(() => late.socket.readableLength > 0, 'the answer on the second connection');
      const closed = running.close(30_000);
      expect(await idle.ended).toBe('end');
      late.socket.write(request('/api/lexicon/en/sophia.json'));
      const lateReading = setInterval(() => late.socket.read(), 1);
      download.socket.on('data', () => {});
      download.socket.resume();
      expect(await download.ended).toBe('end');
      clearInterval(reading);
      const [downloaded] = responses(download.received());
      expect(downloaded!.head).toMatch(/^HTTP\/1\.1 200/);
      expect(downloaded!.bodyBytes).toBe(BIG_SIZE);
      late.socket.resume();
      expect(await late.ended).toBe('end');
      clearInterval(lateReading);
      const lateAnswers = responses(late.received());
      expect(lateAnswers.map((answer) => answer.head.split('\r\n')[0])).toEqual(['HTTP/1.1 200 OK', 'HTTP/1.1 200 OK']);
      expect(lateAnswers[0]!.bodyBytes).toBe(BIG_SIZE);
      expect(lateAnswers[1]!.head).toMatch(/\r\nConnection: close(\r\n|$)/i);
      expect(await closed).toEqual({ cut: 0 });
      server = undefined;
    },
  );

  it('cuts what is still in flight at the deadline, and says how many', async () => {
    const running = await start(1000);
    const stalled = await connect(running.port);
    stalled.socket.pause();
    stalled.socket.write(request(BIG));
    await until(() => stalled.socket.readableLength > 0, 'the answer');
    expect(await running.close(300)).toEqual({ cut: 1 });
    server = undefined;
    stalled.socket.resume();
    await stalled.ended;
    const [answer] = responses(stalled.received());
    expect(answer!.bodyBytes).toBeLessThan(BIG_SIZE);
  });
});
