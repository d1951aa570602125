// A real build that kills itself (SIGKILL) right after one step of its swap (publish.ts).
// Usage: build-and-die.ts <corpus> <outDir> <siteUrl> <step>
import { buildSite } from '../../scripts/lib/publish/build-site.ts';

const [corpusDir, outDir, siteUrl, killAt] = process.argv.slice(2) as [string, string, string, string];
await buildSite({
  corpusDir,
  outDir,
  siteUrl,
  rateLimitPerHour: 0,
  write: { onStep: (step) => void (step === killAt && process.kill(process.pid, 'SIGKILL')) },
});
