// The counting key of a client address (src/limits/client-key.ts): every spelling of one address is one
// client, an IPv6 network is keyed by its prefix, IPv4-mapped addresses are IPv4.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { clientKey, ipv6PrefixFromEnv, parseIpv6 } from '../../src/limits/client-key.ts';

describe('clientKey', () => {
  it('keys IPv4 by the address, and IPv4-mapped IPv6 as that IPv4 address', () => {
    expect(clientKey('192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::ffff:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::FFFF:192.0.2.1')).toBe('192.0.2.1');
    expect(clientKey('::ffff:c000:201')).toBe('192.0.2.1');
    expect(clientKey('0:0:0:0:0:ffff:c000:0201')).toBe('192.0.2.1');
    expect(clientKey('[::ffff:192.0.2.1]')).toBe('192.0.2.1');
  });

  it('keys IPv6 by its /64, whatever the spelling', () => {
    const key = '2001:db8:1:2::/64';
    for (const spelling of [
      '2001:db8:1:2::1',
      '2001:DB8:1:2:0:0:0:1',
      '2001:0db8:0001:0002:ffff:ffff:ffff:ffff',
      '[2001:db8:1:2::abcd]',
      '2001:db8:1:2:1:2:3:4%eth0',
      '2001:db8:1:2::192.0.2.1',
    ]) {
      expect(clientKey(spelling), spelling).toBe(key);
    }
    expect(clientKey('2001:db8:1:3::1')).toBe('2001:db8:1:3::/64');
    expect(clientKey('::1')).toBe('::/64');
    expect(clientKey('fe80::1')).toBe('fe80::/64');
  });

  it('takes the prefix length the operator configured', () => {
    expect(clientKey('2001:db8:1:2::1', 48)).toBe('2001:db8:1::/48');
    expect(clientKey('2001:db8:1:2::1', 56)).toBe('2001:db8:1::/56');
    expect(clientKey('2001:db8:1:2ff::1', 56)).toBe('2001:db8:1:200::/56');
    expect(clientKey('2001:db8:1:2::1', 128)).toBe('2001:db8:1:2::1/128');
  });

  it('keeps what is not an address as it is (still one client)', () => {
    for (const text of ['', 'unknown', '1.2.3', '2001:db8::1::2', '1:2:3:4:5:6:7:8:9', '12345::']) {
      expect(clientKey(text)).toBe(text);
    }
  });

  it('gives every random IPv6 address the key of its /64, in RFC 5952 form', () => {
    const group = fc.integer({ min: 0, max: 0xffff });
    fc.assert(
      fc.property(fc.array(group, { minLength: 8, maxLength: 8 }), (groups) => {
        const full = groups.map((g) => g.toString(16).padStart(4, '0')).join(':');
        const key = clientKey(full);
        if (groups.slice(0, 6).join() === '0,0,0,0,0,65535') return;
        expect(key.endsWith('/64')).toBe(true);
        expect(parseIpv6(key.slice(0, -3))).toEqual([...groups.slice(0, 4), 0, 0, 0, 0]);
        expect(clientKey(key.slice(0, -3))).toBe(key);
        expect(key).not.toMatch(/(^|:)0[0-9a-f]/);
      }),
    );
  });
});

describe('RATE_LIMIT_IPV6_PREFIX', () => {
  it('defaults to 64 and accepts 16 to 128 bits', () => {
    expect(ipv6PrefixFromEnv(undefined)).toBe(64);
    expect(ipv6PrefixFromEnv(' ')).toBe(64);
    expect(ipv6PrefixFromEnv('56')).toBe(56);
    expect(ipv6PrefixFromEnv('128')).toBe(128);
  });

  it('refuses anything else with the variable named', () => {
    for (const value of ['0', '8', '129', '64.5', 'x']) {
      expect(() => ipv6PrefixFromEnv(value)).toThrow(
        `RATE_LIMIT_IPV6_PREFIX must be a whole number of bits from 16 to 128, not "${value}"`,
      );
    }
  });
});
