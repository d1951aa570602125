// The edit loop: watches the corpus folder and hands every change to an edit session
// (edit-session.ts), one at a time, saying on stderr what it published or why it did not. Used by
// `npm run build -- --watch`, `npm start -- --watch` and `npm run dev`.
import { type FSWatcher, watch } from 'node:fs';
import { EditSession, type EditOutcome, type EditSessionOptions } from './edit-session.ts';

export interface EditLoopOptions extends EditSessionOptions {
  log: (line: string) => void;
  /** Called after each publish (npm start switches to the new tree at once). */
  onPublished?: () => void;
  /** Quiet time that gathers the events of one save (an editor writes, renames, touches). */
  debounceMs?: number;
}

export interface EditLoop {
  /** Resolves once every change seen so far is published (or refused); tests and the benchmark wait on it. */
  settled(): Promise<void>;
  close(): void;
}

const DEFAULT_DEBOUNCE_MS = 15;

/**
 * Watches first, then opens the session (a full build first if the output is not the corpus's):
 * a change made while the corpus is read, built or while the watcher is set up (a recursive watch
 * of 5,000 folders takes seconds) is then seen and applied once the session is open. Watching
 * after the open lost such a change until the next one.
 */
export async function startEditLoop(options: EditLoopOptions): Promise<EditLoop> {
  const { log } = options;
  const pending = new Set<string>();
  let timer: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];
  const idle = () => pending.size === 0 && timer === undefined;
  let session: EditSession | undefined;
  let running: Promise<void> = Promise.resolve();

  const run = async () => {
    timer = undefined;
    const paths = [...pending];
    pending.clear();
    const started = performance.now();
    try {
      if (session) report(log, paths, await session.apply(paths), performance.now() - started, options.onPublished);
    } catch (error) {
      log(`edit loop: could not apply ${paths.join(', ')}: ${(error as Error).message}`);
    }
    if (idle()) {
      for (const resolve of waiters) resolve();
      waiters = [];
    }
  };
  const watcher: FSWatcher = watch(options.corpusDir, { recursive: true }, (_event, name) => {
    if (!name) return;
    pending.add(String(name));
    clearTimeout(timer);
    timer = setTimeout(() => {
      running = running.then(run);
    }, options.debounceMs ?? DEFAULT_DEBOUNCE_MS);
  });
  watcher.on('error', (error) => log(`edit loop: watching ${options.corpusDir}/ failed: ${error.message}`));
  const opening = EditSession.open(options);
  // Changes seen while opening wait for it, and find the session there: set in this same step,
  // not after the await below, which resumes only after changes already queued behind it ran.
  running = opening.then(
    (opened) => {
      session = opened.session;
    },
    () => undefined,
  );
  const opened = await opening.catch((error: unknown) => {
    watcher.close();
    throw error;
  });
  if (opened.messages.length > 0) reportProblems(log, opened.messages, 'the corpus has problems; nothing was built');
  else if (opened.built)
    log(`edit loop: built ${options.outDir}/ from ${options.corpusDir}/ (it was not built from it)`);
  log(
    `edit loop: watching ${options.corpusDir}/ (a change is published in place; dumps, OpenAPI and the docs page follow on the next full build)`,
  );
  return {
    settled: () => (idle() ? running : new Promise<void>((resolve) => waiters.push(resolve))),
    close: () => {
      clearTimeout(timer);
      watcher.close();
    },
  };
}

function report(
  log: (line: string) => void,
  paths: readonly string[],
  outcome: EditOutcome,
  ms: number,
  onPublished: (() => void) | undefined,
): void {
  const what = paths.length === 1 ? paths[0] : `${paths.length} paths`;
  if (outcome.kind === 'unchanged') return;
  if (outcome.kind === 'invalid') {
    reportProblems(log, outcome.messages, `${what}: not published, still serving the last good output`);
    return;
  }
  onPublished?.();
  if (outcome.kind === 'rebuilt') {
    log(`edit loop: ${what}: full build in ${Math.round(ms)} ms (data version ${outcome.dataVersion})`);
    return;
  }
  const { read, check, render, publish } = outcome.phases;
  log(
    `edit loop: ${what}: published ${outcome.files} file(s)${outcome.removed ? `, removed ${outcome.removed}` : ''} in ${Math.round(ms)} ms ` +
      `(read ${read}, check ${check}, render ${render}, publish ${publish})`,
  );
}

function reportProblems(log: (line: string) => void, messages: readonly string[], headline: string): void {
  log(`edit loop: ${headline}; ${messages.length} problem(s):`);
  for (const message of messages) log(`  ${message}`);
}
