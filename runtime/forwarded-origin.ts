// The origin a trusted reverse proxy says the client asked for. Only a proxy the operator named
// (`--trust-proxy`) is believed, and only a well-formed host and scheme: the value ends up in
// `Link` headers, so nothing else of it may pass. From anyone else, X-Forwarded-* mean nothing.
import type { IncomingMessage } from 'node:http';
import { REQUEST_HEADERS } from '../src/contract/headers.ts';

// Node gives request header names in lower case.
const FORWARDED_HOST = REQUEST_HEADERS.forwardedHost.toLowerCase();
const FORWARDED_PROTO = REQUEST_HEADERS.forwardedProto.toLowerCase();

const HOST =
  /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*|\[[0-9a-f:.]{2,45}\])(?::[0-9]{1,5})?$/i;

const first = (value: string | string[] | undefined) =>
  (Array.isArray(value) ? value[0] : value)?.split(',')[0]?.trim() ?? '';

/**
 * `scheme://host` from X-Forwarded-Host and X-Forwarded-Proto (their first, client-side values)
 * when the connection comes from a trusted proxy; undefined otherwise, or when the host is
 * missing or malformed. An absent or unknown scheme is the site's own (`defaultScheme`).
 */
export function forwardedOrigin(
  incoming: IncomingMessage,
  isTrusted: (address: string) => boolean,
  defaultScheme: 'http' | 'https',
): string | undefined {
  const peer = incoming.socket.remoteAddress;
  if (peer === undefined || !isTrusted(peer)) return undefined;
  const host = first(incoming.headers[FORWARDED_HOST]).toLowerCase();
  if (host.length > 260 || !HOST.test(host)) return undefined;
  const proto = first(incoming.headers[FORWARDED_PROTO]).toLowerCase();
  return `${proto === 'http' || proto === 'https' ? proto : defaultScheme}://${host}`;
}
