// The HTTP layer of the self-hosted server, below the handler: node:http parses, @hono/node-server
// turns a request into a web `Request`, the app answers. What those two layers refuse on their own
// (a request line Node cannot parse, headers over its limit, a client too slow, a request target
// the adapter cannot make a URL of) is answered here in the contract's form: X-License, CORS and a
// problem body, never a bare status line, and never counted.
import http from 'node:http';
import type { Socket } from 'node:net';
import { getRequestListener, RequestError } from '@hono/node-server';
import { refusal, type ProblemKind } from '../src/http.ts';
import { HEADER_NAMES } from '../src/contract/headers.ts';

export interface RefusalSite {
  docsUrl: string;
  attributionJson: string;
}

export interface HttpServerOptions {
  /** The problem `type` base and attribution of the data being served. */
  site: () => RefusalSite;
  /** Requests per hour (RateLimit-Policy on every response), undefined: no limit. */
  rateLimit: number | undefined;
  log: (message: string) => void;
  /** How long a client may take to send its request headers (Node's default: 60 s). */
  headersTimeoutMs?: number;
  /** Answers a request without the adapter when it can (runtime/kept-answers.ts); false: it cannot. */
  fromMemory?: (incoming: http.IncomingMessage, outgoing: http.ServerResponse, general: GeneralPath) => boolean;
}

/** Answers a request the general way (the adapter and the app), when memory cannot after all. */
export type GeneralPath = (incoming: http.IncomingMessage, outgoing: http.ServerResponse) => void;

type Fetch = (request: Request, env: { incoming: http.IncomingMessage }) => Response | Promise<Response>;

/** What the adapter says it could not read, as a problem. Its messages are fixed strings. */
function adapterRefusal(error: unknown): [ProblemKind, string] {
  if (!(error instanceof RequestError)) return ['internal-error', 'the service failed to answer this request'];
  if (error.message === 'Backslash in request path') return ['not-found', 'no endpoint at this path'];
  if (error.message === 'Invalid host header') return ['bad-request', 'the Host header is not a valid host'];
  return ['bad-request', 'the request target is not a valid path'];
}

/** Node's own refusals of a request it could not parse, by error code. */
function clientErrorRefusal(error: NodeJS.ErrnoException): [ProblemKind, string] {
  if (error.code === 'HPE_HEADER_OVERFLOW') return ['header-fields-too-large', 'the request headers are too large'];
  if (error.code === 'ERR_HTTP_REQUEST_TIMEOUT') return ['request-timeout', 'the request did not arrive in time'];
  return ['bad-request', 'the request could not be parsed as HTTP/1.1'];
}

/** The headers of a refusal after which the connection closes: its length, and `close`. */
function closing(headers: Record<string, string>, body: string): Record<string, string> {
  return {
    ...headers,
    [HEADER_NAMES.contentLength]: String(Buffer.byteLength(body)),
    [HEADER_NAMES.connection]: 'close',
  };
}

export function createHttpServer(fetch: Fetch, options: HttpServerOptions): http.Server {
  const answer = (kind: ProblemKind, detail: string) => {
    const { status, headers, body } = refusal(options.site(), options.rateLimit, kind, detail);
    return new Response(body, { status, headers });
  };
  const listener = getRequestListener(fetch as Parameters<typeof getRequestListener>[0], {
    // HTTP/1.0 may omit Host; nothing we answer depends on it (links use the site's origin).
    hostname: 'localhost',
    errorHandler: (error) => {
      const [kind, detail] = adapterRefusal(error);
      if (kind === 'internal-error') options.log(`lexicon: the HTTP adapter failed: ${String(error)}`);
      return answer(kind, detail);
    },
  });
  const general: GeneralPath = (incoming, outgoing) => void listener(incoming, outgoing);
  // Node's default for an HTTP/1.1 request without Host is a bare 400: ours carries the contract.
  const headersTimeout = options.headersTimeoutMs ?? 60_000;
  const timeouts = {
    headersTimeout,
    requestTimeout: Math.max(headersTimeout, 300_000),
    // How often Node looks for late clients: a tenth of the allowance, at most Node's 30 s.
    connectionsCheckingInterval: Math.min(30_000, Math.max(50, headersTimeout / 10)),
  };
  const server = http.createServer({ requireHostHeader: false, ...timeouts }, (incoming, outgoing) => {
    if (incoming.httpVersion === '1.1' && incoming.headers.host === undefined) {
      const { status, headers, body } = refusal(
        options.site(),
        options.rateLimit,
        'bad-request',
        'an HTTP/1.1 request must carry a Host header',
      );
      outgoing.writeHead(status, closing(headers, body));
      outgoing.end(incoming.method === 'HEAD' ? undefined : body);
      return;
    }
    // The general path is passed as it is: no closure made per request for a fallback rarely taken.
    if (options.fromMemory?.(incoming, outgoing, general)) return;
    void listener(incoming, outgoing);
  });
  // RFC 9110 10.1.1: a server MAY ignore an expectation it does not support (Node's default: 417).
  server.on('checkExpectation', (incoming: http.IncomingMessage, outgoing: http.ServerResponse) => {
    void listener(incoming, outgoing);
  });
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const busy = (socket as Socket & { _httpMessage?: http.ServerResponse })._httpMessage?.headersSent;
    if (error.code === 'ECONNRESET' || !socket.writable || busy) {
      socket.destroy();
      return;
    }
    const [kind, detail] = clientErrorRefusal(error);
    const { status, headers, body } = refusal(options.site(), options.rateLimit, kind, detail);
    const lines = Object.entries(closing(headers, body))
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join('');
    socket.end(`HTTP/1.1 ${status} ${http.STATUS_CODES[status]}\r\n${lines}\r\n${body}`);
  });
  return server;
}
