// --timings: each span's wall time, the process's CPU time and the main thread's own CPU time.
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { BuildTimings } from '../../scripts/lib/publish/build-timings.ts';

/** Spins until the process has used `ms` more CPU time (on a loaded machine that takes longer). */
const busy = (ms: number) => {
  const cpu = () => {
    const { user, system } = process.cpuUsage();
    return (user + system) / 1000;
  };
  const end = cpu() + ms;
  let spins = 0;
  while (cpu() < end) spins++;
  return spins;
};

describe.runIf(existsSync('/proc/thread-self/stat'))('build timings', () => {
  it("count this thread's CPU time as the main thread's, and the process's", () => {
    const timings = new BuildTimings();
    timings.lap('before');
    busy(300);
    timings.lap('busy');
    const [phase] = timings.phases.filter((p) => p.phase === 'busy');
    // This thread did the spinning (/proc counts in ticks of 10 ms).
    expect(phase?.mainCpuMs).toBeGreaterThanOrEqual(200);
    expect(phase?.mainCpuMs).toBeLessThanOrEqual((phase?.cpuMs ?? 0) + 20);
    expect(timings.report().at(0)).toMatch(/wall +CPU +main CPU +share$/);
  });
});
