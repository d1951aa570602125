// The files' own checks while the corpus is still being read (a cold build whose texts are in
// memory). Reading is the main thread's synchronous file calls, a few hundred milliseconds in
// which the check thread, once loaded, had nothing to do: now each file read goes into a chunk
// and each full chunk to a check thread at once, at most CHUNKS_AHEAD ahead of what the thread
// has taken. Once everything is read, the main thread checks the chunks not sent yet, the last
// first (topping the threads up between two), and then takes back the chunks sent but not begun,
// from the end of each thread's queue. So whichever side is slower (a thread still loading, a
// main thread still reading) leaves more to the other, and no chunk is checked twice: each chunk
// carries a shared flag that the thread or the main thread sets, atomically, to take it. The
// outcomes go into the cache in the files' order, whoever checked them; a thread that fails only
// leaves its files to validation, which checks every file the cache does not know.
// A corpus whose texts stay on disk (load-corpus.ts) is checked from the loader's one read too, but
// its texts are not left waiting: a chunk no thread has room for is checked here at once, and a
// chunk's texts are let go once checked or taken (at most CHUNKS_AHEAD chunks a thread hold some).
// Once told site.yaml's headings (findingsToo), its chunks end between term folders and whoever
// checks one also works out the editorial findings of its terms (chunk-findings.ts), which then
// need no read of the texts again.
import type { Worker } from 'node:worker_threads';
import { chunkFindings, endsBefore } from './chunk-findings.ts';
import type { InterpretationsHeadings } from './editorial-checks.ts';
import { type CheckRequest, cleanOutcomes, type FileKind, outcomeKey } from './file-checks.ts';
import type { SourceFile } from './load-corpus.ts';
import type { ParseCache } from './parse-cache.ts';

/** Files per chunk: enough that a message costs little beside its checks, few enough to balance. */
export const STREAM_CHUNK = 32;
/** Chunks sent to a thread and not yet taken by it: its queue, and the copies of texts it holds. */
export const CHUNKS_AHEAD = 8;
const FREE = 0;
const TAKEN_BY_THREAD = 1;
const TAKEN_HERE = 2;

/** A chunk of files for a check thread, and the flag that says who took it (shared memory). */
export interface StreamedChunk {
  files: CheckRequest[];
  claim: Int32Array;
  /** Set when its terms' editorial findings are worked out too (chunk-findings.ts). */
  headings?: InterpretationsHeadings;
}

type Outcomes = [string, unknown][];

/** A chunk's cache entries: its files' clean outcomes, then its whole terms' editorial findings if asked. */
export function checkedChunk({ files, headings }: StreamedChunk): Outcomes {
  if (headings === undefined) return cleanOutcomes(files);
  const clean = new Map<CheckRequest, unknown>();
  const outcomes = cleanOutcomes(files, (request, value) => clean.set(request, value));
  for (const entry of chunkFindings(clean, headings)) outcomes.push(entry);
  return outcomes;
}

/** The check thread's side: the chunk's cache entries if it takes it; none when the main thread did. */
export function takeChunk(chunk: StreamedChunk): Outcomes | undefined {
  const taken = Atomics.compareExchange(chunk.claim, 0, FREE, TAKEN_BY_THREAD) === FREE;
  return taken ? checkedChunk(chunk) : undefined;
}

/** One thread's queue: its chunks in the order sent, and its answers (one per chunk it took, in order). */
interface Lane {
  worker: Worker;
  sent: StreamedChunk[];
  /** How many of `sent` the thread is known to have taken. */
  taken: number;
  answers: Outcomes[];
  ended: boolean;
  /** Called when an answer arrives or the thread ends. */
  wake?: () => void;
  /** Ends listening to the thread. */
  detach: () => void;
}

/** How many chunks each side checked (tests): every chunk by exactly one. */
export interface StreamSummary {
  chunks: number;
  checkedHere: number;
  checkedByThreads: number;
}

export class StreamedChecks {
  readonly #cache: ParseCache;
  readonly #chunkFiles: number;
  readonly #lanes: Lane[];
  readonly #chunks: StreamedChunk[] = [];
  /** The first chunk not sent to a thread. */
  #next = 0;
  #filling: CheckRequest[] = [];
  /** The outcomes of the chunks checked on this thread. */
  readonly #checkedHere = new Map<StreamedChunk, Outcomes>();
  /** Set once a file whose text the corpus does not keep is added (add()). */
  #textsNotKept = false;
  /** Set by findingsToo(). */
  #headings: InterpretationsHeadings | undefined;

