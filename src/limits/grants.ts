// Grants: the specification's "higher limits granted on request". An operator issues a random key
// (scripts/grant.ts); a client sends it as `Authorization: Bearer <key>` (RFC 6750) and is then
// counted per key, against the grant's own limit. Only a SHA-256 of the key is ever stored: the
// key has 256 random bits, so a fast hash is as safe as a slow one, and the function can check it
// on every request. Web-standard: where the grants live (a file, Redis) is runtime/'s business.

/** What a grant's record holds, in a grants file and in Redis. `name`/`contact` are the operator's. */
export interface GrantRecord {
  /** Short public identifier, for `grant list` and `grant revoke`; never the key. */
  id: string;
  /** Lowercase hex SHA-256 of the key. */
  keyHash: string;
  perHour: number;
  name?: string;
  contact?: string;
  /** ISO 8601 dates. */
  created?: string;
  expires?: string;
  revoked?: string;
}

/** What a deployment needs to check a key: no name, no contact. */
export type PublicGrant = Pick<GrantRecord, 'id' | 'keyHash' | 'perHour' | 'expires' | 'revoked'>;

/**
 * Finds a grant by the hash of its key. `unavailable`: the place the grants live did not answer
 * in time, and the request is served uncounted, as when the counters' store fails.
 */
export interface GrantBook {
  find(keyHash: string): GrantRecord | undefined | 'unavailable' | Promise<GrantRecord | undefined | 'unavailable'>;
}

/** The operator's grants file when Redis is not used (relative to the working folder). */
export const DEFAULT_GRANTS_FILE = 'grants.json';
/** The copy of the grants a deployment checks keys against (public part only), in dist/_data/. */
export const DEPLOYED_GRANTS_FILE = 'grants.json';

/** Keys start with this, so a leaked one is recognisable (and secret scanners can match it). */
export const KEY_PREFIX = 'lx_';
/** Random bytes in a key: 256 bits. */
export const KEY_BYTES = 32;

/** A new key: the prefix and KEY_BYTES random bytes in base64url. */
export function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(KEY_BYTES));
  return (
    KEY_PREFIX +
    btoa(String.fromCharCode(...bytes))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '')
  );
}

export async function hashKey(key: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(key));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, '0')).join('');
}

/** Neither revoked nor expired at `now` (epoch ms). */
export function isActive(grant: Pick<GrantRecord, 'expires' | 'revoked'>, now: number): boolean {
  if (grant.revoked !== undefined) return false;
  return grant.expires === undefined || Date.parse(grant.expires) > now;
}

/** RFC 6750 2.1: `Bearer` (any case), one space, a b64token. */
const BEARER = /^bearer ([A-Za-z0-9\-._~+/]+=*)$/i;

/**
 * The key of an Authorization header: `undefined` when there is no header (the anonymous policy),
 * `null` when there is one that is not a well-formed Bearer credential (a 401, like a wrong key).
 */
export function bearerKey(header: string | null): string | null | undefined {
  if (header === null) return undefined;
  return BEARER.exec(header.trim())?.[1] ?? null;
}

/** The public part of grant records, for a deployment's grants file. */
export function publicGrants(records: readonly GrantRecord[]): PublicGrant[] {
  return records.map(({ id, keyHash, perHour, expires, revoked }) => ({
    id,
    keyHash,
    perHour,
    ...(expires !== undefined ? { expires } : {}),
    ...(revoked !== undefined ? { revoked } : {}),
  }));
}

/** The grants of a grants file's JSON text, checked field by field. Throws a message naming the problem. */
export function parseGrantsFile(text: string, file: string): GrantRecord[] {
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (error) {
    throw new Error(`${file}: not JSON (${(error as Error).message})`);
  }
  const grants = (data as { grants?: unknown } | null)?.grants;
  if (!Array.isArray(grants)) throw new Error(`${file}: expected an object with a "grants" array`);
  return grants.map((grant: Record<string, unknown>, i) => {
    const where = `${file}: grants[${i}]`;
    if (typeof grant?.id !== 'string' || grant.id === '') throw new Error(`${where}.id must be a non-empty string`);
    if (typeof grant.keyHash !== 'string' || !/^[0-9a-f]{64}$/.test(grant.keyHash))
      throw new Error(`${where}.keyHash must be 64 lowercase hex digits (a SHA-256)`);
    if (!Number.isInteger(grant.perHour) || (grant.perHour as number) < 1)
      throw new Error(`${where}.perHour must be a positive whole number`);
    for (const field of ['expires', 'revoked', 'created'] as const) {
      const value = grant[field];
      if (value !== undefined && (typeof value !== 'string' || Number.isNaN(Date.parse(value))))
        throw new Error(`${where}.${field} must be an ISO 8601 date`);
    }
    return grant as unknown as GrantRecord;
  });
}

/** A grant book over records in memory (a grants file's content). */
export function grantBookOf(records: readonly GrantRecord[]): GrantBook {
  const byHash = new Map(records.map((record) => [record.keyHash, record]));
  return { find: (keyHash) => byHash.get(keyHash) };
}
