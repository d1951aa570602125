// Where a build spends its time (`npm run build -- --timings`): consecutive spans of the build,
// each with its wall time and the process's CPU time (every thread's), and, across all of them,
// the time spent inside the output sink (strings to bytes, hashing, the file calls). The first
// span is the process's start-up: from its start to the first mark, what loading the code cost.
// CPU time is the figure to read on a shared machine, where wall time mostly measures the others.
import type { OutputSink, StreamedFile } from './write-output.ts';

export interface PhaseTime {
  phase: string;
  wallMs: number;
  cpuMs: number;
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

export class BuildTimings {
  readonly phases: PhaseTime[] = [];
  /** Time inside the sink's calls, across every phase. */
  readonly writing = { wallMs: 0, files: 0 };
  #wall = 0;
  #cpu = 0;

  /**
   * Marks the end of `phase`: the time since the previous mark (or since the process started),
   * added to the phase's earlier spans if it had any (a step done per locale).
   */
  lap(phase: string): void {
    const wall = performance.now();
    const cpu = cpuMs();
    const known = this.phases.find((p) => p.phase === phase);
    if (known) {
      known.wallMs += wall - this.#wall;
      known.cpuMs += cpu - this.#cpu;
    } else this.phases.push({ phase, wallMs: wall - this.#wall, cpuMs: cpu - this.#cpu });
    this.#wall = wall;
    this.#cpu = cpu;
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
    const total = this.phases.reduce((sum, p) => ({ wall: sum.wall + p.wallMs, cpu: sum.cpu + p.cpuMs }), {
      wall: 0,
      cpu: 0,
    });
    const width = Math.max(...this.phases.map((p) => p.phase.length), 5);
    const row = (phase: string, wall: number, cpu: number) =>
      `  ${phase.padEnd(width)}  ${wall.toFixed(0).padStart(7)} ms  ${cpu.toFixed(0).padStart(7)} ms  ${((100 * cpu) / total.cpu).toFixed(1).padStart(5)}%`;
    return [
      `  ${'phase'.padEnd(width)}  ${'wall'.padStart(10)}  ${'CPU'.padStart(10)}  share`,
      ...this.phases.map((p) => row(p.phase, p.wallMs, p.cpuMs)),
      row('total', total.wall, total.cpu),
      `  of which inside the output sink (${this.writing.files} files): ${this.writing.wallMs.toFixed(0)} ms wall`,
    ];
  }
}