  /** `chunkFiles` replaces STREAM_CHUNK (tests). */
  constructor(workers: readonly Worker[], cache: ParseCache, chunkFiles = STREAM_CHUNK) {
    this.#cache = cache;
    this.#chunkFiles = chunkFiles;
    this.#lanes = workers.map((worker) => {
      const lane: Lane = { worker, sent: [], taken: 0, answers: [], ended: false, detach: () => undefined };
      const wake = () => {
        const waiting = lane.wake;
        lane.wake = undefined;
        waiting?.();
      };
      const answer = (outcomes: Outcomes) => {
        lane.answers.push(outcomes);
        wake();
      };
      const ended = () => {
        lane.ended = true;
        wake();
      };
      worker.on('message', answer).on('exit', ended).on('error', ended);
      lane.detach = () => worker.off('message', answer).off('exit', ended).off('error', ended);
      return lane;
    });
  }

  /**
   * A file just read: checked here or on a thread, unless the cache knows its outcome. `kept`
   * false: the corpus does not keep its text, so nor does a chunk wait with it for a thread.
   */
  add(kind: FileKind, file: SourceFile, kept = true): void {
    if (this.#cache.has(outcomeKey(kind, file))) return;
    if (!kept) this.#textsNotKept = true;
    const request = { kind, path: file.path, text: file.text, digest: file.digest };
    // With findings, a full chunk waits for the first file of the next term folder.
    const full = this.#filling.length >= this.#chunkFiles;
    if (this.#headings !== undefined && full && endsBefore(request, this.#filling.at(-1))) this.#flush();
    this.#filling.push(request);
    if (this.#headings === undefined && this.#filling.length >= this.#chunkFiles) this.#flush();
  }

  /**
   * From now on each chunk's terms get their editorial findings worked out by whoever checks it
   * (`headings`: site.yaml's, read before any term): asked where texts are not kept (build-site.ts).
   */
  findingsToo(headings: InterpretationsHeadings): void {
    this.#headings = headings;
  }

  /** Closes the chunk being filled and sends it; texts the corpus does not keep do not wait for a thread. */
  #flush(): void {
    this.#close();
    this.#send(this.#chunks.length);
    if (!this.#textsNotKept) return;
    while (this.#next < this.#chunks.length) this.#checkHere(this.#chunks[this.#next++] as StreamedChunk);
  }

  /**
   * Everything is read: checks what no thread took, waits for the threads' answers and puts every
   * outcome in the cache. The threads stay up (parallel-checks.ts ends them).
   */
  async finish(): Promise<StreamSummary> {
    this.#close();
    const checkedHere = this.#checkedHere;
    let end = this.#chunks.length;
    this.#send(end);
    while (end > this.#next) {
      this.#checkHere(this.#chunks[--end] as StreamedChunk);
      this.#send(end);
    }
    for (const lane of this.#lanes) {
      // A thread takes its chunks in order: those it took are the first of its queue.
      for (let i = lane.sent.length - 1; i >= lane.taken; i--) {
        const chunk = lane.sent[i] as StreamedChunk;
        if (Atomics.compareExchange(chunk.claim, 0, FREE, TAKEN_HERE) !== FREE) break;
        this.#checkHere(chunk);
      }
    }
    const answered = await Promise.all(this.#lanes.map((lane) => this.#answers(lane)));
    for (const lane of this.#lanes) lane.detach();
    for (const chunk of this.#chunks) {
      const outcomes = checkedHere.get(chunk) ?? answered.find((answers) => answers.has(chunk))?.get(chunk) ?? [];
      for (const [key, value] of outcomes) this.#cache.setOutcome(key, value);
    }
    const checkedByThreads = answered.reduce((sum, answers) => sum + answers.size, 0);
    return { chunks: this.#chunks.length, checkedHere: checkedHere.size, checkedByThreads };
  }

  /** How many chunks the threads have taken so far (tests). */
  takenByThreads(): number {
    return this.#lanes.reduce((sum, lane) => sum + lane.sent.length - this.#queued(lane), 0);
  }

  /**
   * Checks a chunk no thread has (or took) on this thread. Texts the corpus does not keep are let
   * go, and the outcomes copied: a value parsed here can be a V8 slice of its file's whole text,
   * which it would keep alive (12 of 71 MB live at 5,000 terms, bench/README.md).
   */
  #checkHere(chunk: StreamedChunk): void {
    Atomics.store(chunk.claim, 0, TAKEN_HERE);
    const outcomes = checkedChunk(chunk);
    this.#checkedHere.set(chunk, this.#textsNotKept ? structuredClone(outcomes) : outcomes);
    if (this.#textsNotKept) chunk.files = [];
  }

  /** How many chunks hold their files' texts now (tests). */
  chunksHoldingTexts(): number {
    return this.#chunks.filter((chunk) => chunk.files.length > 0).length;
  }

  #close(): void {
    if (this.#filling.length === 0) return;
    const claim = new Int32Array(new SharedArrayBuffer(4));
    this.#chunks.push({ files: this.#filling, claim, ...(this.#headings && { headings: this.#headings }) });
    this.#filling = [];
  }

  /** Sends chunks before `end` to the threads whose queues have room, the least busy first. */
  #send(end: number): void {
    while (this.#next < end) {
      let lane: Lane | undefined;
      for (const candidate of this.#lanes) {
        if (candidate.ended || this.#queued(candidate) >= CHUNKS_AHEAD) continue;
        if (lane === undefined || this.#queued(candidate) < this.#queued(lane)) lane = candidate;
      }
      if (lane === undefined) return;
      const chunk = this.#chunks[this.#next++] as StreamedChunk;
      lane.sent.push(chunk);
      lane.worker.postMessage(chunk);
    }
  }

  /** Chunks sent to the lane's thread that it has not taken yet. */
  #queued(lane: Lane): number {
    while (lane.taken < lane.sent.length) {
      const chunk = lane.sent[lane.taken] as StreamedChunk;
      if (Atomics.load(chunk.claim, 0) === FREE) break;
      // The thread has its own copy of the texts.
      if (this.#textsNotKept) chunk.files = [];
      lane.taken++;
    }
    return lane.sent.length - lane.taken;
  }

  /** The outcomes of the chunks the lane's thread took, once it answered them all (or ended). */
  async #answers(lane: Lane): Promise<Map<StreamedChunk, Outcomes>> {
    const took = lane.sent.filter((chunk) => Atomics.load(chunk.claim, 0) === TAKEN_BY_THREAD);
    if (took.length > lane.answers.length && !lane.ended) {
      // Held while it works: an unreferenced worker would not keep the build's process alive.
      lane.worker.ref();
      try {
        while (took.length > lane.answers.length && !lane.ended)
          await new Promise<void>((resolve) => {
            lane.wake = resolve;
          });
      } finally {
        lane.worker.unref();
      }
    }
    return new Map(took.flatMap((chunk, i) => (i < lane.answers.length ? [[chunk, lane.answers[i] as Outcomes]] : [])));
  }
}
