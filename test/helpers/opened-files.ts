// Counts the files the code under test opens through node:fs's openSync (the real one, called
// through), so that a test can say how often each corpus text was read. A test file takes it as
//   const { opened, countingFs } = await vi.hoisted(() => import('../helpers/opened-files.ts'));
//   vi.mock('node:fs', countingFs);
// (vi.mock is hoisted above imports, so its factory can only be a hoisted value.)

/** Opens by path since the test last cleared it. */
export const opened = new Map<string, number>();

/** A vi.mock factory for node:fs: the module itself, with openSync counting into `opened`. */
export async function countingFs(importOriginal: () => Promise<unknown>): Promise<unknown> {
  const fs = (await importOriginal()) as typeof import('node:fs');
  const openSync = (file: string, ...rest: unknown[]) => {
    opened.set(String(file), (opened.get(String(file)) ?? 0) + 1);
    return (fs.openSync as (...args: unknown[]) => number)(file, ...rest);
  };
  return { ...fs, default: { ...fs, openSync }, openSync };
}

/** The term body texts (terms/<slug>/<locale>.md) opened, with their counts. */
export const textsOpened = (): [string, number][] =>
  [...opened].filter(([file]) => /\/terms\/[^/]+\/[a-z]{2}\.md$/.test(file.replaceAll('\\', '/')));
