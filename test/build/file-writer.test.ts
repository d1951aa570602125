// Creating the files on the file writer thread changes which thread makes the system calls,
// never what is published: the same files, bytes, output hashes and counts; a write that fails
// fails the build with the file system's own error, and nothing is published.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { MIN_TERMS_FOR_THREAD } from '../../scripts/lib/formats/sqlite-thread-size.ts';
import { fileWriterPays, withFileWriter } from '../../scripts/lib/publish/file-writer.ts';
import type { OutputSink } from '../../scripts/lib/publish/output-sink.ts';
import { writeAtomically } from '../../scripts/lib/publish/write-output.ts';
import { fixtureBuilds } from '../helpers/fixture-build.ts';
import { expectOutputUntouched, expectSameTree } from '../helpers/output-assertions.ts';
import { readTree } from '../helpers/output-tree.ts';
import { tempDir } from '../helpers/temp-dir.ts';

const BROKEN_WORKER = new URL('../helpers/broken-worker.ts', import.meta.url).href;

const { build, built } = fixtureBuilds({ fileWriter: true });

/** Files of every kind the sink is given: texts (multi-byte too), bytes, empty, larger than a batch's buffer. */
function manyFiles(): [string, string | Uint8Array][] {
  const files: [string, string | Uint8Array][] = [];
  for (let i = 0; i < 3000; i++) {
    const text = `{"n":${i},"name":"Гнозис ${'λόγος '.repeat(i % 97)}"}\n`;
    files.push([`api/t/${i % 7}/${i}.json`, i % 5 === 0 ? new TextEncoder().encode(text) : text]);
  }
  files.push(['empty.txt', ''], ['empty.bin', new Uint8Array(0)]);
  files.push(['large.txt', 'Ѫ'.repeat(700_000)], ['large.bin', new Uint8Array(1_500_000).fill(7)]);
  return files;
}

