// How far V8 lets the heap grow past what its last full collection kept. On a machine with memory
// to spare it grows it up to four times that before collecting again: at 100,000 terms about 600
// MB are alive while the concept files and dumps are made, and the process peaked at 2.1 GB of
// garbage-laden heap (bench/README.md, "Memory at 100,000 terms"). A build of a corpus that large
// asks V8 for a smaller growth while it runs: more full collections, a much lower peak. The flag is
// the process's (every thread's heap), so it is set back once no build needs it.
import { setFlagsFromString } from 'node:v8';

/**
 * The growth a very large build asks for, in percent of what survived the last full collection.
 * 20 rather than 50: at 100,000 terms the peak fell from 1,583-1,603 to 1,324-1,347 MiB in the
 * same wall time, for 2-9% more CPU on V8's helper threads (bench/README.md, "Memory at 100,000
 * terms, tenth session, second round", and the quiet pair at the end of that session; 30 peaked
 * at 1,412-1,443 MiB).
 */
export const LARGE_BUILD_HEAP_GROWTH_PERCENT = 20;

/** The V8 flags by which whoever started the process sized the heap or its growth: theirs stay. */
const HEAP_SIZE_FLAG = /^--(max[-_]old[-_]space[-_]size|max[-_]heap[-_]size|heap[-_]growing[-_]percent)(=|$)/;

/** Whether the process's own options (its command line, NODE_OPTIONS) already size the heap. */
export function heapSizedByCaller(execArgv: readonly string[], nodeOptions: string | undefined): boolean {
  return [...execArgv, ...(nodeOptions ?? '').split(/\s+/)].some((arg) => HEAP_SIZE_FLAG.test(arg));
}

/** Builds (of this process) that hold the smaller growth; the flag is set back when the last ends. */
let holders = 0;

/**
 * Asks V8 for LARGE_BUILD_HEAP_GROWTH_PERCENT until the returned function is called (once),
 * unless the caller sized the heap itself.
 */
export function holdHeapGrowth(): () => void {
  if (heapSizedByCaller(process.execArgv, process.env.NODE_OPTIONS)) return () => undefined;
  if (holders++ === 0) setFlagsFromString(`--heap-growing-percent=${LARGE_BUILD_HEAP_GROWTH_PERCENT}`);
  let released = false;
  return () => {
    if (released) return;
    released = true;
    // 0 is V8's default: the growth it works out itself.
    if (--holders === 0) setFlagsFromString('--heap-growing-percent=0');
  };
}
