// Reading the corpus for a build, each file handed to the check threads as soon as it is read
// (streamed-checks.ts), so that the files' own checks run while the rest is still being read.
import { siteHeadings } from '../corpus/chunk-findings.ts';
import { checkableKind, SITE_FILE } from '../corpus/corpus-layout.ts';
import { loadCorpusFiles, type CorpusFiles, type SourceFile, type TermTexts } from '../corpus/load-corpus.ts';
import type { CheckWorkers } from '../corpus/parallel-checks.ts';
import type { ParseCache } from '../corpus/parse-cache.ts';

/** The options of a build (build-site.ts: BuildOptions) that reading reads. */
export interface ReadOptions {
  corpusDir: string;
  termTexts?: TermTexts;
}

/**
 * Reads the corpus, each file handed to the check threads as soon as it is read (streamed-checks.ts),
 * a text that stays on disk too (from this read: not read again to be checked).
 */
export async function readCorpus(
  options: ReadOptions,
  workers: CheckWorkers | undefined,
  cache: ParseCache,
  onTextsOnDisk: () => void,
): Promise<{ files: CorpusFiles; finishChecks: () => Promise<boolean> }> {
  let streamed = workers?.streamChecks(cache);
  let textsOnDisk = false;
  const onRead = (file: SourceFile, rel: string, kept: boolean) => {
    const kind = checkableKind(rel);
    if (kind !== undefined) streamed?.add(kind, file, kept);
    // Texts on disk: the editorial findings are worked out from this read too (chunk-findings.ts).
    const headings = textsOnDisk && rel === SITE_FILE ? siteHeadings(file) : undefined;
    if (headings !== undefined) streamed?.findingsToo(headings);
  };
  const termTexts = options.termTexts ?? 'auto';
  const markTextsOnDisk = () => {
    textsOnDisk = true;
    onTextsOnDisk();
  };
  const reading = loadCorpusFiles(options.corpusDir, { termTexts, onRead, onTextsOnDisk: markTextsOnDisk });
  const files = await reading.catch(async (error: unknown) => {
    await workers?.stop();
    throw error;
  });
  // Let go once finished: its answers are then in the cache (6.5 MB alive at 20,000 terms).
  // Whether any file was new to the cache (then so are, most likely, some editorial findings).
  const finishChecks = async () => {
    const summary = await streamed?.finish();
    streamed = undefined;
    return (summary?.chunks ?? 0) > 0;
  };
  return { files, finishChecks };
}
