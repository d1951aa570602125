// One full build in this (fresh) process: wall time and peak memory.
import { buildSite } from '../../scripts/lib/build-site.ts';

const [corpusDir, outDir] = process.argv.slice(2) as [string, string];
const started = performance.now();
const result = await buildSite({ corpusDir, outDir, builtAt: new Date(0) });
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
