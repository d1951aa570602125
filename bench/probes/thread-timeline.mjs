// Where a build's threads are busy, step by step (issue 27: the critical path on two cores).
// Runs a build with --timings and reads every thread's CPU time from /proc (Linux) every 5 ms
// from outside, so the build runs as it always does: then each sample falls in the step the
// build's own --timings laps (wall times from the process's start) say was running. Prints, per
// step, its wall time and each thread's CPU in milliseconds (10 ms ticks): the main thread first,
// then the others by the step in which each first ran (the check threads, the output thread, the
// SQLite thread; V8's and libuv's helpers, which collect garbage and run the file calls, are
// summed as "helpers": threads that ran less than 100 ms in all, or ran from the start-up but did
// little in it).
// `--buckets MS` also prints every thread's CPU per MS of wall time: the timeline itself.
// `--system` counts only the kernel's time (system CPU: the file calls' open, write, close).
//
//   node bench/probes/thread-timeline.mjs [--buckets 100] [--system] -- node bin/run.mjs build --no-cache --timings ...
import { spawn } from 'node:child_process';
import { readdirSync, readFileSync } from 'node:fs';

const args = process.argv.slice(2);
const split = args.indexOf('--');
if (split < 0) throw new Error('usage: thread-timeline.mjs [--buckets MS] -- COMMAND ... (a build with --timings)');
const bucketAt = args.indexOf('--buckets');
const bucketMs = bucketAt >= 0 && bucketAt < split ? Number(args[bucketAt + 1]) : 0;
const systemOnly = args.slice(0, split).includes('--system');
const [command, ...commandArgs] = args.slice(split + 1);
const TICK_MS = 10;

/** Every thread's CPU ticks (user + system, or system alone) of process `pid`, by thread id. */
function threadTicks(pid) {
  const ticks = new Map();
  let tids = [];
  try {
    tids = readdirSync(`/proc/${pid}/task`);
  } catch {
    return ticks;
  }
  for (const tid of tids) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      ticks.set(Number(tid), (systemOnly ? 0 : Number(fields[11])) + Number(fields[12]));
    } catch {
      // The thread ended between the listing and the read.
    }
  }
  return ticks;
}

const started = performance.now();
const child = spawn(command, commandArgs, { stdio: ['ignore', 'pipe', 'pipe'] });
// The build prints its --timings table on either stream.
let output = '';
const keep = (chunk) => {
  output += chunk;
};
child.stdout.on('data', keep);
child.stderr.on('data', keep);
const samples = [];
const timer = setInterval(() => samples.push({ at: performance.now() - started, ticks: threadTicks(child.pid) }), 5);
const code = await new Promise((resolve) => child.on('exit', resolve));
clearInterval(timer);
const wall = performance.now() - started;
if (code !== 0) throw new Error(`the build exited with ${code}:\n${output}`);

// The steps, from the --timings table: name and wall time, consecutive from the process's start.
const steps = [];
for (const line of output.split('\n')) {
  const row = /^ {2}(.+?) {2,}(\d+) ms +(\d+) ms +(\d+) ms/.exec(line);
  if (row && row[1].trim() !== 'total') steps.push({ name: row[1].trim(), wallMs: Number(row[2]) });
}
let end = 0;
for (const step of steps) step.end = end += step.wallMs;
steps.push({ name: '(exit)', wallMs: wall - end, end: Number.POSITIVE_INFINITY });
const stepAt = (at) => steps.findIndex((step) => at <= step.end);

// Ticks per thread per step (and per bucket), from the differences between samples.
const perStep = new Map();
const perBucket = new Map();
const firstStep = new Map();
const last = new Map();
for (const { at, ticks } of samples) {
  const step = stepAt(at);
  for (const [tid, count] of ticks) {
    const delta = count - (last.get(tid) ?? 0);
    last.set(tid, count);
    if (delta <= 0) continue;
    if (!firstStep.has(tid)) firstStep.set(tid, step);
    const row = perStep.get(tid) ?? new Array(steps.length).fill(0);
    row[step] += delta;
    perStep.set(tid, row);
    if (bucketMs > 0) {
      const buckets = perBucket.get(tid) ?? [];
      const bucket = Math.floor(at / bucketMs);
      buckets[bucket] = (buckets[bucket] ?? 0) + delta;
      perBucket.set(tid, buckets);
    }
  }
}
const main = child.pid;
const total = (tid) => perStep.get(tid)?.reduce((a, b) => a + b, 0) ?? 0;
// A thread of its own: ran at least 100 ms, and started after the first step or ran 50 ms or more
// in it (a check thread started before the build's code loads: scripts/build.ts); V8's and
// libuv's helpers do next to nothing during the start-up. The others: helpers.
const ownFromStart = (tid) => (perStep.get(tid)?.[0] ?? 0) * TICK_MS >= 50;
const own = [...perStep.keys()]
  .filter((tid) => tid !== main && (firstStep.get(tid) > 0 || ownFromStart(tid)) && total(tid) * TICK_MS >= 100)
  .sort((a, b) => firstStep.get(a) - firstStep.get(b) || a - b);
const helpers = [...perStep.keys()].filter((tid) => tid !== main && !own.includes(tid));
const columns = [
  { label: 'main', of: (step) => perStep.get(main)?.[step] ?? 0 },
  ...own.map((tid, i) => ({ label: `thread ${i + 1}`, of: (step) => perStep.get(tid)[step] })),
  { label: 'helpers', of: (step) => helpers.reduce((sum, tid) => sum + perStep.get(tid)[step], 0) },
];
const width = Math.max(...steps.map((step) => step.name.length), 5);
const cell = (value) => String(Math.round(value)).padStart(10);
console.log(
  `whole process: ${(wall / 1000).toFixed(2)} s wall; ${systemOnly ? 'SYSTEM ' : ''}CPU per thread and step in ms (threads by the step they first ran in)`,
);
console.log(
  `  ${'step'.padEnd(width)}  ${'wall'.padStart(10)}${columns.map(({ label }) => label.padStart(10)).join('')}`,
);
for (const [i, step] of steps.entries())
  console.log(
    `  ${step.name.padEnd(width)}  ${cell(step.wallMs)}${columns.map(({ of }) => cell(of(i) * TICK_MS)).join('')}`,
  );
const sums = columns.map(({ of }) => steps.reduce((sum, _, i) => sum + of(i), 0) * TICK_MS);
console.log(`  ${'total'.padEnd(width)}  ${cell(wall)}${sums.map(cell).join('')}`);
for (const [i, tid] of own.entries())
  console.log(
    `  thread ${i + 1}: id ${tid} (process + ${tid - main}), first ran in "${steps[firstStep.get(tid)].name}"`,
  );
if (bucketMs > 0) {
  console.log(`\nCPU per ${bucketMs} ms of wall time (ms), same columns:`);
  const count = Math.ceil(wall / bucketMs);
  const bucketOf = (tids, b) => tids.reduce((sum, tid) => sum + (perBucket.get(tid)?.[b] ?? 0), 0) * TICK_MS;
  for (let b = 0; b < count; b++) {
    const values = [bucketOf([main], b), ...own.map((tid) => bucketOf([tid], b)), bucketOf(helpers, b)];
    console.log(
      `  ${String(b * bucketMs).padStart(6)}  ${steps[stepAt(b * bucketMs)].name.slice(0, 40).padEnd(40)}${values.map(cell).join('')}`,
    );
  }
}
