// Who an anonymous client is, for counting: its IPv4 address, or the IPv6 prefix its network owns.
// One IPv6 host is usually given a whole /64 (2^64 addresses), so keying by the full address would
// give one client an unlimited quota, and a flood of fresh addresses would push other clients'
// windows out of the in-memory store. Every spelling of one address gives one key: `2001:DB8::1`,
// `2001:db8:0:0::1`, `[2001:db8::1]`, `fe80::1%eth0`; an IPv4-mapped address (`::ffff:192.0.2.1`,
// `::ffff:c000:201`) is the IPv4 address. Web-standard and pure.

/** How many leading bits of an IPv6 address name a client, unless the operator says otherwise. */
export const DEFAULT_IPV6_PREFIX_BITS = 64;

/** RATE_LIMIT_IPV6_PREFIX: unset -> 64, else a whole number from 16 to 128. */
export function ipv6PrefixFromEnv(value: string | undefined): number {
  if (value === undefined || value.trim() === '') return DEFAULT_IPV6_PREFIX_BITS;
  const bits = /^[0-9]{1,3}$/.test(value.trim()) ? Number(value.trim()) : Number.NaN;
  if (!(bits >= 16 && bits <= 128)) {
    throw new RangeError(`RATE_LIMIT_IPV6_PREFIX must be a whole number of bits from 16 to 128, not "${value}"`);
  }
  return bits;
}

const IPV4 =
  /^(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(?:\.(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$/;
const HEX_GROUP = /^[0-9a-f]{1,4}$/;

/** The eight 16-bit groups of an IPv6 address, or undefined when it is not one. */
export function parseIpv6(text: string): number[] | undefined {
  let address = text.toLowerCase();
  const zone = address.indexOf('%');
  if (zone >= 0) address = address.slice(0, zone);
  const lastColon = address.lastIndexOf(':');
  const last = address.slice(lastColon + 1);
  if (last.includes('.')) {
    // An embedded IPv4 address in the last 32 bits (::ffff:192.0.2.1, 64:ff9b::192.0.2.1).
    if (!IPV4.test(last)) return undefined;
    const [a, b, c, d] = last.split('.').map(Number) as [number, number, number, number];
    address = `${address.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [first = '', second, ...more] = address.split('::');
  if (more.length > 0) return undefined;
  const parse = (part: string) => (part === '' ? [] : part.split(':'));
  const head = parse(first);
  const rest = second === undefined ? [] : parse(second);
  if (![...head, ...rest].every((group) => HEX_GROUP.test(group))) return undefined;
  const explicit = head.length + rest.length;
  if (second === undefined ? explicit !== 8 : explicit > 7) return undefined;
  const zeros = Array<number>(8 - explicit).fill(0);
  return [...head.map((g) => Number.parseInt(g, 16)), ...zeros, ...rest.map((g) => Number.parseInt(g, 16))];
}

/**
 * The counting key of a client address: `192.0.2.1` for IPv4 (and IPv4-mapped IPv6),
 * `2001:db8:0:1::/64` for IPv6 (the address masked to `prefixBits`, in the canonical text form
 * of RFC 5952). Anything that is not an address is kept as it is, so it still counts as one client.
 */
export function clientKey(ip: string, prefixBits = DEFAULT_IPV6_PREFIX_BITS): string {
  let address = ip.trim();
  if (address.startsWith('[') && address.endsWith(']')) address = address.slice(1, -1);
  if (IPV4.test(address)) return address;
  const groups = parseIpv6(address);
  if (!groups) return address;
  const [, , , , , mapped, high = 0, low = 0] = groups;
  if (groups.slice(0, 5).every((g) => g === 0) && mapped === 0xffff) {
    return `${high >> 8}.${high & 0xff}.${low >> 8}.${low & 0xff}`;
  }
  const masked = groups.map((group, i) => {
    const bitsHere = Math.min(16, Math.max(0, prefixBits - i * 16));
    return bitsHere === 0 ? 0 : group & ((0xffff << (16 - bitsHere)) & 0xffff);
  });
  return `${formatIpv6(masked)}/${prefixBits}`;
}

/** RFC 5952: lower case, no leading zeros, the longest run (two or more) of zero groups as `::`. */
function formatIpv6(groups: number[]): string {
  let bestStart = -1;
  let bestLength = 1;
  for (let i = 0; i < 8; ) {
    if (groups[i] !== 0) {
      i++;
      continue;
    }
    let j = i;
    while (j < 8 && groups[j] === 0) j++;
    if (j - i > bestLength) [bestStart, bestLength] = [i, j - i];
    i = j;
  }
  const hex = groups.map((g) => g.toString(16));
  if (bestStart < 0) return hex.join(':');
  return `${hex.slice(0, bestStart).join(':')}::${hex.slice(bestStart + bestLength).join(':')}`;
}
