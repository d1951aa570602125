// The lock that serialises everything that publishes into one output path (builds, the edit
// loop, a server finishing a killed build's swap): a file beside the output naming its holder.
// A holder that died (its process gone) is taken over, so kill -9 never blocks later builds; a
// server asks whether a live holder is at work before it gives up waiting for a tree.
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { open, readFile, rename, stat, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';

/** The lock file of the output path `target`. */
export const lockPath = (target: string) => `${target}.lock`;

export interface LockHolder {
  pid: number;
  host: string;
  since: string;
  token: string;
}

export class OutputLockedError extends Error {
  constructor(
    readonly lockFile: string,
    readonly holder: LockHolder | undefined,
  ) {
    const who = holder ? `build pid ${holder.pid} on ${holder.host}, since ${holder.since}` : 'another build';
    super(`${lockFile} is held by ${who}; wait for that build to finish, or delete ${lockFile} if no build is running`);
    this.name = 'OutputLockedError';
  }
}

export interface LockOptions {
  /** How long to wait for another build before giving up (default 15 minutes). */
  timeoutMs?: number;
  pollMs?: number;
  /** Called once when the lock is held by another build and this one starts waiting. */
  onWait?: (holder: LockHolder | undefined) => void;
}

/** A lock whose holder died is taken over: kill -9 must not block every later build. */
const UNREADABLE_LOCK_GRACE_MS = 5_000;

/** Takes the output's lock, waiting for another build that holds it; resolves to a release function. */
export async function acquireOutputLock(target: string, options: LockOptions = {}): Promise<() => Promise<void>> {
  const lock = lockPath(target);
  const { timeoutMs = 15 * 60_000, pollMs = 100 } = options;
  const me: LockHolder = { pid: process.pid, host: hostname(), since: new Date().toISOString(), token: randomUUID() };
  const started = Date.now();
  let waiting = false;
  for (;;) {
    try {
      const handle = await open(lock, 'wx');
      await handle.writeFile(JSON.stringify(me));
      await handle.close();
      return async () => {
        const holder = await readHolder(lock);
        if (holder?.token === me.token) await unlink(lock).catch(() => undefined);
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const holder = await readHolder(lock);
    if (await isStale(lock, holder)) {
      // Renamed away rather than deleted: of two builds taking over one stale lock, only
      // one rename succeeds, and the other goes back to waiting for the lock it now sees.
      await rename(lock, `${lock}.stale-${me.token}`).catch(() => undefined);
      continue;
    }
    if (Date.now() - started >= timeoutMs) throw new OutputLockedError(lock, holder);
    if (!waiting) options.onWait?.(holder);
    waiting = true;
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
}

/**
 * Whether a running process holds the output's lock: a build or an edit loop that is publishing
 * (or about to), not one that died holding it. A server waits for such a publisher's swap.
 */
export async function publisherAlive(target: string): Promise<boolean> {
  const lock = lockPath(target);
  const holder = await readHolder(lock);
  if (!holder && !existsSync(lock)) return false;
  return !(await isStale(lock, holder));
}

async function readHolder(lock: string): Promise<LockHolder | undefined> {
  try {
    const value = JSON.parse(await readFile(lock, 'utf8')) as LockHolder;
    return typeof value.pid === 'number' && typeof value.token === 'string' ? value : undefined;
  } catch {
    return undefined;
  }
}

async function isStale(lock: string, holder: LockHolder | undefined): Promise<boolean> {
  if (!holder) {
    // Killed between creating the file and writing it, or a lock of an older format.
    const info = await stat(lock).catch(() => undefined);
    return info !== undefined && Date.now() - info.mtimeMs > UNREADABLE_LOCK_GRACE_MS;
  }
  // A holder on another host (a shared filesystem) cannot be checked: wait for it.
  if (holder.host !== hostname()) return false;
  return !isAlive(holder.pid);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
