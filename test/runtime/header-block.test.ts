// Issue 27: a kept answer's header lines go to Node as a block validated once
// (runtime/header-block.ts), not validated again per request. Over real HTTP, one server writes each
// case both ways, the block (its per-request values filled in) and the plain list Node validates:
// the bytes on the wire must be the same (status line, every header in order, framing, body; only
// Date may differ), and lines Node would refuse get no block.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { headerBlock, headerBlocksWritten, writeHeaderBlock } from '../../runtime/header-block.ts';
import { rawExchange } from '../helpers/raw-http.ts';

interface Case {
  status: number;
  lines: string[];
  /** Value positions a request fills in, and what it fills in there. */
  slots?: number[];
  fill?: string[];
  body?: string;
}

const CONTRACT = [
  'Access-Control-Allow-Origin',
  '*',
  'Cache-Control',
  'private, no-cache',
  'Content-Type',
  'application/json; charset=utf-8',
  'ETag',
  '"0658a627eb8b2a5cb1a07b40bb74d93c"',
  'Link',
  '<https://creativecommons.org/licenses/by-sa/4.0/>; rel="license", <?format=turtle>; rel="alternate"',
  'RateLimit',
  '"hourly";r=99;t=3600',
  'Vary',
  'Accept, Accept-Encoding',
  'X-License',
  'CC BY-SA 4.0',
  'X-RateLimit-Limit',
  '100',
  'X-RateLimit-Remaining',
  '99',
  'Content-Length',
  '17',
];
const BODY = '{"term":"sophia"}';

/** The lines as a request with these slot values writes them. */
function filled({ lines, slots = [], fill = [] }: Case): string[] {
  const copy = [...lines];
  for (const [i, at] of slots.entries()) copy[at] = fill[i] as string;
  return copy;
}

const withoutDate = (raw: string) => raw.replace(/\r\nDate: [^\r]*/, '');

describe('header blocks: what Node writes from a block is what it writes from the plain list', () => {
  let server: http.Server;
  let port: number;
  let cases: Case[] = [];

  beforeAll(async () => {
    // GET /plain/<i> or /block/<i>: case i written the public way, or as its block.
    server = http.createServer((incoming, outgoing) => {
      const [, how, index] = (incoming.url ?? '').split('/');
      const one = cases[Number(index)] as Case;
      if (how === 'block') {
        const block = headerBlock(one.status, one.lines, one.slots);
        if (!block) throw new Error(`no block for case ${index}`);
        for (const [i, entry] of block.slots.entries()) entry[1] = one.fill?.[i] as string;
        writeHeaderBlock(outgoing, one.status, block);
      } else outgoing.writeHead(one.status, filled(one));
      outgoing.end(one.body);
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    port = (server.address() as AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  /** Both ways over HTTP: the raw answers, the block's counted. */
  async function bothWays(index: number, method = 'GET', connection = 'close') {
    // A kept-alive answer without a length ends when nothing more comes.
    const ask = (how: string) =>
      rawExchange(
        port,
        `${method} /${how}/${index} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: ${connection}\r\n\r\n`,
        connection === 'close' ? 2000 : 400,
      );
    const plain = await ask('plain');
    const before = headerBlocksWritten();
    const block = await ask('block');
    expect(headerBlocksWritten() - before, `case ${index}: written as a block`).toBe(1);
    return { plain: withoutDate(plain.raw), block: withoutDate(block.raw) };
  }

  it('writes the contract lines, counters filled in per request, framing and all, byte for byte', async () => {
    const at = (name: string) => CONTRACT.indexOf(name) + 1;
    const slots = [at('RateLimit'), at('X-RateLimit-Limit'), at('X-RateLimit-Remaining')];
    cases = [
      { status: 200, lines: CONTRACT, slots, fill: ['"hourly";r=41;t=17', '100', '41'], body: BODY },
      { status: 200, lines: CONTRACT, slots, fill: ['"hourly";r=0;t=1', '5', '0'], body: BODY },
      // Node's framing lines in the middle of a run: each stays where it was, and Node sees it.
      { status: 200, lines: [...CONTRACT.slice(0, 4), 'Connection', 'close', ...CONTRACT.slice(4)], body: BODY },
      // No length: Node frames the body itself (chunked); with Transfer-Encoding named, as named.
      { status: 200, lines: CONTRACT.slice(0, -2), body: BODY },
      { status: 200, lines: [...CONTRACT.slice(0, -2), 'Transfer-Encoding', 'chunked'], body: BODY },
      // A 304: no body, whatever the length says.
      { status: 304, lines: ['ETag', '"a"', 'Cache-Control', 'private, no-cache', 'X-License', 'CC BY-SA 4.0'] },
      { status: 404, lines: ['Content-Type', 'text/plain', 'Content-Length', '3'], body: 'no\n' },
      { status: 200, lines: ['X-License', 'CC BY-SA 4.0'], body: '' },
    ];
    for (const [index] of cases.entries()) {
      for (const [method, connection] of [
        ['GET', 'close'],
        ['HEAD', 'close'],
        ['GET', 'keep-alive'],
      ] as const) {
        const { plain, block } = await bothWays(index, method, connection);
        expect(block, `case ${index} ${method} ${connection}`).toBe(plain);
      }
    }
  });

  it('gives no block for lines Node would refuse, or two lines of one name Node reads', () => {
    const bad: string[][] = [
      ['X-Split', 'a\r\nX-Injected: 1'],
      ['X-Nul', 'a\u0000b'],
      ['Bad Name', 'x'],
      ['', 'x'],
      ['Content-Length', '3', 'content-length', '3'],
      ['X-Wide', 'ĉ'],
    ];
    for (const lines of bad) expect(headerBlock(200, lines), JSON.stringify(lines)).toBeUndefined();
    expect(headerBlock(200, ['X-License', 'CC BY-SA 4.0'])).toBeDefined();
    // Two lines of one name in a run are written as they are, as Node writes them.
    expect(headerBlock(200, ['Vary', 'Accept', 'vary', 'Accept-Encoding'])).toBeDefined();
  });

  it('writes any valid header list, with any slots filled, as the plain list (property)', async () => {
    const token = fc.stringMatching(/^[A-Za-z][A-Za-z0-9!#$%&'*+.^_`|~-]{0,20}$/);
    const value = fc.stringMatching(/^[\t\x20-\x7e]{0,40}$/).map((text) => text.trim());
    const lines = fc
      .uniqueArray(fc.tuple(token, value), { minLength: 1, maxLength: 12, selector: ([name]) => name.toLowerCase() })
      .filter((pairs) => !pairs.some(([name]) => /^(content-length|transfer-encoding|trailer|expect)$/i.test(name)));
    await fc.assert(
      fc.asyncProperty(lines, fc.array(fc.nat(), { maxLength: 3 }), value, async (pairs, picks, fill) => {
        const flat = pairs.flat();
        const slots = [...new Set(picks.map((pick) => 2 * (pick % pairs.length) + 1))];
        cases = [{ status: 200, lines: flat, slots, fill: slots.map(() => fill), body: BODY }];
        const { plain, block } = await bothWays(0);
        expect(block).toBe(plain);
      }),
      { numRuns: 60 },
    );
  });
});
