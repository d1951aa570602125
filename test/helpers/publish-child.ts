// A build that kills itself (SIGKILL) at a chosen point: after the n-th file of its output
// (`file-<n>`) or after one filesystem step of the swap (publish.ts PUBLISH_STEPS).
// Usage: publish-child.ts <outDir> <version label> <kill point>
import { writeAtomically } from '../../scripts/lib/publish/write-output.ts';
import { versionFiles } from './output-check.ts';

const [outDir, label, killAt] = process.argv.slice(2) as [string, string, string];
const die = () => process.kill(process.pid, 'SIGKILL');
let written = 0;
await writeAtomically(
  outDir,
  async (sink) => {
    for (const [file, contents] of versionFiles(label)) {
      await sink.file(file, contents);
      if (killAt === `file-${++written}`) die();
    }
  },
  undefined,
  { onStep: (step) => void (step === killAt && die()) },
);