describe.runIf(availableParallelism() > 1)('the file writer thread', () => {
  const work = tempDir();

  it('publishes the same files, bytes, output hashes and counts as the main thread alone', async () => {
    const alone = await built(path.join(work, 'alone'), { fileWriter: false });
    const threaded = await built(path.join(work, 'threaded'));
    expect(threaded.summary).toEqual(alone.summary);
    expectSameTree(readTree(path.join(work, 'threaded')), readTree(path.join(work, 'alone')));
  });

  it('links unchanged files from the previous build, as the main thread does', async () => {
    const outDir = path.join(work, 'rebuilt');
    await built(outDir);
    const again = await built(outDir);
    const alone = await built(outDir, { fileWriter: false });
    expect(again.summary).toEqual(alone.summary);
    // Every file but the streamed dumps and those whose content changes with each build.
    expect(again.summary.reused).toBeGreaterThan(again.summary.files / 2);
  });

  it('writes every file whole, called one after another or all at once (more than its buffers hold)', async () => {
    const files = manyFiles();
    const write = (outDir: string, produce: (sink: OutputSink) => Promise<void>) =>
      writeAtomically(outDir, (staging) => withFileWriter(staging, produce));
    const alone = await writeAtomically(path.join(work, 'many-alone'), async (sink) => {
      for (const [file, contents] of files) await sink.file(file, contents);
    });
    const inTurn = await write(path.join(work, 'many-in-turn'), async (sink) => {
      for (const [file, contents] of files) await sink.file(file, contents);
    });
    const atOnce = await write(path.join(work, 'many-at-once'), async (sink) => {
      await Promise.all(files.map(([file, contents]) => sink.file(file, contents)));
    });
    expect(inTurn).toEqual(alone);
    expect(atOnce).toEqual(alone);
    expectSameTree(readTree(path.join(work, 'many-in-turn')), readTree(path.join(work, 'many-alone')));
    expectSameTree(readTree(path.join(work, 'many-at-once')), readTree(path.join(work, 'many-alone')));
  });

  it('streams files through the thread as the main thread writes them: bytes, sizes, SHA-256, counts', async () => {
    // Several streams open at once (as the dumps are), more pieces than the thread may hold, chunks larger than a piece.
    const produce = async (sink: OutputSink) => {
      const names = ['a.ndjson', 'b.csv', 'c.json', 'empty.txt'];
      const streams = await Promise.all(names.map((name) => sink.stream(`dumps/${name}`)));
      for (let i = 0; i < 20_000; i++) {
        await streams[i % 3]?.write(`{"n":${i},"name":"Гнозис ${'λόγος '.repeat(i % 61)}"}\n`);
        if (i % 5000 === 0) await streams[1]?.write(new Uint8Array(700_000).fill(i % 251));
        if (i % 7000 === 0) await streams[2]?.write('Ѫ'.repeat(300_000));
      }
      await sink.file('api/between.json', '{}');
      return Promise.all(streams.map((stream) => stream.close()));
    };
    let aloneClosed: unknown;
    let threadedClosed: unknown;
    const alone = await writeAtomically(path.join(work, 'streams-alone'), async (sink) => {
      aloneClosed = await produce(sink);
    });
    const threaded = await writeAtomically(path.join(work, 'streams-threaded'), (staging) =>
      withFileWriter(staging, async (sink) => {
        threadedClosed = await produce(sink);
      }),
    );
    expect(threaded).toEqual(alone);
    expect(threadedClosed).toEqual(aloneClosed);
    expectSameTree(readTree(path.join(work, 'streams-threaded')), readTree(path.join(work, 'streams-alone')));
  });

  it("fails a write with the file system's own error: the output is untouched, no staging folder is left", async () => {
    const outDir = path.join(work, 'failing-write');
    await built(outDir);
    const before = readTree(outDir);
    // A file where a folder is needed: the second file cannot be created, on either thread.
    const produce = async (sink: OutputSink) => {
      for (let i = 0; i < 500; i++) await sink.file(`api/many/${i}.json`, `{"i":${i}}`);
      await sink.file('api/blocked', 'a file');
      await sink.file('api/blocked/term.json', '{}');
      for (let i = 0; i < 500; i++) await sink.file(`api/more/${i}.json`, `{"i":${i}}`);
    };
    const failure = (run: Promise<unknown>) =>
      run.then(
        () => expect.fail('the build published'),
        (error: NodeJS.ErrnoException) => ({
          message: error.message.replace(/\.tmp-[^/]+/, '.tmp-*'),
          code: error.code,
          syscall: error.syscall,
        }),
      );
    const alone = await failure(writeAtomically(outDir, produce));
    const threaded = await failure(writeAtomically(outDir, (staging) => withFileWriter(staging, produce)));
    expect(alone.message).toMatch(/^EEXIST: file already exists, mkdir '.+\/api\/blocked'$/);
    expect(threaded).toEqual(alone);
    expectOutputUntouched(outDir, before);
  });

  it('a thread that fails as it loads fails the build: the output is untouched, no staging folder is left', async () => {
    const outDir = path.join(work, 'broken-thread');
    await built(outDir);
    const before = readTree(outDir);
    await expect(build(outDir, { fileWriterWorker: BROKEN_WORKER })).rejects.toThrow(
      /^writing files on their thread failed: this worker fails on purpose$/,
    );
    expectOutputUntouched(outDir, before);
  });
});

describe('where the file writer thread is used', () => {
  it("from the SQLite thread's threshold (terms of both locales) on, where the output thread is not, by the compiled code only", () => {
    const twoCores = availableParallelism() > 1;
    expect(fileWriterPays(MIN_TERMS_FOR_THREAD - 1, true)).toBe(false);
    expect(fileWriterPays(MIN_TERMS_FOR_THREAD, true)).toBe(twoCores);
    expect(fileWriterPays(100_000, false)).toBe(false);
    // These tests run the sources.
    expect(fileWriterPays(100_000)).toBe(false);
  });
});
