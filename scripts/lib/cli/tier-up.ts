// How soon V8 optimises a build's functions. A build runs each of its functions over a corpus
// once, for a second or so, on two cores: V8's optimising compiler (TurboFan, on V8's own
// background threads) spent about 1.1 s of a bundled build's 3.5 s of CPU compiling some 470
// functions, many of which then ran for a few milliseconds (bench/README.md, "Total CPU,
// fourteenth session"). A larger interrupt budget (the bytecode a function runs before V8 looks
// at optimising it) leaves the short-lived ones to the baseline tiers and optimises what stays
// hot. The flag is the process's: every thread of the build takes it.
import { setFlagsFromString } from 'node:v8';

/**
 * The budget a build asks for: four times Node 20's default (67,584). In pairs against the
 * default, bundled corpus 0.875x the CPU (2x: 0.92x, 8x: 0.86x), 5,000 terms 0.95x
 * (bench/README.md).
 */
export const BUILD_INTERRUPT_BUDGET = 4 * 67_584;

/**
 * The V8 whose tiering this was measured on: Node 20's. Node 22's and 24's have no such flag (an
 * unknown flag only prints an error): they scale each function's budget by invocation counts of
 * their own, and four times Node 22's TurboFan count, or Node 24's TurboFan and Maglev counts,
 * saved under 5% of a bundled build's CPU (bench/README.md, "Node 22 and 24, fifteenth session"),
 * so there the build keeps V8's defaults.
 */
const MEASURED_V8_MAJOR = 11;

/** Whether the budget applies to the V8 of this version (process.versions.v8). */
export const tierUpApplies = (v8Version: string): boolean => Number.parseInt(v8Version, 10) === MEASURED_V8_MAJOR;

const TIER_UP_FLAG = /^--interrupt[-_]budget(=|$)/;

/**
 * Whether node's own command line (`node --interrupt-budget=N bin/run.mjs build`) already set the
 * budget: the only way a caller can, since Node refuses V8 flags like it in NODE_OPTIONS.
 */
export function tierUpSetByCaller(execArgv: readonly string[]): boolean {
  return execArgv.some((arg) => TIER_UP_FLAG.test(arg));
}

/** Asks V8 for BUILD_INTERRUPT_BUDGET, on the V8 it was measured on, unless whoever started the process chose a budget. */
export function useBuildTierUp(execArgv = process.execArgv, v8Version = process.versions.v8): void {
  if (tierUpApplies(v8Version) && !tierUpSetByCaller(execArgv))
    setFlagsFromString(`--interrupt-budget=${BUILD_INTERRUPT_BUDGET}`);
}
