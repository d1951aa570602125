// OutputSink.file: the bytes given are the caller's again once file() resolves (the build encodes
// every term file into one buffer used again: emit.ts). Each sink takes them before: files written
// from a buffer overwritten for the next file as soon as file() resolves keep their own bytes,
// also on the file writer thread when its buffers are all out and file() waits for one.
import { availableParallelism } from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { withFileWriter } from '../../scripts/lib/publish/file-writer.ts';
import { MemorySink, type OutputSink } from '../../scripts/lib/publish/output-sink.ts';
import { OUTPUT_HASHES_PATH, writeAtomically } from '../../scripts/lib/publish/write-output.ts';
import { readTree } from '../helpers/output-tree.ts';
import { tempDir } from '../helpers/temp-dir.ts';

/** Texts of 6-39 KB, about 9 MB in all: more than the file writer's buffers (8 MB) hold at once. */
const TEXTS = Array.from(
  { length: 400 },
  (_, i) => `{"n":${i},"name":"Гнозис ${'λόγος '.repeat(500 + ((i * 37) % 3000))}"}`,
);

/** Writes each text from the same buffer, overwritten as soon as its file() resolves. */
async function fromOneBuffer(sink: OutputSink): Promise<void> {
  const reused = Buffer.alloc(64 * 1024);
  for (const [i, text] of TEXTS.entries()) {
    await sink.file(`t/${i}.json`, reused.subarray(0, reused.write(text)));
    reused.fill(0xff);
  }
}

function expectTexts(files: Map<string, string | Uint8Array>): void {
  for (const [i, text] of TEXTS.entries()) {
    const contents = files.get(`t/${i}.json`);
    expect(contents, `t/${i}.json`).toBeDefined();
    expect(Buffer.from(contents as Uint8Array).toString('utf8'), `t/${i}.json`).toBe(text);
  }
}

describe('a sink given the bytes of a file', () => {
  const work = tempDir();

  it('keeps them in memory as they were when file() was called (MemorySink)', async () => {
    const sink = new MemorySink();
    await fromOneBuffer(sink);
    expectTexts(sink.files);
    // Tests read a term file with String(): the copy is a Buffer, as the bytes given were.
    expect(String(sink.files.get('t/0.json'))).toBe(TEXTS[0]);
  });

  it('keeps every file in memory as a Buffer, readable with String(), however it was written (MemorySink)', async () => {
    const sink = new MemorySink();
    const text = (name: string) => `{"file":"${name}","name":"Гнозис"}`;
    await sink.fileInChunks('chunks.json', [Buffer.from(text('chunks.json'))]);
    const streamed = await sink.stream('streamed.json');
    await streamed.write(Buffer.from(text('streamed.json')));
    await streamed.close();
    for (const name of ['chunks.json', 'streamed.json']) expect(String(sink.files.get(name))).toBe(text(name));
  });

  it('writes them to the staging folder as they were (StagingSink)', async () => {
    const outDir = path.join(work, 'staging');
    await writeAtomically(outDir, fromOneBuffer);
    expectTexts(readTree(outDir, [new RegExp(`^${OUTPUT_HASHES_PATH}$`)]));
  });

  it.runIf(availableParallelism() > 1)('writes them on the file writer thread as they were', async () => {
    const outDir = path.join(work, 'writer');
    await writeAtomically(outDir, (staging) => withFileWriter(staging, fromOneBuffer));
    expectTexts(readTree(outDir, [new RegExp(`^${OUTPUT_HASHES_PATH}$`)]));
  });
});
