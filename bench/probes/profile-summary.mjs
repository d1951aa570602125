// Summarises a V8 .cpuprofile (node --cpu-prof): self time by function and file, and the total
// (inclusive) time of the frames whose names are given, as shares of the busy (non-idle) time.
//   node bench/probes/profile-summary.mjs <file.cpuprofile> [top=25] [name ...]
import { readFileSync } from 'node:fs';

const [file, topArg = '25', ...names] = process.argv.slice(2);
const profile = JSON.parse(readFileSync(file, 'utf8'));
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const self = new Map();
for (const [i, id] of profile.samples.entries()) {
  const dt = profile.timeDeltas[i + 1] ?? 0;
  self.set(id, (self.get(id) ?? 0) + dt);
}
const label = (node) => {
  const { functionName, url, lineNumber } = node.callFrame;
  return `${functionName || '(anonymous)'} ${url.replace(/^.*\/(node_modules\/)?/, '')}:${lineNumber + 1}`;
};
const idle = new Set(['(idle)', '(program)', '(garbage collector)']);
let busy = 0;
const bySelf = new Map();
for (const [id, time] of self) {
  const node = byId.get(id);
  if (node.callFrame.functionName === '(idle)') continue;
  busy += time;
  const key = label(node);
  bySelf.set(key, (bySelf.get(key) ?? 0) + time);
}
const pct = (t) => `${((100 * t) / busy).toFixed(1)}%`;
console.log(`busy ${(busy / 1000).toFixed(0)} ms`);
for (const [key, time] of [...bySelf].sort((a, b) => b[1] - a[1]).slice(0, Number(topArg)))
  console.log(`${pct(time).padStart(6)}  ${key}`);
// Inclusive time of named frames (not double-counting recursion).
const parents = new Map();
for (const node of profile.nodes) for (const child of node.children ?? []) parents.set(child, node.id);
for (const name of names) {
  let total = 0;
  for (const [id, time] of self) {
    for (let at = id; at !== undefined; at = parents.get(at)) {
      if (byId.get(at).callFrame.functionName === name) {
        total += time;
        break;
      }
    }
  }
  console.log(`total ${name}: ${pct(total)}`);
}
void idle;
