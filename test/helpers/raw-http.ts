// Sends bytes to a server as they are (a malformed request line, no Host, a huge header) and
// reads the answer until the server closes or `idleMs` passes, for tests of what lies below the
// handler. Parses one response: status, headers (lower-case names) and body.
import net from 'node:net';

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
  raw: string;
}

export function rawExchange(port: number, bytes: string | Buffer, idleMs = 2000): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1');
    const chunks: Buffer[] = [];
    const finish = () => {
      socket.destroy();
      resolve(parseResponse(Buffer.concat(chunks).toString('latin1')));
    };
    socket.setTimeout(idleMs, finish);
    socket.on('data', (chunk: Buffer) => {
      chunks.push(chunk);
      const text = Buffer.concat(chunks).toString('latin1');
      const parsed = parseResponse(text);
      // One whole response with a length: no need to wait for the close.
      if (
        parsed.headers['content-length'] !== undefined &&
        Buffer.byteLength(parsed.body, 'latin1') >= Number(parsed.headers['content-length'])
      )
        finish();
    });
    socket.on('end', finish);
    socket.on('error', (error: NodeJS.ErrnoException) => (error.code === 'ECONNRESET' ? finish() : reject(error)));
    socket.write(bytes);
  });
}

export function parseResponse(raw: string): RawResponse {
  const split = raw.indexOf('\r\n\r\n');
  const head = split === -1 ? raw : raw.slice(0, split);
  const [statusLine = '', ...lines] = head.split('\r\n');
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).toLowerCase()] = line.slice(colon + 1).trim();
  }
  const body = split === -1 ? '' : raw.slice(split + 4);
  return {
    status: Number(/^HTTP\/1\.[01] (\d{3})/.exec(statusLine)?.[1] ?? 0),
    headers,
    body: Buffer.from(body, 'latin1').toString('utf8'),
    raw,
  };
}

/**
 * One keep-alive connection: `exchange` sends a request and resolves with the one response to it
 * (read to its Content-Length; `bodiless` for the answer to HEAD or a 304), the connection staying
 * open for the next. For tests of what a server does across the requests of one connection.
 */
export interface RawConnection {
  exchange(bytes: string, bodiless?: boolean): Promise<RawResponse>;
  close(): void;
}

export async function rawConnection(port: number, host = '127.0.0.1', idleMs = 5000): Promise<RawConnection> {
  const socket = net.connect(port, host);
  await new Promise<void>((resolve, reject) => {
    socket.once('connect', resolve);
    socket.once('error', reject);
  });
  let buffered = Buffer.alloc(0);
  let waiting: (() => void) | undefined;
  socket.on('data', (chunk: Buffer) => {
    buffered = Buffer.concat([buffered, chunk]);
    waiting?.();
  });
  /** The length of the first whole response in `buffered`, or undefined while it is incomplete. */
  const wholeLength = (bodiless: boolean): number | undefined => {
    const split = buffered.indexOf('\r\n\r\n');
    if (split === -1) return undefined;
    const head = buffered.subarray(0, split).toString('latin1');
    const length = bodiless ? 0 : Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
    return buffered.length >= split + 4 + length ? split + 4 + length : undefined;
  };
  return {
    async exchange(bytes, bodiless = false) {
      socket.write(bytes);
      const deadline = Date.now() + idleMs;
      let length = wholeLength(bodiless);
      while (length === undefined) {
        if (Date.now() > deadline || socket.destroyed) throw new Error('no whole response on the connection');
        await new Promise<void>((resolve) => {
          waiting = resolve;
          setTimeout(resolve, 50);
        });
        length = wholeLength(bodiless);
      }
      const raw = buffered.subarray(0, length).toString('latin1');
      buffered = buffered.subarray(length);
      return parseResponse(raw);
    },
    close: () => socket.destroy(),
  };
}
