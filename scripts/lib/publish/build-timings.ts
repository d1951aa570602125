// Where a build spends its time (`npm run build -- --timings`): consecutive spans of the build,
// each with its wall time and the process's CPU time (every thread's), and, across all of them,
// the time spent inside the output sink (strings to bytes, hashing, the file calls). The first
// span is the process's start-up: from its start to the first mark, what loading the code cost.
// CPU time is the figure to read on a shared machine, where wall time mostly measures the others;
// the main thread's own CPU is the build's critical path when other threads share the work.
import { readFileSync } from 'node:fs';
import type { OutputSink, StreamedFile } from './write-output.ts';

export interface PhaseTime {
  phase: string;
  wallMs: number;
  cpuMs: number;
  /** The main thread's own CPU time: the build's critical path while other threads work (Linux only, else 0). */
  mainCpuMs: number;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux Node runs on). */
const TICKS_PER_SECOND = 100;

/**
 * The calling thread's CPU time, from /proc/thread-self/stat (utime and stime, fields 14 and 15,
 * counted after the command name, which may hold spaces); 0 where there is no /proc. Node 20
 * has no process.threadCpuUsage().
 */
function threadCpuMs(): number {
  try {
    const stat = readFileSync('/proc/thread-self/stat', 'utf8');
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

export class BuildTimings {
  readonly phases: PhaseTime[] = [];
  /** Time inside the sink's calls, across every phase. */
  readonly writing = { wallMs: 0, files: 0 };
  #wall = 0;
  #cpu = 0;
  #mainCpu = 0;

  /**
   * Marks the end of `phase`: the time since the previous mark (or since the process started),
   * added to the phase's earlier spans if it had any (a step done per locale).
   */
  lap(phase: string): void {
    const wall = performance.now();
    const cpu = cpuMs();
    const mainCpu = threadCpuMs();
    const known = this.phases.find((p) => p.phase === phase);
    if (known) {
      known.wallMs += wall - this.#wall;
      known.cpuMs += cpu - this.#cpu;
      known.mainCpuMs += mainCpu - this.#mainCpu;
    } else
      this.phases.push({
        phase,
        wallMs: wall - this.#wall,
        cpuMs: cpu - this.#cpu,
        mainCpuMs: mainCpu - this.#mainCpu,
      });
    this.#wall = wall;
    this.#cpu = cpu;
    this.#mainCpu = mainCpu;
  }

  /** `sink`, timing its calls into `writing`. */
  timed(sink: OutputSink): OutputSink {
    const time = async <T>(work: () => Promise<T>): Promise<T> => {
      const started = performance.now();
      try {
        return await work();
      } finally {
        this.writing.wallMs += performance.now() - started;
      }
    };
    return {
      file: (file, contents) => {
        this.writing.files++;
        return time(() => sink.file(file, contents));
      },
      fileInChunks: (file, chunks) => {
        this.writing.files++;
        return time(() => sink.fileInChunks(file, chunks));
      },
      stream: async (file) => {
        this.writing.files++;
        const streamed = await time(() => sink.stream(file));
        const timedStream: StreamedFile = {
          write: (chunk) => time(() => streamed.write(chunk)),
          close: () => time(() => streamed.close()),
        };
        return timedStream;
      },
      scratchFile: (name) => sink.scratchFile(name),
      adopt: (file, from) => {
        this.writing.files++;
        return time(() => sink.adopt(file, from));
      },
    };
  }

  /** A table of the spans, for the terminal. */
  report(): string[] {
    const total = this.phases.reduce(
      (sum, p) => ({ wall: sum.wall + p.wallMs, cpu: sum.cpu + p.cpuMs, main: sum.main + p.mainCpuMs }),
      { wall: 0, cpu: 0, main: 0 },
    );
    const width = Math.max(...this.phases.map((p) => p.phase.length), 5);
    const ms = (value: number) => `${value.toFixed(0).padStart(7)} ms`;
    const row = (phase: string, wall: number, cpu: number, main: number) =>
      `  ${phase.padEnd(width)}  ${ms(wall)}  ${ms(cpu)}  ${ms(main)}  ${((100 * cpu) / total.cpu).toFixed(1).padStart(5)}%`;
    return [
      `  ${'phase'.padEnd(width)}  ${'wall'.padStart(10)}  ${'CPU'.padStart(10)}  ${'main CPU'.padStart(10)}  share`,
      ...this.phases.map((p) => row(p.phase, p.wallMs, p.cpuMs, p.mainCpuMs)),
      row('total', total.wall, total.cpu, total.main),
      `  of which inside the output sink (${this.writing.files} files): ${this.writing.wallMs.toFixed(0)} ms wall`,
    ];
  }
}
