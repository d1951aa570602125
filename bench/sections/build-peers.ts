// `--peers`, the whole build (issue 27): `npm run build` as a user runs it (compiled, cold: an
// empty build cache, a fresh output folder) against, on the same corpus in interleaved rounds,
// - the floor: a plain Node script that reads every corpus file, parses its YAML with the
//   `yaml` package and writes one JSON file per term and locale (probes/read-parse-floor.mjs);
// - Eleventy 3 reading the Markdown files and writing one JSON file per term and locale
//   (probes/eleventy-corpus.mjs);
// - Hugo (Debian's `hugo`, where installed) doing the same with a JSON layout.
// Every figure is a whole process, spawn to exit (wall time), with its peak RSS.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { BenchContext } from '../harness/context.ts';
import { repeat } from '../harness/context.ts';
import { BUILD_NODE_FLAGS, PROBES, ROOT } from '../harness/processes.ts';
import { ratioRow } from '../harness/report.ts';
import { stat } from '../harness/stats.ts';

const HUGO = spawnSync('hugo', ['version']).status === 0 ? 'hugo' : undefined;
const TIME = existsSync('/usr/bin/time') ? '/usr/bin/time' : undefined;
const RSS_TARGET_MB = 1536;
/** The sizes issue 27 sets targets for (terms per locale), besides the bundled corpus. */
const TARGET_SIZES = [5_000, 20_000, 100_000];

interface Run {
  ms: number;
  /** Peak RSS of the process (through /usr/bin/time), when available. */
  rssMb?: number;
}

/**
 * Wall time of a whole command, spawn to exit, and its peak RSS. The disk's pending writeback (the
 * corpus just generated, the previous command's output and its deletion) is flushed first, outside
 * the timing: otherwise it lands on whichever command runs next, and ours runs first in each round.
 */
function run(command: string, args: string[], cwd = ROOT): Run {
  spawnSync('sync');
  const timed = TIME ? [TIME, ['-f', '%M', command, ...args]] : [command, args];
  const started = performance.now();
  const result = spawnSync(timed[0] as string, timed[1] as string[], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${command} ${args.join(' ')} failed (${result.status}):\n${result.stderr}`);
  const kb = TIME ? Number(result.stderr.trim().split('\n').at(-1)) : Number.NaN;
  return Number.isFinite(kb) ? { ms, rssMb: kb / 1024 } : { ms };
}

/** A Hugo site whose content is the corpus's terms: front matter and body as JSON, one file per page. */
function hugoSite(corpus: string, dir: string): void {
  mkdirSync(path.join(dir, 'layouts/_default'), { recursive: true });
  writeFileSync(
    path.join(dir, 'hugo.toml'),
    [
      "baseURL = 'http://peer.test/'",
      `contentDir = ${JSON.stringify(path.resolve(corpus, 'terms'))}`,
      "disableKinds = ['taxonomy', 'term', 'RSS', 'sitemap', 'robotsTXT', '404', 'home', 'section']",
      'uglyURLs = true',
      '[outputs]',
      "page = ['JSON']",
      '',
    ].join('\n'),
  );
  writeFileSync(
    path.join(dir, 'layouts/_default/single.json'),
    '{{- dict "data" (merge .Params (dict "fullContent" .RawContent)) | jsonify -}}\n',
  );
}

/** Terms per locale of a corpus folder. */
export const termCount = (corpus: string) => readdirSync(path.join(corpus, 'terms')).length;

export function measureBuildPeers(ctx: BenchContext, label = ''): void {
  const { n, corpus, work, add } = ctx;
  const runs = n >= 100_000 ? 1 : Math.min(ctx.runs, 3);
  const dir = (name: string) => path.join(work, name);
  const fresh = (...names: string[]) => {
    for (const name of names) rmSync(dir(name), { recursive: true, force: true });
  };
  const rounds = repeat(runs, () => {
    fresh('ours', 'ours-cache', 'floor', 'eleventy', 'eleventy-site', 'hugo-out');
    const ours = run(process.execPath, [
      ...BUILD_NODE_FLAGS,
      ...['bin/run.mjs', 'build', '--corpus', corpus, '--out', dir('ours')],
      ...['--cache-dir', dir('ours-cache'), '--quiet'],
    ]);
    fresh('ours', 'ours-cache');
    const floor = run(process.execPath, [path.join(PROBES, 'read-parse-floor.mjs'), corpus, dir('floor')]);
    fresh('floor');
    const eleventy =
      n >= 100_000
        ? undefined
        : run(process.execPath, [
            path.join(PROBES, 'eleventy-corpus.mjs'),
            corpus,
            dir('eleventy'),
            dir('eleventy-site'),
          ]);
    fresh('eleventy', 'eleventy-site');
    let hugo: Run | undefined;
    if (HUGO) {
      if (!existsSync(dir('hugo-site/hugo.toml'))) hugoSite(corpus, dir('hugo-site'));
      hugo = run(HUGO, ['--quiet', '--destination', dir('hugo-out')], dir('hugo-site'));
      fresh('hugo-out');
    }
    return { ours, floor, eleventy, hugo };
  });
  fresh('hugo-site');

  const ms = (pick: (r: (typeof rounds)[number]) => Run | undefined) =>
    stat(rounds.map((r) => pick(r)?.ms ?? Number.NaN));
  const ours = ms((r) => r.ours);
  const measure = `${label}whole npm run build (cold)`;
  const bundled = label !== '';
  const targeted = bundled || TARGET_SIZES.includes(n);
  const floorTarget = bundled ? 1.5 : 2;
  add(
    ratioRow(
      {
        n,
        measure,
        value: ours,
        unit: 'ms',
        floor: { label: 'read + parse + write floor', value: ms((r) => r.floor) },
      },
      targeted ? { text: `<= ${floorTarget}x floor`, test: (r) => r <= floorTarget } : undefined,
    ),
  );
  if (rounds[0]!.eleventy)
    add(
      ratioRow(
        {
          n,
          measure,
          value: ours,
          unit: 'ms',
          floor: { label: 'Eleventy, same corpus', value: ms((r) => r.eleventy) },
        },
        bundled ? { text: '< 0.5x Eleventy', test: (r) => r < 0.5 } : undefined,
      ),
    );
  if (rounds[0]!.hugo)
    add(
      ratioRow(
        { n, measure, value: ours, unit: 'ms', floor: { label: 'Hugo, same corpus', value: ms((r) => r.hugo) } },
        targeted && !bundled ? { text: '<= 2x Hugo', test: (r) => r <= 2 } : undefined,
      ),
    );
  const rss = rounds.map((r) => r.ours.rssMb ?? Number.NaN);
  if (rss.every(Number.isFinite))
    add(
      ratioRow(
        {
          n,
          measure: `${label}whole npm run build, peak RSS`,
          value: stat(rss),
          unit: 'MB',
          floor: { label: 'the floor process', value: stat(rounds.map((r) => r.floor.rssMb ?? Number.NaN)) },
          note: `highest of the runs ${Math.max(...rss).toFixed(0)} MB`,
        },
        n >= 100_000 ? { text: `<= ${RSS_TARGET_MB} MB`, test: () => Math.max(...rss) <= RSS_TARGET_MB } : undefined,
      ),
    );
}
