// One build in this (fresh) process, reporting memory as it goes: every 10,000 files written,
// the process's RSS and the main thread's heap (the SQLite thread's heap is in RSS only), and
// at the end the peak RSS. What `npm run bench -- --full` cannot show: where the peak is.
import { buildSite } from '../../scripts/lib/publish/build-site.ts';

const [corpusDir, outDir, cacheDir] = process.argv.slice(2) as [string, string, string];
const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);
const started = performance.now();
const report = (label: string) => {
  const m = process.memoryUsage();
  process.stderr.write(
    `${((performance.now() - started) / 1000).toFixed(1)}s ${label}: rss ${mb(m.rss)} heap ${mb(m.heapUsed)}/${mb(m.heapTotal)} external ${mb(m.external)} buffers ${mb(m.arrayBuffers)} MB\n`,
  );
};
const result = await buildSite({
  corpusDir,
  outDir,
  cacheDir,
  builtAt: new Date(0),
  onProgress: (written) => {
    if (written % 10000 === 0) report(`${written} files`);
  },
});
if (!result.ok) throw new Error(result.messages.slice(0, 5).join('\n'));
report('done');
process.stderr.write(`peak rss ${mb(process.resourceUsage().maxRSS * 1024)} MB\n`);
