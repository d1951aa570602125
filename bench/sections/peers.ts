// `--peers`: the same synthetic corpus through two maintained tools, same machine, same run.
//   json-server 0.17 serving our list items (English) against our list endpoint behind
//   `npm start` (both self-hosted servers answering from memory), one query kind at a time,
//   mapped to json-server's own query syntax;
//   Eleventy 3 writing the same term files as our term-file path (serialize + writeAtomically).
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext } from '../harness/context.ts';
import { repeat } from '../harness/context.ts';
import { probe, startServerProcess } from '../harness/processes.ts';
import { ratioRow } from '../harness/report.ts';
import { stat } from '../harness/stats.ts';
import { LIST_PATH } from '../../src/contract/facts.ts';
import { LIST_PARAMETERS } from '../../src/contract/list-parameters.ts';
import { comparePair } from './http.ts';

interface ListItem {
  term: string;
}

/** Every English list item in list order, read through our own list endpoint. */
async function listItems(built: string): Promise<ListItem[]> {
  const server = await startServerProcess(['wrapper', built]);
  try {
    const items: ListItem[] = [];
    for (;;) {
      const response = await fetch(
        `http://127.0.0.1:${server.port}${LIST_PATH}?limit=${LIST_PARAMETERS.limit.maximum}&offset=${items.length}`,
      );
      const page = (await response.json()) as { data: ListItem[]; meta: { hasMore: boolean } };
      items.push(...page.data);
      if (!page.meta.hasMore) return items;
    }
  } finally {
    await server.stop();
  }
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

export async function measurePeers(ctx: BenchContext): Promise<void> {
  const { n, built, work, add } = ctx;
  const items = await listItems(built);
  const db = path.join(work, 'json-server-db.json');
  writeFileSync(db, JSON.stringify({ terms: items }));
  const rare = items[Math.floor(items.length / 2)]!.term;
  // Our query, and json-server's spelling of the same question (its _like is a
  // case-insensitive regular expression on the raw field, without our accent folding).
  const kinds: [string, string, string][] = [
    ['plain page', '', '_start=0&_limit=50'],
    ['deep page', `offset=${items.length - 50}`, `_start=${items.length - 50}&_limit=50`],
    ['pillar filter', 'pillar=alchemy', 'pillar=alchemy&_start=0&_limit=50'],
    ['search, common', 'q=a', 'term_like=a&_start=0&_limit=50'],
    [
      'search, rare',
      `q=${encodeURIComponent(rare)}`,
      `term_like=${encodeURIComponent(escapeRegExp(rare))}&_start=0&_limit=50`,
    ],
    ['limit 500', 'limit=500', '_start=0&_limit=500'],
  ];
  const target = n === 5_000 ? { text: '>= 5x json-server', test: (r: number) => r >= 5 } : undefined;
  for (const [kind, ours, theirs] of kinds) {
    const [throughput, cpu] = await comparePair(
      ctx,
      `peers: list ${kind}`,
      // Both sides are the self-hosted server of their project: `npm start` (no rate limit, as
      // json-server has none) against json-server, each serving its list from memory.
      { args: ['start', built, '0'], paths: [`${LIST_PATH}?${ours}`] },
      { label: 'json-server', args: ['json-server', db], paths: [`/terms?${theirs}`] },
      target,
    );
    add(throughput!);
    add({
      ...cpu!,
      note: `json-server uses ${(cpu!.floor!.value.median / cpu!.value.median).toFixed(1)}x our CPU per request`,
    });
  }

  const runs = repeat(Math.min(ctx.runs, 3), () => {
    const out = path.join(work, 'term-files');
    const input = path.join(work, 'eleventy-input');
    rmSync(out, { recursive: true, force: true });
    const ours = probe('term-files.ts', [built, out]).ms as number;
    rmSync(out, { recursive: true, force: true });
    const eleventy = probe('eleventy.ts', [built, out, input]).ms as number;
    rmSync(out, { recursive: true, force: true });
    const floor = probe('term-files.ts', [built, out, 'plain']).ms as number;
    rmSync(out, { recursive: true, force: true });
    return { ours, eleventy, floor };
  });
  add(
    ratioRow(
      {
        n,
        measure: 'peers: term files, our path (serialize + writeAtomically)',
        value: stat(runs.map((r) => r.ours)),
        unit: 'ms',
        floor: { label: 'Eleventy, same files', value: stat(runs.map((r) => r.eleventy)) },
      },
      { text: '<= 1.0x Eleventy', test: (r) => r <= 1 },
    ),
  );
  add(
    ratioRow({
      n,
      measure: 'peers: term files, Eleventy',
      value: stat(runs.map((r) => r.eleventy)),
      unit: 'ms',
      floor: { label: 'serialize + plain sync writes', value: stat(runs.map((r) => r.floor)) },
    }),
  );
}
