// One build in this (fresh) process, as `npm run build` runs it (with its cache folder):
// wall time and peak memory. An empty cache folder makes it a full build.
import { buildSite } from '../../scripts/lib/publish/build-site.ts';

const [corpusDir, outDir, cacheDir] = process.argv.slice(2) as [string, string, string];
const started = performance.now();
const result = await buildSite({ corpusDir, outDir, cacheDir, builtAt: new Date(0) });
if (!result.ok) throw new Error(result.messages.slice(0, 5).join('\n'));
const ms = performance.now() - started;
console.log(
  JSON.stringify({
    ms,
    maxRssMb: process.resourceUsage().maxRSS / 1024,
    files: result.summary.files,
    bytes: result.summary.bytes,
  }),
);
