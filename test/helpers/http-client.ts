// A minimal HTTP client over node:http that can choose its source address, so an end-to-end
// test can act as several clients (127.0.0.x) against a server that counts per client IP.
import http from 'node:http';

export interface HttpResult {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The header names as sent, in order, repeats included. */
  rawHeaderNames: string[];
  body: string;
}

export function httpRequest(
  url: string,
  options: {
    method?: string;
    headers?: Record<string, string>;
    localAddress?: string;
    /** The request target sent as it is, not normalised by a URL parser (`/a/..%2f_data`). */
    rawPath?: string;
  } = {},
): Promise<HttpResult> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        ...(options.rawPath === undefined ? {} : { path: options.rawPath }),
        method: options.method ?? 'GET',
        headers: options.headers,
        localAddress: options.localAddress,
        timeout: 30_000,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            rawHeaderNames: response.rawHeaders.filter((_, i) => i % 2 === 0),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        response.on('error', reject);
      },
    );
    request.on('timeout', () => request.destroy(new Error(`timed out: ${url}`)));
    request.on('error', reject);
    request.end();
  });
}
